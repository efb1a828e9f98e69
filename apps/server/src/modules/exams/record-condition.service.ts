import type { RecordCondition } from '@rangsi/contract';
import type { CurrentUser } from '../../auth/current-user';
import type { RecordConditionRepository } from './record-condition.repository';

/** GET /api/uidata/recordCondition: the modality choices and the hospitals this user may filter by. */
export class RecordConditionService {
  constructor(private readonly repo: RecordConditionRepository) {}

  async recordCondition(user: CurrentUser): Promise<RecordCondition> {
    const mods = await this.repo.modalities();
    const hospitalRows = await this.repo.hospitalsFor(user);
    return {
      modality: mods.map((m) => ({ key: m.code, value: m.name })),
      hospital: hospitalRows,
    };
  }
}

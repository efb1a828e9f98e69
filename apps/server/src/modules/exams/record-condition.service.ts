import { and, asc, eq } from 'drizzle-orm';
import type { RecordCondition } from '@rangsi/contract';
import type { CurrentUser } from '../../auth/current-user';
import type { Database } from '../../db/client';
import { doctorClients, hospitals, modalities } from '../../db/schema/index';

/** GET /api/uidata/recordCondition: the modality choices and the hospitals this user may filter by. */
export class RecordConditionService {
  constructor(private readonly db: Database) {}

  async recordCondition(user: CurrentUser): Promise<RecordCondition> {
    const mods = await this.db.select().from(modalities).orderBy(asc(modalities.sortOrder), asc(modalities.code));
    const hospitalRows = await this.hospitalsFor(user);
    return {
      modality: mods.map((m) => ({ key: m.code, value: m.name })),
      hospital: hospitalRows,
    };
  }

  private hospitalsFor(user: CurrentUser) {
    const cols = { id: hospitals.id, name: hospitals.name };
    switch (user.scope) {
      case 'all':
        return this.db.select(cols).from(hospitals).where(eq(hospitals.isActive, true)).orderBy(asc(hospitals.name));
      case 'branch':
        return this.db
          .select(cols)
          .from(hospitals)
          .where(and(eq(hospitals.isActive, true), eq(hospitals.branchId, user.branchId ?? -1)))
          .orderBy(asc(hospitals.name));
      case 'hospital':
        return this.db
          .select(cols)
          .from(hospitals)
          .where(eq(hospitals.id, user.hospitalId ?? -1));
      case 'assigned':
        return this.db
          .select(cols)
          .from(hospitals)
          .innerJoin(doctorClients, eq(doctorClients.hospitalId, hospitals.id))
          .where(eq(doctorClients.userId, user.userId))
          .orderBy(asc(hospitals.name));
    }
  }
}

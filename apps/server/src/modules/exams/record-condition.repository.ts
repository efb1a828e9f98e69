import { and, asc, eq } from 'drizzle-orm';
import type { CurrentUser } from '../../auth/current-user';
import type { Database } from '../../db/client';
import { doctorClients, hospitals, modalities } from '../../db/schema/index';

/** SQL of the worklist's filter choices: the modalities, and the hospitals a user's data scope reaches. */
export class RecordConditionRepository {
  constructor(private readonly db: Database) {}

  modalities() {
    return this.db.select().from(modalities).orderBy(asc(modalities.sortOrder), asc(modalities.code));
  }

  /** Hospitals by the user's data scope: all, the branch's, their own, or a doctor's clients. */
  hospitalsFor(user: CurrentUser) {
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

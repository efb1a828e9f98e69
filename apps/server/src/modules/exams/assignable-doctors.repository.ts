import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { doctorClients, dutyDoctors, users } from '../../db/schema/index';

/** SQL for the assign dialog: who may read an exam, and who is on duty. */
export class AssignableDoctorsRepository {
  constructor(private readonly db: Database) {}

  /** Active Doctors reading for the client hospital; every active Doctor when the exam has no client. */
  async forClient(hospitalId: number | null) {
    const base = this.db.selectDistinct({ doctorId: users.id, doctorName: users.displayName }).from(users);
    const rows =
      hospitalId === null
        ? await base.where(and(eq(users.roleName, 'Doctor'), eq(users.isActive, true))).orderBy(asc(users.displayName))
        : await base
            .innerJoin(doctorClients, eq(doctorClients.userId, users.id))
            .where(
              and(eq(users.roleName, 'Doctor'), eq(users.isActive, true), eq(doctorClients.hospitalId, hospitalId)),
            )
            .orderBy(asc(users.displayName));
    return rows;
  }

  async onDuty(branchId: number, day: string) {
    const [row] = await this.db
      .select({ doctorId: users.id, doctorName: users.displayName })
      .from(dutyDoctors)
      .innerJoin(users, eq(users.id, dutyDoctors.userId))
      .where(and(eq(dutyDoctors.branchId, branchId), eq(dutyDoctors.day, day)))
      .limit(1);
    return row;
  }
}

import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches, documents, exams, lookups, namePrefixes, patientContacts, patients, requests, finishedReports } from '../../db/schema/index';
import { containsPattern } from '../../db/like-pattern';

export type PatientRow = typeof patients.$inferSelect;
export const PATIENT_SEARCH_LIMIT = 100;

// Spelled out: in a single-table query Drizzle renders ${patients.id} as a bare "id", which inside this subquery
// would mean the exam's own id.
const examCount = sql<number>`(select count(*)::int from ${exams} e where e.patient_id = "patients"."id" and e.deleted_at is null)`;

/** SQL for patients, their contacts and exam history. */
export class PatientsRepository {
  constructor(private readonly db: Database) {}

  async search(where: SQL[]) {
    return this.db.select({ p: patients, examCount }).from(patients)
      .where(and(isNull(patients.deletedAt), ...where))
      .orderBy(asc(patients.firstNameTh), asc(patients.lastNameTh), asc(patients.id))
      .limit(PATIENT_SEARCH_LIMIT);
  }

  nameContains(text: string): SQL {
    return sql`${patients.searchName} like ${containsPattern(text)}`;
  }

  phonePrefix(digits: string): SQL {
    return sql`${patients.phoneNumber} like ${`${digits.replace(/[\\%_]/g, '')}%`}`;
  }

  async findInScope(id: string, scope: SQL) {
    const [row] = await this.db.select({ p: patients, examCount }).from(patients)
      .where(and(eq(patients.id, id), isNull(patients.deletedAt), scope)).limit(1);
    return row;
  }

  contacts(patientId: string) {
    return this.db.select().from(patientContacts).where(eq(patientContacts.patientId, patientId)).orderBy(asc(patientContacts.id));
  }

  async hnTaken(hn: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db.select({ id: patients.id }).from(patients).where(eq(patients.hn, hn)).limit(2);
    return rows.some((r) => r.id !== exceptId);
  }

  async nationalNumberTaken(nationalNumber: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db.select({ id: patients.id }).from(patients)
      .where(and(eq(patients.nationalNumber, nationalNumber), isNull(patients.deletedAt))).limit(2);
    return rows.some((r) => r.id !== exceptId);
  }

  /** Inserts or updates the patient and replaces the contacts in one transaction; undefined when the version moved on. */
  async save(id: string | null, values: typeof patients.$inferInsert, contacts: Omit<typeof patientContacts.$inferInsert, 'patientId'>[], version?: number): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      let patientId: string;
      if (id) {
        const cond = version === undefined ? eq(patients.id, id) : and(eq(patients.id, id), eq(patients.version, version));
        const [row] = await tx.update(patients).set({ ...values, version: sql`${patients.version} + 1`, updatedAt: new Date() }).where(cond).returning({ id: patients.id });
        if (!row) return undefined;
        patientId = row.id;
        await tx.delete(patientContacts).where(eq(patientContacts.patientId, patientId));
      } else {
        const [row] = await tx.insert(patients).values(values).returning({ id: patients.id });
        patientId = row!.id;
      }
      if (contacts.length) await tx.insert(patientContacts).values(contacts.map((c) => ({ ...c, patientId })));
      return patientId;
    });
  }

  async setImage(id: string, imageKey: string): Promise<void> {
    await this.db.update(patients).set({ imageKey, updatedAt: new Date() }).where(eq(patients.id, id));
  }

  namePrefixes() {
    return this.db.select().from(namePrefixes).orderBy(asc(namePrefixes.sortOrder), asc(namePrefixes.id));
  }

  lookups(kinds: string[]) {
    return this.db.select().from(lookups).where(and(inArray(lookups.kind, kinds), eq(lookups.isActive, true))).orderBy(asc(lookups.sortOrder), asc(lookups.id));
  }

  /** The patient's requests with their exams, newest first (exam history tab). */
  async examHistory(patientId: string, examScope: SQL) {
    const rows = await this.db
      .select({
        request: requests,
        branchName: branches.name,
        exam: exams,
        hasDocument: sql<boolean>`exists(select 1 from ${documents} d where d.exam_id = ${exams.id} and d.deleted_at is null)`,
        hasReport: sql<boolean>`exists(select 1 from ${finishedReports} fr where fr.exam_id = ${exams.id})`,
      })
      .from(exams)
      .innerJoin(requests, eq(requests.id, exams.requestId))
      .innerJoin(branches, eq(branches.id, requests.branchId))
      .where(and(eq(exams.patientId, patientId), isNull(exams.deletedAt), isNull(requests.deletedAt), examScope))
      .orderBy(desc(requests.appointmentAt), asc(exams.modalityCode));
    return rows;
  }
}

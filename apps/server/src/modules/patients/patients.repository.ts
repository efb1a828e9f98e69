import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  branches,
  documents,
  exams,
  lookups,
  namePrefixes,
  patientContacts,
  patients,
  products,
  requestProducts,
  requests,
  finishedReports,
} from '../../db/schema/index';
import { containsPattern } from '../../db/like-pattern';

export type PatientRow = typeof patients.$inferSelect;
export const PATIENT_SEARCH_LIMIT = 100;

const SEARCH_COLUMNS = {
  id: patients.id,
  hn: patients.hn,
  prefixTh: patients.prefixTh,
  firstNameTh: patients.firstNameTh,
  middleNameTh: patients.middleNameTh,
  lastNameTh: patients.lastNameTh,
  prefixEn: patients.prefixEn,
  firstNameEn: patients.firstNameEn,
  middleNameEn: patients.middleNameEn,
  lastNameEn: patients.lastNameEn,
  gender: patients.gender,
  birthDate: patients.birthDate,
  statedAge: patients.statedAge,
  statedAgeAt: patients.statedAgeAt,
  phoneNumber: patients.phoneNumber,
  nationalNumber: patients.nationalNumber,
};
/** The columns a search result row needs. */
export type PatientSearchHit = Pick<PatientRow, keyof typeof SEARCH_COLUMNS>;

// Spelled out: in a single-table query Drizzle renders ${patients.id} as a bare "id", which inside this subquery
// would mean the exam's own id. `inScope` is written on the alias e (patientExamScopeOnAliasE).
const examCount = (inScope: SQL) =>
  sql<number>`(select count(*)::int from ${exams} e where e.patient_id = "patients"."id" and e.deleted_at is null and ${inScope})`;

/** SQL for patients, their contacts and exam history. */
export class PatientsRepository {
  constructor(private readonly db: Database) {}

  /**
   * A page of search results: only the columns a result row shows. Patients are wide (addresses, contacts and work
   * place as JSON, about 1 KB a row); fetching and parsing all of them for 100 rows cost 3–4 ms of CPU a search
   * (about a fifth of it) in `npm run bench:patients`.
   */
  async search(where: SQL[], examScope: SQL) {
    return this.db
      .select({ p: SEARCH_COLUMNS, examCount: examCount(examScope) })
      .from(patients)
      .where(and(isNull(patients.deletedAt), ...where))
      .orderBy(asc(patients.firstNameTh), asc(patients.lastNameTh), asc(patients.id))
      .limit(PATIENT_SEARCH_LIMIT);
  }

  /**
   * Every word typed appears somewhere in the Thai or English name, in any order: "สมชาย ศรีสุข" finds สมชาย ศรีสุข
   * whatever spacing the stored name has between its parts (a missing middle name leaves two spaces there).
   */
  /** Patients with this national id. */
  nationalNumberIs(nationalNumber: string): SQL {
    return eq(patients.nationalNumber, nationalNumber);
  }

  /** The patient with this HN. */
  hnIs(hn: string): SQL {
    return eq(patients.hn, hn);
  }

  nameContains(words: readonly string[]): SQL {
    return and(...words.map((w) => sql`${patients.searchName} like ${containsPattern(w)}`))!;
  }

  /**
   * Phone numbers starting with the digits. PostgreSQL turns `LIKE '0812%'` into an index range only under the C
   * collation; C.UTF-8 (the cluster's and PGlite's) does not count, so the LIKE alone read every patient (1.3 s at
   * 1,000,000). The range [0812, 0813) is spelled out for patients_phone_idx: for digit strings it holds every value
   * with that prefix under any collation, and the LIKE keeps the answer exact.
   */
  phonePrefix(digits: string): SQL {
    const prefix = digits.replace(/[\\%_]/g, '');
    const like = sql`${patients.phoneNumber} like ${`${prefix}%`}`;
    if (!/^\d+$/.test(prefix)) return like;
    // The smallest digit string above every one with this prefix: 0812 → 0813, 0819 → 082; none for 999.
    const kept = prefix.replace(/9+$/, '');
    const upper = kept ? `${kept.slice(0, -1)}${Number(kept.slice(-1)) + 1}` : undefined;
    return upper === undefined
      ? sql`(${patients.phoneNumber} >= ${prefix} and ${like})`
      : sql`(${patients.phoneNumber} >= ${prefix} and ${patients.phoneNumber} < ${upper} and ${like})`;
  }

  async findInScope(id: string, scope: SQL, examScope: SQL) {
    const [row] = await this.db
      .select({ p: patients, examCount: examCount(examScope) })
      .from(patients)
      .where(and(eq(patients.id, id), isNull(patients.deletedAt), scope))
      .limit(1);
    return row;
  }

  contacts(patientId: string) {
    return this.db
      .select()
      .from(patientContacts)
      .where(eq(patientContacts.patientId, patientId))
      .orderBy(asc(patientContacts.id));
  }

  async hnTaken(hn: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db.select({ id: patients.id }).from(patients).where(eq(patients.hn, hn)).limit(2);
    return rows.some((r) => r.id !== exceptId);
  }

  async nationalNumberTaken(nationalNumber: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.nationalNumber, nationalNumber), isNull(patients.deletedAt)))
      .limit(2);
    return rows.some((r) => r.id !== exceptId);
  }

  /** Inserts or updates the patient and replaces the contacts in one transaction; undefined when the version moved on. */
  async save(
    id: string | null,
    values: typeof patients.$inferInsert,
    contacts: Omit<typeof patientContacts.$inferInsert, 'patientId'>[],
    version?: number,
  ): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      let patientId: string;
      if (id) {
        const cond =
          version === undefined ? eq(patients.id, id) : and(eq(patients.id, id), eq(patients.version, version));
        const [row] = await tx
          .update(patients)
          .set({ ...values, version: sql`${patients.version} + 1`, updatedAt: new Date() })
          .where(cond)
          .returning({ id: patients.id });
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
    return this.db
      .select()
      .from(lookups)
      .where(and(inArray(lookups.kind, kinds), eq(lookups.isActive, true)))
      .orderBy(asc(lookups.sortOrder), asc(lookups.id));
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

  /** For the missing-documents check of these requests: their products, their request documents, the document types. */
  async requestDocumentFacts(requestIds: string[]) {
    if (requestIds.length === 0) return { products: [], documents: [], types: [] };
    const [productRows, documentRows, types] = await Promise.all([
      this.db
        .select({
          requestId: requestProducts.requestId,
          modalityCode: products.modalityCode,
          productGroup: products.productGroup,
        })
        .from(requestProducts)
        .innerJoin(products, eq(products.id, requestProducts.productId))
        .where(inArray(requestProducts.requestId, requestIds)),
      this.db
        .select({ requestId: documents.requestId, typeId: documents.documentTypeId })
        .from(documents)
        .where(and(inArray(documents.requestId, requestIds), isNull(documents.deletedAt))),
      this.db
        .select({ id: lookups.id, code: lookups.code, name: lookups.name })
        .from(lookups)
        .where(eq(lookups.kind, 'requestDocument')),
    ]);
    return { products: productRows, documents: documentRows, types };
  }
}

import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { dicomMpps, exams } from '../../../db/schema/index';

export type MppsRow = typeof dicomMpps.$inferSelect;
export type NewMppsRow = typeof dicomMpps.$inferInsert;
export type MppsChange = Partial<Omit<NewMppsRow, 'sopInstanceUid' | 'examId' | 'callingAeTitle' | 'createdAt'>>;

/** What the scheduled step named: the worklist's accession numbers, requested procedure IDs and study UIDs. */
export interface ScheduledStepKeys {
  accessionNumbers: string[];
  requestedProcedureIds: string[];
  studyInstanceUids: string[];
}

/** The SQL of the MPPS SCP: its own table, and the exam a performed step belongs to (read only). */
export class MppsRepository {
  constructor(private readonly db: Database) {}

  /** Inserts a new instance; false when one with its SOP Instance UID exists already. */
  async insert(tx: Database, row: NewMppsRow): Promise<boolean> {
    const inserted = await tx
      .insert(dicomMpps)
      .values(row)
      .onConflictDoNothing({ target: dicomMpps.sopInstanceUid })
      .returning({ uid: dicomMpps.sopInstanceUid });
    return inserted.length > 0;
  }

  /** The instance, locked until the transaction ends (two N-SETs of one step apply one after the other). */
  async getForUpdate(tx: Database, sopInstanceUid: string): Promise<MppsRow | undefined> {
    const [row] = await tx.select().from(dicomMpps).where(eq(dicomMpps.sopInstanceUid, sopInstanceUid)).for('update');
    return row;
  }

  async update(tx: Database, sopInstanceUid: string, change: MppsChange, at: Date): Promise<void> {
    await tx
      .update(dicomMpps)
      .set({ ...change, updatedAt: at })
      .where(eq(dicomMpps.sopInstanceUid, sopInstanceUid));
  }

  /**
   * The live exam the step names, within `scope` (the modality AE's branches or hospitals): by accession number, then
   * requested procedure ID (the worklist gives the accession number, or the exam id's first 16 hex digits), then
   * study UID. Undefined when none matches.
   */
  async findExam(keys: ScheduledStepKeys, scope?: SQL): Promise<string | undefined> {
    const live = (condition: SQL) => and(condition, isNull(exams.deletedAt), scope ?? sql`true`);
    const tries: SQL[] = [];
    const ids = [...keys.accessionNumbers, ...keys.requestedProcedureIds];
    if (ids.length > 0) tries.push(inArray(exams.accessionNumber, ids));
    const prefixes = keys.requestedProcedureIds.filter((id) => /^[0-9a-f]{16}$/.test(id));
    if (prefixes.length > 0) tries.push(inArray(sql`substr(replace(${exams.id}::text, '-', ''), 1, 16)`, prefixes));
    if (keys.studyInstanceUids.length > 0) tries.push(inArray(exams.studyInstanceUid, keys.studyInstanceUids));
    for (const condition of tries) {
      const rows = await this.db.select({ id: exams.id }).from(exams).where(live(condition)).limit(2);
      // Two exams for one key (a study UID shared by mistake): link neither rather than guess.
      if (rows.length === 1) return rows[0]!.id;
    }
    return undefined;
  }
}

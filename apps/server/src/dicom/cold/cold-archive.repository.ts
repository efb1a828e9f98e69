import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dicomInstances, dicomSeries, dicomStudies, exams } from '../../db/schema/index';
import type { ExamImageState } from '../exam-image-state';

/** Who the exam log names for what the archive jobs do. */
export const SYSTEM_USER = 'system';

export interface HotInstance {
  id: string;
  sopInstanceUid: string;
  storageKey: string;
  sizeBytes: number;
  sha256: string | null;
  transferSyntaxUid: string;
}

export interface ColdInstance {
  id: string;
  studyId: string;
  sopInstanceUid: string;
  coldKey: string;
  sizeBytes: number;
  sha256: string | null;
}

export interface PurgeRow {
  id: string;
  seriesId: string;
  storageKey: string;
  coldKey: string | null;
}

/** A live instance: not deleted. */
const live = isNull(dicomInstances.deletedAt);
/** The study has at least one live instance still in hot storage. */
const hasHotInstances = sql`exists (select 1 from ${dicomSeries} se join ${dicomInstances} i on i.series_id = se.id where se.study_id = ${dicomStudies.id} and i.cold_key is null and i.deleted_at is null)`;

/** SQL of the cold archive, the restore and the purge: short transactions, every write guarded by the state it expects. */
export class ColdArchiveRepository {
  constructor(
    private readonly db: Database,
    /** The exams module's writer: what the exam shows (Archive, Uploaded, Error) and its log line. */
    private readonly examState: ExamImageState,
  ) {}

  /** Studies of live exams whose images have not changed since `before` (arrival or restore) and that still have hot images. */
  async studiesToArchive(before: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: dicomStudies.id })
      .from(dicomStudies)
      .innerJoin(exams, and(eq(exams.id, dicomStudies.examId), isNull(exams.deletedAt)))
      .where(and(lt(dicomStudies.updatedAt, before), gt(dicomStudies.numberOfInstances, 0), hasHotInstances))
      .orderBy(asc(dicomStudies.updatedAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** The study's exam when the study is (still) due for the archive; undefined otherwise. */
  async examOfStudyToArchive(studyId: string, before: Date): Promise<string | undefined> {
    const [row] = await this.db
      .select({ examId: exams.id })
      .from(dicomStudies)
      .innerJoin(exams, and(eq(exams.id, dicomStudies.examId), isNull(exams.deletedAt)))
      .where(and(eq(dicomStudies.id, studyId), lt(dicomStudies.updatedAt, before), hasHotInstances))
      .limit(1);
    return row?.examId;
  }

  async hotInstances(studyId: string): Promise<HotInstance[]> {
    return this.db
      .select({
        id: dicomInstances.id,
        sopInstanceUid: dicomInstances.sopInstanceUid,
        storageKey: dicomInstances.storageKey,
        sizeBytes: dicomInstances.sizeBytes,
        sha256: dicomInstances.sha256,
        transferSyntaxUid: dicomInstances.transferSyntaxUid,
      })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .where(and(eq(dicomSeries.studyId, studyId), isNull(dicomInstances.coldKey), live))
      .orderBy(
        asc(dicomSeries.id),
        sql`${dicomInstances.instanceNumber} nulls last`,
        asc(dicomInstances.sopInstanceUid),
      );
  }

  /** Hot keys of the study's archived instances: their files are removed once the archive committed (again after a crash). */
  async hotKeysOfArchived(studyId: string): Promise<string[]> {
    const rows = await this.db
      .select({ key: dicomInstances.storageKey })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .where(and(eq(dicomSeries.studyId, studyId), isNotNull(dicomInstances.coldKey)));
    return rows.map((r) => r.key);
  }

  /**
   * The zip is durable and verified: its instances now live there. Instances deleted or archived meanwhile are left
   * out; the exam shows Archive. Returns the instances archived (whose hot files may now be removed).
   */
  async commitArchive(
    studyId: string,
    examId: string,
    instanceIds: string[],
    coldKey: string,
    now: Date,
  ): Promise<{ id: string; storageKey: string }[]> {
    return this.db.transaction(async (tx) => {
      const archived: { id: string; storageKey: string }[] = [];
      for (const ids of chunks(instanceIds, 1000)) {
        archived.push(
          ...(await tx
            .update(dicomInstances)
            .set({ coldKey })
            .where(and(inArray(dicomInstances.id, ids), isNull(dicomInstances.coldKey), live))
            .returning({ id: dicomInstances.id, storageKey: dicomInstances.storageKey })),
        );
      }
      if (!archived.length) return archived;
      await this.examState.archived(tx, examId, studyId, now, {
        userId: null,
        userName: SYSTEM_USER,
        action: 'archived',
        detail: `ย้ายภาพ ${archived.length} ภาพไปเก็บในคลังระยะยาว`,
      });
      return archived;
    });
  }

  /** Live instances of the exam's studies that are in cold storage. */
  async coldInstancesOfExam(examId: string): Promise<ColdInstance[]> {
    const rows = await this.db
      .select({
        id: dicomInstances.id,
        studyId: dicomSeries.studyId,
        sopInstanceUid: dicomInstances.sopInstanceUid,
        coldKey: dicomInstances.coldKey,
        sizeBytes: dicomInstances.sizeBytes,
        sha256: dicomInstances.sha256,
      })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(and(eq(dicomStudies.examId, examId), isNotNull(dicomInstances.coldKey), live));
    return rows.map((r) => ({ ...r, coldKey: r.coldKey! }));
  }

  async coldCount(examId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(and(eq(dicomStudies.examId, examId), isNotNull(dicomInstances.coldKey), live));
    return row?.n ?? 0;
  }

  /**
   * The restored files are durable in hot storage: the instances point at them again (only those still in that
   * zip and not deleted). Their studies count as changed now, so the archive waits its full age again. When nothing
   * of the exam is left in cold storage the exam shows Uploaded. Returns the ids restored.
   */
  async commitRestore(
    examId: string,
    restored: { id: string; coldKey: string; storageKey: string }[],
    now: Date,
  ): Promise<{ restoredIds: string[]; uploaded: boolean }> {
    return this.db.transaction(async (tx) => {
      const restoredIds: string[] = [];
      for (const part of chunks(restored, 500)) {
        const values = sql.join(
          part.map((r) => sql`(${r.id}::uuid, ${r.coldKey}::text, ${r.storageKey}::text)`),
          sql`, `,
        );
        const result: unknown = await tx.execute(sql`
          update ${dicomInstances} as i set storage_key = v.storage_key, cold_key = null
          from (values ${values}) as v(id, cold_key, storage_key)
          where i.id = v.id and i.cold_key = v.cold_key and i.deleted_at is null
          returning i.id`);
        restoredIds.push(...(result as { rows: { id: string }[] }).rows.map((r) => r.id));
      }
      if (restoredIds.length) {
        await tx
          .update(dicomStudies)
          .set({ updatedAt: now })
          .where(
            sql`${dicomStudies.id} in (select se.study_id from ${dicomSeries} se join ${dicomInstances} i on i.series_id = se.id where i.id in (${sql.join(
              restoredIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}))`,
          );
      }
      const [left] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(dicomInstances)
        .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
        .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
        .where(and(eq(dicomStudies.examId, examId), isNotNull(dicomInstances.coldKey), live));
      if ((left?.n ?? 0) > 0) return { restoredIds, uploaded: false };
      const uploaded = await this.examState.restored(tx, examId, now, {
        userId: null,
        userName: SYSTEM_USER,
        action: 'unzipped',
        detail: `คืนภาพ ${restoredIds.length} ภาพจากคลังระยะยาวแล้ว`,
      });
      return { restoredIds, uploaded };
    });
  }

  /** The restore gave up: the exam shows Error and its log says why. */
  async markRestoreFailed(examId: string, message: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.examState.restoreFailed(tx, examId, now, {
        userId: null,
        userName: SYSTEM_USER,
        action: 'unzipFailed',
        detail: message,
      });
    });
  }

  /** Whether any instance row still points at this zip. */
  async coldKeyInUse(coldKey: string): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(dicomInstances)
      .where(eq(dicomInstances.coldKey, coldKey))
      .limit(1);
    return Boolean(row);
  }

  /**
   * DICOM delete, inside the exam action's transaction: the exam's instances are marked deleted (hidden at once
   * everywhere), their series and studies count no live instance (so QIDO no longer lists them), and the studies are
   * unlinked from the exam, so images sent again later link to it afresh. Returns how many instances were hidden.
   */
  static async softDeleteExamImages(tx: Database, examId: string, now: Date): Promise<number> {
    // Studies, then their series, locked in id order: the order the ingest takes them (archive.repository.ts), so
    // the two never deadlock and a recount waits for this delete.
    const studies = await tx
      .select({ id: dicomStudies.id })
      .from(dicomStudies)
      .where(eq(dicomStudies.examId, examId))
      .orderBy(dicomStudies.id)
      .for('update');
    if (!studies.length) return 0;
    const studyIds = studies.map((s) => s.id);
    await tx
      .select({ id: dicomSeries.id })
      .from(dicomSeries)
      .where(inArray(dicomSeries.studyId, studyIds))
      .orderBy(dicomSeries.id)
      .for('update');
    const hidden = await tx
      .update(dicomInstances)
      .set({ deletedAt: now })
      .where(
        and(
          live,
          inArray(
            dicomInstances.seriesId,
            tx.select({ id: dicomSeries.id }).from(dicomSeries).where(inArray(dicomSeries.studyId, studyIds)),
          ),
        ),
      )
      .returning({ id: dicomInstances.id });
    await tx.update(dicomSeries).set({ numberOfInstances: 0 }).where(inArray(dicomSeries.studyId, studyIds));
    await tx
      .update(dicomStudies)
      .set({ numberOfInstances: 0, numberOfSeries: 0, examId: null, updatedAt: now })
      .where(inArray(dicomStudies.id, studyIds));
    return hidden.length;
  }

  /** Deleted instances whose grace period is over, oldest first. */
  async dueForPurge(before: Date, limit: number): Promise<PurgeRow[]> {
    return this.db
      .select({
        id: dicomInstances.id,
        seriesId: dicomInstances.seriesId,
        storageKey: dicomInstances.storageKey,
        coldKey: dicomInstances.coldKey,
      })
      .from(dicomInstances)
      .where(and(isNotNull(dicomInstances.deletedAt), lte(dicomInstances.deletedAt, before)))
      .orderBy(asc(dicomInstances.deletedAt))
      .limit(limit);
  }

  /**
   * Removes purged instances' rows, then their series and studies once nothing is left in them (a study that received
   * new images keeps them). Returns the thumbnails of the series removed.
   */
  async deletePurged(
    rows: PurgeRow[],
  ): Promise<{ instances: number; series: number; studies: number; thumbnailKeys: string[] }> {
    if (!rows.length) return { instances: 0, series: 0, studies: 0, thumbnailKeys: [] };
    return this.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(dicomInstances)
        .where(
          and(
            inArray(
              dicomInstances.id,
              rows.map((r) => r.id),
            ),
            isNotNull(dicomInstances.deletedAt),
          ),
        )
        .returning({ id: dicomInstances.id });
      const seriesIds = [...new Set(rows.map((r) => r.seriesId))];
      const series = await tx
        .delete(dicomSeries)
        .where(
          and(
            inArray(dicomSeries.id, seriesIds),
            sql`not exists (select 1 from ${dicomInstances} i where i.series_id = ${dicomSeries.id})`,
          ),
        )
        .returning({ id: dicomSeries.id, studyId: dicomSeries.studyId, thumbnailKey: dicomSeries.thumbnailKey });
      const studyIds = [...new Set(series.map((s) => s.studyId))];
      const studies = studyIds.length
        ? await tx
            .delete(dicomStudies)
            .where(
              and(
                inArray(dicomStudies.id, studyIds),
                sql`not exists (select 1 from ${dicomSeries} s where s.study_id = ${dicomStudies.id})`,
              ),
            )
            .returning({ id: dicomStudies.id })
        : [];
      return {
        instances: deleted.length,
        series: series.length,
        studies: studies.length,
        thumbnailKeys: series.flatMap((s) => (s.thumbnailKey ? [s.thumbnailKey] : [])),
      };
    });
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

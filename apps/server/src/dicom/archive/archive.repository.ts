import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { dicomInstances, dicomSeries, dicomStudies, exams } from '../../db/schema/index';
import type { ExamImageState } from '../exam-image-state';
import type { StoredFile } from '../../storage/file-store';
import type { InstanceInfo } from '../parse/read-instance';
import { instanceRowId, PgliteInstanceInserter } from './instance-insert';
import { PglitePrepared } from './pglite-prepared';
import { reconcileStudies, studyWithId } from '../identity/study-identity.repository';

/**
 * A cached series checked again: its row and study now, and for a study without an exam whether one exists for it
 * now. Each EXISTS has its own index (exams_accession_uq, exams_study_uid_idx); a deleted exam counts too, which at
 * worst sends one instance down the full path, where the link looks again among live exams.
 */
const SERIES_CHECK = `select s.id as series_id, st.study_instance_uid, st.exam_id,
    st.exam_id is null and st.unmatched_reason is null and (exists (select 1 from exams e where e.accession_number = $2)
      or exists (select 1 from exams e where e.study_instance_uid = st.study_instance_uid)) as linkable
  from dicom_series s join dicom_studies st on st.id = s.study_id
  where s.series_instance_uid = $1 limit 1`;

export interface IndexedInstance {
  /** Set when a DICOM delete hid it (its file and row wait for the purge). */
  deletedAt: Date | null;
  coldKey: string | null;
  sopClassUid: string;
  storageKey: string;
  sizeBytes: number;
  transferSyntaxUid: string;
  studyInstanceUid: string;
  seriesInstanceUid: string;
  examId: string | null;
}

export interface IndexOutcome {
  status: 'stored' | 'duplicate';
  examId: string | null;
  /** True when this instance linked its study to an exam (the first time). */
  linked: boolean;
  /** The file of a deleted instance this one replaced (replaceDeleted): the caller removes it after the commit. */
  replacedKey?: string;
}

/** Who the exam log names and which exam a web import forces. */
export interface IndexContext {
  source: string;
  userId: string | null;
  userName: string;
  forcedExamId: string | null;
  /** Reindexing: restore a link without touching the exam or its log (they already say it). */
  quietLink?: boolean;
  /**
   * The same SOP Instance sent again after a DICOM delete hid it (before the purge): the hidden row goes and this one
   * takes its place. Not for an instance in cold storage (its zip is the purge's to remove).
   */
  replaceDeleted?: boolean;
  /** The exam log line of the link (default: images received from the source). */
  event?: { action: string; detail: string };
}

export class StudyOfAnotherExamError extends Error {
  constructor() {
    super('study already belongs to another exam');
  }
}

/** SQL of the DICOM index: one short transaction per instance, study/series/instance upserts, exam linking. */
export class ArchiveRepository {
  private readonly inserter: PgliteInstanceInserter | null;
  private readonly seriesChecker: PglitePrepared | null;

  constructor(
    private readonly db: Database,
    /** The exams module's writer: linking a study marks its exam (the library never writes exams itself). */
    private readonly examState: ExamImageState,
  ) {
    this.inserter = PgliteInstanceInserter.of(db);
    this.seriesChecker = PglitePrepared.of(db, 'rangsi_dicom_series_check', SERIES_CHECK);
  }

  async findInstance(sopInstanceUid: string): Promise<IndexedInstance | undefined> {
    const [row] = await this.db
      .select({
        deletedAt: dicomInstances.deletedAt,
        coldKey: dicomInstances.coldKey,
        sopClassUid: dicomInstances.sopClassUid,
        storageKey: dicomInstances.storageKey,
        sizeBytes: dicomInstances.sizeBytes,
        transferSyntaxUid: dicomInstances.transferSyntaxUid,
        studyInstanceUid: dicomStudies.studyInstanceUid,
        seriesInstanceUid: dicomSeries.seriesInstanceUid,
        examId: dicomStudies.examId,
      })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(eq(dicomInstances.sopInstanceUid, sopInstanceUid))
      .limit(1);
    return row;
  }

  /** The exam a study is linked to: undefined when the study is unknown, null when unmatched. */
  async examOfStudy(studyInstanceUid: string): Promise<string | null | undefined> {
    const [row] = await this.db
      .select({ examId: dicomStudies.examId })
      .from(dicomStudies)
      .where(eq(dicomStudies.studyInstanceUid, studyInstanceUid))
      .limit(1);
    return row ? row.examId : undefined;
  }

  /** The exam an unmatched study of this instance would be linked to (none when its patient is not the exam's). */
  async resolveExam(info: InstanceInfo): Promise<string | null> {
    const found = await findExamFor(this.db, info);
    return found && !patientIdDiffers(info.patientId, found.hn) ? found.id : null;
  }

  /** Which of these SOP Instance UIDs have a row. */
  async presentInstances(sopInstanceUids: readonly string[]): Promise<Set<string>> {
    const rows = await this.db
      .select({ uid: dicomInstances.sopInstanceUid })
      .from(dicomInstances)
      .where(inArray(dicomInstances.sopInstanceUid, [...sopInstanceUids]));
    return new Set(rows.map((r) => r.uid));
  }

  async examExists(examId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: exams.id })
      .from(exams)
      .where(and(eq(exams.id, examId), isNull(exams.deletedAt)))
      .limit(1);
    return Boolean(row);
  }

  /**
   * Instances of series already in the index, in one plain INSERT: the hot path of every C-STORE after a series' first
   * image (counts are brought up to date later by recountSeries). Answers per instance, in order: stored, or duplicate
   * when its SOP Instance UID is there already. A series row that vanished (purged) fails the foreign key on
   * PostgreSQL (the whole statement: the caller then tries each alone) and answers 'series-gone' on PGlite; either way
   * the caller takes the full path. Sent straight to the driver: Drizzle's statement building cost as much as the
   * insert; on PGlite as a prepared statement (instance-insert.ts).
   */
  async insertKnownSeriesInstances(items: readonly KnownSeriesInstance[], now: Date): Promise<KnownSeriesOutcome[]> {
    if (this.inserter) {
      const inserted = await this.inserter.insert(items, now);
      const skipped = items.filter((_, i) => !inserted[i]).map((i) => i.info.sopInstanceUid);
      // Rare (a copy sent twice, a purged series): one more query tells the two apart.
      const present = skipped.length ? await this.presentInstances(skipped) : new Set<string>();
      return items.map((item, i) =>
        inserted[i] ? 'stored' : present.has(item.info.sopInstanceUid) ? 'duplicate' : 'series-gone',
      );
    }
    const params: unknown[] = [];
    const at = `$${items.length * 14 + 1}::timestamptz`;
    const rows = items.map((i) => {
      const n = params.length;
      params.push(
        i.seriesId,
        i.info.sopInstanceUid,
        i.info.sopClassUid,
        i.info.transferSyntaxUid,
        i.info.instanceNumber,
        i.info.numberOfFrames,
        i.info.rows,
        i.info.columns,
        i.info.imageOrientationPatient,
        i.stored.key,
        i.stored.sizeBytes,
        i.stored.sha256,
        JSON.stringify(i.info.metadata),
        instanceRowId(i.stored.key),
      );
      const p = (k: number) => `$${n + k}`;
      return `(${p(1)}::uuid, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}::int, ${p(6)}::int, ${p(7)}::int, ${p(8)}::int, ${p(9)}, ${p(10)}, ${p(11)}::bigint, ${p(12)}, ${p(13)}::jsonb, ${at}, ${p(14)}::uuid)`;
    });
    params.push(now.toISOString());
    const text = `insert into dicom_instances (series_id, sop_instance_uid, sop_class_uid, transfer_syntax_uid, instance_number,
        number_of_frames, rows, columns, image_orientation_patient, storage_key, size_bytes, sha256, metadata, received_at, id)
      values ${rows.join(', ')} on conflict (sop_instance_uid) do nothing returning sop_instance_uid`;
    const result = await rawClient(this.db).query<{ sop_instance_uid: string }>(text, params);
    const stored = new Set(result.rows.map((r) => r.sop_instance_uid));
    return items.map((i) => (stored.has(i.info.sopInstanceUid) ? 'stored' : 'duplicate'));
  }

  /**
   * Counts of series (live instances) and of their studies set from the rows themselves, and each study's updated_at
   * moved to the time its newest images arrived (`changedAt` per series). Absolute, not increments: running it twice,
   * late, or from two servers at once gives the same right answer.
   */
  async recountSeries(changed: ReadonlyMap<string, Date>): Promise<void> {
    if (!changed.size) return;
    const ids = sql.param([...changed.keys()]);
    const times = sql.param([...changed.values()].map((d) => d.toISOString()));
    await this.db.transaction(async (tx) => {
      // Lock first, studies then series, each in id order: the order indexInstance (study, then series) and the DICOM
      // delete take them, so none of the three deadlocks with another. Each statement after the locks reads a fresh
      // snapshot, so a delete that committed while we waited is counted, not overwritten with the old number (on
      // PostgreSQL a recount racing a delete made deleted studies reappear in QIDO).
      await tx.execute(sql`select id from dicom_studies
        where id in (select study_id from dicom_series where id = any(${ids}::uuid[])) order by id for update`);
      await tx.execute(sql`select id from dicom_series where id = any(${ids}::uuid[]) order by id for update`);
      await tx.execute(sql`update dicom_series s set number_of_instances =
        (select count(*)::int from dicom_instances i where i.series_id = s.id and i.deleted_at is null)
        where s.id = any(${ids}::uuid[])`);
      await tx.execute(sql`update dicom_studies d set number_of_instances =
          (select coalesce(sum(s.number_of_instances), 0)::int from dicom_series s where s.study_id = d.id),
        updated_at = greatest(d.updated_at, c.at)
        from (select s.study_id, max(v.at) as at from unnest(${ids}::uuid[], ${times}::timestamptz[]) as v(series_id, at)
          join dicom_series s on s.id = v.series_id group by s.study_id) c
        where d.id = c.study_id`);
    });
  }

  /**
   * Takes back the row of an instance whose file could not be flushed (never acknowledged); its series' id, so that
   * the caller recounts it. Only the row pointing at that very file goes.
   */
  async removeUnflushedInstance(sopInstanceUid: string, storageKey: string): Promise<string | null> {
    const [row] = await this.db
      .delete(dicomInstances)
      .where(and(eq(dicomInstances.sopInstanceUid, sopInstanceUid), eq(dicomInstances.storageKey, storageKey)))
      .returning({ seriesId: dicomInstances.seriesId });
    return row?.seriesId ?? null;
  }

  /**
   * The index rows of files a crash left (see LocalDicomArchive.settleCrashLeftovers): looked up by id (new rows take
   * their file's name as id) and, for the keys not found so, by storage key (rows made before that rule).
   */
  async rowsOfFiles(
    files: readonly { key: string; id: string | null }[],
  ): Promise<Map<string, { id: string; seriesId: string; sizeBytes: number; sopInstanceUid: string }>> {
    const found = new Map<string, { id: string; seriesId: string; sizeBytes: number; sopInstanceUid: string }>();
    const cols = {
      id: dicomInstances.id,
      seriesId: dicomInstances.seriesId,
      sizeBytes: dicomInstances.sizeBytes,
      sopInstanceUid: dicomInstances.sopInstanceUid,
      storageKey: dicomInstances.storageKey,
    };
    for (let i = 0; i < files.length; i += 1000) {
      const ids = files
        .slice(i, i + 1000)
        .map((f) => f.id)
        .filter((id): id is string => id !== null);
      if (!ids.length) continue;
      const rows = await this.db
        .select(cols)
        .from(dicomInstances)
        .where(sql`${dicomInstances.id} = any(${sql.param(ids)}::uuid[])`);
      for (const r of rows) found.set(r.storageKey, r);
    }
    const rest = files.filter((f) => !found.has(f.key)).map((f) => f.key);
    for (let i = 0; i < rest.length; i += 1000) {
      const rows = await this.db
        .select(cols)
        .from(dicomInstances)
        .where(sql`${dicomInstances.storageKey} = any(${sql.param(rest.slice(i, i + 1000))}::text[])`);
      for (const r of rows) found.set(r.storageKey, r);
    }
    return found;
  }

  /**
   * After a crash, counts of images acknowledged in the moments before it may be short (they were due to be recounted):
   * recounts every study changed within `window` of the newest change. Idempotent; leaves updated_at alone.
   */
  async recountRecentStudies(windowMs: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const recent = sql`(select id from dicom_studies where updated_at >= (select max(updated_at) from dicom_studies) - ${windowMs / 1000} * interval '1 second')`;
      await tx.execute(sql`update dicom_series s set number_of_instances =
        (select count(*)::int from dicom_instances i where i.series_id = s.id and i.deleted_at is null)
        where s.study_id in ${recent}`);
      const r = await tx.execute(sql`update dicom_studies d set number_of_instances =
        (select coalesce(sum(s.number_of_instances), 0)::int from dicom_series s where s.study_id = d.id)
        where d.id in ${recent} returning d.id`);
      return rowsOf(r).length;
    });
  }

  /**
   * An unmatched study's exam looked for again (images of a known series kept coming, and an exam may have been
   * created or its images deleted since): links it when found. The exam id or null.
   */
  async linkIfUnmatched(info: InstanceInfo, ctx: IndexContext, now: Date): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [study] = await tx
        .select({ id: dicomStudies.id, examId: dicomStudies.examId })
        .from(dicomStudies)
        .where(eq(dicomStudies.studyInstanceUid, info.studyInstanceUid))
        .limit(1)
        .for('update');
      if (!study) return null;
      if (study.examId) return study.examId;
      return linkStudy(this.examState, tx, study.id, info, ctx, now);
    });
  }

  /**
   * Staff matched an unmatched study to an exam: linked as a receipt would link it, in one transaction, only while the
   * study is still unmatched and holds images. Its UID, or null when it was matched or emptied meanwhile.
   */
  async matchStudy(studyId: string, examId: string, ctx: IndexContext, now: Date): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [study] = await tx
        .select({
          id: dicomStudies.id,
          uid: dicomStudies.studyInstanceUid,
          examId: dicomStudies.examId,
          count: dicomStudies.numberOfInstances,
          accession: dicomStudies.accessionNumber,
        })
        .from(dicomStudies)
        .where(eq(dicomStudies.id, studyId))
        .limit(1)
        .for('update');
      if (!study || study.examId || study.count === 0) return null;
      await linkStudy(
        this.examState,
        tx,
        study.id,
        { studyInstanceUid: study.uid, accessionNumber: study.accession },
        { ...ctx, forcedExamId: examId },
        now,
      );
      // The images named another patient or accession (that is why they were unmatched): from now on the index, the
      // metadata and every file leaving Rangsi answer with the exam's (decision io30).
      await reconcileStudies(tx, studyWithId(study.id), now);
      return study.uid;
    });
  }

  /** Where a series lives (the full path's result, for the next instances). */
  async seriesHome(seriesInstanceUid: string): Promise<SeriesHome | undefined> {
    const [row] = await this.db
      .select({
        seriesId: dicomSeries.id,
        studyInstanceUid: dicomStudies.studyInstanceUid,
        examId: dicomStudies.examId,
      })
      .from(dicomSeries)
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(eq(dicomSeries.seriesInstanceUid, seriesInstanceUid))
      .limit(1);
    return row;
  }

  /**
   * A cached series checked again cheaply (one statement): where it lives now, and for a study without an exam
   * whether an exam for it exists now (then the full transaction links it). Undefined when the series row is gone.
   */
  async seriesCheck(
    seriesInstanceUid: string,
    study: StudyKeys,
  ): Promise<(SeriesHome & { linkable: boolean }) | undefined> {
    const params = [seriesInstanceUid, study.accessionNumber || null];
    let row: (string | null)[] | undefined;
    if (this.seriesChecker) {
      row = (await this.seriesChecker.run([params])).rows[0];
    } else {
      const { rows } = await rawClient(this.db).query<{
        series_id: string;
        study_instance_uid: string;
        exam_id: string | null;
        linkable: boolean;
      }>(SERIES_CHECK, params);
      const r = rows[0];
      row = r ? [r.series_id, r.study_instance_uid, r.exam_id, r.linkable ? 't' : 'f'] : undefined;
    }
    if (!row) return undefined;
    return { seriesId: row[0]!, studyInstanceUid: row[1]!, examId: row[2] ?? null, linkable: row[3] === 't' };
  }

  /**
   * Indexes one stored instance atomically: study and series upserted (first non-empty values kept), the instance
   * inserted unless its SOP Instance UID is already there (then 'duplicate' and nothing counted), counts updated,
   * and an unmatched study linked to its exam by AccessionNumber, then StudyInstanceUID (or the forced exam).
   */
  async indexInstance(info: InstanceInfo, stored: StoredFile, ctx: IndexContext, now: Date): Promise<IndexOutcome> {
    return this.db.transaction(async (tx) => {
      const [study] = await tx
        .insert(dicomStudies)
        .values({
          studyInstanceUid: info.studyInstanceUid,
          patientId: info.patientId,
          patientName: info.patientName,
          patientBirthDate: info.patientBirthDate,
          patientSex: info.patientSex,
          accessionNumber: info.accessionNumber,
          studyDate: info.studyDate,
          studyTime: info.studyTime,
          studyDescription: info.studyDescription,
          referringPhysicianName: info.referringPhysicianName,
          institutionName: info.institutionName,
          callingAeTitle: ctx.source,
          receivedAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: dicomStudies.studyInstanceUid,
          set: {
            updatedAt: now,
            patientId: keep('dicom_studies', 'patient_id'),
            patientName: keep('dicom_studies', 'patient_name'),
            accessionNumber: keep('dicom_studies', 'accession_number'),
            studyDate: keep('dicom_studies', 'study_date'),
            studyTime: keep('dicom_studies', 'study_time'),
            studyDescription: keep('dicom_studies', 'study_description'),
          },
        })
        .returning({ id: dicomStudies.id, examId: dicomStudies.examId });
      if (!study) throw new Error('study upsert returned nothing');
      if (ctx.forcedExamId && study.examId && study.examId !== ctx.forcedExamId) throw new StudyOfAnotherExamError();

      const [series] = await tx
        .insert(dicomSeries)
        .values({
          studyId: study.id,
          seriesInstanceUid: info.seriesInstanceUid,
          modality: info.modality,
          seriesNumber: info.seriesNumber,
          seriesDescription: info.seriesDescription,
          bodyPartExamined: info.bodyPartExamined,
          imageOrientationPatient: info.imageOrientationPatient,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: dicomSeries.seriesInstanceUid,
          set: {
            seriesDescription: keep('dicom_series', 'series_description'),
            modality: keep('dicom_series', 'modality'),
            seriesNumber: keep('dicom_series', 'series_number'),
            bodyPartExamined: keep('dicom_series', 'body_part_examined'),
            imageOrientationPatient: keep('dicom_series', 'image_orientation_patient'),
          },
        })
        .returning({ id: dicomSeries.id, studyId: dicomSeries.studyId, inserted: sql<boolean>`(xmax = 0)` });
      if (!series) throw new Error('series upsert returned nothing');

      const [replaced] = ctx.replaceDeleted
        ? await tx
            .delete(dicomInstances)
            .where(
              and(
                eq(dicomInstances.sopInstanceUid, info.sopInstanceUid),
                isNotNull(dicomInstances.deletedAt),
                isNull(dicomInstances.coldKey),
              ),
            )
            .returning({ storageKey: dicomInstances.storageKey })
        : [];
      const [instance] = await tx
        .insert(dicomInstances)
        .values({
          id: instanceRowId(stored.key),
          seriesId: series.id,
          sopInstanceUid: info.sopInstanceUid,
          sopClassUid: info.sopClassUid,
          transferSyntaxUid: info.transferSyntaxUid,
          instanceNumber: info.instanceNumber,
          numberOfFrames: info.numberOfFrames,
          rows: info.rows,
          columns: info.columns,
          imageOrientationPatient: info.imageOrientationPatient,
          storageKey: stored.key,
          sizeBytes: stored.sizeBytes,
          sha256: stored.sha256,
          metadata: info.metadata,
          receivedAt: now,
        })
        .onConflictDoNothing({ target: dicomInstances.sopInstanceUid })
        .returning({ id: dicomInstances.id });
      if (!instance) return { status: 'duplicate' as const, examId: study.examId, linked: false };

      await tx
        .update(dicomSeries)
        .set({ numberOfInstances: sql`${dicomSeries.numberOfInstances} + 1` })
        .where(eq(dicomSeries.id, series.id));
      // The series may belong to an earlier study row when a sender reused a SeriesInstanceUID: count where it lives.
      await tx
        .update(dicomStudies)
        .set({
          numberOfInstances: sql`${dicomStudies.numberOfInstances} + 1`,
          ...(series.inserted
            ? {
                numberOfSeries: sql`(select count(*)::int from ${dicomSeries} s where s.study_id = ${dicomStudies.id})`,
                modalitiesInStudy: sql`(select string_agg(distinct s.modality, '\\' order by s.modality) from ${dicomSeries} s where s.study_id = ${dicomStudies.id} and s.modality is not null)`,
              }
            : {}),
        })
        .where(eq(dicomStudies.id, series.studyId));

      const replacedKey = replaced ? { replacedKey: replaced.storageKey } : {};
      if (study.examId) return { status: 'stored' as const, examId: study.examId, linked: false, ...replacedKey };
      const examId = await linkStudy(this.examState, tx, study.id, info, ctx, now);
      return { status: 'stored' as const, examId, linked: examId !== null, ...replacedKey };
    });
  }
}

/** What linking needs of a study. */
type StudyKeys = Pick<InstanceInfo, 'studyInstanceUid' | 'accessionNumber'> & Partial<Pick<InstanceInfo, 'patientId'>>;

/** What became of an instance of a known series: its row went in, was there already, or its series is gone. */
export type KnownSeriesOutcome = 'stored' | 'duplicate' | 'series-gone';

/** One instance of a series already in the index, with its stored file. */
export interface KnownSeriesInstance {
  seriesId: string;
  info: InstanceInfo;
  stored: StoredFile;
}

/** Where a known series lives, so the next instance of it is indexed with one statement. */
export interface SeriesHome {
  seriesId: string;
  studyInstanceUid: string;
  examId: string | null;
}

/**
 * Links an unmatched study to its exam (or the forced one), marks the exam as having images and logs it; the exam id
 * or null. A study whose PatientID is not the exam's HN is held unmatched with the reason (issue 23 item 5: images
 * must never land silently on another patient); staff who match it by hand (forced exam) decide.
 */
async function linkStudy(
  examState: ExamImageState,
  tx: Database,
  studyId: string,
  info: StudyKeys,
  ctx: IndexContext,
  now: Date,
): Promise<string | null> {
  const found = ctx.forcedExamId ? { id: ctx.forcedExamId, hn: null } : await findExamFor(tx, info);
  if (!found) return null;
  if (found.hn !== null) {
    // The study row keeps its first PatientID: a later instance naming the right patient must not pull in the rest.
    const [study] = await tx
      .select({ patientId: dicomStudies.patientId, reason: dicomStudies.unmatchedReason })
      .from(dicomStudies)
      .where(eq(dicomStudies.id, studyId))
      .limit(1);
    if (study?.reason) return null;
    const patientId = study?.patientId || info.patientId;
    if (patientIdDiffers(patientId, found.hn)) {
      await tx
        .update(dicomStudies)
        .set({ unmatchedReason: 'patient-id-mismatch' })
        .where(and(eq(dicomStudies.id, studyId), isNull(dicomStudies.examId)));
      return null;
    }
  }
  const examId = found.id;
  await tx
    .update(dicomStudies)
    .set({ examId, unmatchedReason: null })
    .where(and(eq(dicomStudies.id, studyId), isNull(dicomStudies.examId)));
  if (ctx.quietLink) return examId;
  await examState.imagesReceived(tx, examId, now, info.studyInstanceUid, {
    userId: ctx.userId,
    userName: ctx.userName,
    action: ctx.event?.action ?? 'imagesReceived',
    detail: ctx.event?.detail ?? `รับภาพจาก ${ctx.source}`,
  });
  return examId;
}

/** The exam of an unmatched study (and its HN): AccessionNumber first, then the exam's StudyInstanceUID; deleted exams never. */
async function findExamFor(tx: Database, info: StudyKeys): Promise<{ id: string; hn: string } | null> {
  if (info.accessionNumber) {
    const [byAccession] = await tx
      .select({ id: exams.id, hn: exams.hn })
      .from(exams)
      .where(and(eq(exams.accessionNumber, info.accessionNumber), isNull(exams.deletedAt)))
      .limit(1);
    if (byAccession) return byAccession;
  }
  const [byUid] = await tx
    .select({ id: exams.id, hn: exams.hn })
    .from(exams)
    .where(and(eq(exams.studyInstanceUid, info.studyInstanceUid), isNull(exams.deletedAt)))
    .limit(1);
  return byUid ?? null;
}

/**
 * The image names a patient and it is not the exam's (spaces and letter case aside). An image without a PatientID,
 * or an exam without an HN, cannot be compared and links as before: the accession number is all there is.
 */
function patientIdDiffers(imagePatientId: string | null | undefined, examHn: string): boolean {
  const image = (imagePatientId ?? '').trim().toUpperCase();
  const exam = examHn.trim().toUpperCase();
  return image !== '' && exam !== '' && image !== exam;
}

/** The driver under Drizzle: PGlite or a node-postgres pool, both answering query(text, params) with { rows }. */
function rawClient(db: Database): { query<T>(text: string, params: unknown[]): Promise<{ rows: T[] }> } {
  return (db as unknown as { $client: { query<T>(text: string, params: unknown[]): Promise<{ rows: T[] }> } }).$client;
}

/** Rows of a raw query, whichever driver ran it (node-postgres answers a QueryResult, PGlite a Results). */
/** ON CONFLICT: keep the stored value, fill it from the new instance when it was empty. */
function keep(table: string, column: string) {
  return sql.raw(`coalesce(${table}.${column}, excluded.${column})`);
}

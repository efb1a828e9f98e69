import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dicomInstances, dicomSeries, dicomStudies, exams } from '../../db/schema/index';
import { hasWildcard, likePattern, normalizeName, type Match, type QidoQuery } from './qido';
import type { StudyIdentity } from '../identity/study-identity';

export type StudyRow = typeof dicomStudies.$inferSelect;
/** A patient as the Patient Root PATIENT level answers it. */
export interface PatientRow {
  patientId: string;
  patientName: string | null;
  patientBirthDate: string | null;
  patientSex: string | null;
  numberOfStudies: number;
  numberOfSeries: number;
  numberOfInstances: number;
}
export type SeriesRow = typeof dicomSeries.$inferSelect & { studyInstanceUid: string };
export type InstanceRow = {
  sopInstanceUid: string;
  sopClassUid: string;
  transferSyntaxUid: string;
  instanceNumber: number | null;
  numberOfFrames: number;
  rows: number | null;
  columns: number | null;
  studyInstanceUid: string;
  seriesInstanceUid: string;
};
export interface StoredInstance {
  sopInstanceUid: string;
  sopClassUid: string;
  seriesInstanceUid: string;
  studyInstanceUid: string;
  storageKey: string;
  sizeBytes: number;
  transferSyntaxUid: string;
  /** In cold storage (exam zipStatus Archive): no hot file to send until the exam is unzipped. */
  archived: boolean;
  /** The study's reconciled identity, patched into the file on its way out; null: sent as stored. */
  identity?: StudyIdentity | null;
}

/**
 * Deleted images (DICOM delete, waiting for the purge) are never served. A study or series whose images were all
 * deleted counts no live instance (the delete sets its count to 0; new images count again) and is not listed.
 */
const liveInstance = isNull(dicomInstances.deletedAt);
const liveStudy = gt(dicomStudies.numberOfInstances, 0);
const liveSeries = gt(dicomSeries.numberOfInstances, 0);
/** An instance's cached DICOM JSON as it is answered: with its study's reconciled identity over it (decision io30). */
const answeredMetadata = sql`(case when ${dicomStudies.reconciledIdentity} is null then ${dicomInstances.metadata} else ${dicomInstances.metadata} || ${dicomStudies.reconciledIdentity} end)`;

/** Columns that QIDO keys match, per tag. */
const TEXT_COLUMNS: Record<string, SQL | undefined> = {
  '00100020': sql`${dicomStudies.patientId}`,
  '00080050': sql`${dicomStudies.accessionNumber}`,
  '00081030': sql`${dicomStudies.studyDescription}`,
  '0008103E': sql`${dicomSeries.seriesDescription}`,
};

function matchCondition(m: Match, fuzzy: boolean): SQL {
  switch (m.kind) {
    case 'uids': {
      const col =
        m.tag === '0020000D'
          ? dicomStudies.studyInstanceUid
          : m.tag === '0020000E'
            ? dicomSeries.seriesInstanceUid
            : m.tag === '00080018'
              ? dicomInstances.sopInstanceUid
              : dicomInstances.sopClassUid;
      return inArray(col, m.values);
    }
    case 'codes': {
      if (m.tag === '00080061') {
        // The study's own list (kept with its series by the index) is read on the row the date-ordered scan is on; a
        // subquery on the series for every candidate study took 140 ms at 100,000 studies (bench:ingest).
        return sql`string_to_array(upper(coalesce(${dicomStudies.modalitiesInStudy}, '')), '\\') && array[${sql.join(
          m.values.map((v) => sql`${v}`),
          sql`, `,
        )}]::text[]`;
      }
      const col =
        m.tag === '00080060'
          ? sql`upper(${dicomSeries.modality})`
          : m.tag === '00180015'
            ? sql`upper(${dicomSeries.bodyPartExamined})`
            : sql`upper(${dicomStudies.patientSex})`;
      return sql`${col} in (${sql.join(
        m.values.map((v) => sql`${v}`),
        sql`, `,
      )})`;
    }
    case 'date': {
      const col = m.tag === '00080020' ? dicomStudies.studyDate : dicomStudies.patientBirthDate;
      const parts: SQL[] = [];
      if (m.from) parts.push(sql`${col} >= ${m.from}`);
      if (m.to) parts.push(sql`${col} <= ${m.to}`);
      return and(...parts)!;
    }
    case 'int': {
      const col = m.tag === '00200011' ? dicomSeries.seriesNumber : dicomInstances.instanceNumber;
      return eq(col, m.value);
    }
    case 'name': {
      const col =
        m.tag === '00100010'
          ? sql`${dicomStudies.patientNameSearch}`
          : sql`btrim(regexp_replace(lower(translate(coalesce(${dicomStudies.referringPhysicianName}, ''), '^=', '  ')), ' +', ' ', 'g'))`;
      const value = normalizeName(m.value);
      if (hasWildcard(value)) return sql`${col} like ${likePattern(value)}`;
      if (fuzzy) {
        // Fuzzy: every word of the query appears in the name, in any order (Thai names have no case to fold).
        const words = value.split(' ').filter(Boolean);
        return and(...words.map((w) => sql`${col} like ${`%${likePattern(w)}%`}`))!;
      }
      return sql`${col} = ${value}`;
    }
    case 'text': {
      const col = TEXT_COLUMNS[m.tag];
      if (!col) return sql`true`;
      if (hasWildcard(m.value)) return sql`${col} like ${likePattern(m.value)}`;
      if (fuzzy && (m.tag === '00081030' || m.tag === '0008103E'))
        return sql`lower(${col}) like ${`%${likePattern(m.value.toLowerCase())}%`}`;
      return sql`${col} = ${m.value}`;
    }
  }
}

/** SQL of DICOMweb: QIDO searches, retrieval lookups and metadata, always filtered by the caller's study visibility. */
export class DicomwebRepository {
  constructor(private readonly db: Database) {}

  /** Whether the exam is live and within `scope` (the writer's data scope). */
  async examInScope(examId: string, scope: SQL): Promise<boolean> {
    const [row] = await this.db
      .select({ id: exams.id })
      .from(exams)
      .where(and(eq(exams.id, examId), isNull(exams.deletedAt), scope))
      .limit(1);
    return Boolean(row);
  }

  async searchStudies(q: QidoQuery, visible: SQL): Promise<StudyRow[]> {
    return (
      this.db
        .select()
        .from(dicomStudies)
        .where(and(visible, liveStudy, ...q.matches.map((m) => matchCondition(m, q.fuzzy))))
        // Newest first, undated studies on top: the study_date index read backwards gives this order without a sort.
        .orderBy(desc(dicomStudies.studyDate), desc(dicomStudies.studyTime), asc(dicomStudies.id))
        .limit(q.limit)
        .offset(q.offset)
    );
  }

  async searchSeries(q: QidoQuery, visible: SQL): Promise<SeriesRow[]> {
    const rows = await this.db
      .select({ series: dicomSeries, studyInstanceUid: dicomStudies.studyInstanceUid })
      .from(dicomSeries)
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(and(visible, liveSeries, ...q.matches.map((m) => matchCondition(m, q.fuzzy))))
      .orderBy(
        desc(dicomStudies.receivedAt),
        sql`${dicomSeries.seriesNumber} nulls last`,
        asc(dicomSeries.createdAt),
        asc(dicomSeries.id),
      )
      .limit(q.limit)
      .offset(q.offset);
    return rows.map((r) => ({ ...r.series, studyInstanceUid: r.studyInstanceUid }));
  }

  async searchInstances(q: QidoQuery, visible: SQL): Promise<(InstanceRow & { metadata?: unknown })[]> {
    return this.db
      .select({
        sopInstanceUid: dicomInstances.sopInstanceUid,
        sopClassUid: dicomInstances.sopClassUid,
        transferSyntaxUid: dicomInstances.transferSyntaxUid,
        instanceNumber: dicomInstances.instanceNumber,
        numberOfFrames: dicomInstances.numberOfFrames,
        rows: dicomInstances.rows,
        columns: dicomInstances.columns,
        studyInstanceUid: dicomStudies.studyInstanceUid,
        seriesInstanceUid: dicomSeries.seriesInstanceUid,
      })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(and(visible, liveInstance, ...q.matches.map((m) => matchCondition(m, q.fuzzy))))
      .orderBy(
        desc(dicomStudies.receivedAt),
        asc(dicomSeries.id),
        sql`${dicomInstances.instanceNumber} nulls last`,
        asc(dicomInstances.sopInstanceUid),
      )
      .limit(q.limit)
      .offset(q.offset);
  }

  /**
   * Attributes of one representative instance per study, series or SOP instance (for includefield): only the tags
   * asked for leave the database, or the whole non-bulk metadata when `tags` is null.
   */
  async representativeAttributes(
    level: 'study' | 'series' | 'instance',
    uids: string[],
    tags: string[] | null,
  ): Promise<Map<string, Record<string, unknown>>> {
    if (!uids.length) return new Map();
    const pick = tags
      ? sql`(select coalesce(jsonb_object_agg(k, v), '{}'::jsonb) from jsonb_each(${answeredMetadata}) as e(k, v) where k in (${sql.join(
          tags.map((t) => sql`${t}`),
          sql`, `,
        )}))`
      : answeredMetadata;
    const key =
      level === 'study'
        ? dicomStudies.studyInstanceUid
        : level === 'series'
          ? dicomSeries.seriesInstanceUid
          : dicomInstances.sopInstanceUid;
    const rows = await this.db
      .selectDistinctOn([key], { uid: key, attrs: sql<Record<string, unknown>>`${pick}` })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(and(inArray(key, uids), liveInstance))
      .orderBy(key, sql`${dicomInstances.instanceNumber} nulls last`);
    return new Map(rows.map((r) => [r.uid, r.attrs]));
  }

  /**
   * Patients of the studies that match (Patient Root PATIENT level): one row per PatientID with its demographics (from
   * its newest study) and its study, series and instance counts. Studies without a PatientID have no patient here.
   */
  async searchPatients(q: QidoQuery, visible: SQL): Promise<PatientRow[]> {
    const newest = (col: AnyPgColumn) =>
      sql<string | null>`(array_agg(${col} order by ${dicomStudies.studyDate} desc nulls last))[1]`;
    return this.db
      .select({
        patientId: sql<string>`${dicomStudies.patientId}`,
        patientName: newest(dicomStudies.patientName),
        patientBirthDate: newest(dicomStudies.patientBirthDate),
        patientSex: newest(dicomStudies.patientSex),
        numberOfStudies: sql<number>`count(*)::int`,
        numberOfSeries: sql<number>`sum(${dicomStudies.numberOfSeries})::int`,
        numberOfInstances: sql<number>`sum(${dicomStudies.numberOfInstances})::int`,
      })
      .from(dicomStudies)
      .where(
        and(
          visible,
          liveStudy,
          sql`coalesce(${dicomStudies.patientId}, '') <> ''`,
          ...q.matches.map((m) => matchCondition(m, q.fuzzy)),
        ),
      )
      .groupBy(dicomStudies.patientId)
      .orderBy(asc(dicomStudies.patientId))
      .limit(q.limit)
      .offset(q.offset);
  }

  /** The SOP classes of each study's live instances, in UID order (SOPClassesInStudy of a C-FIND at study level). */
  async sopClassesOfStudies(studyUids: readonly string[]): Promise<Map<string, string[]>> {
    if (!studyUids.length) return new Map();
    const rows = await this.db
      .selectDistinct({ study: dicomStudies.studyInstanceUid, sopClass: dicomInstances.sopClassUid })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(and(inArray(dicomStudies.studyInstanceUid, [...studyUids]), liveInstance))
      .orderBy(dicomStudies.studyInstanceUid, dicomInstances.sopClassUid);
    const classes = new Map<string, string[]>();
    for (const r of rows) classes.set(r.study, [...(classes.get(r.study) ?? []), r.sopClass]);
    return classes;
  }

  /** How many studies of each PatientID the caller sees (NumberOfPatientRelatedStudies of a C-FIND at study level). */
  async studyCountsOfPatients(patientIds: readonly string[], visible: SQL): Promise<Map<string, number>> {
    if (!patientIds.length) return new Map();
    const rows = await this.db
      .select({ patientId: sql<string>`${dicomStudies.patientId}`, n: sql<number>`count(*)::int` })
      .from(dicomStudies)
      .where(and(visible, liveStudy, inArray(dicomStudies.patientId, [...new Set(patientIds)])))
      .groupBy(dicomStudies.patientId);
    return new Map(rows.map((r) => [r.patientId, r.n]));
  }

  /** The StudyInstanceUIDs of these patients' studies, visible to the caller. */
  async studiesOfPatients(patientIds: readonly string[], visible: SQL): Promise<string[]> {
    if (!patientIds.length) return [];
    const rows = await this.db
      .select({ uid: dicomStudies.studyInstanceUid })
      .from(dicomStudies)
      .where(and(visible, liveStudy, inArray(dicomStudies.patientId, [...patientIds])))
      .orderBy(desc(dicomStudies.studyDate), asc(dicomStudies.id));
    return rows.map((r) => r.uid);
  }

  /** Stored instances of a study, series or one instance, visible to the caller, in series and instance order. */
  async storedInstances(
    where: { study: string; series?: string; sop?: string },
    visible: SQL,
  ): Promise<StoredInstance[]> {
    return this.db
      .select({
        sopInstanceUid: dicomInstances.sopInstanceUid,
        sopClassUid: dicomInstances.sopClassUid,
        seriesInstanceUid: dicomSeries.seriesInstanceUid,
        studyInstanceUid: dicomStudies.studyInstanceUid,
        storageKey: dicomInstances.storageKey,
        sizeBytes: dicomInstances.sizeBytes,
        transferSyntaxUid: dicomInstances.transferSyntaxUid,
        archived: sql<boolean>`(${dicomInstances.coldKey} is not null)`,
        identity: dicomStudies.reconciledIdentity,
      })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(
        and(
          visible,
          liveInstance,
          eq(dicomStudies.studyInstanceUid, where.study),
          where.series ? eq(dicomSeries.seriesInstanceUid, where.series) : undefined,
          where.sop ? eq(dicomInstances.sopInstanceUid, where.sop) : undefined,
        ),
      )
      .orderBy(
        sql`${dicomSeries.seriesNumber} nulls last`,
        asc(dicomSeries.id),
        sql`${dicomInstances.instanceNumber} nulls last`,
        asc(dicomInstances.sopInstanceUid),
      )
      .limit(100_000);
  }

  /** How many instances a location has for the caller and when the last arrived: the metadata cache's version. */
  async metadataStamp(
    where: { study: string; series?: string; sop?: string },
    visible: SQL,
  ): Promise<{ n: number; last: string | null }> {
    const [row] = await this.db
      .select({
        n: sql<number>`count(*)::int`,
        // A reconciliation changes the answer without adding an instance: its time is part of the version.
        last: sql<
          string | null
        >`max(${dicomInstances.receivedAt})::text || coalesce('|' || max(${dicomStudies.reconciledAt})::text, '')`,
      })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(
        and(
          visible,
          liveInstance,
          eq(dicomStudies.studyInstanceUid, where.study),
          where.series ? eq(dicomSeries.seriesInstanceUid, where.series) : undefined,
          where.sop ? eq(dicomInstances.sopInstanceUid, where.sop) : undefined,
        ),
      );
    return row ?? { n: 0, last: null };
  }

  /**
   * The cached DICOM JSON of the instances as one JSON array text, aggregated in the database (no parsing of
   * thousands of objects in Node): null when nothing visible matches.
   */
  async metadataText(where: { study: string; series?: string; sop?: string }, visible: SQL): Promise<string | null> {
    const [row] = await this.db
      .select({
        n: sql<number>`count(*)::int`,
        text: sql<
          string | null
        >`string_agg(${answeredMetadata}::text, ',' order by ${dicomSeries.seriesNumber} nulls last, ${dicomSeries.id}, ${dicomInstances.instanceNumber} nulls last, ${dicomInstances.sopInstanceUid})`,
      })
      .from(dicomInstances)
      .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
      .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
      .where(
        and(
          visible,
          liveInstance,
          eq(dicomStudies.studyInstanceUid, where.study),
          where.series ? eq(dicomSeries.seriesInstanceUid, where.series) : undefined,
          where.sop ? eq(dicomInstances.sopInstanceUid, where.sop) : undefined,
        ),
      );
    return row && row.n > 0 && row.text ? `[${row.text}]` : null;
  }
}

import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ExamSearch } from '@rangsi/contract';
import { bangkokDayStart } from '@rangsi/domain';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import {
  branches,
  dicomInstances,
  dicomSeries,
  dicomStudies,
  documents,
  examEvents,
  exams,
  finishedReports,
  hospitals,
  patients,
  reportDrafts,
  users,
} from '../../db/schema/index';

import type { ExamRecord } from './exam-state';

export type { ExamRecord };
export const PAGE_SIZE = 50;
/**
 * The search counts matching exams up to this many and then stops: beyond it the total is reported as a lower bound
 * (totalIsEstimate), so a wide date range or a search without dates never counts a whole year of exams
 * (docs/decisions/wl1-capped-worklist-total.md).
 */
export const COUNT_CAP = 10_000;

const reviewer = alias(users, 'reviewer');
const reporter = alias(users, 'reporter');

const dicomDate = (d: string) => d.replaceAll('-', '');
const dicomTime = (t: string) => t.replaceAll(':', '').padEnd(6, '0');

/** SQL that reads exams: the paged search, the hydrated rows, an exam in scope, its series (exam-state.repository writes them). */
export class ExamsRepository {
  constructor(
    private readonly db: Database,
    private readonly countCap = COUNT_CAP,
  ) {}

  /** Conditions of the search payload, the scope already included. */
  searchConditions(f: ExamSearch, scope: SQL): SQL[] {
    const c: SQL[] = [scope, isNull(exams.deletedAt)];
    if (f.examFromDate) c.push(gte(exams.examDate, bangkokDayStart(f.examFromDate)));
    if (f.examToDate) c.push(lt(exams.examDate, bangkokDayStart(f.examToDate, 1)));
    if (f.accessionNumber) c.push(eq(exams.accessionNumber, f.accessionNumber));
    if (f.hospitalNumber) c.push(eq(exams.hn, f.hospitalNumber));
    if (f.patientName) c.push(sql`${exams.patientNameSearch} like ${containsPattern(f.patientName)}`);
    if (f.modalityCode) c.push(eq(exams.modalityCode, f.modalityCode));
    if (f.patientId) c.push(eq(exams.dicomPatientId, f.patientId));
    if (f.issuerOfPatientId) c.push(eq(exams.issuerOfPatientId, f.issuerOfPatientId));
    if (f.referringPhysicianId) c.push(eq(exams.referringPhysicianId, f.referringPhysicianId));
    if (f.studyDateFrom) c.push(gte(exams.studyDate, dicomDate(f.studyDateFrom)));
    if (f.studyDateTo) c.push(lte(exams.studyDate, dicomDate(f.studyDateTo)));
    if (f.studyTimeFrom) c.push(gte(exams.studyTime, dicomTime(f.studyTimeFrom)));
    if (f.studyTimeTo) c.push(lte(exams.studyTime, dicomTime(f.studyTimeTo)));
    if (f.institutionalDepartment)
      c.push(sql`lower(${exams.institutionalDepartment}) like ${containsPattern(f.institutionalDepartment)}`);
    if (f.sendingApplication)
      c.push(sql`lower(${exams.sendingApplication}) like ${containsPattern(f.sendingApplication)}`);
    return c;
  }

  /** A doctor's client tab: the exams of one client hospital. */
  ofClient(clientId: number): SQL {
    return eq(exams.hospitalId, clientId);
  }

  /**
   * One page of exam ids, newest first, and the total, paged in SQL. The order (exam_date DESC, id DESC) and the
   * `deleted_at is null` of the conditions are those of the worklist indexes (schema/exams.ts), so with a scope and a
   * date range the page is read off an index and the count is an index-only scan. The count stops at the cap + 1
   * rows (COUNT_CAP unless the constructor says otherwise); past the cap the total is a lower bound, flagged by
   * totalIsEstimate.
   */
  async searchPage(where: SQL[], page: number): Promise<{ ids: string[]; total: number; totalIsEstimate: boolean }> {
    const cond = and(...where);
    const offset = (page - 1) * PAGE_SIZE;
    const capped = this.db
      .select({ one: sql<number>`1`.as('one') })
      .from(exams)
      .where(cond)
      .limit(this.countCap + 1)
      .as('capped');
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ id: exams.id })
        .from(exams)
        .where(cond)
        .orderBy(desc(exams.examDate), desc(exams.id))
        .limit(PAGE_SIZE)
        .offset(offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(capped),
    ]);
    const ids = rows.map((r) => r.id);
    const n = count?.n ?? 0;
    if (n <= this.countCap) return { ids, total: n, totalIsEstimate: false };
    // More than the cap match: at least the cap, and at least the rows up to the end of this page when it has any.
    return {
      ids,
      total: ids.length > 0 ? Math.max(this.countCap, offset + ids.length) : this.countCap,
      totalIsEstimate: true,
    };
  }

  /**
   * Open (not completed) records per client for a doctor's tabs. `status <> 'Completed'` is written as a literal so
   * it matches the predicate of the partial index of open exams (exams_open_reviewer_idx) under any plan.
   */
  async openCountsByClient(where: SQL[]) {
    const open = this.db
      .select({ clientId: exams.hospitalId, openCount: sql<number>`count(*)::int`.as('open_count') })
      .from(exams)
      .where(and(...where, sql`${exams.status} <> 'Completed'`))
      .groupBy(exams.hospitalId)
      .as('open');
    return this.db
      .select({ clientId: open.clientId, clientName: hospitals.name, openCount: open.openCount })
      .from(open)
      .innerJoin(hospitals, eq(hospitals.id, open.clientId));
  }

  /** Full worklist rows for these ids (at most a page), in the order given. */
  async hydrate(ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({
        exam: exams,
        branchName: branches.name,
        clientName: hospitals.name,
        reviewerName: reviewer.displayName,
        // Who edited the report last (spec §6 Edit by): the editor of a draft being written, else the latest reporter.
        latestReporter: sql<
          string | null
        >`coalesce((select u.display_name from ${reportDrafts} rd join ${users} u on u.id = rd.updated_by where rd.exam_id = ${exams.id} order by rd.updated_at desc limit 1), ${reporter.displayName})`,
        allergies: patients.allergies,
        reportCount: sql<number>`(select count(*)::int from ${finishedReports} fr where fr.exam_id = ${exams.id})`,
        hasDocument: sql<boolean>`exists(select 1 from ${documents} d where d.exam_id = ${exams.id} and d.kind = 'document' and d.deleted_at is null)`,
        hasFile: sql<boolean>`exists(select 1 from ${documents} d where d.exam_id = ${exams.id} and d.kind = 'file' and d.deleted_at is null)`,
        hasOldExams: sql<boolean>`(${exams.patientId} is not null and exists(select 1 from ${exams} o where o.patient_id = ${exams.patientId} and o.id <> ${exams.id} and o.exam_date < ${exams.examDate} and o.deleted_at is null))`,
        log: sql<string>`coalesce((select string_agg(to_char(ev.at at time zone 'Asia/Bangkok', 'DD-MM-YYYY HH24:MI') || ' ' || ev.user_name || ': ' || ev.action || coalesce(' — ' || ev.detail, ''), E'\n' order by ev.at, ev.id) from ${examEvents} ev where ev.exam_id = ${exams.id}), '')`,
      })
      .from(exams)
      .innerJoin(branches, eq(branches.id, exams.branchId))
      .leftJoin(hospitals, eq(hospitals.id, exams.hospitalId))
      .leftJoin(reviewer, eq(reviewer.id, exams.reviewerId))
      .leftJoin(reporter, eq(reporter.id, exams.latestReporterId))
      .leftJoin(patients, eq(patients.id, exams.patientId))
      .where(inArray(exams.id, ids));
    const order = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => order.get(a.exam.id)! - order.get(b.exam.id)!);
  }

  async findInScope(id: string, scope: SQL): Promise<ExamRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(exams)
      .where(and(eq(exams.id, id), scope, isNull(exams.deletedAt)))
      .limit(1);
    return row;
  }

  /** Earlier and later exams of the same patient (the History dialog), within the user's scope. */
  async related(exam: ExamRecord, scope: SQL): Promise<string[]> {
    if (!exam.patientId) return [];
    const rows = await this.db
      .select({ id: exams.id })
      .from(exams)
      .where(and(eq(exams.patientId, exam.patientId), ne(exams.id, exam.id), isNull(exams.deletedAt), scope))
      .orderBy(desc(exams.examDate))
      .limit(100);
    return rows.map((r) => r.id);
  }

  /**
   * Series of the exam's studies (spec §3 Series), one row per series and distinct ImageOrientationPatient of its
   * instances, with their instance and frame counts; series without instances yet come as one row.
   */
  /** The branch image cache base URL of a branch (spec §7), or null when the branch has none. */
  async branchImageCacheUrl(branchId: number): Promise<string | null> {
    const [row] = await this.db.select({ url: branches.imageCacheUrl }).from(branches).where(eq(branches.id, branchId));
    return row?.url ?? null;
  }

  async series(examId: string) {
    return (
      this.db
        .select({
          seriesId: dicomSeries.id,
          studyId: dicomSeries.studyId,
          seriesNumber: dicomSeries.seriesNumber,
          seriesDescription: dicomSeries.seriesDescription,
          thumbnailKey: dicomSeries.thumbnailKey,
          orientation: dicomInstances.imageOrientationPatient,
          instances: sql<number>`count(${dicomInstances.id})::int`,
          frames: sql<number>`coalesce(sum(${dicomInstances.numberOfFrames}), 0)::int`,
          firstInstance: sql<number | null>`min(${dicomInstances.instanceNumber})`,
        })
        .from(dicomSeries)
        .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
        // Deleted images (waiting for the purge) are not listed, nor a series left with none.
        .leftJoin(dicomInstances, and(eq(dicomInstances.seriesId, dicomSeries.id), isNull(dicomInstances.deletedAt)))
        .where(and(eq(dicomStudies.examId, examId), gt(dicomSeries.numberOfInstances, 0)))
        .groupBy(dicomSeries.id, dicomStudies.receivedAt, dicomInstances.imageOrientationPatient)
        .orderBy(
          dicomStudies.receivedAt,
          sql`${dicomSeries.seriesNumber} nulls last`,
          dicomSeries.createdAt,
          dicomSeries.id,
        )
    );
  }
}

import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../../auth/current-user';
import type { Database } from '../../db/client';
import {
  branches,
  doctorClients,
  exams,
  hospitalPrivileges,
  hospitals,
  patients,
  products,
  requestProducts,
  requests,
  users,
} from '../../db/schema/index';
import { examScopeCondition } from '../../auth/data-scope/exam-scope';
import { requestScopeCondition } from '../../auth/data-scope/request-scope';

/** Periods a report groups by: Bangkok calendar days, ISO weeks (2026-W47) or months. */
export type Period = 'day' | 'week' | 'month';

export interface BranchSummaryRow {
  period: string;
  modalityCode: string;
  status: string;
  exams: number;
  amountSatang: number;
}

export interface TurnaroundRow {
  /** null on the all-doctors total. */
  doctorId: string | null;
  doctorName: string | null;
  /** null on a doctor's (or the grand) total over the whole range. */
  period: string | null;
  reads: number;
  /** Minutes; null when no exam of the group has both timestamps. */
  receivedToAssignedP50: number | null;
  receivedToAssignedP90: number | null;
  assignedToFinishedP50: number | null;
  assignedToFinishedP90: number | null;
  receivedToFinishedP50: number | null;
  receivedToFinishedP90: number | null;
}

export interface CenterRow {
  /** The total row (the last). */
  isTotal: boolean;
  /** null on the total row, and for exams without a client hospital. */
  groupId: number | null;
  groupName: string | null;
  exams: number;
  waiting: number;
  reading: number;
  completed: number;
  rejected: number;
  critical: number;
  overdue: number;
  receivedToFinishedP50: number | null;
  amountSatang: number;
}

const PERIOD_FORMAT: Record<Period, string> = { day: 'YYYY-MM-DD', week: 'IYYY-"W"IW', month: 'YYYY-MM' };

/** Minutes from a to b, or null; negative gaps (assigned before the images came) count as none. */
const minutes = (from: SQL, to: SQL) =>
  sql`(case when ${to} < ${from} then 0 else extract(epoch from (${to} - ${from})) / 60.0 end)::float8`;

/**
 * The request lines of the exams of `scoped` (a CTE with id, request_id, modality_code): an exam's amount is its
 * request's lines of the exam's modality (one exam per modality and request, RQ1), in satang. A join, hashed, rather
 * than a sub-select per exam (4–8× faster on PGlite at 25,000 exams; docs/performance.md).
 */
const LINES = sql.raw(`join request_products rp on rp.request_id = s.request_id
    join products p on p.id = rp.product_id and p.modality_code = s.modality_code`);
const LINE_SATANG = sql.raw('rp.quantity::bigint * rp.unit_price_satang');

/** date_trunc unit of a period. */
const TRUNC: Record<Period, string> = { day: 'day', week: 'week', month: 'month' };

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * SQL of the report engine. Every statement reads within the caller's data scope (exam or request scope of the
 * modules, the same conditions the worklist and request list use), groups and counts in SQL, and returns what a
 * template prints — no filtering in JavaScript.
 */
export class ReportEngineRepository {
  constructor(private readonly db: Database) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    const result: unknown = await this.db.execute(query);
    return (result as { rows: T[] }).rows;
  }

  async branch(id: number) {
    const [row] = await this.db.select().from(branches).where(eq(branches.id, id)).limit(1);
    return row;
  }

  /**
   * Branches the user may report on: Administrator (and Doctors, whose rows are their own exams anyway) every
   * branch; branch staff their own; hospital users their hospital's branch.
   */
  async branchOptions(user: CurrentUser): Promise<{ id: number; name: string }[]> {
    const cols = { id: branches.id, name: branches.name };
    switch (user.scope) {
      case 'all':
      case 'assigned':
        return this.db.select(cols).from(branches).orderBy(asc(branches.id));
      case 'branch':
        return user.branchId === null ? [] : this.db.select(cols).from(branches).where(eq(branches.id, user.branchId));
      case 'hospital':
        return user.hospitalId === null
          ? []
          : this.db
              .select(cols)
              .from(branches)
              .innerJoin(hospitals, eq(hospitals.branchId, branches.id))
              .where(eq(hospitals.id, user.hospitalId));
    }
  }

  /**
   * Doctors the user may report on: a Doctor only themself; branch staff the doctors reading for a hospital of the
   * branch; hospital users those reading for their hospital; Administrator every doctor.
   */
  async doctorOptions(user: CurrentUser): Promise<{ id: string; name: string }[]> {
    const cols = { id: users.id, name: users.displayName };
    const doctors = and(eq(users.roleName, 'Doctor'), eq(users.isActive, true));
    switch (user.scope) {
      case 'assigned':
        return this.db.select(cols).from(users).where(eq(users.id, user.userId));
      case 'all':
        return this.db.select(cols).from(users).where(doctors).orderBy(asc(users.displayName));
      case 'branch':
      case 'hospital': {
        const client =
          user.scope === 'branch'
            ? user.branchId === null
              ? sql`false`
              : eq(hospitals.branchId, user.branchId)
            : user.hospitalId === null
              ? sql`false`
              : eq(hospitals.id, user.hospitalId);
        return this.db
          .selectDistinct(cols)
          .from(users)
          .innerJoin(doctorClients, eq(doctorClients.userId, users.id))
          .innerJoin(hospitals, eq(hospitals.id, doctorClients.hospitalId))
          .where(and(doctors, client))
          .orderBy(asc(users.displayName));
      }
    }
  }

  async doctorName(id: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ name: users.displayName })
      .from(users)
      .where(and(eq(users.id, id), eq(users.roleName, 'Doctor')));
    return row?.name;
  }

  /**
   * Exams of a branch from `from` (inclusive) to `to` (exclusive) by exam date, counted per Bangkok day or month,
   * modality and status, with their amounts. Reads the branch's slice of exams_branch_date_idx.
   */
  branchSummary(
    user: CurrentUser,
    f: { branchId: number; from: Date; to: Date; period: Period },
  ): Promise<BranchSummaryRow[]> {
    const bucket = sql.raw(`date_trunc('${TRUNC[f.period]}', exams.exam_date at time zone 'Asia/Bangkok')`);
    return this.rows<BranchSummaryRow>(sql`
      with s as (
        select ${exams.id} as id, ${exams.requestId} as request_id, ${exams.modalityCode} as modality_code, ${exams.status} as status,
               ${bucket} as bucket
          from ${exams}
         where ${exams.branchId} = ${f.branchId} and ${exams.deletedAt} is null
           and ${exams.examDate} >= ${ts(f.from)} and ${exams.examDate} < ${ts(f.to)}
           and ${examScopeCondition(user)}
      ),
      counts as (select bucket, modality_code, status, count(*)::int as n from s group by 1, 2, 3),
      amounts as (select s.bucket, s.modality_code, s.status, sum(${LINE_SATANG}) as satang from s ${LINES} group by 1, 2, 3)
      select to_char(c.bucket, ${sql.raw(`'${PERIOD_FORMAT[f.period]}'`)}) as "period", c.modality_code as "modalityCode", c.status as "status",
             c.n as "exams", coalesce(a.satang, 0)::float8 as "amountSatang"
        from counts c left join amounts a using (bucket, modality_code, status)
       order by c.bucket, c.modality_code, c.status`);
  }

  /**
   * Reads per doctor (the exam's reviewer) per period of the first finished report, with the turnaround of each
   * step — received → assigned, assigned → finished, received → finished — as median and 90th percentile minutes
   * (percentile_cont), per doctor and period, per doctor over the range, and for everyone (grouping sets).
   */
  doctorTurnaround(
    user: CurrentUser,
    f: { from: Date; to: Date; period: Period; branchId?: number; doctorId?: string },
  ): Promise<TurnaroundRow[]> {
    const bucket = sql.raw(`date_trunc('${TRUNC[f.period]}', exams.first_reported_at at time zone 'Asia/Bangkok')`);
    const extra: SQL[] = [];
    if (f.branchId !== undefined) extra.push(sql`and ${exams.branchId} = ${f.branchId}`);
    if (f.doctorId !== undefined) extra.push(sql`and ${exams.reviewerId} = ${f.doctorId}::uuid`);
    const p = (q: number, col: string) => sql.raw(`percentile_cont(${q}) within group (order by ${col})`);
    // Grouped by the reviewer's id (narrow sort keys); names are joined to the few result rows.
    return this.rows<TurnaroundRow>(sql`
      with r as (
        select ${exams.reviewerId} as doctor_id, ${bucket} as bucket,
               ${minutes(sql`${exams.receivedAt}`, sql`${exams.assignedAt}`)} as ra,
               ${minutes(sql`${exams.assignedAt}`, sql`${exams.firstReportedAt}`)} as af,
               ${minutes(sql`${exams.receivedAt}`, sql`${exams.firstReportedAt}`)} as rf
          from ${exams}
         where ${exams.firstReportedAt} >= ${ts(f.from)} and ${exams.firstReportedAt} < ${ts(f.to)}
           and ${exams.deletedAt} is null and ${exams.reviewerId} is not null and ${examScopeCondition(user)} ${sql.join(extra, sql` `)}
      ),
      g as (
        select doctor_id, bucket, grouping(doctor_id) as gd, grouping(bucket) as gb, count(*)::int as reads,
               ${p(0.5, 'ra')} as ra50, ${p(0.9, 'ra')} as ra90, ${p(0.5, 'af')} as af50, ${p(0.9, 'af')} as af90,
               ${p(0.5, 'rf')} as rf50, ${p(0.9, 'rf')} as rf90
          from r
         group by grouping sets ((doctor_id, bucket), (doctor_id), ())
      )
      select g.doctor_id as "doctorId", u.display_name as "doctorName",
             case when g.gb = 0 then to_char(g.bucket, ${sql.raw(`'${PERIOD_FORMAT[f.period]}'`)}) end as "period", g.reads as "reads",
             g.ra50 as "receivedToAssignedP50", g.ra90 as "receivedToAssignedP90",
             g.af50 as "assignedToFinishedP50", g.af90 as "assignedToFinishedP90",
             g.rf50 as "receivedToFinishedP50", g.rf90 as "receivedToFinishedP90"
        from g left join ${users} u on u.id = g.doctor_id
       order by g.gd, u.display_name, g.doctor_id, g.gb, g.bucket`);
  }

  /**
   * One row per branch (or client hospital) of the exams in a date range, with the workflow counts, the overdue
   * ones (reported after, or still open past, the expected time), the median received → finished minutes and the
   * amounts; the last row (groupId null) is the total.
   */
  centerSummary(
    user: CurrentUser,
    f: { from: Date; to: Date; now: Date; groupBy: 'branch' | 'hospital' },
  ): Promise<CenterRow[]> {
    const [gid, gname, join] =
      f.groupBy === 'branch'
        ? [sql`b.id`, sql`b.name`, sql`join ${branches} b on b.id = ${exams.branchId}`]
        : [
            sql`h.id`,
            sql`coalesce(h.name, 'ไม่ระบุโรงพยาบาล')`,
            sql`left join ${hospitals} h on h.id = ${exams.hospitalId}`,
          ];
    return this.rows<CenterRow>(sql`
      with s as (
        select ${exams.id} as id, ${exams.requestId} as request_id, ${exams.modalityCode} as modality_code, ${exams.status} as status,
               ${exams.isCritical} as is_critical, ${gid} as gid, ${gname} as gname,
               (${exams.expectedAt} is not null and coalesce(${exams.firstReportedAt}, ${ts(f.now)}) > ${exams.expectedAt}) as overdue,
               ${minutes(sql`${exams.receivedAt}`, sql`${exams.firstReportedAt}`)} as rf
          from ${exams} ${join}
         where ${exams.examDate} >= ${ts(f.from)} and ${exams.examDate} < ${ts(f.to)} and ${exams.deletedAt} is null
           and ${examScopeCondition(user)}
      ),
      counts as (
        select grouping(s.gid) as total, s.gid, case when grouping(s.gid) = 0 then s.gname end as gname,
               count(*)::int as exams,
               count(*) filter (where s.status in ('Scheduled', 'Arrived'))::int as waiting,
               count(*) filter (where s.status in ('Assigned', 'Accepted'))::int as reading,
               count(*) filter (where s.status = 'Completed')::int as completed,
               count(*) filter (where s.status = 'Rejected')::int as rejected,
               count(*) filter (where s.is_critical)::int as critical,
               count(*) filter (where s.overdue)::int as overdue,
               percentile_cont(0.5) within group (order by s.rf) as rf50
          from s group by grouping sets ((s.gid, s.gname), ())
      ),
      amounts as (select grouping(s.gid) as total, s.gid, sum(${LINE_SATANG}) as satang from s ${LINES} group by grouping sets ((s.gid), ()))
      -- A handful of groups on each side: joined on the group and the total flag (a null gid is both the total and
      -- "no hospital"). Amounts are summed per group, never joined back per exam, so the plan stays linear without
      -- planner statistics (PGlite never runs ANALYZE by itself).
      select c.total = 1 as "isTotal", c.gid as "groupId", c.gname as "groupName", c.exams as "exams", c.waiting as "waiting",
             c.reading as "reading", c.completed as "completed", c.rejected as "rejected", c.critical as "critical",
             c.overdue as "overdue", c.rf50 as "receivedToFinishedP50", coalesce(a.satang, 0)::float8 as "amountSatang"
        from counts c left join amounts a on a.total = c.total and a.gid is not distinct from c.gid
       order by c.total, c.gname`);
  }

  /** A request in the user's scope with what its documents print: patient, hospital, privilege and branch. */
  async request(user: CurrentUser, id: string) {
    const [row] = await this.db
      .select({
        id: requests.id,
        branchId: requests.branchId,
        patientId: requests.patientId,
        status: requests.status,
        appointmentAt: requests.appointmentAt,
        examStartTime: requests.examStartTime,
        examEndTime: requests.examEndTime,
        createdAt: requests.createdAt,
        hn: patients.hn,
        prefix: patients.prefixTh,
        firstName: patients.firstNameTh,
        middleName: patients.middleNameTh,
        lastName: patients.lastNameTh,
        birthDate: patients.birthDate,
        gender: patients.gender,
        branchName: branches.name,
        branchAddress: branches.address,
        branchPhone: branches.phone,
        hospitalName: hospitals.name,
        privilegeName: hospitalPrivileges.name,
      })
      .from(requests)
      .innerJoin(patients, eq(patients.id, requests.patientId))
      .innerJoin(branches, eq(branches.id, requests.branchId))
      .leftJoin(hospitals, eq(hospitals.id, requests.hospitalId))
      .leftJoin(hospitalPrivileges, eq(hospitalPrivileges.id, requests.privilegeId))
      .where(and(eq(requests.id, id), isNull(requests.deletedAt), requestScopeCondition(user)))
      .limit(1);
    return row;
  }

  /** The request's lines (product, quantity, dose, unit price fixed at save). */
  requestLines(requestId: string) {
    return this.db
      .select({
        productId: products.id,
        code: products.code,
        name: products.name,
        modalityCode: products.modalityCode,
        productGroup: products.productGroup,
        quantity: requestProducts.quantity,
        dose: requestProducts.dose,
        unitPriceSatang: requestProducts.unitPriceSatang,
      })
      .from(requestProducts)
      .innerJoin(products, eq(products.id, requestProducts.productId))
      .where(eq(requestProducts.requestId, requestId))
      .orderBy(asc(products.modalityCode), asc(products.productGroup), asc(products.name));
  }

  /** The request's exams (not deleted), with the name and HN they carry. */
  requestExams(requestId: string) {
    return this.db
      .select({
        id: exams.id,
        accessionNumber: exams.accessionNumber,
        modalityCode: exams.modalityCode,
        description: exams.description,
        examDate: exams.examDate,
        hn: exams.hn,
        prefixName: exams.prefixName,
        firstName: exams.firstName,
        middleName: exams.middleName,
        lastName: exams.lastName,
        birthDate: exams.birthDate,
        gender: exams.gender,
      })
      .from(exams)
      .where(and(eq(exams.requestId, requestId), isNull(exams.deletedAt)))
      .orderBy(asc(exams.modalityCode), asc(exams.accessionNumber));
  }

  /** Whether these branch ids exist (a parameter naming a branch that does not is a 400, not an empty report). */
  async existingBranchIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.select({ id: branches.id }).from(branches).where(inArray(branches.id, ids));
    return new Set(rows.map((r) => r.id));
  }
}

// The request bench's scenarios (what the request list sends to POST /api/request/search), the answer each must give
// — the page of rows and the total, computed with plain SQL over the tables, not with the server's code — and the
// first, checked call of each.
import type { RequestRow, RequestSearch } from '@rangsi/contract';
import { bangkokDay } from './worklist-load';
import { postSearch } from './search-call';
import { likeEscape, type SqlClient } from './sql-client';

export type RequestBenchUser = 'staff' | 'hospital' | 'admin';

export interface RequestScenario {
  id: string;
  title: string;
  user: RequestBenchUser;
  body: RequestSearch;
  /** Counted against the budget: the issue's searches; false for the modality filter, measured for information. */
  budgeted: boolean;
}

export interface RequestSamples {
  /** An accession number of an exam of the staff user's branch, about half the span back. */
  accession: string;
  /** The HN of a patient of the staff user's branch with several requests. */
  hn: string;
}

/** The same as the server's PAGE_SIZE and COUNT_CAP: 50 rows a page; totals past 10,000 may be a lower bound. */
export const PAGE_SIZE = 50;
export const COUNT_CAP = 10_000;

/**
 * What the request list sends: the default window of branch staff (today), the last 30 days, a hospital user's year,
 * an accession number or an HN typed on its own, and a piece of a Thai name within 30 days.
 */
export function requestScenarios(now: Date, s: RequestSamples, namePiece: string, modality: string): RequestScenario[] {
  const today = bangkokDay(now);
  const since = (days: number) => ({ startDate: bangkokDay(now, -days), endDate: today });
  const list: Omit<RequestScenario, 'budgeted'>[] = [
    {
      id: 'today-staff',
      title: 'today, branch scope (staff)',
      user: 'staff',
      body: { startDate: today, endDate: today },
    },
    { id: '30d-staff', title: '30 days, branch scope (staff)', user: 'staff', body: since(29) },
    { id: 'year-hospital', title: 'one year, hospital user', user: 'hospital', body: since(365) },
    {
      id: 'accession',
      title: 'exact accession, no dates (staff)',
      user: 'staff',
      body: { accessionNumber: s.accession },
    },
    {
      id: 'name-30d',
      title: `name piece "${namePiece}", 30 days (staff)`,
      user: 'staff',
      body: { ...since(29), patientName: namePiece },
    },
    { id: 'hn', title: 'HN, no dates (staff)', user: 'staff', body: { hn: s.hn } },
  ];
  return [
    ...list.map((x) => ({ ...x, budgeted: true })),
    {
      id: 'modality-30d',
      title: `modality ${modality}, 30 days (staff; not in the issue's list, no budget)`,
      user: 'staff',
      body: { ...since(29), modalityCode: modality },
      budgeted: false,
    },
  ];
}

const scopeSql: Record<RequestBenchUser, string> = {
  admin: 'true',
  staff: "r.branch_id = (select branch_id from users where username = 'staff')",
  hospital: "r.hospital_id = (select hospital_id from users where username = 'hospital')",
};

/** Picks the accession number and HN the scenarios look up, from the data itself. */
export async function pickRequestSamples(sql: SqlClient): Promise<RequestSamples> {
  const [a] = await sql.query<{ accession_number: string }>(
    `with span as (select min(appointment_at) as lo, max(appointment_at) as hi from requests)
     select e.accession_number from requests r join exams e on e.request_id = r.id, span
      where ${scopeSql.staff} and r.deleted_at is null and e.deleted_at is null and e.accession_number is not null
        and r.appointment_at <= span.lo + (span.hi - span.lo) / 2
      order by r.appointment_at desc limit 1`,
  );
  const [h] = await sql.query<{ hn: string }>(
    `select p.hn from requests r join patients p on p.id = r.patient_id
      where ${scopeSql.staff} and r.deleted_at is null
      order by r.appointment_at desc offset 100 limit 1`,
  );
  if (!a || !h) throw new Error("no request of the staff user's branch to sample");
  return { accession: a.accession_number, hn: h.hn };
}

export interface ExpectedAnswer {
  /** Every matching request (no cap). */
  total: number;
  /** The first page, as the API must answer it (the fields the bench checks). */
  rows: CheckedRow[];
}

/** The fields of a row the bench compares. */
export type CheckedRow = Pick<
  RequestRow,
  | 'requestId'
  | 'appointmentDate'
  | 'hn'
  | 'patientName'
  | 'status'
  | 'statusRemark'
  | 'missingDocumentNames'
  | 'allowToClickInvoice'
  | 'isCreatedAccountDocument'
  | 'customPriceId'
  | 'customPriceStatus'
  | 'paidBillingId'
  | 'latestBillingId'
  | 'latestBillingDocumentId'
> & {
  exams: { accessionNumber: string | null; modalityCode: string; status: number }[];
  patientId: string;
};

/** JSON with object keys sorted at every level, to compare two answers. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.entries(v)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/**
 * The answer each scenario must give, from plain SQL: the user's scope, rows not deleted, appointment within the
 * Bangkok days, the patient's HN / name (substring of the lower-cased Thai + English name), an exam with the
 * accession number; newest appointment first (then id). Per row: the exams not deleted by modality with their flags
 * (1 a scanned document, 4 images, 8 a reader, 16 a finished report), the newest custom price, billing, and the
 * request documents still missing (the doctor's order always; consent and creatinine with contrast; the MRI form for MR).
 */
export async function expectedAnswers(sql: SqlClient, list: RequestScenario[]): Promise<Map<string, ExpectedAnswer>> {
  const out = new Map<string, ExpectedAnswer>();
  for (const s of list) {
    const params: unknown[] = [];
    const add = (v: unknown) => `$${params.push(v)}`;
    const cond = ['r.deleted_at is null', scopeSql[s.user]];
    const b = s.body;
    if (b.startDate)
      cond.push(`r.appointment_at >= (${add(b.startDate)}::date)::timestamp at time zone 'Asia/Bangkok'`);
    if (b.endDate) cond.push(`r.appointment_at < (${add(b.endDate)}::date + 1)::timestamp at time zone 'Asia/Bangkok'`);
    if (b.hn) cond.push(`p.hn = ${add(b.hn)}`);
    if (b.patientName) cond.push(`p.search_name like ${add(`%${likeEscape(b.patientName.toLowerCase())}%`)}`);
    if (b.accessionNumber)
      cond.push(`r.id in (select request_id from exams where accession_number = ${add(b.accessionNumber)})`);
    if (b.modalityCode)
      cond.push(
        `r.id in (select request_id from exams where modality_code = ${add(b.modalityCode)} and deleted_at is null)`,
      );
    const where = cond.join(' and ');
    const [count] = await sql.query<{ n: number }>(
      `select count(*)::int as n from requests r join patients p on p.id = r.patient_id where ${where}`,
      params,
    );
    const rows = await sql.query<{ row: CheckedRow }>(
      `with page as (
         select r.*, p.hn, p.prefix_th, p.first_name_th, p.middle_name_th, p.last_name_th
           from requests r join patients p on p.id = r.patient_id
          where ${where}
          order by r.appointment_at desc, r.id desc limit ${PAGE_SIZE}
       ), facts as (
         select page.id, bool_or(pr.product_group = 'เวชภัณฑ์') as contrast, bool_or(pr.modality_code = 'MR') as mr
           from page join request_products rp on rp.request_id = page.id join products pr on pr.id = rp.product_id group by page.id
       )
       select json_build_object(
         'requestId', page.id, 'appointmentDate', to_char(page.appointment_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'hn', page.hn, 'patientName', concat_ws(' ', coalesce(page.prefix_th, '') || page.first_name_th, nullif(page.middle_name_th, ''), nullif(page.last_name_th, '')),
         'status', page.status, 'statusRemark', page.status_remark,
         'exams', coalesce((select json_agg(json_build_object('accessionNumber', e.accession_number, 'modalityCode', e.modality_code,
             'status', (case when exists (select 1 from documents d where d.exam_id = e.id and d.kind = 'document' and d.deleted_at is null) then 1 else 0 end)
                     + (case when e.has_image then 4 else 0 end) + (case when e.reviewer_id is not null then 8 else 0 end)
                     + (case when exists (select 1 from finished_reports f where f.exam_id = e.id) then 16 else 0 end)) order by e.modality_code)
             from exams e where e.request_id = page.id and e.deleted_at is null), '[]'),
         'missingDocumentNames', coalesce((select json_agg(l.name order by req.i) from unnest(array['ORDER', 'CONTRAST_CONSENT', 'LAB_CREATININE', 'MRI_SCREENING']) with ordinality req(code, i)
             join lookups l on l.kind = 'requestDocument' and l.code = req.code and l.is_active
            where (req.code = 'ORDER' or req.code in ('CONTRAST_CONSENT', 'LAB_CREATININE') and coalesce(facts.contrast, false) or req.code = 'MRI_SCREENING' and coalesce(facts.mr, false))
              and not exists (select 1 from documents d where d.request_id = page.id and d.deleted_at is null and d.document_type_id = l.id)), '[]'),
         'allowToClickInvoice', page.exam_start_time is not null and page.status <> 'Hold',
         'isCreatedAccountDocument', exists (select 1 from billing_requests br where br.request_id = page.id),
         'customPriceId', (select c.id from custom_prices c where c.request_id = page.id order by c.id desc limit 1),
         'customPriceStatus', (select c.status from custom_prices c where c.request_id = page.id order by c.id desc limit 1),
         'paidBillingId', (select b.id from billing_requests br join billings b on b.id = br.billing_id where br.request_id = page.id and br.paid_receipt_id is not null order by b.created_at limit 1),
         'latestBillingId', (select b.id from billing_requests br join billings b on b.id = br.billing_id where br.request_id = page.id order by b.created_at desc limit 1),
         'latestBillingDocumentId', (select b.document_no from billing_requests br join billings b on b.id = br.billing_id where br.request_id = page.id order by b.created_at desc limit 1),
         'patientId', page.patient_id) as row
       from page left join facts on facts.id = page.id
       order by page.appointment_at desc, page.id desc`,
      params,
    );
    out.set(s.id, {
      total: count?.n ?? 0,
      rows: rows.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row) as CheckedRow),
    });
  }
  return out;
}

export interface RequestCheck {
  /** Matching requests (plain SQL). */
  expected: number;
  /** What the API answered as total, and whether it said the total is a lower bound. */
  total: number;
  totalIsEstimate: boolean | undefined;
  rows: number;
  bytes: number;
  ms: number;
}

/**
 * One search, checked against the expected answer: 200 and success; the total exact up to 10,000 (past it the API may
 * answer a lower bound of at least 10,000 with totalIsEstimate); and the page row for row.
 */
export async function searchRequestsOnce(
  baseUrl: string,
  cookie: string,
  s: RequestScenario,
  expected: ExpectedAnswer,
): Promise<RequestCheck> {
  const { status, text, ms, envelope } = await postSearch(baseUrl, '/api/request/search', cookie, s.body);
  const what = `${s.id} ${JSON.stringify(s.body)}`;
  const data =
    envelope?.success === true
      ? (envelope.data as { total?: number; totalIsEstimate?: boolean; rows?: RequestRow[] } | undefined)
      : undefined;
  if (status !== 200 || !data || typeof data.total !== 'number' || !Array.isArray(data.rows)) {
    throw new Error(`${what} answered ${status}: ${text.slice(0, 300)}`);
  }
  const estimate = data.totalIsEstimate === true;
  if (
    estimate
      ? !(expected.total > COUNT_CAP && data.total >= COUNT_CAP && data.total <= expected.total)
      : data.total !== expected.total
  ) {
    throw new Error(
      `${what}: total ${data.total}${estimate ? ' (estimate)' : ''}, but ${expected.total} requests match`,
    );
  }
  if (expected.rows.length === 0) throw new Error(`${what}: the scenario matches no request; pick another`);
  const got = data.rows.map((r): CheckedRow => ({
    requestId: r.requestId,
    appointmentDate: r.appointmentDate,
    hn: r.hn,
    patientName: r.patientName,
    status: r.status,
    statusRemark: r.statusRemark,
    exams: r.exams.map((e) => ({ accessionNumber: e.accessionNumber, modalityCode: e.modalityCode, status: e.status })),
    missingDocumentNames: r.missingDocumentNames,
    allowToClickInvoice: r.allowToClickInvoice,
    isCreatedAccountDocument: r.isCreatedAccountDocument,
    customPriceId: r.customPriceId,
    customPriceStatus: r.customPriceStatus,
    paidBillingId: r.paidBillingId,
    latestBillingId: r.latestBillingId,
    latestBillingDocumentId: r.latestBillingDocumentId,
    patientId: r.patientInfo.patientId,
  }));
  if (got.length !== expected.rows.length)
    throw new Error(`${what}: ${got.length} rows, expected ${expected.rows.length}`);
  for (const [i, want] of expected.rows.entries()) {
    const have = got[i]!;
    // PostgreSQL keeps microseconds, a JavaScript Date milliseconds: equal to the millisecond is equal.
    const sameTime = Math.abs(Date.parse(have.appointmentDate) - Date.parse(want.appointmentDate)) < 1;
    const a = canonical({ ...have, appointmentDate: '' });
    const b = canonical({ ...want, appointmentDate: '' });
    if (!sameTime || a !== b) {
      throw new Error(
        `${what}: row ${i + 1} differs from the tables\n  API: ${have.appointmentDate} ${a}\n  SQL: ${want.appointmentDate} ${b}`,
      );
    }
  }
  return {
    expected: expected.total,
    total: data.total,
    totalIsEstimate: data.totalIsEstimate,
    rows: got.length,
    bytes: Buffer.byteLength(text),
    ms,
  };
}

/** A piece of a family name on the request list (the first three letters of the newest staff-branch request's patient), for small databases. */
export async function pickNamePiece(sql: SqlClient): Promise<string> {
  const [row] = await sql.query<{ piece: string }>(
    `select left(p.last_name_th, 3) as piece from requests r join patients p on p.id = r.patient_id
      where ${scopeSql.staff} and r.deleted_at is null and p.last_name_th is not null and r.appointment_at <= now()
      order by r.appointment_at desc limit 1`,
  );
  if (!row) throw new Error("no request of the staff user's branch to take a name from");
  return row.piece;
}

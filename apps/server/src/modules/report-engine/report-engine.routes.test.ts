import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/test-app';
import { formatCount, formatDuration, formatMoney } from './format';
import { decodeBarcodes, decodeQrCodes, pdfInfo, pdfText } from './testing/pdf-tools';
import { addDays, bangkokDayOf } from '@rangsi/domain';

let sut: TestContext;
const cookies: Record<string, string> = {};
const today = () => bangkokDayOf(new Date());

async function rows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await sut.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}
async function one<T>(query: SQL): Promise<T> {
  const [row] = await rows<T>(query);
  if (!row) throw new Error('no row');
  return row;
}

const list = (user: string, query: string) =>
  sut.app.inject({ method: 'GET', url: `/api/reports/reportlist?${query}`, headers: { cookie: cookies[user]! } });

/** Posts the url-encoded form, as the web's hidden form does. */
function view(user: string | null, name: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  return sut.app.inject({
    method: 'POST',
    url: `/ReportViewer/${name}`,
    headers: {
      ...(user ? { cookie: cookies[user]! } : {}),
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    payload: new URLSearchParams(params).toString(),
  });
}

async function pdfOf(user: string, name: string, params: Record<string, string>): Promise<Buffer> {
  const res = await view(user, name, params);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(/^inline; filename=/);
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  // REPORT_PDF_DIR=/tmp/x keeps every PDF a test printed, to look at.
  if (process.env.REPORT_PDF_DIR)
    writeFileSync(join(process.env.REPORT_PDF_DIR, `${name}-${user}-${Date.now()}.pdf`), res.rawPayload);
  return res.rawPayload;
}

let ids: { rs1: number; rs2: number; rs3: number; doctor1: string; doctor2: string };

beforeAll(async () => {
  sut = await createTestApp();
  for (const u of ['admin', 'staff', 'staff2', 'doctor1', 'doctor2', 'billing', 'hospital'])
    cookies[u] = await sut.login(u);
  const b = await rows<{ code: string; id: number }>(sql`select code, id from branches`);
  const u = await rows<{ username: string; id: string }>(
    sql`select username, id from users where username in ('doctor1', 'doctor2')`,
  );
  const branch = (code: string) => b.find((x) => x.code === code)!.id;
  const user = (name: string) => u.find((x) => x.username === name)!.id;
  ids = {
    rs1: branch('RS1'),
    rs2: branch('RS2'),
    rs3: branch('RS3'),
    doctor1: user('doctor1'),
    doctor2: user('doctor2'),
  };
}, 60_000);
afterAll(async () => {
  await sut.close();
});

describe('GET /api/reports/reportlist', () => {
  it('lists the reports of a prefix the user may run, with fields and starting values', async () => {
    const res = await list('admin', `prefix=branch_report_daily&examBranchId=${ids.rs2}`);
    expect(res.statusCode).toBe(200);
    const [report, ...rest] = res.json().data;
    expect(rest).toEqual([]);
    expect(report.reportName).toBe('branch_report_daily.rpt');
    expect(report.finishedReports).toEqual([]);
    const values = Object.fromEntries(
      report.reportParameters.map((p: { parameterName: string; value: string }) => [p.parameterName, p.value]),
    );
    // The page's branch is the form's starting branch; the range starts on the 1st of this month and ends today.
    expect(values).toEqual({ branchId: String(ids.rs2), startDate: `${today().slice(0, 7)}-01`, endDate: today() });
    const branch = report.fields.find((f: { name: string }) => f.name === 'branchId');
    expect(branch.options.map((o: { value: string }) => Number(o.value)).sort()).toEqual(
      [ids.rs1, ids.rs2, ids.rs3].sort(),
    );
  });

  it('offers branch staff only their own branch, and both branch reports under the shared prefix', async () => {
    const data = (await list('staff', 'prefix=branch_report')).json().data;
    expect(data.map((r: { reportName: string }) => r.reportName)).toEqual([
      'branch_report_daily.rpt',
      'branch_report_monthly.rpt',
    ]);
    for (const r of data)
      expect(
        r.fields
          .find((f: { name: string }) => f.name === 'branchId')
          .options.map((o: { value: string }) => Number(o.value)),
      ).toEqual([ids.rs1]);
  });

  it('lists nothing a user may not run, and a Doctor is offered only themself in the doctor report', async () => {
    expect((await list('doctor1', 'prefix=branch_report')).json().data).toEqual([]);
    // Hospital users read their own hospital's billing statements only (decision acc03).
    expect((await list('hospital', 'prefix=')).json().data.map((r: { reportName: string }) => r.reportName)).toEqual([
      'billing_statement.rpt',
    ]);
    const [doctor] = (await list('doctor1', 'prefix=doctor')).json().data;
    expect(doctor.reportName).toBe('doctor_turnaround.rpt');
    const field = doctor.fields.find((f: { name: string }) => f.name === 'doctorId');
    expect(field.options.map((o: { value: string }) => o.value)).toEqual([ids.doctor1]);
    expect(doctor.reportParameters).toContainEqual({ parameterName: 'doctorId', value: ids.doctor1 });
  });

  it('refuses no session (401) and a bad query (400)', async () => {
    expect((await sut.app.inject({ method: 'GET', url: '/api/reports/reportlist?prefix=pacs' })).statusCode).toBe(401);
    const bad = await list('admin', 'examBranchId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    expect((await list('admin', 'prefix=%3Cscript%3E')).statusCode).toBe(400);
  });
});

describe('POST /ReportViewer/{reportName}: refusals', () => {
  it('answers 404 with the name for an unknown report, as JSON or as the frame’s Thai page', async () => {
    const res = await view('admin', 'no_such_report.rpt', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'ไม่พบรายงานชื่อ "no_such_report.rpt"' });
    const page = await view('admin', 'no_such_report.rpt', {}, { accept: 'text/html,application/xhtml+xml' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="th">');
    expect(page.body).toContain('ไม่พบรายงานชื่อ &quot;no_such_report.rpt&quot;');
    expect((await view('admin', '..%2F..%2Fetc', {})).statusCode).toBe(404);
  });

  it('answers 400 naming the field for parameters of the wrong type or range, never 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ branchId: String(ids.rs1), startDate: 'abc', endDate: today() }, 'startDate'],
      [{ branchId: 'x', startDate: today(), endDate: today() }, 'branchId'],
      [{ branchId: String(ids.rs1), startDate: '2026-02-30', endDate: '2026-03-01' }, 'startDate'],
      [{ branchId: String(ids.rs1), startDate: today(), endDate: addDays(today(), -1) }, 'endDate'],
      [{ branchId: String(ids.rs1), startDate: addDays(today(), -100), endDate: today() }, 'endDate'],
      [{ branchId: String(ids.rs1), endDate: today() }, 'startDate'],
      [{ branchId: '999999', startDate: today(), endDate: today() }, 'branchId'],
    ];
    for (const [params, field] of cases) {
      const res = await view('admin', 'branch_report_daily.rpt', params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const html = await view('admin', 'branch_report_daily.rpt', cases[0]![0], { accept: 'text/html' });
    expect(html.statusCode).toBe(400);
    expect(html.body).toContain('startDate: วันที่ต้องอยู่ในรูปแบบ yyyy-MM-dd');
    const plain = await sut.app.inject({
      method: 'POST',
      url: '/ReportViewer/branch_report_daily.rpt',
      headers: { cookie: cookies.admin!, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toContain('ฟอร์ม');
    expect(
      (await view('admin', 'doctor_turnaround.rpt', { startDate: today(), endDate: today(), period: 'year' }))
        .statusCode,
    ).toBe(400);
    expect((await view('admin', 'sticker.rpt', { requestId: 'not-a-uuid' })).statusCode).toBe(400);
  });

  it('refuses without a session (401), without the permission (403) and outside the data scope (403/404)', async () => {
    const p = { startDate: today(), endDate: today() };
    expect((await view(null, 'branch_report_daily.rpt', p)).statusCode).toBe(401);
    expect((await view('doctor1', 'branch_report_daily.rpt', { ...p, branchId: String(ids.rs1) })).statusCode).toBe(
      403,
    );
    expect((await view('hospital', 'center_report_branches.rpt', p)).statusCode).toBe(403);
    const other = await view('staff', 'branch_report_daily.rpt', { ...p, branchId: String(ids.rs2) });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('ไม่มีสิทธิ์ดูรายงานของสาขานี้');
    const otherDoctor = await view('doctor1', 'doctor_turnaround.rpt', { ...p, doctorId: ids.doctor2 });
    expect(otherDoctor.statusCode).toBe(403);
  });
});

describe('branch report', () => {
  /** Exams of a branch in a Bangkok day range and their amounts, counted independently of the report's SQL. */
  async function expected(branchId: number, from: string, to: string) {
    const range = sql`e.branch_id = ${branchId} and e.deleted_at is null
      and e.exam_date >= ${`${from}T00:00:00+07:00`}::timestamptz and e.exam_date < ${`${addDays(to, 1)}T00:00:00+07:00`}::timestamptz`;
    const counts = await rows<{ status: string; n: number }>(
      sql`select e.status, count(*)::int as n from exams e where ${range} group by 1`,
    );
    const amount = await one<{
      satang: number;
    }>(sql`select coalesce(sum(rp.quantity * rp.unit_price_satang), 0)::float8 as satang
      from exams e join request_products rp on rp.request_id = e.request_id
      join products p on p.id = rp.product_id and p.modality_code = e.modality_code where ${range}`);
    return {
      total: counts.reduce((n, c) => n + c.n, 0),
      byStatus: Object.fromEntries(counts.map((c) => [c.status, c.n])),
      amount: amount.satang,
    };
  }

  it('daily: the Thai title, the branch, and totals equal to the seeded exams and their request lines', async () => {
    const from = addDays(today(), -30);
    const want = await expected(ids.rs1, from, today());
    expect(want.total).toBeGreaterThan(10);
    const pdf = await pdfOf('staff', 'branch_report_daily.rpt', {
      branchId: String(ids.rs1),
      startDate: from,
      endDate: today(),
    });
    const text = pdfText(pdf);
    expect(text).toContain('รายงานประจำวันของสาขา');
    const { name } = await one<{ name: string }>(sql`select name from branches where id = ${ids.rs1}`);
    expect(text).toContain(name);
    expect(text).toContain(`${formatCount(want.total)} รายการ · ${formatMoney(want.amount)} บาท`);
    // The by-status table: one line per status with its count and amount.
    const completed = new RegExp(
      `อ่านผลเสร็จ \\(Completed\\) ${formatCount(want.byStatus.Completed ?? 0)} [\\d,]+\\.\\d{2}`,
    );
    expect(text).toMatch(completed);
    expect(pdfInfo(pdf).widthPt).toBeGreaterThan(pdfInfo(pdf).heightPt);
  }, 60_000);

  it('monthly: this month and the last two, totals equal to the seeded exams', async () => {
    const month = today().slice(0, 7);
    const start = addDays(`${month}-01`, -40).slice(0, 7);
    const lastDay = addDays(
      `${new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 10)}`,
      -1,
    );
    const want = await expected(ids.rs2, `${start}-01`, lastDay);
    const text = pdfText(
      await pdfOf('admin', 'branch_report_monthly.rpt', {
        branchId: String(ids.rs2),
        startMonth: start,
        endMonth: month,
      }),
    );
    expect(text).toContain('รายงานประจำเดือนของสาขา');
    expect(text).toContain(`${formatCount(want.total)} รายการ · ${formatMoney(want.amount)} บาท`);
  }, 60_000);
});

describe('doctor report', () => {
  beforeAll(async () => {
    // Turnaround timestamps on the completed exams (the demo seed leaves them empty): deterministic per exam.
    await sut.database.db.execute(sql`update exams set
        assigned_at = received_at + ((abs(hashtext(id::text)) % 90) || ' minutes')::interval,
        first_reported_at = received_at + ((abs(hashtext(id::text)) % 90) + 20 + (abs(hashtext(reverse(id::text))) % 600) || ' minutes')::interval
      where status = 'Completed' and reviewer_id is not null and received_at is not null and deleted_at is null`);
  });

  it('assigning an exam stamps assigned_at (the turnaround clock), re-assigning the same doctor keeps it', async () => {
    const [exam] = await rows<{ id: string }>(
      sql`select id from exams where status = 'Arrived' and deleted_at is null and hospital_id is not null order by exam_date desc limit 1`,
    );
    const doctors = (
      await sut.app.inject({
        method: 'GET',
        url: `/api/uidata/assignabledoctor/${exam!.id}`,
        headers: { cookie: cookies.admin! },
      })
    ).json().data;
    const before = Date.now();
    const assign = () =>
      sut.app.inject({
        method: 'POST',
        url: `/api/exam/${exam!.id}/assign`,
        headers: { cookie: cookies.admin! },
        payload: { doctorId: doctors[0].doctorId },
      });
    expect((await assign()).statusCode).toBe(200);
    const first = await one<{ at: Date }>(sql`select assigned_at as at from exams where id = ${exam!.id}`);
    expect(new Date(first.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await assign()).statusCode).toBe(200);
    const again = await one<{ at: Date }>(sql`select assigned_at as at from exams where id = ${exam!.id}`);
    expect(new Date(again.at).getTime()).toBe(new Date(first.at).getTime());
  });

  it('reads per doctor with median and P90 turnaround equal to percentile_cont over the seeded exams', async () => {
    const from = addDays(today(), -40);
    const range = sql`first_reported_at >= ${`${from}T00:00:00+07:00`}::timestamptz and first_reported_at < ${`${addDays(today(), 1)}T00:00:00+07:00`}::timestamptz and deleted_at is null and reviewer_id is not null`;
    const all = await one<{ n: number; p50: number; p90: number }>(sql`select count(*)::int as n,
        percentile_cont(0.5) within group (order by extract(epoch from first_reported_at - received_at) / 60) as p50,
        percentile_cont(0.9) within group (order by extract(epoch from first_reported_at - received_at) / 60) as p90
      from exams where ${range}`);
    expect(all.n).toBeGreaterThan(5);
    const text = pdfText(
      await pdfOf('admin', 'doctor_turnaround.rpt', { startDate: from, endDate: today(), period: 'month' }),
    );
    expect(text).toContain('รายงานการอ่านผลของแพทย์');
    const total = text.split('\n').find((l) => l.includes('รวมทุกแพทย์'));
    expect(total).toBeDefined();
    const numbers = total!.trim().split(' ').slice(1);
    expect(numbers[0]).toBe(formatCount(all.n));
    expect(numbers.slice(-2)).toEqual([formatDuration(all.p50), formatDuration(all.p90)]);

    // A Doctor sees only their own reads.
    const mine = await one<{ n: number }>(
      sql`select count(*)::int as n from exams where ${range} and reviewer_id = ${ids.doctor1}`,
    );
    const own = pdfText(
      await pdfOf('doctor1', 'doctor_turnaround.rpt', { startDate: from, endDate: today(), period: 'month' }),
    );
    const { name } = await one<{ name: string }>(sql`select display_name as name from users where id = ${ids.doctor2}`);
    expect(own).not.toContain(name);
    if (mine.n > 0) expect(own).toMatch(new RegExp(`รวม ${formatCount(mine.n)} `));
    else expect(own).toContain('ไม่พบข้อมูล');
  }, 60_000);
});

describe('center report', () => {
  it('per branch for the Administrator, only their own branch for Accounting; totals equal the seeded exams', async () => {
    const from = addDays(today(), -30);
    const all = await one<{ n: number }>(sql`select count(*)::int as n from exams where deleted_at is null
      and exam_date >= ${`${from}T00:00:00+07:00`}::timestamptz and exam_date < ${`${addDays(today(), 1)}T00:00:00+07:00`}::timestamptz`);
    const names = await rows<{ id: number; name: string }>(sql`select id, name from branches order by id`);
    const admin = pdfText(await pdfOf('admin', 'center_report_branches.rpt', { startDate: from, endDate: today() }));
    expect(admin).toContain('สรุปภาพรวมการให้บริการรายสาขา');
    for (const b of names) expect(admin).toContain(b.name);
    expect(admin).toMatch(new RegExp(`รวม ${formatCount(all.n)} `));
    const own = pdfText(await pdfOf('billing', 'center_report_branches.rpt', { startDate: from, endDate: today() }));
    expect(own).toContain(names.find((b) => b.id === ids.rs1)!.name);
    expect(own).not.toContain(names.find((b) => b.id === ids.rs2)!.name);
    const hospitals = pdfText(
      await pdfOf('admin', 'center_report_hospitals.rpt', { startDate: from, endDate: today() }),
    );
    expect(hospitals).toContain('โรงพยาบาลผู้ส่งตรวจ');
  }, 60_000);
});

describe('sticker and request documents', () => {
  let requestId: string;
  let exams: { accession: string; hn: string; first_name: string }[];

  beforeAll(async () => {
    const r = await one<{
      id: string;
    }>(sql`select r.id from requests r where r.branch_id = ${ids.rs1} and r.status <> 'Hold'
        and r.exam_start_time is not null and r.deleted_at is null
        and (select count(*) from exams e where e.request_id = r.id and e.accession_number is not null and e.deleted_at is null) >= 1
      order by (select count(*) from exams e where e.request_id = r.id) desc, r.appointment_at desc limit 1`);
    requestId = r.id;
    exams =
      await rows(sql`select accession_number as accession, hn, first_name from exams where request_id = ${requestId}
      and accession_number is not null and deleted_at is null order by modality_code, accession_number`);
  });

  it('prints one 50 × 30 mm label per exam whose barcode decodes to its accession number', async () => {
    const pdf = await pdfOf('staff', 'sticker.rpt', { requestId });
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(exams.length);
    // 50 × 30 mm = 141.7 × 85.0 pt (Chromium rounds to whole CSS pixels).
    expect(Math.abs(info.widthPt - 141.7)).toBeLessThan(1.5);
    expect(Math.abs(info.heightPt - 85.0)).toBeLessThan(1.5);
    const text = pdfText(pdf);
    for (const e of exams) {
      expect(text).toContain(e.hn);
      expect(text).toContain(e.accession);
      expect(text).toContain(e.first_name);
    }
    expect(decodeBarcodes(pdf)).toEqual(exams.map((e) => [e.accession]));
  }, 60_000);

  it('escapes what the data holds (a name with markup prints as text)', async () => {
    await sut.database.db.execute(
      sql`update exams set first_name = '<script>alert(1)</script>' where request_id = ${requestId}`,
    );
    const doc = await sut.app.reports.renderHtml('sticker.rpt', { requestId }, await currentUser('staff'));
    expect(doc.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(doc.html).not.toContain('<script>');
    expect(doc.html.startsWith('<!doctype html><html lang="th">')).toBe(true);
    await sut.database.db.execute(
      sql`update exams e set first_name = p.first_name_th from patients p where e.request_id = ${requestId} and p.id = e.patient_id`,
    );
  });

  it('invoice: the request’s lines and total, and an IV number given on the first print and kept after', async () => {
    const want = await one<{ satang: number }>(
      sql`select coalesce(sum(quantity * unit_price_satang), 0)::float8 as satang from request_products where request_id = ${requestId}`,
    );
    const invoice = await pdfOf('staff', 'accounting_invoice.rpt', { requestId });
    const text = pdfText(invoice);
    expect(text).toContain('ใบแจ้งค่าบริการตรวจ');
    // No PROMPTPAY_BILLER_ID in this app: no payment QR code (decision acc41; with one: billing-documents.routes.test.ts).
    expect(await decodeQrCodes(invoice)).toEqual([null]);
    expect(text).not.toContain('พร้อมเพย์');
    expect(text).toMatch(new RegExp(`รวมทั้งสิ้น ${formatMoney(want.satang).replaceAll('.', '\\.')}`));
    expect(text).not.toContain('จะมาพร้อมระบบบัญชีและการเงิน');
    const issued = await one<{ document_no: string }>(
      sql`select document_no from invoices where request_id = ${requestId}`,
    );
    expect(issued.document_no).toMatch(/^IV25\d\d-RS1-\d{5}$/);
    expect(text).toContain(issued.document_no);
    const again = pdfText(await pdfOf('staff', 'accounting_invoice.rpt', { requestId }));
    expect(again).toContain(issued.document_no);
    expect((await rows(sql`select 1 from invoices where request_id = ${requestId}`)).length).toBe(1);
  }, 60_000);

  it('refuses a held request (409), one outside the scope (404) and a user without REQUEST_INVOICE (403)', async () => {
    const held = await one<{ id: string }>(
      sql`select id from requests where branch_id = ${ids.rs1} and deleted_at is null and id <> ${requestId} order by appointment_at desc limit 1`,
    );
    await sut.database.db.execute(
      sql`update requests set status = 'Hold', exam_start_time = coalesce(exam_start_time, '09:00') where id = ${held.id}`,
    );
    const hold = await view('staff', 'sticker.rpt', { requestId: held.id });
    expect(hold.statusCode).toBe(409);
    expect(hold.json().message).toContain('Hold');
    expect((await view('staff2', 'sticker.rpt', { requestId })).statusCode).toBe(404);
    expect((await view('hospital', 'sticker.rpt', { requestId })).statusCode).toBe(403);
    expect(
      (await view('staff', 'accounting_invoice.rpt', { requestId: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });
});

describe('billing statement', () => {
  it('prints a billing batch with its requests and total for Accounting, records the print; another branch’s batch is not found', async () => {
    const h1 = await one<{ id: number }>(
      sql`select id from hospitals where branch_id = ${ids.rs1} order by id limit 1`,
    );
    const h3 = await one<{ id: number }>(
      sql`select id from hospitals where branch_id = ${ids.rs2} order by id limit 1`,
    );
    const reqs = await rows<{ id: string; appointment_at: string }>(
      sql`select id, appointment_at from requests where hospital_id = ${h1.id} and deleted_at is null order by appointment_at limit 3`,
    );
    const billingId = '11111111-1111-4111-8111-111111111111';
    const otherId = '22222222-2222-4222-8222-222222222222';
    await sut.database.db
      .execute(sql`insert into billings (id, document_no, branch_id, hospital_id, start_date, end_date) values
      (${billingId}, 'BL2569-RS1-99001', ${ids.rs1}, ${h1.id}, '2026-01-01', '2026-01-31'), (${otherId}, 'BL2569-RS2-99002', ${ids.rs2}, ${h3.id}, '2026-01-01', '2026-01-31')`);
    for (const [i, r] of reqs.entries()) {
      await sut.database.db.execute(
        sql`insert into billing_requests (billing_id, request_id, total_satang, appointment_at) values (${billingId}, ${r.id}, ${123_456 * (i + 1)}, ${r.appointment_at})`,
      );
    }
    const total = reqs.reduce((n, _r, i) => n + 123_456 * (i + 1), 0);
    const statement = await pdfOf('billing', 'billing_statement.rpt', { billingId, new: 'true' });
    const text = pdfText(statement);
    expect(text).toContain('ใบวางบิล เลขที่ BL2569-RS1-99001 (พิมพ์ซ้ำ)');
    expect(await decodeQrCodes(statement)).toEqual([null]);
    expect(text).not.toContain('พร้อมเพย์');
    expect(text).toMatch(new RegExp(`รวมทั้งสิ้น ${formatMoney(total).replaceAll('.', '\\.')}`));
    expect(text).toContain('01-01-2569');
    expect(
      (await one<{ is_printed: boolean }>(sql`select is_printed from billings where id = ${billingId}`)).is_printed,
    ).toBe(true);
    expect((await view('billing', 'billing_statement.rpt', { billingId: otherId })).statusCode).toBe(404);
    expect((await view('staff', 'billing_statement.rpt', { billingId })).statusCode).toBe(403);
    expect((await view('billing', 'billing_statement.rpt', { billingId, new: 'maybe' })).statusCode).toBe(400);
    // A hospital user reads their own hospital's statement (PDF only), not another's, and does not mark it printed.
    const own = await view('hospital', 'billing_statement.rpt', { billingId });
    expect([
      own.statusCode,
      (await view('hospital', 'billing_statement.rpt', { billingId: otherId })).statusCode,
    ]).toEqual([200, 404]);
  }, 60_000);
});

/** The CurrentUser behind a test login (what the routes see). */
async function currentUser(username: string) {
  const raw = cookies[username]!.split('; ')
    .find((c) => c.startsWith('rangsi_session='))!
    .slice('rangsi_session='.length);
  const token = sut.app.unsignCookie(decodeURIComponent(raw)).value;
  const user = token ? await sut.services.auth.currentUser(token) : null;
  if (!user) throw new Error(`no session for ${username}`);
  return user;
}

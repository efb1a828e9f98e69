import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bangkokDayOf } from '@rangsi/domain';
import { createBatch, openBillingTest, type BillingTestContext } from './billing.test-helpers';

let t: BillingTestContext;
beforeAll(async () => {
  t = await openBillingTest();
}, 60_000);
afterAll(async () => {
  await t.sut.close();
});

const UUID = '00000000-0000-4000-8000-000000000000';
const range = (ids: string[]) => {
  const days = t.fx.h1Requests
    .filter((r) => ids.includes(r.id))
    .map((r) => r.day)
    .sort();
  return { startDate: days[0]!, endDate: days.at(-1)! };
};

describe('who may call billing (decision acc03)', () => {
  const calls: [method: 'GET' | 'POST', url: string][] = [
    ['GET', '/api/uidata/billingCondition'],
    ['GET', '/api/billing/hospital/1/privileges'],
    ['GET', '/api/billing/search?startDate=2026-01-01&endDate=2026-01-31&hospitalId=1'],
    ['POST', '/api/billing/create'],
    ['GET', '/api/billing/history'],
    ['GET', '/api/billing/aging'],
    ['GET', `/api/billing/${UUID}/detail`],
    ['POST', `/api/billing/${UUID}/paid/${UUID}`],
    ['POST', `/api/billing/${UUID}/unpaid/${UUID}`],
    ['POST', `/api/billing/${UUID}/receipt/create`],
    ['POST', `/api/billing/${UUID}/receipt/${UUID}/void`],
    ['GET', `/api/billing/${UUID}/receipt/${UUID}/file`],
  ];

  it.each(calls)(
    '%s %s: 401 anonymous, 403 for staff and hospital users, before any validation',
    async (method, url) => {
      const call = (user: string | null) => (method === 'GET' ? t.get(user, url) : t.post(user, url, { bogus: true }));
      expect((await call(null)).statusCode).toBe(401);
      expect((await call('staff')).statusCode).toBe(403);
      const hospital = await call('hospital');
      expect(hospital.statusCode).toBe(403);
      expect(hospital.json().message).toBe('ไม่มีสิทธิ์ใช้งานส่วนนี้');
    },
  );
});

describe('GET /api/uidata/billingCondition and the privileges of a hospital', () => {
  it('lists the hospitals of the user’s branch (all for an Administrator), a hospital’s privileges and the default range', async () => {
    const res = await t.get('billing', `/api/uidata/billingCondition?hospitalId=${t.fx.h1}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const ids = data.hospitals.map((h: { id: number }) => h.id);
    expect(ids).toEqual(expect.arrayContaining([t.fx.h1, t.fx.h2]));
    expect(ids).not.toContain(t.fx.h3);
    const privileges = await t.rows<{ id: number; name: string }>(
      sql`select id, name from hospital_privileges where hospital_id = ${t.fx.h1} and is_active order by name, id`,
    );
    expect(data.privileges).toEqual(privileges);
    expect(data.defaultEndDate).toBe(bangkokDayOf(new Date()));
    expect(data.defaultStartDate).toMatch(/^\d{4}-\d{2}-01$/);
    expect(data.defaultStartDate < data.defaultEndDate).toBe(true);
    const none = (await t.get('billing', '/api/uidata/billingCondition')).json().data;
    expect(none.privileges).toEqual([]);
    const admin = (await t.get('admin', '/api/uidata/billingCondition')).json().data;
    expect(admin.hospitals.map((h: { id: number }) => h.id)).toContain(t.fx.h3);
  });

  it('privileges of a hospital: its own for the branch, 404 for another branch’s hospital, 400 for a bad id', async () => {
    const res = await t.get('billing', `/api/billing/hospital/${t.fx.h1}/privileges`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
    expect((await t.get('billing', `/api/billing/hospital/${t.fx.h3}/privileges`)).statusCode).toBe(404);
    expect((await t.get('billing2', `/api/billing/hospital/${t.fx.h3}/privileges`)).statusCode).toBe(200);
    expect((await t.get('admin', `/api/billing/hospital/${t.fx.h3}/privileges`)).statusCode).toBe(200);
    const bad = await t.get('billing', '/api/billing/hospital/abc/privileges');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('โรงพยาบาล');
  });
});

describe('GET /api/billing/search', () => {
  it('lists the hospital’s live requests in the range, oldest first, with totals from their priced lines', async () => {
    const first = t.fx.h1Requests[0]!;
    const last = t.fx.h1Requests[9]!;
    const res = await t.get(
      'billing',
      `/api/billing/search?startDate=${first.day}&endDate=${last.day}&hospitalId=${t.fx.h1}`,
    );
    expect(res.statusCode).toBe(200);
    const { rows, truncated } = res.json().data;
    expect(truncated).toBe(false);
    const want = await t.rows<{ id: string; satang: number }>(sql`
      select r.id, (select coalesce(sum(rp.unit_price_satang * rp.quantity), 0) from request_products rp where rp.request_id = r.id)::int as satang
        from requests r where r.hospital_id = ${t.fx.h1} and r.deleted_at is null and r.status <> 'Hold'
         and r.appointment_at >= ${`${first.day}T00:00:00+07:00`}::timestamptz and r.appointment_at < (${`${last.day}T00:00:00+07:00`}::timestamptz + interval '1 day')
       order by r.appointment_at, r.id`);
    expect(rows.map((r: { requestId: string }) => r.requestId)).toEqual(want.map((w) => w.id));
    expect(rows.map((r: { totalPrice: number }) => Math.round(r.totalPrice * 100))).toEqual(want.map((w) => w.satang));
    for (const r of rows) expect(r).toMatchObject({ isPaid: false, checked: true, paidBillingId: null });
    expect(rows[0].hn).toBeTruthy();
    expect(rows[0].patientName).toBeTruthy();
  });

  it('filters by privilege, and refuses another hospital’s privilege', async () => {
    const withPrivilege = t.fx.h1Requests.find((r) => r.privilegeId !== null)!;
    const res = await t.get(
      'billing',
      `/api/billing/search?startDate=${withPrivilege.day}&endDate=${withPrivilege.day}&hospitalId=${t.fx.h1}&privilegeId=${withPrivilege.privilegeId}`,
    );
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.rows.map((r: { requestId: string }) => r.requestId);
    expect(ids).toContain(withPrivilege.id);
    const other = await t.one<{ id: number }>(
      sql`select id from hospital_privileges where hospital_id = ${t.fx.h3} limit 1`,
    );
    const refused = await t.get(
      'billing',
      `/api/billing/search?startDate=${withPrivilege.day}&endDate=${withPrivilege.day}&hospitalId=${t.fx.h1}&privilegeId=${other.id}`,
    );
    expect(refused.statusCode).toBe(400);
  });

  it.each([
    ['reversed dates', 'startDate=2026-02-01&endDate=2026-01-01', 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น'],
    ['an impossible date', 'startDate=2026-02-30&endDate=2026-03-01', 'ไม่มีวันที่นี้ในปฏิทิน'],
    ['a date in another format', 'startDate=01-02-2026&endDate=2026-03-01', 'yyyy-MM-dd'],
    ['more than 366 days', 'startDate=2024-01-01&endDate=2025-01-01', 'ไม่เกิน 366 วัน'],
    ['no dates', '', 'วันที่'],
  ])('refuses %s with a Thai 400', async (_name, query, message) => {
    const res = await t.get('billing', `/api/billing/search?${query}&hospitalId=${t.fx.h1}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('refuses a missing or non-numeric hospital (400) and another branch’s hospital (404)', async () => {
    expect((await t.get('billing', '/api/billing/search?startDate=2026-01-01&endDate=2026-01-31')).statusCode).toBe(
      400,
    );
    expect(
      (await t.get('billing', '/api/billing/search?startDate=2026-01-01&endDate=2026-01-31&hospitalId=x')).statusCode,
    ).toBe(400);
    expect(
      (await t.get('billing', `/api/billing/search?startDate=2026-01-01&endDate=2026-01-31&hospitalId=${t.fx.h3}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/billing/create', () => {
  it('makes a batch with a BL number, totals computed here (an approved custom price included), and audits it', async () => {
    const chosen = t.fx.h1Requests.slice(0, 3).map((r) => r.id);
    // An approved custom price is the unit price the approval leaves on the request's line.
    const line = await t.one<{ product_id: number; quantity: number }>(
      sql`select product_id, quantity from request_products where request_id = ${chosen[0]} limit 1`,
    );
    await t.sut.database.db.execute(
      sql`insert into custom_prices (request_id, items, status) values (${chosen[0]}, ${JSON.stringify([{ productId: line.product_id, priceSatang: 123_45 }])}::jsonb, 'Approved')`,
    );
    await t.sut.database.db.execute(
      sql`update request_products set unit_price_satang = 12345 where request_id = ${chosen[0]} and product_id = ${line.product_id}`,
    );
    const want = await t.rows<{ id: string; satang: number }>(
      sql`select request_id as id, sum(unit_price_satang * quantity)::int as satang from request_products where request_id in (${sql.join(
        chosen.map((c) => sql`${c}`),
        sql`, `,
      )}) group by request_id`,
    );
    const before = await t.count('billings');
    const res = await t.post('billing', '/api/billing/create', {
      ...range(chosen),
      hospital: t.fx.h1,
      privilageId: null,
      requestIds: chosen,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { billingId, documentId } = res.json().data;
    expect(documentId).toMatch(/^BL25\d\d-RS1-\d{5}$/);
    expect(await t.count('billings')).toBe(before + 1);
    const stored = await t.rows<{ request_id: string; total_satang: number }>(
      sql`select request_id, total_satang from billing_requests where billing_id = ${billingId}`,
    );
    expect(Object.fromEntries(stored.map((s) => [s.request_id, s.total_satang]))).toEqual(
      Object.fromEntries(want.map((w) => [w.id, w.satang])),
    );
    const detail = (await t.get('billing', `/api/billing/${billingId}/detail`)).json().data;
    expect(Math.round(detail.totalPrice * 100)).toBe(want.reduce((n, w) => n + w.satang, 0));
    expect(detail).toMatchObject({ billingId, documentId, isPrinted: false, paidPrice: 0, hospitalId: t.fx.h1 });
    const audit = await t.rows<{ action: string }>(
      sql`select action from audit_log where action = 'billing.create' and entity_id = ${billingId}`,
    );
    expect(audit.length).toBe(1);
    // The search now shows the batch on its requests.
    const search = (
      await t.get(
        'billing',
        `/api/billing/search?${new URLSearchParams({ ...range(chosen), hospitalId: String(t.fx.h1) }).toString()}`,
      )
    ).json().data;
    const row = search.rows.find((r: { requestId: string }) => r.requestId === chosen[0]);
    expect(row).toMatchObject({
      latestBillingId: billingId,
      latestBillingDocumentId: documentId,
      isPaid: false,
      checked: true,
    });
  });

  it('numbers batches one after another without gaps, a refused batch taking no number', async () => {
    const a = await createBatch(t, [t.fx.h1Requests[5]!.id]);
    const refused = await t.post('billing', '/api/billing/create', {
      ...range([t.fx.h1Requests[6]!.id]),
      hospital: t.fx.h1,
      requestIds: [t.fx.h1Requests[6]!.id, t.fx.h2Request],
    });
    expect(refused.statusCode).toBe(400);
    const b = await createBatch(t, [t.fx.h1Requests[6]!.id]);
    const seq = (no: string) => Number(no.slice(-5));
    expect(seq(b.documentId)).toBe(seq(a.documentId) + 1);
  });

  it.each([
    ['a request of another hospital', () => [t.fx.h1Requests[7]!.id, t.fx.h2Request], 'ไม่อยู่ในสาขา/โรงพยาบาล/สิทธิที่เลือก'],
    ['a request of another branch', () => [t.fx.h1Requests[7]!.id, t.fx.h3Request], 'ไม่อยู่ในสาขา/โรงพยาบาล/สิทธิที่เลือก'],
    ['a request that does not exist', () => [t.fx.h1Requests[7]!.id, UUID], '1 รายการ'],
    ['the same request twice', () => [t.fx.h1Requests[7]!.id, t.fx.h1Requests[7]!.id], 'ซ้ำ'],
  ])('refuses %s (400), saving nothing', async (_name, ids, message) => {
    const counts = [await t.count('billings'), await t.count('billing_requests'), await t.count('document_numbers')];
    const res = await t.post('billing', '/api/billing/create', {
      ...range([t.fx.h1Requests[7]!.id]),
      hospital: t.fx.h1,
      privilageId: null,
      requestIds: ids(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect([await t.count('billings'), await t.count('billing_requests'), await t.count('document_numbers')]).toEqual(
      counts,
    );
  });

  it('refuses requests outside the range, deleted ones and those on Hold, naming how many', async () => {
    const [a, b, c] = [t.fx.h1Requests[8]!, t.fx.h1Requests[9]!, t.fx.h1Requests[30]!];
    const out = await t.post('billing', '/api/billing/create', {
      startDate: a.day,
      endDate: a.day,
      hospital: t.fx.h1,
      requestIds: [a.id, c.id],
    });
    expect(out.statusCode).toBe(c.day === a.day ? 200 : 400);
    if (c.day !== a.day) expect(out.json().message).toContain('นอกช่วงวันที่');
    await t.sut.database.db.execute(sql`update requests set deleted_at = now() where id = ${b.id}`);
    const gone = await t.post('billing', '/api/billing/create', {
      ...range([b.id]),
      hospital: t.fx.h1,
      requestIds: [b.id],
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toContain('ถูกลบ');
    await t.sut.database.db.execute(sql`update requests set deleted_at = null where id = ${b.id}`);
  });

  it('refuses already-paid requests (409), and another branch’s user and hospital (404)', async () => {
    const r = t.fx.h1Requests[10]!.id;
    const { billingId } = await createBatch(t, [r]);
    expect((await t.post('billing', `/api/billing/${billingId}/paid/${r}`)).statusCode).toBe(200);
    const before = await t.count('billings');
    const again = await t.post('billing', '/api/billing/create', { ...range([r]), hospital: t.fx.h1, requestIds: [r] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('ชำระแล้ว');
    expect(await t.count('billings')).toBe(before);
    const foreign = await t.post('billing2', '/api/billing/create', {
      ...range([r]),
      hospital: t.fx.h1,
      requestIds: [r],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it.each([
    ['5,000 requests', () => ({ requestIds: Array.from({ length: 5000 }, () => UUID) }), '2,000'],
    ['no requests', () => ({ requestIds: [] }), 'อย่างน้อย 1'],
    ['a request id that is not one', () => ({ requestIds: ['1; drop table billings'] }), 'ใบส่งตรวจไม่ถูกต้อง'],
    ['reversed dates', () => ({ startDate: '2026-02-01', endDate: '2026-01-01' }), 'วันที่สิ้นสุด'],
    ['an impossible date', () => ({ startDate: '2026-13-01' }), 'ปฏิทิน'],
    ['a non-numeric hospital', () => ({ hospital: 'abc' }), 'โรงพยาบาล'],
  ])('refuses %s (400)', async (_name, change, message) => {
    const body = {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      hospital: t.fx.h1,
      privilageId: null,
      requestIds: [t.fx.h1Requests[11]!.id],
      ...change(),
    };
    const res = await t.post('billing', '/api/billing/create', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('GET /api/billing/history', () => {
  it('lists batches newest first with receipts and the highlight until printed; pages of 50 by cursor', async () => {
    // 55 batches of H2, older than any made by the tests, to page through.
    await t.sut.database.db
      .execute(sql`insert into billings (document_no, branch_id, hospital_id, start_date, end_date, created_at)
      select 'BL2500-RS1-T' || lpad(g::text, 4, '0'), ${t.fx.rs1}, ${t.fx.h2}, '2026-01-01', '2026-01-31', timestamptz '2020-01-01' + g * interval '1 minute'
        from generate_series(1, 55) g`);
    const first = (await t.get('billing', `/api/billing/history?hospitalId=${t.fx.h2}`)).json().data;
    expect(first.entries.length).toBe(50);
    expect(first.entries[0]).toMatchObject({
      documentId: 'BL2500-RS1-T0055',
      isHighlight: true,
      isAllPaid: true,
      receipts: [],
      privilageName: null,
    });
    const second = (
      await t.get(
        'billing',
        `/api/billing/history?hospitalId=${t.fx.h2}&before=${encodeURIComponent(first.nextBefore)}`,
      )
    ).json().data;
    expect(second.entries.map((e: { documentId: string }) => e.documentId)).toEqual([
      'BL2500-RS1-T0005',
      'BL2500-RS1-T0004',
      'BL2500-RS1-T0003',
      'BL2500-RS1-T0002',
      'BL2500-RS1-T0001',
    ]);
    expect(second.nextBefore).toBeNull();
    expect((await t.get('billing2', `/api/billing/history?hospitalId=${t.fx.h2}`)).statusCode).toBe(404);
    expect((await t.get('billing', '/api/billing/history?before=yesterday')).statusCode).toBe(400);
  });

  it('shows a new batch on top, not all paid, highlighted until its statement is printed', async () => {
    const { billingId } = await createBatch(t, [t.fx.h1Requests[12]!.id]);
    const top = (await t.get('billing', `/api/billing/history?hospitalId=${t.fx.h1}`)).json().data.entries[0];
    expect(top).toMatchObject({ billingId, isAllPaid: false, isHighlight: true });
    const statement = await t.sut.app.inject({
      method: 'POST',
      url: '/ReportViewer/billing_statement.rpt',
      headers: { cookie: t.cookies.billing!, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `billingId=${billingId}`,
    });
    expect(statement.statusCode, statement.body.slice(0, 200)).toBe(200);
    const after = (await t.get('billing', `/api/billing/history?hospitalId=${t.fx.h1}`)).json().data.entries[0];
    expect(after).toMatchObject({ billingId, isHighlight: false });
    const printed = await t.rows(
      sql`select 1 from audit_log where action = 'billing.statement.print' and entity_id = ${billingId}`,
    );
    expect(printed.length).toBe(1);
  }, 60_000);
});

describe('GET /api/billing/{id}/detail and the other modules’ billing fields', () => {
  it('is 404 for another branch’s batch and a bad id, visible to an Administrator', async () => {
    const { billingId } = await createBatch(t, [t.fx.h1Requests[13]!.id]);
    expect((await t.get('billing2', `/api/billing/${billingId}/detail`)).statusCode).toBe(404);
    expect((await t.get('admin', `/api/billing/${billingId}/detail`)).statusCode).toBe(200);
    expect((await t.get('billing', `/api/billing/${UUID}/detail`)).statusCode).toBe(404);
    expect((await t.get('billing', '/api/billing/not-a-uuid/detail')).statusCode).toBe(400);
  });

  it('fills the patient exam history’s billing fields', async () => {
    const r = t.fx.h1Requests[14]!.id;
    const { billingId, documentId } = await createBatch(t, [r]);
    const patient = await t.one<{ patient_id: string }>(sql`select patient_id from requests where id = ${r}`);
    const history = (await t.get('admin', `/api/patient/${patient.patient_id}/exam`)).json().data;
    const row = history.find((h: { requestId: string }) => h.requestId === r);
    expect(row).toMatchObject({ latestBillingId: billingId, latestBillingDocumentId: documentId, paidBillingId: null });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  auditLog,
  billingRequests,
  billings,
  customPrices,
  invoices,
  documents,
  exams,
  exportLinks,
  finishedReports,
  hospitalPrivileges,
  hospitals,
  patients,
  privilegePrices,
  products,
  receipts,
  requestProducts,
  requests,
  users,
} from '../../db/schema/index';
import { WorklistRepository } from '../../dicom/dimse/mwl/worklist.repository';
import { createTestApp, type TestContext } from '../../test/test-app';
import { COUNT_CAP, PAGE_SIZE, RequestsRepository } from './requests.repository';

interface Fixture {
  patientId: string;
  hospitalId: number;
  privilegeId: number;
  otherPrivilegeId: number;
  otherHospitalPatientId: string;
  ct: { id: number; defaultPriceSatang: number };
  ctContrast: { id: number };
  ctFilm: { id: number; defaultPriceSatang: number };
  us: { id: number; defaultPriceSatang: number };
  mr: { id: number };
  privPriceOfCt: number | null;
}

describe('imaging requests API (spec §7 Requests)', () => {
  let sut: TestContext;
  let f: Fixture;
  const cookies: Record<string, string> = {};
  const as = async (u: string) => (cookies[u] ??= await sut.login(u));
  const post = async (u: string, url: string, payload?: unknown) =>
    sut.app.inject({
      method: 'POST',
      url,
      headers: { cookie: await as(u) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = async (u: string, url: string) => sut.app.inject({ url, headers: { cookie: await as(u) } });
  const count = async (table: typeof requests | typeof exams) =>
    (await sut.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  const body = (over: Record<string, unknown> = {}) => ({
    patientId: f.patientId,
    hospitalId: f.hospitalId,
    privilageId: f.privilegeId,
    modalities: { CT: [f.ct.id, f.ctContrast.id, f.ctFilm.id], US: [f.us.id] },
    isSchedule: true,
    scheduleDateTime: '2026-12-01T03:00:00.000Z',
    examStartTime: '10:00',
    examEndTime: '10:30',
    productQuantity: { [f.ctFilm.id]: 2 },
    productDose: { [f.ctFilm.id]: '2', [f.ctContrast.id]: '80' },
    ...over,
  });

  beforeAll(async () => {
    sut = await createTestApp();
    const db = sut.database.db;
    const [h1] = await db.select().from(hospitals).where(eq(hospitals.code, 'H1'));
    const [h3] = await db.select().from(hospitals).where(eq(hospitals.code, 'H3'));
    const [p] = await db.select().from(patients).where(eq(patients.hospitalId, h1!.id)).limit(1);
    const [p3] = await db.select().from(patients).where(eq(patients.hospitalId, h3!.id)).limit(1);
    const [priv] = await db.select().from(hospitalPrivileges).where(eq(hospitalPrivileges.hospitalId, h1!.id)).limit(1);
    const [other] = await db
      .select()
      .from(hospitalPrivileges)
      .where(eq(hospitalPrivileges.hospitalId, h3!.id))
      .limit(1);
    const all = await db.select().from(products);
    const pick = (code: string) => {
      const x = all.find((y) => y.code === code);
      if (!x) throw new Error(code);
      return x;
    };
    const [pp] = await db
      .select()
      .from(privilegePrices)
      .where(and(eq(privilegePrices.privilegeId, priv!.id), eq(privilegePrices.productId, pick('CT-BRAIN-C').id)));
    f = {
      patientId: p!.id,
      hospitalId: h1!.id,
      privilegeId: priv!.id,
      otherPrivilegeId: other!.id,
      otherHospitalPatientId: p3!.id,
      ct: pick('CT-BRAIN-C'),
      ctContrast: pick('CT-IOPAMIDOL'),
      ctFilm: pick('CT-FILM'),
      us: all.find((x) => x.modalityCode === 'US' && x.productGroup === 'ตรวจ')!,
      mr: all.find((x) => x.modalityCode === 'MR' && x.productGroup === 'ตรวจ')!,
      privPriceOfCt: pp?.priceSatang ?? null,
    };
  });
  afterAll(async () => {
    await sut.close();
  });

  describe('create', () => {
    it('makes one scheduled exam per modality with readable accession numbers, priced lines and doses', async () => {
      const res = await post('staff', '/api/request/exam', body());
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.exams.map((e: { modalityCode: string }) => e.modalityCode).sort()).toEqual(['CT', 'US']);
      for (const e of data.exams) expect(e.accessionNumber).toMatch(/^RS1261201\d{4}$/);
      expect(new Set(data.exams.map((e: { accessionNumber: string }) => e.accessionNumber)).size).toBe(2);
      const rows = await sut.database.db.select().from(exams).where(eq(exams.requestId, data.requestId));
      expect(
        rows.every((e) => e.status === 'Scheduled' && e.examDate.toISOString() === '2026-12-01T03:00:00.000Z'),
      ).toBe(true);
      const lines = await sut.database.db
        .select()
        .from(requestProducts)
        .where(eq(requestProducts.requestId, data.requestId));
      const film = lines.find((l) => l.productId === f.ctFilm.id)!;
      expect(film.quantity).toBe(2);
      expect(film.dose).toBe('2');
      expect(lines.find((l) => l.productId === f.ctContrast.id)!.dose).toBe('80');
      // Privilege price when the privilege lists one, else the default.
      expect(lines.find((l) => l.productId === f.ct.id)!.unitPriceSatang).toBe(
        f.privPriceOfCt ?? f.ct.defaultPriceSatang,
      );
      const [audit] = await sut.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'request.create'), eq(auditLog.entityId, data.requestId)));
      expect(audit?.patientId).toBe(f.patientId);
    });

    it('its exams show in the worklist search and in the DICOM Modality Worklist', async () => {
      const data = (await post('staff', '/api/request/exam', body())).json().data;
      const acc = data.exams[0].accessionNumber as string;
      const wl = (await post('staff', '/api/exam/search', { accessionNumber: acc })).json().data;
      expect(wl.rows.map((r: { accessionNumber: string }) => r.accessionNumber)).toEqual([acc]);
      expect(wl.rows[0].status).toBe('Scheduled');
      const mwl = await new WorklistRepository(sut.database.db).find(
        { accessionNumber: { exact: acc }, returnKeys: [], spsReturnKeys: null },
        10,
      );
      expect(mwl.map((r) => r.accessionNumber)).toEqual([acc]);
      expect(mwl[0]!.startDate).toBe('20261201');
    });

    it('100 concurrent creates give 200 different accession numbers', async () => {
      const before = await count(exams);
      const results = await Promise.all(
        Array.from({ length: 100 }, () =>
          post(
            'staff',
            '/api/request/exam',
            body({ modalities: { CT: [f.ct.id], US: [f.us.id] }, productQuantity: {}, productDose: {} }),
          ),
        ),
      );
      expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
      const numbers = results.flatMap((r) =>
        r.json().data.exams.map((e: { accessionNumber: string }) => e.accessionNumber),
      );
      expect(numbers).toHaveLength(200);
      expect(new Set(numbers).size).toBe(200);
      expect(await count(exams)).toBe(before + 200);
    }, 120_000);

    it.each([
      ['quantity 0', { productQuantity: { X: 0 } }, 'จำนวน'],
      ['negative quantity', { productQuantity: { X: -2 } }, 'จำนวน'],
      ['a price with 3 decimals', { customProductPrice: { items: [{ productId: 'CT', price: 100.005 }] } }, 'ทศนิยม'],
      ['a negative price', { customProductPrice: { items: [{ productId: 'CT', price: -1 }] } }, 'ติดลบ'],
      ['an unknown product', { modalities: { CT: [99_999_999] } }, 'ไม่พบรายการตรวจ'],
      ['an unknown modality', { modalities: { XX: [1] } }, 'ไม่พบประเภทการตรวจ'],
      ['a product of another modality', { modalities: { US: ['CT'] } }, 'ไม่ใช่ของ US'],
      ['a privilege of another hospital', { privilageId: 'OTHER' }, 'สิทธิการรักษา'],
      ['exam end before start', { examStartTime: '11:00', examEndTime: '10:55' }, 'เวลาสิ้นสุด'],
      ['no product at all', { modalities: { CT: [] } }, 'กรุณาเลือก'],
      ['a time that is not 24-hour', { examStartTime: '25:00' }, 'HH:mm'],
    ])('refuses %s with a clear 400 and saves nothing', async (_name, raw, text) => {
      const over = JSON.parse(
        JSON.stringify(raw)
          .replaceAll('"X"', `"${f.ct.id}"`)
          .replaceAll('"CT"]', `${f.ct.id}]`)
          .replaceAll('"productId":"CT"', `"productId":${f.ct.id}`)
          .replaceAll('"OTHER"', String(f.otherPrivilegeId)),
      ) as Record<string, unknown>;
      const [r0, e0] = [await count(requests), await count(exams)];
      const res = await post('staff', '/api/request/exam', body(over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toContain(text);
      expect([await count(requests), await count(exams)]).toEqual([r0, e0]);
    });

    it('a hospital user orders only for their own hospital and patients', async () => {
      expect(
        (
          await post(
            'hospital',
            '/api/request/exam',
            body({ modalities: { US: [f.us.id] }, productQuantity: {}, productDose: {} }),
          )
        ).statusCode,
      ).toBe(200);
      const [h3] = await sut.database.db.select().from(hospitals).where(eq(hospitals.code, 'H3'));
      const res = await post(
        'hospital',
        '/api/request/exam',
        body({
          hospitalId: h3!.id,
          privilageId: f.otherPrivilegeId,
          modalities: { US: [f.us.id] },
          productQuantity: {},
          productDose: {},
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('โรงพยาบาล');
      const foreign = await post(
        'hospital',
        '/api/request/exam',
        body({
          patientId: f.otherHospitalPatientId,
          modalities: { US: [f.us.id] },
          productQuantity: {},
          productDose: {},
        }),
      );
      expect(foreign.statusCode).toBe(400);
    });

    describe('a number given by hand (forceAcceesionNumber, decision sec70)', () => {
      const one = (over: Record<string, unknown> = {}) =>
        body({ modalities: { US: [f.us.id] }, productQuantity: {}, productDose: {}, ...over });

      it('branch staff give a free number and the exam carries it', async () => {
        const res = await post('staff', '/api/request/exam', one({ forceAcceesionNumber: 'EXT-2026/001' }));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.exams.map((e: { accessionNumber: string }) => e.accessionNumber)).toEqual([
          'EXT-2026/001',
        ]);
      });

      it('a hospital user may not force a number: 403 with the reason, nothing saved', async () => {
        const [r0, e0] = [await count(requests), await count(exams)];
        const res = await post('hospital', '/api/request/exam', one({ forceAcceesionNumber: 'H1-0001' }));
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toContain('ไม่มีสิทธิ์กำหนดเลข Accession');
        expect([await count(requests), await count(exams)]).toEqual([r0, e0]);
      });

      it('a number in the automatic format of any branch and day is refused with a 400', async () => {
        const [r0, e0] = [await count(requests), await count(exams)];
        for (const n of ['RS12612030001', 'RS22501010007', 'rs12612030002']) {
          const res = await post('staff', '/api/request/exam', one({ forceAcceesionNumber: n }));
          expect(res.statusCode, n).toBe(400);
          expect(res.json().message).toContain('automatic format');
          expect(res.json().errors).toEqual([expect.objectContaining({ field: 'forceAcceesionNumber' })]);
        }
        expect([await count(requests), await count(exams)]).toEqual([r0, e0]);
      });

      it('a number already used is refused with a 400 in Thai and English, also when two saves race for it', async () => {
        expect((await post('staff', '/api/request/exam', one({ forceAcceesionNumber: 'DUP-1' }))).statusCode).toBe(200);
        const again = await post('staff', '/api/request/exam', one({ forceAcceesionNumber: 'DUP-1' }));
        expect(again.statusCode).toBe(400);
        expect(again.json().message).toBe('เลข Accession DUP-1 ถูกใช้แล้ว (Accession Number already in use)');
        const race = await Promise.all(
          Array.from({ length: 6 }, () => post('staff', '/api/request/exam', one({ forceAcceesionNumber: 'RACE-1' }))),
        );
        expect(race.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
        expect((await sut.database.db.select().from(exams).where(eq(exams.accessionNumber, 'RACE-1'))).length).toBe(1);
      });

      it.each([
        ['longer than DICOM allows', 'A'.repeat(17)],
        ['with a backslash', 'A\\B'],
        ['with Thai letters', 'เลขหนึ่ง'],
      ])('a number %s is refused with a 400', async (_name, n) => {
        const res = await post('staff', '/api/request/exam', one({ forceAcceesionNumber: n }));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain('Accession Number');
      });

      it('a forced number needs a single modality', async () => {
        const res = await post('staff', '/api/request/exam', body({ forceAcceesionNumber: 'TWO-1' }));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain('one modality');
      });

      it('automatic numbering skips numbers already taken on its branch and day instead of failing', async () => {
        // Numbers in the automatic shape taken outside the sequence (given by hand before this rule, or before the
        // branch changed its pattern): they sit where the next automatic numbers of 2031-01-15 will fall (a day far
        // from the demo data, whose appointments run a week or so past today).
        for (const [hand, automatic] of [
          ['OLD-1', 'RS13101150001'],
          ['OLD-2', 'RS13101150003'],
        ]) {
          const made = await post('staff', '/api/request/exam', one({ forceAcceesionNumber: hand }));
          expect(made.statusCode, made.body).toBe(200);
          await sut.database.db
            .update(exams)
            .set({ accessionNumber: automatic })
            .where(eq(exams.accessionNumber, hand!));
        }
        const day = { scheduleDateTime: '2031-01-15T03:00:00.000Z' };
        const numbers: string[] = [];
        for (const over of [
          one(day),
          body({ ...day, modalities: { CT: [f.ct.id], US: [f.us.id] }, productQuantity: {}, productDose: {} }),
          one(day),
        ]) {
          const res = await post('staff', '/api/request/exam', over);
          expect(res.statusCode, res.body).toBe(200);
          numbers.push(...res.json().data.exams.map((e: { accessionNumber: string }) => e.accessionNumber));
        }
        expect(numbers.sort()).toEqual(['RS13101150002', 'RS13101150004', 'RS13101150005', 'RS13101150006']);
      });
    });

    it('needs REQUEST_CREATE', async () => {
      expect((await post('doctor1', '/api/request/exam', body())).statusCode).toBe(403);
      expect((await sut.app.inject({ method: 'POST', url: '/api/request/exam', payload: body() })).statusCode).toBe(
        401,
      );
    });
  });

  describe('custom price and Hold', () => {
    it('staff proposing a custom price puts the request on Hold; the Administrator approves it', async () => {
      const res = await post(
        'staff',
        '/api/request/exam',
        body({ customProductPrice: { items: [{ productId: f.ct.id, price: 1500.5 }] } }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const { requestId, status } = res.json().data;
      expect(status).toBe('Hold');
      const [line] = await sut.database.db
        .select()
        .from(requestProducts)
        .where(and(eq(requestProducts.requestId, requestId), eq(requestProducts.productId, f.ct.id)));
      expect(line!.unitPriceSatang).toBe(150050);
      const detail = (await get('staff', `/api/request/${requestId}`)).json().data;
      expect(detail.status).toBe('Hold');
      expect(detail.statusRemark).toBe('รออนุมัติราคาพิเศษ');
      const cpId = detail.customProductPrice.customPriceId;
      expect((await post('staff', `/api/request/${requestId}/customPrice/${cpId}/approve`)).statusCode).toBe(403);
      const ok = await post('admin', `/api/request/${requestId}/customPrice/${cpId}/approve`);
      expect(ok.statusCode, ok.body).toBe(200);
      const after = (await get('staff', `/api/request/${requestId}`)).json().data;
      expect(after.status).toBe('Active');
      expect(after.customProductPrice.status).toBe('Approved');
      expect(after.lines.find((l: { productId: number }) => l.productId === f.ct.id).unitPrice).toBe(1500.5);
      expect((await post('admin', `/api/request/${requestId}/customPrice/${cpId}/approve`)).statusCode).toBe(409);
    });

    it('rejecting restores the privilege or default price and releases the Hold', async () => {
      const { requestId } = (
        await post(
          'staff',
          '/api/request/exam',
          body({ customProductPrice: { items: [{ productId: f.ct.id, price: 1 }] } }),
        )
      ).json().data;
      const [cp] = await sut.database.db.select().from(customPrices).where(eq(customPrices.requestId, requestId));
      expect((await post('admin', `/api/request/${requestId}/customPrice/${cp!.id}/reject`)).statusCode).toBe(200);
      const after = (await get('admin', `/api/request/${requestId}`)).json().data;
      expect(after.status).toBe('Active');
      expect(after.lines.find((l: { productId: number }) => l.productId === f.ct.id).unitPrice * 100).toBe(
        f.privPriceOfCt ?? f.ct.defaultPriceSatang,
      );
    });
  });

  describe('edit', () => {
    it('keeps the exams of kept modalities (number, assignment, images), adds new ones and drops removed ones', async () => {
      const created = (await post('staff', '/api/request/exam', body())).json().data;
      const ct = created.exams.find((e: { modalityCode: string }) => e.modalityCode === 'CT');
      const [doctor] = await sut.database.db.select().from(users).where(eq(users.username, 'doctor1'));
      await sut.database.db
        .update(exams)
        .set({ reviewerId: doctor!.id, hasImage: true })
        .where(eq(exams.id, ct.examId));
      const detail = (await get('staff', `/api/request/${created.requestId}`)).json().data;
      const res = await post(
        'staff',
        `/api/request/edit/${created.requestId}`,
        body({
          modalities: { CT: [f.ct.id], MR: [f.mr.id] },
          productQuantity: {},
          productDose: {},
          remark: 'แก้ไข',
          version: detail.version,
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const rows = await sut.database.db.select().from(exams).where(eq(exams.requestId, created.requestId));
      const live = rows.filter((e) => !e.deletedAt);
      expect(live.map((e) => e.modalityCode).sort()).toEqual(['CT', 'MR']);
      const kept = live.find((e) => e.modalityCode === 'CT')!;
      expect([kept.id, kept.accessionNumber, kept.reviewerId, kept.hasImage]).toEqual([
        ct.examId,
        ct.accessionNumber,
        doctor!.id,
        true,
      ]);
      expect(rows.find((e) => e.modalityCode === 'US')!.deletedAt).not.toBeNull();
      // A stale version is a conflict, and an exam with images cannot be removed.
      expect(
        (await post('staff', `/api/request/edit/${created.requestId}`, body({ version: detail.version }))).statusCode,
      ).toBe(409);
      const fresh = (await get('staff', `/api/request/${created.requestId}`)).json().data;
      const drop = await post(
        'staff',
        `/api/request/edit/${created.requestId}`,
        body({ modalities: { MR: [f.mr.id] }, productQuantity: {}, productDose: {}, version: fresh.version }),
      );
      expect(drop.statusCode).toBe(409);
      expect(drop.json().message).toContain('CT');
    });
  });

  describe('search, get, by patient', () => {
    it('pages in SQL with filters; the hospital user sees only their hospital', async () => {
      const created = (await post('staff', '/api/request/exam', body())).json().data;
      const acc = created.exams[0].accessionNumber;
      const byAcc = (await post('staff', '/api/request/search', { accessionNumber: acc })).json().data;
      expect(byAcc.rows.map((r: { requestId: string }) => r.requestId)).toEqual([created.requestId]);
      const row = byAcc.rows[0];
      expect(row.missingDocumentNames).toContain('ใบสั่งแพทย์');
      expect(row.missingDocumentNames).toContain('ใบยินยอมฉีดสารทึบรังสี');
      expect(row.allowToClickInvoice).toBe(true);
      const page = (
        await post('admin', '/api/request/search', { startDate: '2000-01-01', endDate: '2100-01-01' })
      ).json().data;
      expect(page.pageSize).toBe(50);
      expect(page.rows).toHaveLength(50);
      const [{ n }] = (await sut.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(requests)
        .where(isNull(requests.deletedAt))) as [{ n: number }];
      expect(page.total).toBe(n);
      const hosp = (
        await post('hospital', '/api/request/search', { startDate: '2000-01-01', endDate: '2100-01-01' })
      ).json().data;
      const ids = hosp.rows.map((r: { requestId: string }) => r.requestId);
      const theirs = await sut.database.db
        .select({ h: requests.hospitalId })
        .from(requests)
        .where(inArray(requests.id, ids));
      expect(new Set(theirs.map((t) => t.h))).toEqual(new Set([f.hospitalId]));
      const [h3req] = await sut.database.db
        .select()
        .from(requests)
        .innerJoin(hospitals, eq(hospitals.id, requests.hospitalId))
        .where(eq(hospitals.code, 'H3'))
        .limit(1);
      expect((await get('hospital', `/api/request/${h3req!.requests.id}`)).statusCode).toBe(404);
      const mine = (await get('staff', `/api/request/patient/${f.patientId}`)).json().data;
      expect(
        mine.rows.every((r: { patientInfo: { patientId: string } }) => r.patientInfo.patientId === f.patientId),
      ).toBe(true);
      const [{ m }] = (await sut.database.db
        .select({ m: sql<number>`count(*)::int` })
        .from(requests)
        .where(and(eq(requests.patientId, f.patientId), isNull(requests.deletedAt)))) as [{ m: number }];
      expect(mine.total).toBe(m);
      expect(
        (await post('staff', '/api/request/search', { startDate: '2026-01-02', endDate: '2026-01-01' })).statusCode,
      ).toBe(400);
    });
  });

  describe('the list page: flags, billing, filters and the capped total', () => {
    type ListRow = {
      requestId: string;
      hn: string;
      exams: { examId: string; modalityCode: string; status: number }[];
      isCreatedAccountDocument: boolean;
      paidBillingId: string | null;
      latestBillingId: string | null;
      latestBillingDocumentId: string | null;
      customPriceStatus: string | null;
    };
    const wide = { startDate: '2000-01-01', endDate: '2100-01-01' };
    const ids = (rows: { requestId: string }[]) => rows.map((r) => r.requestId);
    /** Request ids of the list order (newest appointment, then id), straight from SQL. */
    const direct = async (where: ReturnType<typeof sql>) => {
      const res: unknown = await sut.database.db
        .execute(sql`select r.id from requests r join patients p on p.id = r.patient_id
        where r.deleted_at is null and ${where} order by r.appointment_at desc, r.id desc`);
      return (res as { rows: { id: string }[] }).rows.map((r) => r.id);
    };

    it('an exam with a scanned document or a finished report shows those flags, and its request can no longer be deleted', async () => {
      const { requestId, exams: made } = (await post('staff', '/api/request/exam', body())).json().data;
      const ct = made.find((e: { modalityCode: string }) => e.modalityCode === 'CT');
      const us = made.find((e: { modalityCode: string }) => e.modalityCode === 'US');
      await sut.database.db
        .insert(finishedReports)
        .values({ examId: ct.examId, reportName: 'Report', pdfKey: 'test/report.pdf', reporterName: 'หมอ' });
      await sut.database.db.insert(documents).values({
        examId: us.examId,
        kind: 'document',
        fileName: 'scan.jpg',
        contentType: 'image/jpeg',
        sizeBytes: 1,
        storageKey: 'test/scan',
        sha256: 'x',
      });
      const row = (await post('staff', '/api/request/search', { accessionNumber: ct.accessionNumber })).json().data
        .rows[0] as ListRow;
      const flags = Object.fromEntries(row.exams.map((e) => [e.modalityCode, e.status]));
      expect(flags).toEqual({ CT: 16, US: 1 });
      const detail = (await get('staff', `/api/request/${requestId}`)).json().data;
      expect(
        Object.fromEntries(
          detail.exams.map((e: { modalityCode: string; status: number }) => [e.modalityCode, e.status]),
        ),
      ).toEqual({ CT: 16, US: 1 });
      const refused = await post('staff', `/api/request/${requestId}/delete`, { remark: 'ผู้ป่วยยกเลิกนัด' });
      expect(refused.statusCode).toBe(409);
    });

    it('billing (through the billing module): the invoice number, the latest batch and the one it is paid in', async () => {
      const { requestId, exams: made } = (await post('staff', '/api/request/exam', body())).json().data;
      const search = async () =>
        (await post('staff', '/api/request/search', { accessionNumber: made[0].accessionNumber })).json().data
          .rows[0] as ListRow;
      expect(await search()).toMatchObject({
        isCreatedAccountDocument: false,
        paidBillingId: null,
        latestBillingId: null,
        latestBillingDocumentId: null,
      });
      const db = sut.database.db;
      const [hospital] = await db.select().from(hospitals).where(eq(hospitals.id, f.hospitalId));
      const branchId = hospital!.branchId;
      const appointmentAt = new Date('2026-11-10T03:00:00Z');
      const [older] = await db
        .insert(billings)
        .values({
          documentNo: `BL-T-${requestId.slice(0, 8)}-1`,
          branchId,
          hospitalId: f.hospitalId,
          startDate: '2026-11-01',
          endDate: '2026-11-30',
          createdAt: new Date('2026-12-03T03:00:00Z'),
        })
        .returning();
      const [newer] = await db
        .insert(billings)
        .values({
          documentNo: `BL-T-${requestId.slice(0, 8)}-2`,
          branchId,
          hospitalId: f.hospitalId,
          startDate: '2026-12-01',
          endDate: '2026-12-31',
          createdAt: new Date('2027-01-03T03:00:00Z'),
        })
        .returning();
      const [receipt] = await db
        .insert(receipts)
        .values({
          billingId: older!.id,
          branchId,
          documentNo: `RC-T-${requestId.slice(0, 8)}`,
          type: 'transfer',
          bankName: 'ธนาคาร',
          amountSatang: 100,
          number: '1',
        })
        .returning();
      await db.insert(billingRequests).values([
        { billingId: newer!.id, requestId, totalSatang: 100, appointmentAt },
        {
          billingId: older!.id,
          requestId,
          totalSatang: 100,
          appointmentAt,
          paidReceiptId: receipt!.id,
          paidAt: new Date(),
        },
      ]);
      expect(await search()).toMatchObject({
        isCreatedAccountDocument: false,
        paidBillingId: older!.id,
        latestBillingId: newer!.id,
        latestBillingDocumentId: newer!.documentNo,
      });
      await db.insert(invoices).values({ requestId, branchId, documentNo: `IV-T-${requestId.slice(0, 8)}` });
      expect(await search()).toMatchObject({ isCreatedAccountDocument: true });
    });

    it('HN, national id, a piece of the name and a modality filter the page as the tables say', async () => {
      const [p] = await sut.database.db.select().from(patients).where(eq(patients.id, f.patientId));
      await post(
        'staff',
        '/api/request/exam',
        body({ modalities: { MR: [f.mr.id] }, productQuantity: {}, productDose: {} }),
      );
      const branch = sql`r.branch_id = (select branch_id from users where username = 'staff')`;

      const byHn = (await post('staff', '/api/request/search', { hn: p!.hn })).json().data;
      const hnIds = await direct(sql`${branch} and p.hn = ${p!.hn}`);
      expect(hnIds.length).toBeGreaterThan(1);
      expect([ids(byHn.rows), byHn.total]).toEqual([hnIds.slice(0, PAGE_SIZE), hnIds.length]);

      if (p!.nationalNumber) {
        const byId = (await post('staff', '/api/request/search', { nationalId: p!.nationalNumber })).json().data;
        expect(ids(byId.rows)).toEqual(hnIds.slice(0, PAGE_SIZE));
      }

      const piece = p!.firstNameTh.slice(0, 3);
      const byName = (await post('staff', '/api/request/search', { ...wide, patientName: piece })).json().data;
      const nameIds = await direct(sql`${branch} and p.search_name like ${`%${piece.toLowerCase()}%`}`);
      expect(nameIds).toContain(hnIds[0]);
      expect([ids(byName.rows), byName.total]).toEqual([nameIds.slice(0, PAGE_SIZE), nameIds.length]);

      const byMr = (await post('staff', '/api/request/search', { ...wide, modalityCode: 'MR' })).json().data;
      const mrIds = await direct(
        sql`${branch} and exists (select 1 from exams e where e.request_id = r.id and e.modality_code = 'MR' and e.deleted_at is null)`,
      );
      expect(mrIds.length).toBeGreaterThan(0);
      expect([ids(byMr.rows), byMr.total]).toEqual([mrIds.slice(0, PAGE_SIZE), mrIds.length]);
      expect((byMr.rows as ListRow[]).every((r) => r.exams.some((e) => e.modalityCode === 'MR'))).toBe(true);
    });

    it('counts exactly up to the cap, and past it answers a lower bound that covers the page, with the same rows', async () => {
      const all = await direct(sql`true`);
      expect(all.length).toBeLessThanOrEqual(COUNT_CAP);
      const exact = new RequestsRepository(sut.database.db);
      expect(await exact.searchPage([], 1)).toMatchObject({ total: all.length, totalIsEstimate: false });
      expect(await new RequestsRepository(sut.database.db, all.length).searchPage([], 1)).toMatchObject({
        total: all.length,
        totalIsEstimate: false,
      });
      const capped = new RequestsRepository(sut.database.db, 7);
      for (const page of [1, 3]) {
        const a = await exact.searchPage([], page);
        const b = await capped.searchPage([], page);
        expect(b.rows.map((r) => r.id)).toEqual(a.rows.map((r) => r.id));
        expect(a.rows.map((r) => r.id)).toEqual(all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
        expect(b).toMatchObject({ total: (page - 1) * PAGE_SIZE + b.rows.length, totalIsEstimate: true });
      }
      expect(await capped.searchPage([], 100_000)).toEqual({ rows: [], total: 7, totalIsEstimate: true });
      const answer = (await post('admin', '/api/request/search', wide)).json().data;
      expect([answer.total, answer.totalIsEstimate]).toEqual([all.length, false]);
    });
  });

  describe('delete', () => {
    it('needs a remark, soft-deletes request and exams, and refuses a second delete', async () => {
      const { requestId } = (await post('staff', '/api/request/exam', body())).json().data;
      const reasons = (await get('staff', `/api/request/${requestId}/deleteReason`)).json().data.reasonOptions;
      expect(reasons).toContain('ผู้ป่วยยกเลิกนัด');
      const blank = await post('staff', `/api/request/${requestId}/delete`, { remark: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toContain('กรุณาระบุเหตุผล');
      expect((await post('staff', `/api/request/${requestId}/delete`, { remark: 'ผู้ป่วยยกเลิกนัด' })).statusCode).toBe(200);
      const [r] = await sut.database.db.select().from(requests).where(eq(requests.id, requestId));
      expect(r!.deleteReason).toBe('ผู้ป่วยยกเลิกนัด');
      const ex = await sut.database.db.select().from(exams).where(eq(exams.requestId, requestId));
      expect(ex.every((e) => e.deletedAt !== null)).toBe(true);
      const again = await post('staff', `/api/request/${requestId}/delete`, { remark: 'ซ้ำ' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('ใบส่งตรวจนี้ถูกลบไปแล้ว');
    });
  });

  describe('condition data, pricing, links, attachments', () => {
    it('requestCondition carries every list of spec §3 with real rows', async () => {
      const d = (await get('staff', '/api/uidata/requestCondition')).json().data;
      for (const key of [
        'researchProjects',
        'hospitalDoctors',
        'doctorSendWorkingGroups',
        'paymentMethods',
        'allergies',
        'requestDocuments',
        'hospitalBuildingNames',
        'hospitalPrivilages',
        'modalityProducts',
      ]) {
        expect(d[key].length, key).toBeGreaterThan(0);
      }
      const ct = d.modalityProducts.find((m: { modalityCode: string }) => m.modalityCode === 'CT');
      expect(ct.products.some((p: { name: string }) => p.name === 'FILM')).toBe(true);
      expect(ct.additionalFields.length).toBeGreaterThan(0);
      const hosp = (await get('hospital', '/api/uidata/requestCondition')).json().data;
      expect(hosp.hospitalPrivilages.map((h: { id: number }) => h.id)).toEqual([f.hospitalId]);
    });

    it("privilege pricing answers the privilege's prices, and 404 for a privilege of another hospital", async () => {
      const res = await get('staff', `/api/hospital/${f.hospitalId}/privilages/${f.privilegeId}/pricing`);
      expect(res.statusCode).toBe(200);
      const rows = await sut.database.db
        .select()
        .from(privilegePrices)
        .where(eq(privilegePrices.privilegeId, f.privilegeId));
      expect(res.json().data).toHaveLength(rows.length);
      expect(
        (await get('staff', `/api/hospital/${f.hospitalId}/privilages/${f.otherPrivilegeId}/pricing`)).statusCode,
      ).toBe(404);
    });

    it('export link: unguessable id with an expiry, readable back', async () => {
      const { requestId } = (await post('staff', '/api/request/exam', body())).json().data;
      const made = await post('staff', `/api/request/link/${requestId}`, { pin: '1234' });
      expect(made.statusCode, made.body).toBe(200);
      const link = made.json().data;
      expect(link.linkId).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(link.linkHostUrl).toMatch(new RegExp(`/link/${link.linkId}$`));
      expect(link.hasPin).toBe(true);
      expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now());
      expect((await get('staff', `/api/request/link/${requestId}`)).json().data.linkId).toBe(link.linkId);
      expect((await post('staff', `/api/request/link/${requestId}`, { pin: '12' })).statusCode).toBe(400);

      // The public page: no session; PIN checked; every opening audited; expired looks unknown.
      const open = (id: string, payload?: object) =>
        sut.app.inject({ method: 'POST', url: `/api/link/${id}/open`, ...(payload ? { payload } : {}) });
      const bare = await open(link.linkId);
      expect(bare.statusCode, bare.body).toBe(403);
      expect((await open(link.linkId, { pin: '9999' })).json().message).toBe('PIN ไม่ถูกต้อง');
      const ok = await open(link.linkId, { pin: '1234' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.patientName).toBe(link.patientName);
      expect(
        ok
          .json()
          .data.exams.map((e: { modalityCode: string }) => e.modalityCode)
          .sort(),
      ).toEqual(['CT', 'US']);
      const audits = await sut.database.db.select().from(auditLog).where(eq(auditLog.entityId, link.linkId));
      expect(audits.map((a) => a.action).sort()).toEqual(['link.open', 'link.open.refused', 'link.open.refused']);
      expect((await open('AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
      await sut.database.db
        .update(exportLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(exportLinks.id, link.linkId));
      expect((await open(link.linkId, { pin: '1234' })).statusCode).toBe(404);
    });

    it('export link: the released report of an exam opens as a PDF by the signed address only, and not once unreleased or expired', async () => {
      const db = sut.database.db;
      const [staff] = await db.select().from(users).where(eq(users.username, 'staff'));
      const [row] = await db
        .select({
          requestId: exams.requestId,
          examId: exams.id,
          accessionNumber: exams.accessionNumber,
          finishedReportId: finishedReports.id,
        })
        .from(exams)
        .innerJoin(finishedReports, eq(finishedReports.examId, exams.id))
        .where(
          and(
            eq(exams.branchId, staff!.branchId!),
            eq(exams.status, 'Completed'),
            inArray(exams.reportAuditStatus, ['', 'Approved']),
            isNull(exams.deletedAt),
            sql`${exams.accessionNumber} is not null`,
          ),
        )
        .orderBy(sql`${finishedReports.versionNo} desc`)
        .limit(1);
      expect(row, 'a completed demo exam with a released report in the branch').toBeDefined();
      // The latest version of that exam is the one the page offers.
      const [latest] = await db
        .select({ id: finishedReports.id })
        .from(finishedReports)
        .where(eq(finishedReports.examId, row!.examId))
        .orderBy(sql`${finishedReports.versionNo} desc`)
        .limit(1);
      const link = (await post('staff', `/api/request/link/${row!.requestId}`, { pin: '4321' })).json().data;
      const open = async () =>
        (
          await sut.app.inject({ method: 'POST', url: `/api/link/${link.linkId}/open`, payload: { pin: '4321' } })
        ).json().data;
      type Entry = { accessionNumber: string | null; reportUrl: string | null };
      const entryOf = async () =>
        ((await open()).exams as Entry[]).find((e) => e.accessionNumber === row!.accessionNumber)!;
      const entry = await entryOf();
      const exam = { reportUrl: entry.reportUrl! };
      expect(exam.reportUrl).toMatch(
        new RegExp(`^/api/link/${link.linkId}/report/${latest!.id}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`),
      );
      const pdf = await sut.app.inject({ url: exam.reportUrl });
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const tampered = exam.reportUrl.replace(/sig=./, (m: string) => (m.endsWith('A') ? 'sig=B' : 'sig=A'));
      expect((await sut.app.inject({ url: tampered })).statusCode).toBe(404);
      expect(
        (
          await sut.app.inject({
            url: exam.reportUrl.replace(/exp=\d+/, (m: string) => `exp=${Number(m.slice(4)) + 1}`),
          })
        ).statusCode,
      ).toBe(404);
      expect((await sut.app.inject({ url: exam.reportUrl.replace('sig=', 'sig=x') })).statusCode).toBe(400);
      const audits = await db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, link.linkId));
      expect(audits.map((a) => a.action)).toContain('link.report');
      // Sent back for correction: no longer offered nor served.
      await db.update(exams).set({ reportAuditStatus: 'Rejected' }).where(eq(exams.id, row!.examId));
      expect((await entryOf()).reportUrl).toBeNull();
      expect((await sut.app.inject({ url: exam.reportUrl })).statusCode).toBe(404);
      await db.update(exams).set({ reportAuditStatus: 'Approved' }).where(eq(exams.id, row!.examId));
      expect((await sut.app.inject({ url: exam.reportUrl })).statusCode).toBe(200);
      await db
        .update(exportLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(exportLinks.id, link.linkId));
      expect((await sut.app.inject({ url: exam.reportUrl })).statusCode).toBe(404);
    });

    it('report attachment upload and media get', async () => {
      const { requestId } = (await post('staff', '/api/request/exam', body())).json().data;
      const boundary = '----rq' + Math.random().toString(16).slice(2);
      const payload = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ผล.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 test\r\n--${boundary}--\r\n`,
      );
      const up = await sut.app.inject({
        method: 'POST',
        url: `/api/request/${requestId}/reportAttachment`,
        payload,
        headers: { cookie: await as('staff'), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(up.statusCode, up.body).toBe(200);
      const mediaId = up.json().data;
      const got = await get('staff', `/api/request/${requestId}/media/${mediaId}`);
      expect(got.statusCode).toBe(200);
      expect(got.body).toBe('%PDF-1.4 test');
      expect((await get('staff2', `/api/request/${requestId}/media/${mediaId}`)).statusCode).toBe(404);
    });
  });

  describe('request documents (POST api/document/upload, GET /api/document/{ids})', () => {
    const form = (parts: [string, string, string?][]) => {
      const boundary = '----rd' + Math.random().toString(16).slice(2);
      const chunks = parts.map(
        ([name, value, filename]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`,
      );
      return {
        payload: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    const upload = async (u: string, parts: [string, string, string?][]) => {
      const f2 = form(parts);
      return sut.app.inject({
        method: 'POST',
        url: '/api/document/upload',
        payload: f2.payload,
        headers: { ...f2.headers, cookie: await as(u) },
      });
    };

    it('a document of a required type clears it from the missing list; one uploaded before the save is attached by documentIds', async () => {
      const cond = (await get('staff', '/api/uidata/requestCondition')).json().data;
      const order = cond.requestDocuments.find((d: { code: string }) => d.code === 'ORDER');
      const consent = cond.requestDocuments.find((d: { code: string }) => d.code === 'CONTRAST_CONSENT');
      const early = await upload('staff', [
        ['documentTypeId', String(consent.id)],
        ['modalityCode', 'CT'],
        ['file', 'consent', 'consent.pdf'],
      ]);
      expect(early.statusCode, early.body).toBe(200);
      expect(early.json().data.requestId).toBeNull();
      const { requestId, exams: made } = (
        await post('staff', '/api/request/exam', body({ documentIds: [early.json().data.documentId] }))
      ).json().data;
      const up = await upload('staff', [
        ['requestId', requestId],
        ['documentTypeId', String(order.id)],
        ['file', 'order', 'order.jpg'],
      ]);
      expect(up.statusCode, up.body).toBe(200);
      const row = (await post('staff', '/api/request/search', { accessionNumber: made[0].accessionNumber })).json().data
        .rows[0];
      expect(row.missingDocumentNames).not.toContain(order.name);
      expect(row.missingDocumentNames).not.toContain(consent.name);
      expect(row.missingDocumentNames).toContain('ผลเลือด (Creatinine)');
      const ids = `${early.json().data.documentId},${up.json().data.documentId}`;
      expect((await get('staff', `/api/document/${ids}`)).json().data).toHaveLength(2);
      expect((await get('staff2', `/api/document/${ids}`)).json().data).toHaveLength(0);
      expect((await upload('staff', [['file', 'x', 'virus.exe']])).statusCode).toBe(400);
      expect(
        (
          await upload('staff2', [
            ['requestId', requestId],
            ['file', 'x', 'a.pdf'],
          ])
        ).statusCode,
      ).toBe(404);
      expect((await get('staff', '/api/document/not-a-uuid')).statusCode).toBe(400);
    });
  });
});

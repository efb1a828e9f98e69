import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  documents,
  exams,
  exams as examsTable,
  lookups,
  patients,
  products,
  requestProducts,
  users,
} from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('patients API', () => {
  let sut: TestContext;
  const cookies: Record<string, string> = {};
  const as = async (u: string) => (cookies[u] ??= await sut.login(u));
  const post = async (u: string, url: string, payload: unknown) =>
    sut.app.inject({ method: 'POST', url, headers: { cookie: await as(u) }, payload: payload as object });
  const get = async (u: string, url: string) => sut.app.inject({ url, headers: { cookie: await as(u) } });
  const newPatient = {
    nameTH: { prefix: 'นาย', first: 'ทดสอบ', last: 'ระบบรังสี' },
    nameEN: { prefix: 'Mr.', first: 'Thotsop', last: 'Rabop Rangsi' },
    gender: 'Male',
    birthDate: '1985-03-14',
    nationalNumber: '1103700000003',
    phoneNumber: '081-234-5678',
    allergy: ['Iodinated contrast'],
    currentAddress: { no: '99/1', subDistrict: 'ลุมพินี', district: 'ปทุมวัน', province: 'กรุงเทพมหานคร', postCode: '10330' },
    currentAndRecordAddressIsSame: true,
    contacts: [{ relationship: 'มารดา', firstName: 'สมศรี', lastName: 'ระบบรังสี' }],
  };

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    await sut.close();
  });

  it('needs at least one search field', async () => {
    const res = await post('staff', '/api/patient/search', {});
    expect(res.statusCode).toBe(400);
  });

  it('finds by a Thai name substring, HN and phone prefix, masking the national number', async () => {
    const [p] = await sut.database.db
      .select()
      .from(patients)
      .where(and(isNotNull(patients.nationalNumber), isNotNull(patients.phoneNumber), isNotNull(patients.lastNameTh)))
      .limit(1);
    const byName = (await post('admin', '/api/patient/search', { name: p!.lastNameTh!.slice(1, 4) })).json().data;
    expect(byName.map((r: { patientId: string }) => r.patientId)).toContain(p!.id);
    const byHn = (await post('admin', '/api/patient/search', { hn: p!.hn })).json().data;
    expect(byHn).toHaveLength(1);
    const [{ n: exams }] = (await sut.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(examsTable)
      .where(and(eq(examsTable.patientId, p!.id), isNull(examsTable.deletedAt)))) as [{ n: number }];
    expect(byHn[0].examCount).toBe(exams);
    expect((await get('admin', `/api/patient/${p!.id}`)).json().data.examCount).toBe(exams);
    expect(byHn[0].nationalNumber).toBe(`${p!.nationalNumber!.slice(0, 8)}xxxxx`);
    const byPhone = (await post('admin', '/api/patient/search', { phoneNumber: p!.phoneNumber!.slice(0, 6) })).json()
      .data;
    expect(byPhone.every((r: { phoneNumber: string }) => r.phoneNumber.startsWith(p!.phoneNumber!.slice(0, 6)))).toBe(
      true,
    );
    const byEnglish = (await post('admin', '/api/patient/search', { name: p!.firstNameEn!.toUpperCase() })).json().data;
    expect(byEnglish.map((r: { patientId: string }) => r.patientId)).toContain(p!.id);
  });

  it('finds a full name typed with a space, in either order and either language, and not a name that lacks a word', async () => {
    const [p] = await sut.database.db
      .insert(patients)
      .values({
        hn: 'FULLNAME-1',
        prefixTh: 'นาย',
        firstNameTh: 'ทดลองชื่อ',
        lastNameTh: 'นามสกุลยาว',
        firstNameEn: 'Todlong',
        lastNameEn: 'Namsakun',
      })
      .returning({ id: patients.id });
    const ids = async (name: string) =>
      ((await post('admin', '/api/patient/search', { name })).json().data as { patientId: string }[]).map(
        (r) => r.patientId,
      );
    for (const name of [
      'ทดลองชื่อ นามสกุลยาว',
      'นามสกุลยาว  ทดลองชื่อ',
      'นาย ทดลองชื่อ',
      'นายทดลองชื่อ นามสกุลยาว',
      'Mr. Todlong',
      'Mr.todlong namsakun',
      'todlong namsakun',
      'ลองชื่อ สกุลยา',
    ]) {
      expect(await ids(name), name).toContain(p!.id);
    }
    expect(await ids('ทดลองชื่อ ไม่มีคำนี้')).not.toContain(p!.id);
    // A glued title still has to be the patient's: นาง is not นาย.
    expect(await ids('นางทดลองชื่อ')).not.toContain(p!.id);
  });

  it('finds phone prefixes at the carry boundaries of the index range (…9, 9…9) and nothing past them', async () => {
    const phones = ['0899999999', '0900000000', '0890000000', '9999999999', '999'];
    const rows = await sut.database.db
      .insert(patients)
      .values(
        phones.map((phoneNumber, i) => ({
          hn: `PHONE-${i}`,
          firstNameTh: 'เบอร์',
          lastNameTh: `ทดสอบ${i}`,
          phoneNumber,
        })),
      )
      .returning({ id: patients.id, phoneNumber: patients.phoneNumber });
    const idOf = new Map(rows.map((r) => [r.phoneNumber, r.id]));
    const found = async (prefix: string) => {
      const data = (await post('admin', '/api/patient/search', { phoneNumber: prefix })).json().data as {
        patientId: string;
        phoneNumber: string;
      }[];
      expect(data.every((r) => r.phoneNumber.startsWith(prefix))).toBe(true);
      return phones.filter((ph) => data.some((r) => r.patientId === idOf.get(ph)));
    };
    expect(await found('089')).toEqual(['0899999999', '0890000000']);
    expect(await found('0899999')).toEqual(['0899999999']);
    expect(await found('09000')).toEqual(['0900000000']);
    expect(await found('999')).toEqual(['9999999999', '999']);
    expect(await found('9999999999')).toEqual(['9999999999']);
  });

  it('keeps Hospital users to their hospital', async () => {
    const [h] = await sut.database.db.select().from(users).where(eq(users.username, 'hospital'));
    const [other] = await sut.database.db
      .select()
      .from(patients)
      .where(ne(patients.hospitalId, h!.hospitalId!))
      .limit(1);
    expect((await post('hospital', '/api/patient/search', { hn: other!.hn })).json().data).toEqual([]);
    expect((await get('hospital', `/api/patient/${other!.id}`)).statusCode).toBe(404);
  });

  it("a Hospital user's examCount counts only their hospital's exams of the patient (decision sec71)", async () => {
    const db = sut.database.db;
    const [h] = await db.select().from(users).where(eq(users.username, 'hospital'));
    const [own] = await db
      .select()
      .from(exams)
      .where(and(eq(exams.hospitalId, h!.hospitalId!), isNull(exams.deletedAt), isNotNull(exams.patientId)))
      .limit(1);
    const [elsewhere] = await db
      .select()
      .from(exams)
      .where(and(ne(exams.hospitalId, h!.hospitalId!), ne(exams.branchId, own!.branchId)))
      .limit(1);
    // The same person examined at another hospital of another branch: an exam the hospital user may not read.
    await db.insert(exams).values({
      ...own!,
      id: undefined,
      accessionNumber: null,
      requestId: null,
      studyInstanceUid: null,
      patientNameSearch: undefined,
      hospitalId: elsewhere!.hospitalId,
      branchId: elsewhere!.branchId,
    } as unknown as typeof exams.$inferInsert);
    const countAt = async (cond: ReturnType<typeof eq>) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(exams)
          .where(and(eq(exams.patientId, own!.patientId!), isNull(exams.deletedAt), cond))
      )[0]!.n;
    const [mine, all] = [await countAt(eq(exams.hospitalId, h!.hospitalId!)), await countAt(sql`true`)];
    expect(all).toBeGreaterThan(mine);
    const [p] = await db.select().from(patients).where(eq(patients.id, own!.patientId!));
    expect((await get('hospital', `/api/patient/${p!.id}`)).json().data.examCount).toBe(mine);
    expect(
      (await post('hospital', '/api/patient/search', { hn: p!.hn }))
        .json()
        .data.map((r: { examCount: number }) => r.examCount),
    ).toEqual([mine]);
    expect((await get('admin', `/api/patient/${p!.id}`)).json().data.examCount).toBe(all);
    expect((await get('staff', `/api/patient/${p!.id}`)).json().data.examCount).toBe(
      await countAt(eq(exams.branchId, own!.branchId)),
    );
  });

  it("creates a patient, reads it back with age in whole years, then edits it with the editor's password", async () => {
    const created = await post('staff', '/api/patient', newPatient);
    expect(created.statusCode).toBe(200);
    const { patientId } = created.json().data;
    const p = (await get('staff', `/api/patient/${patientId}`)).json().data;
    expect(p).toMatchObject({
      name: 'นายทดสอบ ระบบรังสี',
      nameEn: 'Mr. Thotsop Rabop Rangsi',
      gender: 'Male',
      hasAllergy: true,
      phoneNumber: '0812345678',
      currentAndRecordAddressIsSame: true,
    });
    expect(p.recordAddress).toEqual(p.currentAddress);
    expect(p.hn).toMatch(/^HN\d{7}$/);
    expect(p.contacts).toEqual([{ relationship: 'มารดา', firstName: 'สมศรี', lastName: 'ระบบรังสี', occupation: null }]);
    const now = new Date();
    const expectedAge =
      now.getUTCFullYear() -
      1985 -
      (now.getUTCMonth() < 2 || (now.getUTCMonth() === 2 && now.getUTCDate() < 14) ? 1 : 0);
    expect(Math.abs(p.age - expectedAge)).toBeLessThanOrEqual(1);

    const noPassword = await post('staff', '/api/patient', { ...newPatient, patientId, hn: p.hn });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toEqual([{ field: 'password', message: 'กรุณาระบุ' }]);
    const wrong = await post('staff', '/api/patient', { ...newPatient, patientId, hn: p.hn, password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    const edited = await post('staff', '/api/patient', {
      ...newPatient,
      patientId,
      hn: p.hn,
      nameTH: { ...newPatient.nameTH, first: 'แก้ไข' },
      password: 'rangsi-demo',
      version: p.version,
    });
    expect(edited.statusCode).toBe(200);
    const stale = await post('staff', '/api/patient', {
      ...newPatient,
      patientId,
      hn: p.hn,
      password: 'rangsi-demo',
      version: p.version,
    });
    expect(stale.statusCode).toBe(409);
    expect((await get('staff', `/api/patient/${patientId}`)).json().data.name).toBe('นายแก้ไข ระบบรังสี');
  });

  it('applies the §5 messages and refuses bad values without saving', async () => {
    const before = (await sut.database.db.select({ n: sql<number>`count(*)::int` }).from(patients))[0]?.n;
    const cases: [unknown, string, RegExp][] = [
      [{ ...newPatient, nameTH: { first: '' }, nationalNumber: null }, 'nameTH.first', /กรุณาระบุ/],
      [{ ...newPatient, birthDate: null, nationalNumber: null }, 'birthDate', /กรุณาระบุวันเกิดหรืออายุ/],
      [
        { ...newPatient, unknownBirthDate: true, birthDate: null, age: null, nationalNumber: null },
        'age',
        /กรุณาระบุวันเกิดหรืออายุ/,
      ],
      [{ ...newPatient, nationalNumber: '1103700000004' }, 'nationalNumber', /เลขประจำตัวประชาชนไม่ถูกต้อง/],
      [{ ...newPatient, unknownBirthDate: true, birthDate: null, age: 151, nationalNumber: null }, 'age', /150/],
      [{ ...newPatient, unknownBirthDate: true, birthDate: null, age: -1, nationalNumber: null }, 'age', /ติดลบ/],
      [{ ...newPatient, birthDate: '2999-01-01', nationalNumber: null }, 'birthDate', /อนาคต/],
    ];
    for (const [body, field, message] of cases) {
      const res = await post('staff', '/api/patient', body);
      expect(res.statusCode, field).toBe(400);
      const errors = res.json().errors as { field: string; message: string }[];
      expect(
        errors.some((e) => e.field === field && message.test(e.message)),
        `${field}: ${res.body}`,
      ).toBe(true);
    }
    const huge = await post('staff', '/api/patient', { ...newPatient, occupation: 'ก'.repeat(5 * 1024 * 1024) });
    expect([400, 413]).toContain(huge.statusCode);
    const after = (await sut.database.db.select({ n: sql<number>`count(*)::int` }).from(patients))[0]?.n;
    expect(after).toBe(before);
  });

  it('gives the exam history grouped by request with the status bit flags', async () => {
    const [e] = await sut.database.db
      .select()
      .from(exams)
      .where(
        and(isNotNull(exams.patientId), isNotNull(exams.requestId), eq(exams.hasImage, true), isNull(exams.deletedAt)),
      )
      .limit(1);
    const rows = (await get('admin', `/api/patient/${e!.patientId}/exam`)).json().data;
    const exam = rows
      .flatMap((r: { exams: { examId: string; status: number }[] }) => r.exams)
      .find((x: { examId: string }) => x.examId === e!.id);
    expect(exam.status & 4).toBe(4);
    expect(rows[0]).toHaveProperty('appointmentDate');
    const appointments = rows.map((r: { appointmentDate: string }) => r.appointmentDate);
    expect([...appointments].sort().reverse()).toEqual(appointments);
  });

  it('names the request documents still missing in each history row, and drops one once it is uploaded', async () => {
    const db = sut.database.db;
    // A request with an MR product: it needs the doctor's order and the MR screening form (RQ4).
    const [mr] = await db
      .select({ requestId: requestProducts.requestId, patientId: exams.patientId })
      .from(requestProducts)
      .innerJoin(products, eq(products.id, requestProducts.productId))
      .innerJoin(exams, and(eq(exams.requestId, requestProducts.requestId), isNull(exams.deletedAt)))
      .where(and(eq(products.modalityCode, 'MR'), isNotNull(exams.patientId)))
      .limit(1);
    expect(mr, 'the demo data has a request with an MR product').toBeDefined();
    const types = await db.select().from(lookups).where(eq(lookups.kind, 'requestDocument'));
    const order = types.find((t) => t.code === 'ORDER')!;
    const screening = types.find((t) => t.code === 'MRI_SCREENING')!;
    await db.delete(documents).where(eq(documents.requestId, mr!.requestId));
    const missing = async () => {
      const rows = (await get('admin', `/api/patient/${mr!.patientId}/exam`)).json().data as {
        requestId: string;
        missingDocumentNames: string[];
      }[];
      return rows.find((r) => r.requestId === mr!.requestId)!.missingDocumentNames;
    };
    expect(await missing()).toEqual(expect.arrayContaining([order.name, screening.name]));
    await db.insert(documents).values({
      requestId: mr!.requestId,
      kind: 'requestDocument',
      documentTypeId: order.id,
      fileName: 'order.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1,
      storageKey: 'x/order.pdf',
      sha256: '0'.repeat(64),
    });
    const after = await missing();
    expect(after).not.toContain(order.name);
    expect(after).toContain(screening.name);
  });

  it('serves the form UI data with paired Thai/English prefixes and genders', async () => {
    const data = (await get('staff', '/api/uidata/patientForm')).json().data;
    const mr = data.namePrefixesAll.find((p: { th: string }) => p.th === 'นาย');
    expect(mr).toMatchObject({ en: 'Mr.', gender: 'Male' });
    expect(data.namePrefixes.map((p: { th: string }) => p.th)).toEqual(
      expect.arrayContaining(['นาย', 'นาง', 'นางสาว', 'ด.ช.', 'ด.ญ.']),
    );
    expect(data.bloodTypes.length).toBeGreaterThan(3);
    expect(data.relationship.length).toBeGreaterThan(3);
    expect(data.allergies.length).toBeGreaterThan(3);
    const ui = (await get('staff', '/api/uidata/patient')).json();
    expect(ui.data).toEqual({ gatewayUrl: null, idCardReaderUrl: null });
  });

  it('refuses Doctors (no PATIENT_SEARCH)', async () => {
    expect((await post('doctor1', '/api/patient/search', { name: 'ก' })).statusCode).toBe(403);
  });
});

describe('GET /api/patient/romanization', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    await sut.close();
  });

  it('romanizes Thai names by RTGS, and refuses long text', async () => {
    const cookie = await sut.login('staff');
    const ask = (t: string) =>
      sut.app.inject({ url: `/api/patient/romanization?thaiText=${encodeURIComponent(t)}`, headers: { cookie } });
    expect((await ask('สมชาย')).json()).toEqual({ success: true, data: 'Somchai' });
    expect((await ask('ประยุทธ์')).json().data).toBe('Prayut');
    expect((await ask('')).json().data).toBe('');
    expect((await ask('ก'.repeat(201))).statusCode).toBe(400);
    expect(
      (
        await sut.app.inject({
          url: '/api/patient/romanization?thaiText=x',
          headers: { cookie: await sut.login('doctor1') },
        })
      ).statusCode,
    ).toBe(403);
  });
});

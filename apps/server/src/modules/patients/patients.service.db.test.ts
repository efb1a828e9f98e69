import { PatientSaveSchema } from '@rangsi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import type { DatabaseHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { currentUserNamed, refusalOf } from '../../test/service-test';
import { openTestDatabase } from '../../test/test-app';
import { PatientsRepository } from './patients.repository';
import { maskNationalNumber, PatientsService } from './patients.service';

/** The editor's password the injected check accepts (the auth module owns the real one). */
const EDITOR_PASSWORD = 'editor-own-password';

// Patient registration (spec §4, §5): who sees which patient, what a save refuses, that an existing patient changes
// only with the editor's password and at the version they read, and the age of a patient whose birth date is unknown.
describe(PatientsService.name, () => {
  let database: DatabaseHandle;
  let sut: PatientsService;
  let clock = new Date('2026-12-15T03:00:00Z');
  const now = () => clock;
  const users: Record<string, CurrentUser> = {};
  const passwordChecks: string[] = [];
  /** A demo patient of branch RS1. */
  let rs1Patient: { id: string; hn: string; nationalNumber: string | null };

  const patientCount = async () =>
    rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from patients`))[0]!.n;
  const newPatient = (fields: Record<string, unknown> = {}) =>
    PatientSaveSchema.parse({
      patientId: 'new',
      nameTH: { prefix: 'นาย', first: 'ทดสอบ', last: 'บริการ' },
      gender: 'Male',
      birthDate: '1980-05-01',
      ...fields,
    });

  beforeAll(async () => {
    database = await openTestDatabase();
    sut = new PatientsService(
      new PatientsRepository(database.db),
      (userId, password) => {
        passwordChecks.push(userId);
        return Promise.resolve(password === EDITOR_PASSWORD);
      },
      new AuditService(database.db, now),
      now,
    );
    for (const name of ['admin', 'staff', 'staff2', 'hospital'])
      users[name] = await currentUserNamed(database.db, name);
    const [found] = rowsOf<typeof rs1Patient>(
      await database.db.execute(sql`
        select id, hn, national_number as "nationalNumber" from patients
         where branch_id = ${users.staff!.branchId} and national_number is not null order by hn limit 1`),
    );
    if (!found) throw new Error('no demo patient of RS1 with a national number');
    rs1Patient = found;
  });
  beforeEach(() => {
    clock = new Date('2026-12-15T03:00:00Z');
    passwordChecks.length = 0;
  });
  afterAll(async () => {
    await database.close();
  });

  it('refuses a search without criteria or with a phone number of no digits', async () => {
    expect((await refusalOf(sut.search(users.staff!, {}))).code).toBe('NO_CRITERIA');
    expect((await refusalOf(sut.search(users.staff!, { phoneNumber: '--' }))).code).toBe('BAD_PHONE');
  });

  it('finds patients of the user’s own branch only, with the national number masked in the list', async () => {
    const [found] = await sut.search(users.staff!, { hn: rs1Patient.hn });
    expect(found).toMatchObject({ patientId: rs1Patient.id, hn: rs1Patient.hn });
    expect(found!.nationalNumber).toBe(maskNationalNumber(rs1Patient.nationalNumber));
    expect(found!.nationalNumber).toMatch(/^\d{8}xxxxx$/);
    expect(await sut.search(users.staff2!, { hn: rs1Patient.hn })).toEqual([]);
    expect((await refusalOf(sut.get(users.staff2!, rs1Patient.id))).code).toBe('PATIENT_NOT_FOUND');
    expect((await sut.get(users.admin!, rs1Patient.id)).nationalNumber).toBe(rs1Patient.nationalNumber);
  });

  it('creates a patient in the user’s branch with a new HN, and refuses a birth date after today (Bangkok)', async () => {
    const before = await patientCount();
    // 17:30 UTC on 15 December is 16 December in Bangkok: the 16th is today there, the 17th is not.
    clock = new Date('2026-12-15T17:30:00Z');
    const future = await refusalOf(sut.save(users.staff!, newPatient({ birthDate: '2026-12-17' })));
    expect(future.errors).toEqual([{ field: 'birthDate', message: { code: 'BIRTH_DATE_IN_FUTURE' } }]);
    expect(await patientCount()).toBe(before);

    const { patientId } = await sut.save(users.staff!, newPatient({ birthDate: '2026-12-16' }));
    const saved = await sut.get(users.staff!, patientId);
    expect(saved.hn).toMatch(/^HN\d{7}$/);
    expect(saved).toMatchObject({ birthDate: '2026-12-16', age: 0, version: 1 });
    expect(passwordChecks).toEqual([]);
    expect(await patientCount()).toBe(before + 1);
    const [row] = rowsOf<{ branchId: number; createdBy: string }>(
      await database.db.execute(
        sql`select branch_id as "branchId", created_by as "createdBy" from patients where id = ${patientId}`,
      ),
    );
    expect(row).toEqual({ branchId: users.staff!.branchId, createdBy: users.staff!.userId });
  });

  it('refuses a national number or an HN another patient has', async () => {
    const nationalNumber = await refusalOf(
      sut.save(users.staff!, newPatient({ nationalNumber: rs1Patient.nationalNumber })),
    );
    expect(nationalNumber.errors?.[0]?.field).toBe('nationalNumber');
    const hn = await refusalOf(sut.save(users.staff!, newPatient({ hn: rs1Patient.hn })));
    expect(hn.errors?.[0]?.field).toBe('hn');
  });

  it('saves an existing patient only with the editor’s own password, and only at the version read', async () => {
    const { patientId } = await sut.save(users.staff!, newPatient());
    const read = await sut.get(users.staff!, patientId);
    const edit = (fields: Record<string, unknown>) =>
      newPatient({
        patientId,
        version: read.version,
        nameTH: { prefix: 'นาย', first: 'แก้ไข', last: 'แล้ว' },
        ...fields,
      });

    expect((await refusalOf(sut.save(users.staff!, edit({})))).errors?.[0]?.field).toBe('password');
    expect((await refusalOf(sut.save(users.staff!, edit({ password: 'guess' })))).errors?.[0]?.field).toBe('password');
    expect(passwordChecks).toEqual([users.staff!.userId]);
    expect((await sut.get(users.staff!, patientId)).nameTH.first).toBe('ทดสอบ');

    await sut.save(users.staff!, edit({ password: EDITOR_PASSWORD }));
    const changed = await sut.get(users.staff!, patientId);
    expect(changed).toMatchObject({ nameTH: { first: 'แก้ไข' }, hn: read.hn, version: read.version + 1 });
    // A second save from the same read is stale: someone else's change would be lost.
    const stale = await refusalOf(sut.save(users.staff!, edit({ password: EDITOR_PASSWORD })));
    expect({ status: stale.status, code: stale.code }).toEqual({ status: 409, code: 'PATIENT_CONFLICT' });
    // A patient out of the editor's scope is not found, before any password is asked for.
    passwordChecks.length = 0;
    expect((await refusalOf(sut.save(users.staff2!, edit({ password: EDITOR_PASSWORD })))).code).toBe(
      'PATIENT_NOT_FOUND',
    );
    expect(passwordChecks).toEqual([]);
  });

  it('keeps a stated age when the birth date is unknown, and grows it with the years', async () => {
    const { patientId } = await sut.save(
      users.staff!,
      newPatient({ birthDate: null, unknownBirthDate: true, age: 40 }),
    );
    expect((await sut.get(users.staff!, patientId)).age).toBe(40);
    clock = new Date('2028-12-15T03:00:00Z');
    expect((await sut.get(users.staff!, patientId)).age).toBe(42);
    const [listed] = await sut.search(users.staff!, { hn: (await sut.get(users.staff!, patientId)).hn });
    expect(listed!.age).toBe(42);
  });

  it('records each search in the audit log with the fields searched, never their values', async () => {
    await sut.search(users.staff!, { hn: rs1Patient.hn });
    const [entry] = rowsOf<{ detail: unknown }>(
      await database.db.execute(
        sql`select detail from audit_log where action = 'patient.search' order by id desc limit 1`,
      ),
    );
    expect(entry!.detail).toEqual({ fields: ['hn'], results: 1 });
  });
});

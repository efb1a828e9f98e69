import { createHash } from 'node:crypto';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/rows';
import { apiCredentials, auditLog, exams } from '../../db/schema/index';
import { buildInstance } from '../../dicom/testing/build-dicom';
import { stowBody } from '../../dicom/testing/multipart';
import { createTestApp, type TestContext } from '../../test/test-app';

type Made = { id: string; token: string; username: string; password: string; keyId: string; name: string };

const basic = (m: Pick<Made, 'username' | 'password'>) =>
  `Basic ${Buffer.from(`${m.username}:${m.password}`).toString('base64')}`;
const bearer = (m: Pick<Made, 'token'>) => `Bearer ${m.token}`;

describe('API credentials', () => {
  let sut: TestContext;
  let admin: string;
  let clock = new Date('2026-12-02T03:00:00Z');
  /** Two exams of different client hospitals, each with a stored study of its own. */
  const examOf: Record<'a' | 'b', { id: string; hospitalId: number; study: string }> = {} as never;
  let seq = 0;

  const create = async (body: Record<string, unknown>, cookie = admin) =>
    sut.app.inject({ method: 'POST', url: '/api/admin/api-credentials', headers: { cookie }, payload: body });
  const make = async (body: Record<string, unknown> = {}): Promise<Made> => {
    const name = `System ${++seq}`;
    const res = await create({ name, roleName: 'Staff', scope: 'all', ...body });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    return {
      id: d.credential.id,
      keyId: d.credential.keyId,
      name,
      token: d.token,
      username: d.username,
      password: d.password,
    };
  };
  const call = (url: string, authorization: string, extra: Record<string, string> = {}) =>
    sut.app.inject({ url, headers: { authorization, accept: 'application/dicom+json', ...extra } });
  const studiesSeen = async (authorization: string) => {
    const res = await call('/dicomweb/studies?limit=1000', authorization);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ '0020000D': { Value: string[] } }[]>().map((s) => s['0020000D'].Value[0]);
  };
  const stow = (authorization: string, accessionNumber = '') => {
    const inst = buildInstance({ accessionNumber });
    const { payload, contentType } = stowBody([inst.bytes]);
    return sut.app
      .inject({
        method: 'POST',
        url: '/dicomweb/studies',
        payload,
        headers: { authorization, 'content-type': contentType, accept: 'application/dicom+json' },
      })
      .then((res) => ({ res, study: inst.studyUid }));
  };
  const auditRows = (actorId: string) =>
    sut.database.db.select().from(auditLog).where(eq(auditLog.actorId, actorId)).orderBy(desc(auditLog.id));

  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
    admin = await sut.login('admin');
    const [a, b] = await selectRows<{ id: string; hospital_id: number; accession_number: string }>(
      sut.database.db,
      sql`select distinct on (hospital_id) id, hospital_id, accession_number from exams
        where accession_number is not null and deleted_at is null and has_image = false order by hospital_id, id limit 2`,
    );
    const staffAll = await make();
    for (const [key, row] of [
      ['a', a!],
      ['b', b!],
    ] as const) {
      const { res, study } = await stow(bearer(staffAll), row.accession_number);
      expect(res.statusCode, res.body).toBe(200);
      examOf[key] = { id: row.id, hospitalId: row.hospital_id, study };
    }
  });
  afterAll(async () => {
    await sut.close();
  });

  describe('the administrator', () => {
    it('sees a new secret once: the list and the database keep only its key id and hash', async () => {
      const res = await create({ name: 'Orthanc PACS', roleName: 'Staff', scope: 'all' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const { credential, token, username, password } = res.json().data;
      expect(token).toMatch(/^rgs_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
      expect(token).toBe(`${username}_${password}`);
      expect(credential).toMatchObject({ name: 'Orthanc PACS', keyId: username, roleName: 'Staff', scope: 'all' });

      const list = await sut.app.inject({ url: '/api/admin/api-credentials', headers: { cookie: admin } });
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(password);
      expect(list.json().data.credentials.map((c: { name: string }) => c.name)).toContain('Orthanc PACS');
      const [row] = await sut.database.db.select().from(apiCredentials).where(eq(apiCredentials.keyId, username));
      expect(JSON.stringify(row)).not.toContain(password);
      expect(row!.secretHash).toBe(createHash('sha256').update(password).digest('hex'));
    });

    it('is told clearly what is wrong with a form, and nothing is created', async () => {
      const before = await sut.database.db.$count(apiCredentials);
      const noBranch = await create({ name: 'Branch system', roleName: 'Staff', scope: 'branch' });
      expect(noBranch.statusCode).toBe(400);
      expect(noBranch.json().errors[0].field).toBe('branchId');
      const unknownHospital = await create({ name: 'H', roleName: 'Hospital', scope: 'hospital', hospitalId: 99999 });
      expect(unknownHospital.statusCode).toBe(400);
      expect(unknownHospital.json().errors[0].field).toBe('hospitalId');
      expect((await create({ name: 'Doctor system', roleName: 'Doctor', scope: 'all' })).statusCode).toBe(400);
      expect((await create({ name: '', roleName: 'Staff', scope: 'all' })).statusCode).toBe(400);
      const taken = await create({ name: 'Orthanc PACS', roleName: 'Staff', scope: 'all' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toContain('มีรหัสเชื่อมต่อระบบชื่อนี้แล้ว');
      expect(await sut.database.db.$count(apiCredentials)).toBe(before);
    });

    it('is the only one who may list, create and revoke credentials', async () => {
      const staff = await sut.login('staff');
      expect((await sut.app.inject({ url: '/api/admin/api-credentials', headers: { cookie: staff } })).statusCode).toBe(
        403,
      );
      expect((await create({ name: 'x', roleName: 'Staff', scope: 'all' }, staff)).statusCode).toBe(403);
      expect((await sut.app.inject({ url: '/api/admin/api-credentials' })).statusCode).toBe(401);
    });

    it('revokes a credential: its next call is 401, a second revoke is 409, an unknown id 404, a bad id 400', async () => {
      const m = await make();
      expect((await call('/dicomweb/studies', bearer(m))).statusCode).toBe(200);
      const revoke = (id: string) =>
        sut.app.inject({ method: 'POST', url: `/api/admin/api-credentials/${id}/revoke`, headers: { cookie: admin } });
      const res = await revoke(m.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.revokedAt).not.toBeNull();
      for (const authorization of [bearer(m), basic(m)]) {
        const refused = await call('/dicomweb/studies', authorization);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject({ success: false, message: expect.stringContaining('API credential') });
        expect(refused.headers['www-authenticate']).toBeDefined();
      }
      expect((await revoke(m.id)).statusCode).toBe(409);
      expect((await revoke('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await revoke('not-an-id')).statusCode).toBe(400);
    });
  });

  describe('a system calling with its credential', () => {
    it('reads DICOMweb with Bearer or Basic, and only the studies of its data scope', async () => {
      const all = await make();
      const hospitalA = await make({ roleName: 'Hospital', scope: 'hospital', hospitalId: examOf.a.hospitalId });
      expect(await studiesSeen(basic(all))).toEqual(expect.arrayContaining([examOf.a.study, examOf.b.study]));
      const seen = await studiesSeen(bearer(hospitalA));
      expect(seen).toContain(examOf.a.study);
      expect(seen).not.toContain(examOf.b.study);
      const other = await call(`/dicomweb/studies/${examOf.b.study}/metadata`, basic(hospitalA));
      expect(other.statusCode).toBe(404);
      const own = await call(`/dicomweb/studies/${examOf.a.study}/metadata`, basic(hospitalA));
      expect(own.statusCode).toBe(200);
    });

    it('reads the JSON API with Bearer within its scope, never with Basic', async () => {
      const hospitalA = await make({ roleName: 'Hospital', scope: 'hospital', hospitalId: examOf.a.hospitalId });
      expect((await call(`/api/exam/${examOf.a.id}`, bearer(hospitalA))).statusCode).toBe(200);
      expect((await call(`/api/exam/${examOf.b.id}`, bearer(hospitalA))).statusCode).toBe(404);
      expect((await call(`/api/exam/${examOf.a.id}`, basic(hospitalA))).statusCode).toBe(401);
    });

    it('is held to its role: a role without the image right may not search images', async () => {
      const accounting = await make({ roleName: 'Accounting', scope: 'all' });
      expect((await call('/dicomweb/studies', bearer(accounting))).statusCode).toBe(403);
    });

    it('never opens the credentials, a viewer token, or the pages, whatever its role', async () => {
      const administrator = await make({ roleName: 'Administrator', scope: 'all' });
      const auth = { authorization: bearer(administrator) };
      expect((await sut.app.inject({ url: '/api/admin/api-credentials', headers: auth })).statusCode).toBe(403);
      const made = await sut.app.inject({
        method: 'POST',
        url: '/api/admin/api-credentials',
        headers: auth,
        payload: { name: 'Child', roleName: 'Administrator', scope: 'all' },
      });
      expect(made.statusCode).toBe(403);
      const token = await sut.app.inject({ method: 'POST', url: `/api/exam/${examOf.a.id}/token`, headers: auth });
      expect(token.statusCode).toBe(403);
      expect((await sut.app.inject({ url: `/weasis/${examOf.a.id}`, headers: auth })).statusCode).toBe(403);
    });

    it('refuses an unknown key, a wrong secret and a malformed header with 401, even beside a live session', async () => {
      const m = await make();
      const wrong = `${m.username}_${'A'.repeat(43)}`;
      for (const authorization of [
        `Bearer ${wrong}`,
        `Bearer rgs_0000000000000000_${m.password}`,
        'Bearer not-a-credential',
        basic({ username: m.username, password: 'B'.repeat(43) }),
      ]) {
        const res = await call('/dicomweb/studies', authorization, { cookie: admin });
        expect(res.statusCode, authorization).toBe(401);
        expect(res.json().success).toBe(false);
      }
    });

    it('stores with STOW, and the exam log and the audit name the credential, not its maker', async () => {
      const pacs = await make({ name: 'Modality gateway' });
      const [exam] = await sut.database.db
        .select({ id: exams.id, accessionNumber: exams.accessionNumber })
        .from(exams)
        .where(and(isNotNull(exams.accessionNumber), eq(exams.hasImage, false)))
        .limit(1);
      const { res } = await stow(bearer(pacs), exam!.accessionNumber!);
      expect(res.statusCode, res.body).toBe(200);
      const [event] = await selectRows<{ user_name: string }>(
        sut.database.db,
        sql`select user_name from exam_events where exam_id = ${exam!.id} order by id desc limit 1`,
      );
      expect(event!.user_name).toBe('Modality gateway');
      const [row] = await auditRows('Modality gateway');
      expect(row).toMatchObject({ actorType: 'system', action: 'dicom.store', userId: null });
    });

    it('leaves an audit row for each read, one per study and route in ten minutes, and its last use once a minute', async () => {
      const m = await make();
      const study = `/dicomweb/studies/${examOf.a.study}/metadata`;
      await call(study, bearer(m));
      await call(study, bearer(m));
      await call('/api/me', bearer(m));
      await call('/api/me', bearer(m));
      const rows = await auditRows(m.name);
      expect(rows.filter((r) => r.action === 'images.view')).toHaveLength(1);
      expect(rows.filter((r) => r.action === 'api.call' && r.entityId === 'GET /api/me')).toHaveLength(1);
      expect(rows.every((r) => r.actorType === 'system' && r.userId === null && r.username === m.name)).toBe(true);

      const lastUsed = async () =>
        (await sut.database.db.select().from(apiCredentials).where(eq(apiCredentials.id, m.id)))[0]!.lastUsedAt;
      const first = await lastUsed();
      expect(first).toEqual(clock);
      clock = new Date(clock.getTime() + 30_000);
      await call('/api/me', bearer(m));
      expect(await lastUsed()).toEqual(first);
      clock = new Date(clock.getTime() + 31_000);
      await call('/api/me', bearer(m));
      expect(await lastUsed()).toEqual(clock);
    });

    it('limits wrong secrets per key and address, and the right secret from elsewhere still works', async () => {
      const m = await make();
      const wrong = `Bearer ${m.username}_${'C'.repeat(43)}`;
      const from = (authorization: string, remoteAddress: string) =>
        sut.app.inject({ url: '/dicomweb/studies', remoteAddress, headers: { authorization } });
      for (let i = 0; i < 5; i += 1) expect((await from(wrong, '203.0.113.7')).statusCode).toBe(401);
      const held = await from(bearer(m), '203.0.113.7');
      expect(held.statusCode).toBe(429);
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
      expect((await from(bearer(m), '203.0.113.8')).statusCode).toBe(200);
    });
  });
});

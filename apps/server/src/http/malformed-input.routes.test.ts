import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { registerErrorHandler } from './error-handler';

/** Issue 23 item 8: each class of malformed input that answered 500 now answers a 400 that names the problem. */
describe('malformed input is a clear 400, never a 500', () => {
  let sut: TestContext;
  let cookie: string;
  let exam: { id: string; version: number };
  let requestId: string;
  const one = async <T>(q: ReturnType<typeof sql>): Promise<T | undefined> => {
    const r: { rows: T[] } = (await sut.database.db.execute(q)) as never;
    return r.rows[0];
  };
  const counts = () =>
    one<{ s: number; p: number; e: string }>(
      sql`select (select count(*) from sessions)::int as s, (select count(*) from patients)::int as p, (select max(updated_at)::text from exams) as e`,
    );

  beforeAll(async () => {
    sut = await createTestApp();
    cookie = await sut.login('admin');
    exam = (await one<{ id: string; version: number }>(sql`select id, version from exams order by id limit 1`))!;
    requestId = (await one<{ id: string }>(sql`select id from requests order by id limit 1`))!.id;
  });
  afterAll(async () => {
    await sut.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    sut.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, payload: payload as string });

  it.each([
    ['a NUL in the login name', '/Member/LogOn', { username: 'st\u0000aff', password: 'x' }, 'username'],
    ['a NUL in a patient search', '/api/patient/search', { name: 'สม\u0000ชาย' }, 'name'],
    ['a lone surrogate in a patient search', '/api/patient/search', { hn: 'HN\uD800' }, 'hn'],
    ['a NUL in a nested object key', '/api/exam/search', { ['ke\u0000y']: 1 }, 'ke\u0000y'],
  ])('%s is a 400 naming the field', async (_name, url, body, field) => {
    const before = await counts();
    const res = await post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field })]);
    expect(await counts()).toEqual(before);
  });

  it('a NUL in the query string or the path is a 400', async () => {
    const q = await sut.app.inject({ url: `/api/exam/${exam.id}/priors?token=ab%00cd`, headers: { cookie } });
    expect(q.statusCode).toBe(400);
    const p = await sut.app.inject({ url: '/api/patient/ab%00cd', headers: { cookie } });
    expect(p.statusCode).toBe(400);
  });

  it('a lone surrogate in the assign message is a 400 and the exam is unchanged', async () => {
    const before = await counts();
    const res = await post(`/api/exam/${exam.id}/assign`, `{"message":"ด่วน\\ud800","version":${exam.version}}`, {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it.each(['1180591620717411303424', '1e300', '"9999999999"'])('assign with a duration of %s is a 400', async (n) => {
    const res = await post(`/api/exam/${exam.id}/assign`, `{"withInDay":${n},"version":${exam.version}}`, {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'withInDay' })]);
  });

  it.each(['2024-02-30', '0000-00-00', '2023-02-29', '2024-13-01', '2024-04-31'])(
    'the impossible date %s is a 400',
    async (day) => {
      const r = await post('/api/request/search', { startDate: day });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors).toEqual([expect.objectContaining({ field: 'startDate' })]);
      const e = await post('/api/exam/search', { examFromDate: day });
      expect(e.statusCode).toBe(400);
    },
  );

  it('a real leap day still searches', async () => {
    expect((await post('/api/request/search', { startDate: '2024-02-29' })).statusCode).toBe(200);
  });

  describe('the five upload routes', () => {
    const routes = () => [
      `/api/exam/${exam.id}/document`,
      '/api/document/upload',
      `/api/request/${requestId}/reportAttachment`,
      `/api/exam/${exam.id}/dicom/import`,
    ];
    const truncated =
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 abc';

    it('a multipart body without a boundary, or cut short, is a 400 on every one', async () => {
      for (const url of routes()) {
        for (const [type, body] of [
          ['multipart/form-data', 'xx'],
          ['multipart/form-data; boundary=XX', truncated],
          ['multipart/form-data; boundary=', truncated],
          [`multipart/form-data; boundary=${'b'.repeat(300)}`, truncated],
        ]) {
          const res = await post(url, body, { 'content-type': type! });
          expect({ url, type, status: res.statusCode }).toEqual({ url, type, status: 400 });
          expect(res.json().success).toBe(false);
        }
      }
    });

    it('STOW (the fifth) answers a 400 for multipart/related without a boundary or cut short', async () => {
      const accept = { accept: 'application/dicom+json' };
      const none = await post('/dicomweb/studies', 'xx', {
        'content-type': 'multipart/related; type="application/dicom"',
        ...accept,
      });
      expect(none.statusCode).toBe(400);
      const cut = await post('/dicomweb/studies', '--XX\r\nContent-Type: application/dicom\r\n\r\nDICM', {
        'content-type': 'multipart/related; type="application/dicom"; boundary=XX',
        ...accept,
      });
      expect(cut.statusCode).toBe(400);
    });

    it('a NUL in an upload file name is a 400', async () => {
      const body =
        '--XX\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 abc\r\n--XX--\r\n';
      const res = await post(`/api/exam/${exam.id}/document`, body, {
        'content-type': 'multipart/form-data; boundary=XX',
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('a Thai ReturnUrl on the login form', () => {
    const form = (ReturnUrl: string) =>
      sut.app.inject({
        method: 'POST',
        url: '/Member/LogOn',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: 'staff', password: 'rangsi-demo', ReturnUrl }).toString(),
      });

    it('logs in, sends the cookie and redirects to the encoded path', async () => {
      const res = await form('/ผู้ป่วย?q=สมชาย');
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/${encodeURIComponent('ผู้ป่วย')}?q=${encodeURIComponent('สมชาย')}`);
      expect(res.cookies.map((c) => c.name)).toContain('rangsi_session');
    });

    it('a failed login with a Thai ReturnUrl goes back to the logon page, nothing leaked', async () => {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/Member/LogOn',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: 'staff', password: 'bad', ReturnUrl: '/ผู้ป่วย' }).toString(),
      });
      expect(res.statusCode).toBe(303);
      expect(res.body).not.toMatch(/Invalid character|header/);
    });
  });
});

describe('the error handler', () => {
  it('answers an unexpected error with a 500 that carries no internal text', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('relation "patients" does not exist at /srv/app/x.ts:1');
    });
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Something went wrong!' });
    await app.close();
  });
});

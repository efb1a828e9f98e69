import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

describe('bad input gets a clear 4xx and changes nothing', () => {
  let sut: TestContext;
  const counts = async () => {
    const r = await sut.database.db.execute(
      sql`select (select count(*) from users)::int as u, (select count(*) from sessions)::int as s`,
    );
    return (r as { rows: unknown[] }).rows[0];
  };
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    await sut.close();
  });

  it.each([
    ['malformed JSON', '{"username": "staff", ', 'application/json'],
    ['an empty JSON body', '', 'application/json'],
    ['a JSON array', '[1,2]', 'application/json'],
  ])('%s is a 400 with a message', async (_name, payload, type) => {
    const before = await counts();
    const res = await sut.app.inject({
      method: 'POST',
      url: '/Member/LogOn',
      headers: { 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it('missing fields are named in the field errors', async () => {
    const res = await sut.app.inject({ method: 'POST', url: '/Member/LogOn', payload: { username: 'staff' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'password' })]));
  });

  it('extra fields are refused', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/Member/LogOn',
      payload: { username: 'staff', password: 'rangsi-demo', isAdmin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/isAdmin|Unrecognized/);
  });

  it('a 10 MB body is refused with 413 before it is read into a handler', async () => {
    const before = await counts();
    const big = JSON.stringify({ username: 'staff', password: 'x'.repeat(10 * 1024 * 1024) });
    const res = await sut.app.inject({
      method: 'POST',
      url: '/Member/LogOn',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false });
    expect(await counts()).toEqual(before);
  });

  it('an unsupported content type is a 415', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/Member/LogOn',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it.each([
    ["staff' OR '1'='1", 'x'],
    ['staff', "' OR 1=1; DROP TABLE users; --"],
    ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>'],
    ['สมชาย"; DELETE FROM sessions; --', 'x'],
  ])('SQL and HTML metacharacters (%s) are just text: a 401 and nothing changed', async (username, password) => {
    const before = await counts();
    const res = await sut.app.inject({ method: 'POST', url: '/Member/LogOn', payload: { username, password } });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('<script>');
    expect(await counts()).toEqual(before);
  });

  it('an unknown API path is a 404 envelope, never the SPA', async () => {
    const cookie = await sut.login('staff');
    const res = await sut.app.inject({ url: '/api/nothing/here', headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'ไม่พบข้อมูล' });
  });
});

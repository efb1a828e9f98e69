import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { exams } from '../db/schema/index';
import { createTestApp, type TestContext } from '../test/test-app';
import { CROSS_SITE_MESSAGE } from './same-origin';

/** Issue 23 item 6: a cross-site page must not change anything with the victim's cookie (decision sec40). */
describe('cross-site writes and form bodies', () => {
  let sut: TestContext;
  let cookie: string;
  let examId: string;
  const host = 'rangsi.test:8080';
  const firstNameOf = async () =>
    (await sut.database.db.select({ f: exams.firstName }).from(exams).where(eq(exams.id, examId)))[0]!.f;
  const update = (headers: Record<string, string>, payload: string) =>
    sut.app.inject({
      method: 'POST',
      url: `/api/exam/${examId}/update`,
      headers: { cookie, host, ...headers },
      payload,
    });

  beforeAll(async () => {
    sut = await createTestApp();
    cookie = await sut.login('admin');
    const [row] = await sut.database.db
      .select({ id: exams.id })
      .from(exams)
      .where(ne(exams.status, 'Completed'))
      .limit(1);
    examId = row!.id;
  });
  afterAll(async () => {
    await sut.close();
  });

  it('refuses the attack as found: an HTML form POST from http://evil.example, and changes nothing', async () => {
    const before = await firstNameOf();
    const res = await update(
      { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      'firstName=Hacked',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: CROSS_SITE_MESSAGE });
    expect(await firstNameOf()).toBe(before);
  });

  it('does not parse form bodies on the JSON API, even from the same origin', async () => {
    const before = await firstNameOf();
    const res = await update(
      { origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      'firstName=Hacked',
    );
    expect(res.statusCode).toBe(415);
    expect(await firstNameOf()).toBe(before);
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['the same host name on another port', { origin: 'http://rangsi.test:9999' }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
    ['no Origin but Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin but Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a JSON write with %s', async (_name, headers) => {
    const before = await firstNameOf();
    const res = await update(
      { ...headers, 'content-type': 'application/json' },
      JSON.stringify({ firstName: 'Hacked' }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CROSS_SITE_MESSAGE);
    expect(await firstNameOf()).toBe(before);
  });

  it.each([
    ["the page's own Origin (the web app)", { origin: `http://${host}`, 'sec-fetch-site': 'same-origin' }],
    ['the https Origin of a page behind a TLS proxy', { origin: `https://${host}` }],
    ['no Origin and no fetch metadata (a script or an API client)', {}],
  ])('accepts a JSON write with %s', async (_name, headers) => {
    const name = `Same${Object.keys(headers).length}${_name.length}`;
    const res = await update({ ...headers, 'content-type': 'application/json' }, JSON.stringify({ firstName: name }));
    expect(res.statusCode).toBe(200);
    expect(await firstNameOf()).toBe(name);
  });

  it('keeps the logon form (same origin) and refuses it cross-site (login CSRF)', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', host };
    const ok = await sut.app.inject({
      method: 'POST',
      url: '/Member/LogOn',
      headers: { ...form, origin: `http://${host}` },
      payload: 'username=admin&password=rangsi-demo',
    });
    expect(ok.statusCode).toBe(303);
    expect(ok.cookies.some((c) => c.name === 'rangsi_session')).toBe(true);
    const evil = await sut.app.inject({
      method: 'POST',
      url: '/Member/LogOn',
      headers: { ...form, origin: 'http://evil.example' },
      payload: 'username=admin&password=rangsi-demo',
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.cookies).toEqual([]);
  });

  it('answers reads from anywhere (a GET changes nothing)', async () => {
    const res = await sut.app.inject({
      url: `/api/exam/${examId}/getUpdateInformation`,
      headers: { cookie, host, origin: 'http://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

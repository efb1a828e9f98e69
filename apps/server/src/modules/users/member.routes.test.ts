import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginFailures } from '../../db/schema/index';
import { createTestApp, cookieHeader, type TestContext } from '../../test/test-app';
import { BAD_CREDENTIALS } from '../../auth/auth.service';

describe('login, logout and /api/me', () => {
  let clock = new Date('2026-11-20T03:00:00Z');
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await sut.close();
  });

  it('JSON login sets an HttpOnly SameSite=Lax signed cookie and /api/me answers the claims', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/Member/LogOn',
      payload: { username: 'staff', password: 'rangsi-demo', returnUrl: '/pacs' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { returnUrl: '/pacs' } });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/rangsi_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await sut.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(res) } });
    expect(me.statusCode).toBe(200);
    const data = me.json().data;
    expect(data).toMatchObject({ username: 'staff', roleName: 'Staff' });
    expect(typeof data.displayName).toBe('string');
    expect(data.branchName).toBeTruthy();
    expect(data.permissions).toContain('EXAM_ASSIGN');
    expect(data).toHaveProperty('email');
    expect(data).toHaveProperty('lineName');
  });

  it('answers one message for an unknown user and for a wrong password', async () => {
    const wrong = await sut.app.inject({
      method: 'POST',
      url: '/Member/LogOn',
      payload: { username: 'doctor2', password: 'nope' },
    });
    const unknown = await sut.app.inject({
      method: 'POST',
      url: '/Member/LogOn',
      payload: { username: 'nobody-here', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: BAD_CREDENTIALS });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('a form post redirects to a same-origin ReturnUrl and to / for anything else', async () => {
    const post = (ReturnUrl: string) =>
      sut.app.inject({
        method: 'POST',
        url: '/Member/LogOn',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: 'staff', password: 'rangsi-demo', ReturnUrl }).toString(),
      });
    const good = await post('/patient?x=1');
    expect(good.statusCode).toBe(303);
    expect(good.headers.location).toBe('/patient?x=1');
    for (const evil of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await post(evil);
      expect(res.headers.location, evil).toBe('/');
    }
  });

  it('a failed form login goes back to the logon page, keeping ReturnUrl', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/Member/LogOn',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=staff&password=bad&ReturnUrl=%2Fpacs',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/Member/LogOn?ReturnUrl=%2Fpacs&error=BAD_CREDENTIALS');
  });

  it('log off revokes the session on the server and clears the cookies', async () => {
    const cookie = await sut.login('editor');
    expect((await sut.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const off = await sut.app.inject({
      method: 'POST',
      url: '/Member/LogOff',
      headers: { cookie: `${cookie}; other=1` },
    });
    expect(off.statusCode).toBe(200);
    const cleared = off.cookies.map((c) => c.name);
    expect(cleared).toEqual(expect.arrayContaining(['rangsi_session', 'other']));
    expect(off.cookies.every((c) => c.value === '')).toBe(true);
    // The old cookie, replayed, is dead.
    const replay = await sut.app.inject({ url: '/api/me', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false });
  });

  it('a forged, tampered or expired cookie is a 401', async () => {
    const cookie = await sut.login('doctor1');
    const tampered = cookie.replace(/rangsi_session=([^;.]+)/, 'rangsi_session=AAAA$1'.slice(0, 30));
    for (const c of ['rangsi_session=made-up', 'rangsi_session=abc.def', tampered]) {
      expect((await sut.app.inject({ url: '/api/me', headers: { cookie: c } })).statusCode, c).toBe(401);
    }
    const before = clock;
    clock = new Date(clock.getTime() + 13 * 3_600_000);
    try {
      expect((await sut.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      clock = before;
    }
  });

  it('without a session /api answers 401 JSON and a page redirects to the logon page with ReturnUrl', async () => {
    const api = await sut.app.inject({ url: '/api/uidata/menu' });
    expect(api.statusCode).toBe(401);
    expect(api.headers['content-type']).toMatch(/json/);
    expect(api.json().success).toBe(false);
    const page = await sut.app.inject({ url: '/pacs?from=1' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/Member/LogOn?ReturnUrl=%2Fpacs%3Ffrom%3D1');
    const logon = await sut.app.inject({ url: '/Member/LogOn' });
    expect(logon.statusCode).toBe(200);
  });
});

describe('failed logins slow down per account and address (decision sec42, issue 23 items 9 and 10b)', () => {
  let clock = new Date('2026-11-20T03:00:00Z');
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await sut.close();
  });

  const attempt = (password: string, username = 'hospdoc', remoteAddress = '10.0.0.66') =>
    sut.app.inject({ method: 'POST', url: '/Member/LogOn', payload: { username, password }, remoteAddress });
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  it('three failures are free, then the wait doubles (429, Retry-After, Thai and English message)', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(`wrong-${i}`, 'doctor2')).statusCode).toBe(401);
    const wait = await attempt('rangsi-demo', 'doctor2');
    expect(wait.statusCode).toBe(429);
    expect(wait.headers['retry-after']).toBe('1');
    expect(wait.json().message).toMatch(/กรุณารอ 1 วินาที.*Too many attempts: try again in 1 seconds/);
    later(1_000);
    expect((await attempt('wrong-3', 'doctor2')).statusCode).toBe(401);
    expect((await attempt('rangsi-demo', 'doctor2')).headers['retry-after']).toBe('2');
    later(2_000);
    expect((await attempt('rangsi-demo', 'doctor2')).statusCode).toBe(200);
    // A success forgets the account's failures.
    expect((await attempt('wrong-4', 'doctor2')).statusCode).toBe(401);
  });

  it('ten failures from one address refuse that address for 15 minutes, never the owner at another address', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await attempt(`wrong-${i}`);
      expect(res.statusCode).toBe(401);
      if (i >= 2 && i < 9) later(2 ** (i - 2) * 1_000);
    }
    const locked = await attempt('rangsi-demo');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(10 * 60);
    // The owner at the clinic's address is let in at once (an attacker cannot lock an account).
    expect((await attempt('rangsi-demo', 'hospdoc', '192.168.1.20')).statusCode).toBe(200);
    later(15 * 60_000 + 1_000);
    expect((await attempt('rangsi-demo')).statusCode).toBe(200);
  });

  it('40 parallel wrong passwords: only the free three are checked, the rest wait', async () => {
    const before = (await sut.database.db.select().from(loginFailures).where(eq(loginFailures.username, 'editor')))
      .length;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(`parallel-${i}`, 'editor', '10.0.0.77')),
    );
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(37);
    expect(
      (await sut.database.db.select().from(loginFailures).where(eq(loginFailures.username, 'editor'))).length - before,
    ).toBe(3);
  });

  it('one address guessing many accounts (spraying) is slowed down too', async () => {
    const names = [
      'staff',
      'admin',
      'doctor1',
      'billing',
      'link',
      'hospital',
      'nobody1',
      'nobody2',
      'nobody3',
      'nobody4',
    ];
    let refused = 0;
    for (let i = 0; i < 30; i++) {
      const res = await attempt(`spray-${i}`, names[i % names.length], '10.0.0.99');
      if (res.statusCode === 429) refused += 1;
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('a logon form post that must wait goes back to the form with the reason and Retry-After', async () => {
    const form = (password: string) =>
      sut.app.inject({
        method: 'POST',
        url: '/Member/LogOn',
        remoteAddress: '10.0.0.88',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=billing&password=${password}`,
      });
    for (let i = 0; i < 3; i++) await form(`bad${i}`);
    const res = await form('rangsi-demo');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/error=TOO_MANY_ATTEMPTS/);
    expect(res.headers['retry-after']).toBe('1');
  });
});

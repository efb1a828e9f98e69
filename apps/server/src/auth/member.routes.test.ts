import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, cookieHeader, type TestContext } from '../test/test-app';
import { BAD_CREDENTIALS } from './auth.service';

describe('login, logout and /api/me', () => {
  let clock = new Date('2026-11-20T03:00:00Z');
  let sut: TestContext;
  beforeAll(async () => { sut = await createTestApp({ now: () => clock }); });
  afterAll(async () => { await sut.close(); });

  it('JSON login sets an HttpOnly SameSite=Lax signed cookie and /api/me answers the claims', async () => {
    const res = await sut.app.inject({ method: 'POST', url: '/Member/LogOn', payload: { username: 'staff', password: 'rangsi-demo', returnUrl: '/pacs' } });
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
    const wrong = await sut.app.inject({ method: 'POST', url: '/Member/LogOn', payload: { username: 'doctor2', password: 'nope' } });
    const unknown = await sut.app.inject({ method: 'POST', url: '/Member/LogOn', payload: { username: 'nobody-here', password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: BAD_CREDENTIALS });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('a form post redirects to a same-origin ReturnUrl and to / for anything else', async () => {
    const post = (ReturnUrl: string) => sut.app.inject({
      method: 'POST', url: '/Member/LogOn',
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
      method: 'POST', url: '/Member/LogOn',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=staff&password=bad&ReturnUrl=%2Fpacs',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/Member/LogOn?ReturnUrl=%2Fpacs&error=BAD_CREDENTIALS');
  });

  it('log off revokes the session on the server and clears the cookies', async () => {
    const cookie = await sut.login('editor');
    expect((await sut.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const off = await sut.app.inject({ method: 'POST', url: '/Member/LogOff', headers: { cookie: `${cookie}; other=1` } });
    expect(off.statusCode).toBe(200);
    const cleared = off.cookies.map((c) => c.name);
    expect(cleared).toEqual(expect.arrayContaining(['rangsi_session', 'other']));
    expect(off.cookies.every((c) => c.value === '' )).toBe(true);
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

describe('lockout after 10 failures in 15 minutes', () => {
  let clock = new Date('2026-11-20T03:00:00Z');
  let sut: TestContext;
  beforeAll(async () => { sut = await createTestApp({ now: () => clock }); });
  afterAll(async () => { await sut.close(); });

  const attempt = (password: string, username = 'hospdoc') =>
    sut.app.inject({ method: 'POST', url: '/Member/LogOn', payload: { username, password } });

  it('locks the username for 15 minutes, even for the right password, then lets it in', async () => {
    for (let i = 0; i < 9; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(401);
    expect((await attempt('wrong-9')).statusCode).toBe(401); // the 10th failure locks
    const locked = await attempt('rangsi-demo');
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toMatch(/15 นาที/);
    // Another user is not affected.
    expect((await attempt('rangsi-demo', 'link')).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 15 * 60_000 + 1000);
    expect((await attempt('rangsi-demo')).statusCode).toBe(200);
  });

  it('nine failures do not lock', async () => {
    for (let i = 0; i < 9; i++) await attempt(`x${i}`, 'doctor2');
    expect((await attempt('rangsi-demo', 'doctor2')).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { exams, users } from '../db/schema/index';
import { ConfigError, loadConfig } from '../config';
import { createTestApp, type TestContext } from '../test/test-app';

/** Issue 23 item 10d: link and QR addresses and client addresses must not come from what any client claims (decision sec43). */
const forged = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '203.0.113.9',
};

async function staffTargets(sut: TestContext) {
  const [staff] = await sut.database.db.select().from(users).where(eq(users.username, 'staff'));
  const [e] = await sut.database.db
    .select()
    .from(exams)
    .where(and(eq(exams.branchId, staff!.branchId!), isNull(exams.deletedAt)))
    .limit(1);
  return { requestId: e!.requestId!, patientId: e!.patientId };
}

describe('with PUBLIC_BASE_URL', () => {
  let sut: TestContext;
  let cookie: string;
  beforeAll(async () => {
    sut = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://ris.example.org/' } });
    cookie = await sut.login('staff');
  });
  afterAll(async () => {
    await sut.close();
  });

  it('film links and the photo QR are built on it, whatever Host and X-Forwarded-Host say', async () => {
    const { requestId, patientId } = await staffTargets(sut);
    const link = await sut.app.inject({
      method: 'POST',
      url: `/api/request/link/${requestId}`,
      headers: { cookie, ...forged },
      payload: {},
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().data.linkHostUrl).toMatch(/^https:\/\/ris\.example\.org\/link\/[A-Za-z0-9_-]+$/);
    expect(link.json().data.qrcode).toBe(link.json().data.linkHostUrl);
    const again = await sut.app.inject({
      url: `/api/request/link/${requestId}`,
      headers: { cookie, host: 'other.example' },
    });
    expect(again.json().data.linkHostUrl).toMatch(/^https:\/\/ris\.example\.org\/link\//);
    const qr = await sut.app.inject({
      method: 'POST',
      url: `/api/patient/image/${patientId}/qr`,
      headers: { cookie, ...forged },
    });
    expect(qr.statusCode, qr.body).toBe(200);
    expect(qr.json().data.url).toMatch(/^https:\/\/ris\.example\.org\/capture\/qr\//);
  });

  it('a page at the public address may write even when the proxy passes another Host', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/exam/search',
      headers: { cookie, host: '10.0.0.5:8080', origin: 'https://ris.example.org' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('without TRUST_PROXY (the default)', () => {
  let sut: TestContext;
  let cookie: string;
  beforeAll(async () => {
    sut = await createTestApp();
    cookie = await sut.login('staff');
  });
  afterAll(async () => {
    await sut.close();
  });

  it('X-Forwarded-Host and -Proto are ignored for links', async () => {
    const { requestId } = await staffTargets(sut);
    const link = await sut.app.inject({
      method: 'POST',
      url: `/api/request/link/${requestId}`,
      headers: { cookie, ...forged, host: 'ris.lan:8080' },
      payload: {},
    });
    expect(link.json().data.linkHostUrl).toMatch(/^http:\/\/ris\.lan:8080\/link\//);
  });

  it('X-Forwarded-For is ignored: a guesser cannot escape the address limit by inventing addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/Member/LogOn',
        remoteAddress: '10.5.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { username: 'billing', password: `nope-${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('no HSTS from a forged X-Forwarded-Proto', async () => {
    const res = await sut.app.inject({ url: '/api/me', headers: { cookie, 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('with TRUST_PROXY', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp({ env: { TRUST_PROXY: '10.9.0.1, 192.168.50.0/24' } });
  });
  afterAll(async () => {
    await sut.close();
  });

  it('believes X-Forwarded-* from the listed proxy only (HSTS behind its TLS, the client address it names)', async () => {
    const viaProxy = await sut.app.inject({
      url: '/healthz',
      remoteAddress: '192.168.50.7',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const direct = await sut.app.inject({
      url: '/healthz',
      remoteAddress: '10.9.0.2',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    // Failures from two clients behind the same proxy count apart.
    const login = (client: string, i: number) =>
      sut.app.inject({
        method: 'POST',
        url: '/Member/LogOn',
        remoteAddress: '10.9.0.1',
        headers: { 'x-forwarded-for': client },
        payload: { username: 'billing', password: `nope-${i}` },
      });
    for (let i = 0; i < 3; i++) expect((await login('198.51.100.1', i)).statusCode).toBe(401);
    expect((await login('198.51.100.1', 3)).statusCode).toBe(429);
    expect((await login('198.51.100.2', 4)).statusCode).toBe(401);
  });
});

describe('the settings', () => {
  const base = { NODE_ENV: 'test' } as NodeJS.ProcessEnv;
  it('refuse what they cannot use, naming the variable', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, PUBLIC_BASE_URL: 'https://ris.example.org/rangsi' })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => loadConfig({ ...base, PUBLIC_BASE_URL: 'ftp://ris.example.org' })).toThrow(/PUBLIC_BASE_URL/);
    const ok = loadConfig({
      ...base,
      TRUST_PROXY: 'loopback, 10.0.0.5,fd00::/8',
      PUBLIC_BASE_URL: 'https://RIS.example.org/',
    });
    expect(ok.TRUST_PROXY).toEqual(['loopback', '10.0.0.5', 'fd00::/8']);
    expect(ok.PUBLIC_BASE_URL).toBe('https://ris.example.org');
    expect(loadConfig(base).TRUST_PROXY).toEqual([]);
  });
});

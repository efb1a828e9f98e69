import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { branches, exams, users } from '../db/schema/index';
import { createTestApp, type TestContext } from '../test/test-app';
import { STORED_FILE_CSP } from './security-headers';

const INLINE = "document.documentElement.dataset.preview='1';";

/** Issue 23 item 11: every response carries the security headers, set in one place (decision sec41). */
describe('security headers', () => {
  let sut: TestContext;
  let webDist: string;
  let staff: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head><title>R</title>\n    <script>${INLINE}</script></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`,
    );
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'index.js'), 'console.log(1)');
    sut = await createTestApp({ env: { WEB_DIST: webDist, GATEWAY_URL: 'http://his.hospital.local:8090/api/' } });
    // A branch image cache (spec §7, §8), set before the first response reads the origins.
    await sut.database.db
      .update(branches)
      .set({ imageCacheUrl: 'http://cache.rs1.local:8042/pacs/' })
      .where(eq(branches.code, 'RS1'));
    staff = await sut.login('staff');
  });
  afterAll(async () => {
    await sut.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  function expectCommon(res: LightMyRequestResponse) {
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toMatch(/camera=\(self\)/);
    expect(res.headers['permissions-policy']).toMatch(/microphone=\(\)/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  }
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';

  it('the web page: a CSP that allows its inline script by hash, never unsafe-inline or eval for scripts', async () => {
    const res = await sut.app.inject({ url: '/Member/LogOn' });
    expect(res.statusCode).toBe(200);
    expectCommon(res);
    const csp = String(res.headers['content-security-policy']);
    const hash = createHash('sha256').update(INLINE).digest('base64');
    const scripts = directive(csp, 'script-src');
    expect(scripts).toContain(`'sha256-${hash}'`);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    // The browser calls the HIS gateway, the workstation's Rangsi Helper (CD and RadiAnt, one origin) and the
    // branch image cache itself, nothing else.
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' http://his.hospital.local:8090 http://127.0.0.1:17580 http://cache.rs1.local:8042",
    );
  });

  it('static files, JSON answers, errors and unknown paths carry them too', async () => {
    const asset = await sut.app.inject({ url: '/assets/index.js' });
    expect(asset.statusCode).toBe(200);
    expectCommon(asset);
    const api = await sut.app.inject({ url: '/api/me', headers: { cookie: staff } });
    expect(api.statusCode).toBe(200);
    expectCommon(api);
    expect(api.headers['content-security-policy']).toMatch(/default-src 'self'/);
    const anon = await sut.app.inject({ url: '/api/me' });
    expect(anon.statusCode).toBe(401);
    expectCommon(anon);
    const missing = await sut.app.inject({ url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expectCommon(missing);
  });

  it('a stored file keeps its own sandboxing policy and gets the rest from the same place', async () => {
    const [u] = await sut.database.db.select().from(users).where(eq(users.username, 'staff'));
    const [e] = await sut.database.db
      .select()
      .from(exams)
      .where(and(eq(exams.branchId, u!.branchId!), isNull(exams.deletedAt)))
      .limit(1);
    const boundary = '----rangsiheaders';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n\r\n--${boundary}--\r\n`,
    );
    const up = await sut.app.inject({
      method: 'POST',
      url: `/api/exam/${e!.id}/document`,
      headers: { cookie: staff, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(up.statusCode).toBe(200);
    const file = await sut.app.inject({
      url: `/api/exam/${e!.id}/document/${up.json().data.document.documentId}`,
      headers: { cookie: staff },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expectCommon(file);
    expect(file.headers['content-security-policy']).toBe(STORED_FILE_CSP);
  });

  it('lets the browser probe and frame a branch image cache, and nothing else outside', async () => {
    const csp = String((await sut.app.inject({ url: '/' })).headers['content-security-policy']);
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('connect-src')).toContain('http://cache.rs1.local:8042');
    expect(directive('frame-src')).toBe("frame-src 'self' blob: http://cache.rs1.local:8042");
    expect(directive('frame-src')).not.toContain('his.hospital.local');
  });
});

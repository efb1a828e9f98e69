import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPermissionCode } from '@rangsi/domain';
import { createTestApp, type TestContext } from '../test/test-app';

describe('every route declares its permission and data scope', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    await sut.close();
  });

  it('has a declaration on every registered route', () => {
    expect(sut.routes.length).toBeGreaterThan(5);
    const undeclared = sut.routes.filter((r) => !r.access).map((r) => `${String(r.method)} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('names only real permission codes and scopes', () => {
    const scopes = ['none', 'self', 'exam', 'patient', 'request', 'billing', 'accounting', 'report', 'dicom'];
    for (const r of sut.routes) {
      const a = r.access as { permission: string; scope: string; anyOf?: string[] };
      expect(
        ['public', 'authenticated'].includes(a.permission) || isPermissionCode(a.permission),
        `${r.url}: ${a.permission}`,
      ).toBe(true);
      for (const p of a.anyOf ?? []) expect(isPermissionCode(p), `${r.url}: ${p}`).toBe(true);
      expect(scopes, r.url).toContain(a.scope);
    }
  });

  it('only the login, logout, health, docs, phone capture, film link, static and page routes are public', () => {
    const publicUrls = sut.routes
      .filter((r) => (r.access as { permission: string }).permission === 'public')
      .map((r) => r.url);
    for (const url of publicUrls) {
      expect(url, url).toMatch(
        /^\/(Member\/Log(On|Off)|healthz|readyz|metrics|api\/docs|api\/capture\/qr\/:qrId|api\/link\/:linkId\/open|api\/link\/:linkId\/report\/:finishedReportId|\*|assets\/.*|[^/]+\.[a-z0-9]+)$/,
      );
    }
    expect(
      publicUrls.some(
        (u) =>
          u.startsWith('/api/') &&
          u !== '/api/docs' &&
          !u.startsWith('/api/capture/qr/') &&
          u !== '/api/link/:linkId/open' &&
          u !== '/api/link/:linkId/report/:finishedReportId',
      ),
    ).toBe(false);
  });

  it("takes query tokens only on GET routes that read one exam's images, each for the purposes it lists", () => {
    const taking = sut.routes
      .filter((r) => ((r.access as { tokens?: string[] }).tokens ?? []).length > 0)
      .map((r) => ({
        method: ([] as string[]).concat(r.method).sort().join(','),
        url: r.url,
        tokens: [...(r.access as { tokens: string[] }).tokens].sort().join(','),
      }));
    for (const r of taking) expect(r.method, r.url).toMatch(/^(GET|GET,HEAD|HEAD)$/);
    const byUrl = Object.fromEntries(taking.map((r) => [r.url, r.tokens]));
    // What each purpose opens is a decision (docs/decisions/sec01-token-purposes.md); a new route must be added here on purpose.
    const viewerFrame = ['/api/exam/:id', '/api/exam/:id/priors'];
    const linkAndViewer = [
      '/api/exam/:id/series',
      '/api/exam/:id/series/:seriesId/instances',
      '/api/exam/:id/series/:seriesId/thumbnail',
      '/api/exam/:id/series/:seriesId/preview',
    ];
    for (const url of viewerFrame) expect(byUrl[url], url).toBe('viewer');
    for (const url of linkAndViewer) expect(byUrl[url], url).toBe('link,viewer');
    expect(byUrl['/weasis/:examId']).toBe('weasis');
    expect(byUrl['/dicom/export/:examId/check']).toBe('export,link');
    expect(byUrl['/dicom/export/:examId']).toBe('export,link');
    const dicomweb = taking.filter((r) => r.url.startsWith('/dicomweb/'));
    expect(dicomweb.length).toBeGreaterThan(20);
    for (const r of dicomweb) expect(r.tokens, r.url).toBe('link,viewer,weasis');
    const known = new Set([
      ...viewerFrame,
      ...linkAndViewer,
      '/weasis/:examId',
      '/dicom/export/:examId/check',
      '/dicom/export/:examId',
    ]);
    expect(taking.filter((r) => !r.url.startsWith('/dicomweb/') && !known.has(r.url)).map((r) => r.url)).toEqual([]);
  });
  it("keeps the credentials' administration and the chat account to a person's session (io50, ln02)", () => {
    const sessionOnly = sut.routes
      .filter((r) => (r.access as { sessionOnly?: boolean }).sessionOnly)
      .map((r) => `${([] as string[]).concat(r.method).join(',')} ${r.url}`)
      .sort();
    expect(sessionOnly).toEqual([
      'GET /api/admin/api-credentials',
      'GET /api/chat-account/line/callback',
      'GET /api/chat-account/line/login',
      'HEAD /api/admin/api-credentials',
      'HEAD /api/chat-account/line/callback',
      'HEAD /api/chat-account/line/login',
      'POST /api/admin/api-credentials',
      'POST /api/admin/api-credentials/:id/revoke',
      'POST /api/chat-account/line/unlink',
    ]);
  });
});

describe('authenticate, then validate (ARCHITECTURE §4)', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    await sut.close();
  });

  it.each([
    ['a body the schema refuses', { 'content-type': 'application/json' }, '{"bogus": 1, "page": "x"}'],
    ['malformed JSON', { 'content-type': 'application/json' }, '{"page": '],
    ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
  ])("an anonymous caller with %s gets 401, not the schema's message", async (_name, headers, payload) => {
    const res = await sut.app.inject({ method: 'POST', url: '/api/exam/search', headers, payload });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('กรุณาเข้าสู่ระบบ');
  });

  it('a caller without the permission gets 403 before any validation', async () => {
    const cookie = await sut.login('billing');
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/exam/not-a-uuid/assign',
      headers: { cookie },
      payload: { bogus: true },
    });
    expect(res.statusCode).toBe(403);
    const anon = await sut.app.inject({ method: 'POST', url: '/api/exam/not-a-uuid/assign', payload: { bogus: true } });
    expect(anon.statusCode).toBe(401);
  });

  it('refuses an anonymous upload before reading its body', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/exam/00000000-0000-4000-8000-000000000000/document',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
    });
    expect(res.statusCode).toBe(401);
  });
});

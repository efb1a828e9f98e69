import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPermissionCode } from '@rangsi/domain';
import { createTestApp, type TestContext } from '../test/test-app';

describe('every route declares its permission and data scope', () => {
  let sut: TestContext;
  beforeAll(async () => { sut = await createTestApp(); });
  afterAll(async () => { await sut.close(); });

  it('has a declaration on every registered route', () => {
    expect(sut.routes.length).toBeGreaterThan(5);
    const undeclared = sut.routes.filter((r) => !r.access).map((r) => `${String(r.method)} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('names only real permission codes and scopes', () => {
    const scopes = ['none', 'self', 'exam', 'patient', 'request', 'billing', 'accounting', 'report', 'dicom'];
    for (const r of sut.routes) {
      const a = r.access as { permission: string; scope: string; anyOf?: string[] };
      expect(['public', 'authenticated'].includes(a.permission) || isPermissionCode(a.permission), `${r.url}: ${a.permission}`).toBe(true);
      for (const p of a.anyOf ?? []) expect(isPermissionCode(p), `${r.url}: ${p}`).toBe(true);
      expect(scopes, r.url).toContain(a.scope);
    }
  });

  it('only the login, logout, health, docs, phone capture, film link, static and page routes are public', () => {
    const publicUrls = sut.routes.filter((r) => (r.access as { permission: string }).permission === 'public').map((r) => r.url);
    for (const url of publicUrls) {
      expect(url, url).toMatch(/^\/(Member\/Log(On|Off)|healthz|readyz|metrics|api\/docs|api\/capture\/qr\/:qrId|api\/link\/:linkId\/open|api\/link\/:linkId\/report\/:finishedReportId|\*|assets\/.*|[^/]+\.[a-z0-9]+)$/);
    }
    expect(publicUrls.some((u) => u.startsWith('/api/') && u !== '/api/docs' && !u.startsWith('/api/capture/qr/') && u !== '/api/link/:linkId/open' && u !== '/api/link/:linkId/report/:finishedReportId')).toBe(false);
  });
});

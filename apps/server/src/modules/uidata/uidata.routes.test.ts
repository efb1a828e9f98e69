import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_DEFAULTS, menuFor, type RoleName } from '@rangsi/domain';
import { eq } from 'drizzle-orm';
import { siteConfig } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';

const DEMO: [string, RoleName][] = [
  ['admin', 'Administrator'],
  ['staff', 'Staff'],
  ['doctor1', 'Doctor'],
  ['doctor2', 'Doctor'],
  ['editor', 'Report Editor'],
  ['hospital', 'Hospital'],
  ['hospdoc', 'HospitalDoctor'],
  ['billing', 'Accounting'],
  ['link', 'Link'],
];

describe('GET /api/uidata/menu and /api/uidata/site', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    await sut.close();
  });

  it.each(DEMO)('%s (%s) gets exactly the menu its permissions allow', async (username, role) => {
    const cookie = await sut.login(username);
    const res = await sut.app.inject({ url: '/api/uidata/menu', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const codes = (res.json().data as { permissionCode: string }[]).map((m) => m.permissionCode);
    const expected = menuFor(new Set(ROLE_DEFAULTS[role].permissions)).map((m) => m.code);
    expect(codes).toEqual(expected);
  });

  it('gives branch_report its daily and monthly sub-items, opening in a new window', async () => {
    const cookie = await sut.login('staff');
    const items = (await sut.app.inject({ url: '/api/uidata/menu', headers: { cookie } })).json().data;
    const br = items.find((m: { permissionCode: string }) => m.permissionCode === 'branch_report');
    expect(br.newWindow).toBe(true);
    expect(br.subMenu.map((s: { permissionCode: string }) => s.permissionCode)).toEqual([
      'branch_report/daily',
      'branch_report/monthly',
    ]);
  });

  it('the accounting menu comes with any MENU_ACCOUNTING_ page, and accounting_ items come for the client to filter', async () => {
    const cookie = await sut.login('billing');
    const codes = (await sut.app.inject({ url: '/api/uidata/menu', headers: { cookie } }))
      .json()
      .data.map((m: { permissionCode: string }) => m.permissionCode);
    expect(codes).toContain('accounting');
    expect(codes).toContain('accounting_report');
  });

  it('site config carries lineLoginDialogUrl and never the session secret', async () => {
    const cookie = await sut.login('doctor1');
    const res = await sut.app.inject({ url: '/api/uidata/site', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveProperty('lineLoginDialogUrl');
    expect(res.body).not.toMatch(/secret/i);
  });

  it('site config names the workstation CD and RadiAnt helpers: the Rangsi Helper on loopback by default', async () => {
    const cookie = await sut.login('staff');
    const data = (await sut.app.inject({ url: '/api/uidata/site', headers: { cookie } })).json().data;
    expect(data.cdHelperUrl).toBe('http://127.0.0.1:17580/cd/');
    expect(data.radiantHelperUrl).toBe('http://127.0.0.1:17580/radiant/');
  });

  it('a site that has no helper says so (null) and the actions are not offered; the env names another', async () => {
    await sut.database.db
      .update(siteConfig)
      .set({ value: { cdHelperUrl: null, radiantHelperUrl: null } })
      .where(eq(siteConfig.key, 'workstationHelpers'));
    const cookie = await sut.login('staff');
    const stored = (await sut.app.inject({ url: '/api/uidata/site', headers: { cookie } })).json().data;
    expect([stored.cdHelperUrl, stored.radiantHelperUrl]).toEqual([null, null]);

    const other = await createTestApp({ env: { CD_HELPER_URL: 'http://127.0.0.1:18999/cd/' } });
    try {
      const c = await other.login('staff');
      const data = (await other.app.inject({ url: '/api/uidata/site', headers: { cookie: c } })).json().data;
      expect(data.cdHelperUrl).toBe('http://127.0.0.1:18999/cd/');
      expect(data.radiantHelperUrl).toBe('http://127.0.0.1:17580/radiant/');
    } finally {
      await other.close();
    }
  });
});

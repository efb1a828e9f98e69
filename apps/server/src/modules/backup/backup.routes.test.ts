import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('admin backup routes', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    await sut.close();
  });

  it('refuses anonymous callers (401) and users without USER_ADMIN (403), starting nothing', async () => {
    expect((await sut.app.inject({ method: 'POST', url: '/api/admin/backup' })).statusCode).toBe(401);
    expect((await sut.app.inject({ url: '/api/admin/backups' })).statusCode).toBe(401);
    const staff = await sut.login('staff');
    const res = await sut.app.inject({ method: 'POST', url: '/api/admin/backup', headers: { cookie: staff } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('ไม่มีสิทธิ์ใช้งานส่วนนี้');
    expect((await sut.app.inject({ url: '/api/admin/backups', headers: { cookie: staff } })).statusCode).toBe(403);
    const admin = await sut.login('admin');
    const list = await sut.app.inject({ url: '/api/admin/backups', headers: { cookie: admin } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual({ backups: [], running: false, lastError: null });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

describe('operations endpoints and the OpenAPI document', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    await sut.close();
  });

  it('/healthz and /readyz answer, /readyz turns 503 while draining', async () => {
    expect((await sut.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await sut.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    sut.startDraining();
    expect((await sut.app.inject({ url: '/readyz' })).statusCode).toBe(503);
  });

  it('/metrics is Prometheus text labelled by route pattern, with no query values', async () => {
    const cookie = await sut.login('staff');
    await sut.app.inject({ url: '/api/uidata/menu?hn=HN0001234', headers: { cookie } });
    const text = (await sut.app.inject({ url: '/metrics' })).body;
    expect(text).toMatch(/rangsi_http_request_duration_seconds_bucket\{.*route="\/api\/uidata\/menu"/);
    expect(text).not.toContain('HN0001234');
  });

  it('/api/docs is the OpenAPI document generated from the contract, and docs/openapi.json is up to date', async () => {
    const doc = (await sut.app.inject({ url: '/api/docs' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/Member/LogOn', '/api/me', '/api/uidata/menu', '/api/uidata/site']),
    );
    const committed = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');
    const current = `${JSON.stringify(doc, null, 2)}\n`;
    expect(fs.existsSync(committed), 'run npm run openapi').toBe(true);
    expect(fs.readFileSync(committed, 'utf8'), 'docs/openapi.json is stale: run npm run openapi').toBe(current);
  });
});

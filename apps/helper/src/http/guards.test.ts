import http from 'node:http';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { startHelper, type RunningHelper } from '../start';
import { helperClient } from '../testing/call-helper';

const RANGSI = 'https://ris.example.org';

/** A raw request, so the Host header can be anything (fetch always sends the real one). */
function raw(port: number, headers: Record<string, string>, method = 'GET', pathName = '/cd/check') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: pathName, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Rangsi Helper listener: loopback only, the Rangsi origin only', () => {
  let helper: RunningHelper;
  let tmp: string;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-guards-'));
    helper = await startHelper({
      server: RANGSI,
      port: 0,
      cdDir: tmp,
      viewerDir: tmp,
      scanDir: tmp,
      log: silentLogger,
    });
  });
  afterAll(async () => {
    await helper.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 and answers the Rangsi origin with CORS naming only it', async () => {
    expect(helper.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await helperClient(helper.url, RANGSI).get('cd/check');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(RANGSI);
    expect(res.headers.get('vary')).toBe('Origin');
    expect(res.body).toMatchObject({ success: true, data: { name: 'Rangsi Helper', version: '1.0.0', service: 'cd' } });
    expect((await helperClient(helper.url, RANGSI).get('radiant/check')).body.data.service).toBe('radiant');
  });

  it('refuses another origin with 403, without CORS headers, and starts no job', async () => {
    const evil = helperClient(helper.url, 'https://evil.example.com');
    const examId = randomUUID();
    const res = await evil.post('cd/download', { examId, token: 't' });
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain('may not call');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect((await evil.get('scanner/status')).status).toBe(403);
    // A look-alike is another origin.
    expect((await helperClient(helper.url, `${RANGSI}.evil.com`).get('cd/check')).status).toBe(403);
    expect((await helperClient(helper.url, 'http://ris.example.org').get('cd/check')).status).toBe(403);
    expect((await helperClient(helper.url, RANGSI).get(`cd/download/check?examId=${examId}`)).status).toBe(404);
  });

  it('refuses a state-changing call without Origin', async () => {
    const res = await raw(
      helper.port,
      { host: `127.0.0.1:${helper.port}`, 'content-type': 'application/json' },
      'POST',
      '/cd/clear',
    );
    expect(res.status).toBe(403);
  });

  it('refuses a Host that is not loopback (DNS rebinding) even from the Rangsi origin', async () => {
    const res = await raw(helper.port, { host: `rebind.example.com:${helper.port}`, origin: RANGSI });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ success: false });
    expect((await raw(helper.port, { host: `localhost:${helper.port}`, origin: RANGSI })).status).toBe(200);
  });

  it('answers the preflight with the methods, the header and Private Network Access', async () => {
    const res = await raw(
      helper.port,
      {
        host: `127.0.0.1:${helper.port}`,
        origin: RANGSI,
        'access-control-request-method': 'POST',
        'access-control-request-private-network': 'true',
      },
      'OPTIONS',
      '/cd/download',
    );
    expect(res.status).toBe(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': RANGSI,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-private-network': 'true',
      'access-control-max-age': '600',
    });
    const other = await raw(
      helper.port,
      { host: `127.0.0.1:${helper.port}`, origin: 'https://evil.example.com' },
      'OPTIONS',
    );
    expect(other.status).toBe(403);
  });

  it('answers bodies that are not JSON objects with 400 and unknown paths with 404', async () => {
    const post = (body: string, type = 'application/json') =>
      fetch(`${helper.url}/cd/clear`, { method: 'POST', headers: { origin: RANGSI, 'content-type': type }, body });
    expect((await post('{nope')).status).toBe(400);
    expect((await post('[1]')).status).toBe(400);
    expect((await post('{}', 'text/plain')).status).toBe(400);
    const missing = await helperClient(helper.url, RANGSI).get('cd/../../etc/passwd');
    expect(missing.status).toBe(404);
  });
});

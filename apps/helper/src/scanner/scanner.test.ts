import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../log';
import { startHelper, type RunningHelper } from '../start';
import { helperClient } from '../testing/call-helper';
import { jpegInfo } from './jpeg-info';
import type { ScanView } from './scan-jobs';

const exec = promisify(execFile);
const RANGSI = 'https://ris.example.org';

describe("Scanner station: scans through SANE's scanimage with SANE's test device", () => {
  let tmp: string;
  const helpers: RunningHelper[] = [];
  const start = async (options: { scanimage?: string; programTimeoutSeconds?: number } = {}) => {
    const helper = await startHelper({
      server: RANGSI,
      port: 0,
      cdDir: path.join(tmp, 'cd'),
      viewerDir: path.join(tmp, 'viewer'),
      scanDir: path.join(tmp, 'scans'),
      log: silentLogger,
      ...options,
    });
    helpers.push(helper);
    return helperClient(helper.url, RANGSI);
  };
  const scanned = (client: Awaited<ReturnType<typeof start>>, scanId: unknown) =>
    vi.waitFor(
      async () => {
        const res = await client.get(`scanner/check?scanId=${String(scanId)}`);
        const scan = res.body.data as unknown as ScanView;
        if (scan.status === 'Scanning') throw new Error('still scanning');
        return scan;
      },
      { timeout: 20_000, interval: 50 },
    );
  const wrapper = (name: string, body: string) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, `#!/bin/sh\ncase "$*" in *--batch=*) ;; *) exec scanimage "$@" ;; esac\n${body}\n`, {
      mode: 0o755,
    });
    return file;
  };

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-scan-'));
    // Debian's dll.conf leaves the test backend commented out: a SANE configuration of the test's own enables it.
    const sane = path.join(tmp, 'sane.d');
    fs.mkdirSync(sane);
    fs.writeFileSync(path.join(sane, 'dll.conf'), 'test\n');
    process.env.SANE_CONFIG_DIR = sane;
  });
  afterAll(async () => {
    for (const h of helpers) await h.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('is ready with the first device scanimage lists', async () => {
    const client = await start();
    expect((await client.get('scanner/status')).body).toEqual({
      success: true,
      data: { ready: true, device: 'test:0', message: expect.stringContaining('test:0') },
    });
  });

  it('scans one page and serves it as a JPEG of the asked resolution', async () => {
    const client = await start();
    const res = await client.post('scanner/scan', { pages: 'single', resolution: 100, mode: 'Gray' });
    expect(res.status).toBe(202);
    const scan = await scanned(client, res.body.data.scanId);
    expect(scan).toMatchObject({ status: 'Completed', pages: 1, contentType: 'image/jpeg' });
    expect(scan.fileName).toMatch(/^scan-\d{2}-\d{2}-\d{4}-\d{4}\.jpg$/);
    const file = await fetch(`${helpers.at(-1)!.url}/scanner/file?scanId=${scan.scanId}`, {
      headers: { origin: RANGSI },
    });
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    const info = jpegInfo(Buffer.from(await file.arrayBuffer()));
    // The test device's page is 80 x 100 mm by default.
    expect(info).toMatchObject({ width: 314, height: 393, components: 1, dpi: 100 });
  });

  it('scans every page of the feeder into one PDF of JPEG pages', async () => {
    const client = await start();
    const res = await client.post('scanner/scan', { pages: 'feeder', resolution: 75, mode: 'Color' });
    const scan = await scanned(client, res.body.data.scanId);
    // The test device's feeder is "empty" after 10 pages.
    expect(scan).toMatchObject({ status: 'Completed', pages: 10, contentType: 'application/pdf' });
    const file = await fetch(`${helpers.at(-1)!.url}/scanner/file?scanId=${scan.scanId}`, {
      headers: { origin: RANGSI },
    });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const pdf = path.join(tmp, 'got.pdf');
    fs.writeFileSync(pdf, Buffer.from(await file.arrayBuffer()));
    const info = await exec('pdfinfo', [pdf]);
    expect(info.stdout).toMatch(/^Pages:\s+10$/m);
    // 236 x 295 pixels at 75 dpi is 226.56 x 283.2 points.
    expect(info.stdout).toMatch(/^Page size:\s+226\.56 x 283\.2 pts$/m);
    const images = await exec('pdfimages', ['-list', pdf]);
    expect(images.stdout.split('\n').filter((l) => /\bimage\s+236\s+295\s+rgb\s+3\s+8\s+jpeg\b/.test(l))).toHaveLength(
      10,
    );
  });

  it('fails the scan with the message when the scanner goes away after the first page', async () => {
    const gone = wrapper(
      'scanner-unplugged.sh',
      'scanimage "$@" --batch-count=1 || exit $?\necho "scanimage: sane_start: Error during device I/O" >&2\nexit 9',
    );
    const client = await start({ scanimage: gone });
    const res = await client.post('scanner/scan', { pages: 'feeder' });
    const scan = await scanned(client, res.body.data.scanId);
    expect(scan).toMatchObject({ status: 'Failed', pages: 1 });
    expect(scan.message).toContain('The scanner stopped during the scan after 1 pages');
    expect(scan.message).toContain('Error during device I/O');
    expect((await client.get(`scanner/file?scanId=${scan.scanId}`)).status).toBe(404);
  });

  it("fails the scan with SANE's own words when the device reports an I/O error", async () => {
    const broken = wrapper('scanner-io-error.sh', 'exec scanimage "$@" --read-return-value SANE_STATUS_IO_ERROR');
    const client = await start({ scanimage: broken });
    const res = await client.post('scanner/scan', { pages: 'single' });
    const scan = await scanned(client, res.body.data.scanId);
    expect(scan).toMatchObject({ status: 'Failed', pages: 0 });
    expect(scan.message).toContain('scanimage: sane_read: Error during device I/O');
  });

  it('kills a scan that stalls (the test device delivering a byte per 0.2 s) at the time-out', async () => {
    const hangs = wrapper(
      'scanner-stalls.sh',
      'exec scanimage "$@" --read-limit=yes --read-limit-size=1 --read-delay=yes --read-delay-duration=200000',
    );
    const client = await start({ scanimage: hangs, programTimeoutSeconds: 2 });
    const res = await client.post('scanner/scan', { pages: 'single' });
    const scan = await scanned(client, res.body.data.scanId);
    expect(scan.status).toBe('Failed');
    expect(scan.message).toContain('took too long and was stopped');
  });

  it('refuses bad scan requests and ids with 400, unknown scans with 404', async () => {
    const client = await start();
    expect((await client.post('scanner/scan', { resolution: 5000 })).status).toBe(400);
    expect((await client.post('scanner/scan', { resolution: 74 })).status).toBe(400);
    expect((await client.post('scanner/scan', { mode: 'Sepia' })).status).toBe(400);
    expect((await client.post('scanner/scan', { pages: 'all' })).status).toBe(400);
    expect((await client.get('scanner/check?scanId=../../etc/passwd')).status).toBe(400);
    expect((await client.get('scanner/file?scanId=1')).status).toBe(400);
    expect((await client.get('scanner/check?scanId=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

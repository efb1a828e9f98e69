import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../log';
import { startHelper, type RunningHelper } from '../start';
import { helperClient, jobResult } from '../testing/call-helper';
import { makeExportZip, zipWithNames, zipWithSymlink } from '../testing/export-zip';
import { startExportServer } from '../testing/export-server';

const exec = promisify(execFile);

describe('CD download helper: the exam export becomes a CD folder and an ISO 9660 image', () => {
  let tmp: string;
  let zip: string;
  const stops: Array<() => Promise<void>> = [];

  // A helper in front of a stand-in server serving `zipFile`; each case gets its own CD folder.
  const setUp = async (
    o: { zip?: string; token?: string; preparingChecks?: number; exportTimeoutSeconds?: number } = {},
  ) => {
    const server = await startExportServer({
      zip: o.zip ?? zip,
      token: 'good-token',
      preparingChecks: o.preparingChecks,
    });
    const cdDir = fs.mkdtempSync(path.join(tmp, 'cd-'));
    const helper: RunningHelper = await startHelper({
      server: server.origin,
      port: 0,
      cdDir,
      viewerDir: path.join(tmp, 'viewer'),
      scanDir: path.join(tmp, 'scans'),
      exportTimeoutSeconds: o.exportTimeoutSeconds,
      log: silentLogger,
    });
    stops.push(helper.close, server.close);
    const client = helperClient(helper.url, server.origin);
    const examId = randomUUID();
    const start = (body: Record<string, unknown> = {}) =>
      client.post('cd/download', { examId, token: o.token ?? 'good-token', label: 'ACC-TEST-1', ...body });
    return { server, helper, client, cdDir, examId, start };
  };

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-cd-'));
    zip = await makeExportZip(tmp, 4, 64);
  });
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('waits for the export, downloads it with the token, unpacks it and builds an ISO whose DICOMDIR dcmdump reads', async () => {
    const { server, client, cdDir, examId, start } = await setUp({ preparingChecks: 2 });
    const started = await start({ label: 'acc-test/1 ผู้ป่วย' });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toEqual({ success: true, data: { examId } });

    const job = await jobResult(client, 'cd', examId, vi.waitFor);
    expect(job, JSON.stringify(job)).toMatchObject({ examId, result: true, stage: 'done', progress: null });
    const folder = path.join(cdDir, 'ACC-TEST-1');
    const image = path.join(cdDir, 'ACC-TEST-1.iso');
    expect(job.folder).toBe(folder);
    expect(job.image).toBe(image);
    expect(job.message).toContain('Completed');
    // Checked until ready (two "preparing" answers, then data), then one download.
    expect(server.asked.filter((p) => p.endsWith('/check'))).toHaveLength(3);
    expect(server.asked.at(-1)).toBe(`/dicom/export/${examId}`);
    expect(fs.readdirSync(path.join(folder, 'DICOM', 'ST000001', 'SE000001'))).toHaveLength(4);
    // Nothing half-done is left behind.
    expect(fs.readdirSync(path.join(cdDir, '.rangsi-partial'))).toEqual([]);

    const out = path.join(tmp, 'from-iso');
    await exec('xorriso', ['-osirrox', 'on', '-indev', image, '-extract', '/', out]);
    const { stdout } = await exec('dcmdump', [path.join(out, 'DICOMDIR')]);
    expect(stdout).toContain('DICOM\\ST000001\\SE000001\\IM000004');
    const dumped = await exec('dcmdump', [
      '+P',
      'Modality',
      path.join(out, 'DICOM', 'ST000001', 'SE000001', 'IM000001'),
    ]);
    expect(dumped.stdout).toContain('[CT]');
    // The label hint reduced to ISO 9660 d-characters.
    const pvd = await exec('xorriso', ['-indev', image, '-pvd_info']);
    expect(pvd.stdout).toMatch(/Volume Id\s*:\s*ACC_TEST_1\s*$/m);

    expect((await client.post('cd/clear', { examId })).body).toEqual({ success: true, data: {} });
    expect((await client.get(`cd/download/check?examId=${examId}`)).status).toBe(404);
    expect(fs.existsSync(image)).toBe(true);
  });

  it('says the token was refused when the server answers 401, and writes nothing', async () => {
    const { client, cdDir, examId, start } = await setUp({ token: 'someone-elses' });
    expect((await start()).status).toBe(202);
    const job = await jobResult(client, 'cd', examId, vi.waitFor);
    expect(job.result).toBe(false);
    expect(job.message).toContain('refused the download token');
    expect(fs.readdirSync(cdDir).filter((n) => !n.startsWith('.'))).toEqual([]);
  });

  it('gives up with a message when the export never becomes ready within the time-out', async () => {
    const { server, client, examId, start } = await setUp({ preparingChecks: Infinity, exportTimeoutSeconds: 2 });
    expect((await start()).status).toBe(202);
    // A second start while the first runs is a clash.
    const again = await start();
    expect(again.status).toBe(409);
    expect(again.body.success).toBe(false);
    const job = await jobResult(client, 'cd', examId, vi.waitFor);
    expect(job).toMatchObject({ result: false, stage: 'waiting' });
    expect(job.message).toContain('did not finish preparing the export');
    // Its progress was passed on while it waited; about one check a second.
    expect(job.progress).toEqual({ done: server.checks(), total: 300 });
    expect(server.checks()).toBeGreaterThanOrEqual(2);
    expect(server.checks()).toBeLessThanOrEqual(4);
  });

  it.each([
    ['a name with ..', ['DICOMDIR', '../escaped']],
    ['an absolute name', ['/tmp/escaped-absolute']],
    ['a backslash name', ['DICOM\\..\\..\\escaped']],
    ['a name with a drive', ['C:/escaped']],
  ])('refuses a zip with %s and writes nothing outside (or inside) its folder', async (_what, names) => {
    const bad = await zipWithNames(path.join(tmp, `${randomUUID()}.zip`), names);
    const { client, cdDir, examId, start } = await setUp({ zip: bad, preparingChecks: 0 });
    expect((await start()).status).toBe(202);
    const job = await jobResult(client, 'cd', examId, vi.waitFor);
    expect(job).toMatchObject({ result: false, stage: 'unpacking' });
    expect(job.message).toContain('The zip is unsafe or damaged');
    expect(fs.readdirSync(cdDir)).toEqual(['.rangsi-partial']);
    expect(fs.readdirSync(path.join(cdDir, '.rangsi-partial'))).toEqual([]);
    expect(fs.existsSync(path.join(cdDir, 'escaped'))).toBe(false);
    expect(fs.existsSync('/tmp/escaped-absolute')).toBe(false);
  });

  it('refuses a zip holding a symbolic link', async () => {
    const bad = await zipWithSymlink(fs.mkdtempSync(path.join(tmp, 'link-')), '/etc/passwd');
    const { client, cdDir, examId, start } = await setUp({ zip: bad, preparingChecks: 0 });
    expect((await start()).status).toBe(202);
    const job = await jobResult(client, 'cd', examId, vi.waitFor);
    expect(job.result).toBe(false);
    expect(job.message).toContain('not a plain file');
    expect(fs.readdirSync(cdDir)).toEqual(['.rangsi-partial']);
  });

  it('refuses bad exam ids, bad tokens and oversized bodies with a 400 or 413 and starts nothing', async () => {
    const { server, client, examId, start } = await setUp();
    for (const bad of ['../../etc/passwd', `${examId}/..`, '', 42, null])
      expect((await start({ examId: bad })).status, String(bad)).toBe(400);
    expect((await start({ token: '' })).status).toBe(400);
    expect((await start({ token: 'two words' })).status).toBe(400);
    expect((await start({ label: 'x'.repeat(65) })).status).toBe(400);
    expect((await client.get('cd/download/check?examId=..%2F..%2Fetc')).status).toBe(400);
    expect((await client.post('cd/clear', { examId: 'C:\\Windows' })).status).toBe(400);
    const big = await start({ label: undefined, padding: 'x'.repeat(17 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body.success).toBe(false);
    expect(server.asked).toEqual([]);
    expect((await client.get(`cd/download/check?examId=${examId}`)).status).toBe(404);
  });
});

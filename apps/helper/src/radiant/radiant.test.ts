import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../log';
import { startHelper, type RunningHelper } from '../start';
import { helperClient, jobResult } from '../testing/call-helper';
import { makeExportZip } from '../testing/export-zip';
import { startExportServer } from '../testing/export-server';

describe('RadiAnt viewer helper: the exam is downloaded, unpacked and opened in the configured viewer', () => {
  let tmp: string;
  let helper: RunningHelper;
  let server: Awaited<ReturnType<typeof startExportServer>>;
  let record: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-radiant-'));
    server = await startExportServer({ zip: await makeExportZip(tmp, 3, 32), token: 'tok', accessionNumber: null });
    // The "viewer": writes each argument it got on a line, and the files of the folder it was given.
    const viewer = path.join(tmp, 'viewer.sh');
    record = path.join(tmp, 'viewer-args.txt');
    fs.writeFileSync(
      viewer,
      `#!/bin/sh\nprintf '%s\\n' "$@" > "${record}.part"\nfind "$2" -type f | sort >> "${record}.part"\nmv "${record}.part" "${record}"\n`,
      { mode: 0o755 },
    );
    helper = await startHelper({
      server: server.origin,
      port: 0,
      cdDir: path.join(tmp, 'cd'),
      viewerDir: path.join(tmp, 'viewer'),
      scanDir: path.join(tmp, 'scans'),
      viewerCommand: JSON.stringify([viewer, '-d', '{folder}']),
      log: silentLogger,
    });
  });
  afterAll(async () => {
    await helper.close();
    await server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('starts the viewer command with the unpacked folder holding the DICOM files', async () => {
    const client = helperClient(helper.url, server.origin);
    expect((await client.get('radiant/check')).body.data).toMatchObject({ ready: true, service: 'radiant' });
    const examId = randomUUID();
    expect((await client.post('radiant/download', { examId, token: 'tok' })).status).toBe(202);
    const job = await jobResult(client, 'radiant', examId, vi.waitFor);
    // No accession number from the server: the folder is named by the exam id.
    const folder = path.join(tmp, 'viewer', examId);
    expect(job).toMatchObject({ result: true, stage: 'done', folder });
    expect(job.image).toBeUndefined();
    const lines = await vi.waitFor(() => fs.readFileSync(record, 'utf8').trim().split('\n'), {
      timeout: 10_000,
      interval: 50,
    });
    expect(lines.slice(0, 2)).toEqual(['-d', folder]);
    expect(lines.slice(2)).toEqual([
      path.join(folder, 'DICOM', 'ST000001', 'SE000001', 'IM000001'),
      path.join(folder, 'DICOM', 'ST000001', 'SE000001', 'IM000002'),
      path.join(folder, 'DICOM', 'ST000001', 'SE000001', 'IM000003'),
      path.join(folder, 'DICOMDIR'),
    ]);
  });

  it('ends the job with a message when the viewer program is missing', async () => {
    const broken = await startHelper({
      server: server.origin,
      port: 0,
      viewerDir: path.join(tmp, 'viewer2'),
      cdDir: path.join(tmp, 'cd'),
      scanDir: path.join(tmp, 'scans'),
      viewerCommand: ['/nonexistent/RadiAntViewer.exe', '-d'],
      log: silentLogger,
    });
    try {
      const client = helperClient(broken.url, server.origin);
      const examId = randomUUID();
      await client.post('radiant/download', { examId, token: 'tok' });
      const job = await jobResult(client, 'radiant', examId, vi.waitFor);
      expect(job).toMatchObject({ result: false, stage: 'opening' });
      expect(job.message).toContain('RadiAntViewer.exe is not installed');
    } finally {
      await broken.close();
    }
  });
});

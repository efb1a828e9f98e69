import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../config';
import { downloadExport } from '../export-download/export-client';
import { failureMessage } from '../failure-message';
import { makeExportZip } from '../testing/export-zip';
import { startExportServer } from '../testing/export-server';
import { buildIso } from './iso-builder';

// /dev/full accepts the open and fails every write with a real ENOSPC: a disk that fills while the helper writes.
describe('a disk that fills while writing', () => {
  let tmp: string;
  let zip: string;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-full-'));
    zip = await makeExportZip(tmp, 2, 64);
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('the download fails with ENOSPC and the user reads that the disk is full', async () => {
    const server = await startExportServer({ zip, token: 't' });
    try {
      const request = {
        server: server.origin,
        examId: '0b3c2c52-5d8e-4c39-9d49-8b2f1b0e7a10',
        token: 't',
        signal: new AbortController().signal,
      };
      const ready = { accessionNumber: null, sizeBytes: fs.statSync(zip).size, instanceCount: 2 };
      const err = await downloadExport(request, ready, '/dev/full', () => {}).catch((e: unknown) => e);
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
      expect(failureMessage(err)).toBe('ดิสก์เต็ม เขียนไฟล์ไม่ได้ / The disk is full; the files could not be written');
    } finally {
      await server.close();
    }
  });

  it.each(['xorriso', 'genisoimage'])(
    'the ISO image fails with ENOSPC through %s and says the disk is full',
    async (tool) => {
      const folder = path.join(tmp, 'media');
      const config = resolveConfig({ server: 'https://ris.example.org', isoTool: tool });
      expect(config.isoTool?.kind).toBe(tool);
      const err = await buildIso(config.isoTool!, folder, '/dev/full', 'FULL', { timeoutMs: 30_000 }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect(failureMessage(err)).toContain('The disk is full');
    },
  );
});

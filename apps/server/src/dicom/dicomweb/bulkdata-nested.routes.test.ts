/**
 * Issue 27 item 10: bulk data inside a sequence (the ECG's WaveformData in WaveformSequence) gets a BulkDataURI in the
 * metadata, and WADO-RS bulk data retrieval serves it: the bytes pydicom reads from the same file.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { DicomJson } from '../parse/dicom-json';
import { readInstance } from '../parse/read-instance';
import { writeTemp } from '../testing/build-dicom';
import { corpusPath } from '../testing/corpus';
import { multipartParts } from '../testing/multipart';

/** Each WaveformSequence item's WaveformData as pydicom reads it (Debian's interpreter, where python3-pydicom is). */
function pydicomWaveforms(file: string): Buffer[] {
  const script = [
    'import sys, pydicom',
    'ds = pydicom.dcmread(sys.argv[1])',
    'print("\\n".join(item.WaveformData.hex() for item in ds.WaveformSequence))',
  ].join('\n');
  const out = execFileSync('/usr/bin/python3', ['-c', script, file], { maxBuffer: 16 << 20 }).toString();
  return out
    .trim()
    .split('\n')
    .map((h) => Buffer.from(h, 'hex'));
}

describe('nested bulk data', () => {
  let sut: TestContext;
  let cookie: string;
  let instance: string;
  const get = (url: string, accept?: string) =>
    sut.app.inject({ url, headers: { cookie, ...(accept ? { accept } : {}) } });

  beforeAll(async () => {
    sut = await createTestApp();
    cookie = await sut.login('admin');
    const file = writeTemp(fs.readFileSync(corpusPath('waveform_ecg.dcm')));
    const read = await readInstance(file);
    if (!read.ok) throw new Error(read.reason);
    expect((await sut.services.archive.ingestFile(file, { source: 'TEST' })).status).toBe('stored');
    const { studyInstanceUid: st, seriesInstanceUid: se, sopInstanceUid: sop } = read.info;
    instance = `/dicomweb/studies/${st}/series/${se}/instances/${sop}`;
  });
  afterAll(async () => {
    await sut.close();
  });

  it("gives each waveform a BulkDataURI that serves pydicom's bytes", async () => {
    const meta = await get(`${instance}/metadata`, 'application/dicom+json');
    expect(meta.statusCode).toBe(200);
    const items = meta.json<DicomJson[]>()[0]!['54000100']!.Value as DicomJson[];
    const expected = pydicomWaveforms(corpusPath('waveform_ecg.dcm'));
    expect(items.length).toBe(expected.length);
    for (const [i, item] of items.entries()) {
      const waveform = item['54001010']!;
      expect(waveform.vr).toBe('OW');
      expect(waveform.BulkDataURI, `item ${i}`).toMatch(
        new RegExp(`^http://[^/]+${instance.replaceAll('.', '\\.')}/bulkdata/54000100/${i}/54001010$`),
      );
      const res = await get(
        new URL(waveform.BulkDataURI!).pathname,
        'multipart/related; type="application/octet-stream"',
      );
      expect(res.statusCode, `item ${i}`).toBe(200);
      const [part] = multipartParts(res.rawPayload, String(res.headers['content-type']));
      expect(part!.headers).toMatch(
        /^Content-Type: application\/octet-stream; transfer-syntax=1\.2\.840\.10008\.1\.2\.1/m,
      );
      expect(part!.body.equals(expected[i]!), `item ${i}`).toBe(true);
    }
  });

  it('answers 404 for a path into nothing and 400 for a malformed one', async () => {
    for (const missing of ['54000100/2/54001010', '54000100/0/54001011', '00100010/0/54001010', '54001010']) {
      expect((await get(`${instance}/bulkdata/${missing}`)).statusCode, missing).toBe(404);
    }
    for (const bad of [
      '54000100/x/54001010',
      '54000100/0',
      '54000100//54001010',
      `${'54000100/0/'.repeat(9)}54001010`,
    ]) {
      const res = await get(`${instance}/bulkdata/${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

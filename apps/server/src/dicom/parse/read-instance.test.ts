import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInstance, encodeElement, writeTemp } from '../testing/build-dicom';
import { corpusFiles, corpusPath, REFUSED } from '../testing/corpus';
import { buildDeflateBomb, buildDeflated } from '../testing/deflated';
import { withLoopDelay } from '../testing/event-loop';
import { encodeTis620 } from './charset';
import { HEADER_BYTES, readInstance } from './read-instance';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-read-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const temp = (bytes: Uint8Array) => writeTemp(bytes, tmp);

describe(readInstance.name, () => {
  describe('pydicom corpus', () => {
    it.each(corpusFiles())('%s: valid files read, broken ones refused with the expected code', async (file) => {
      const r = await readInstance(corpusPath(file));
      const expected = REFUSED[file];
      if (expected) {
        expect(r.ok, `${file} should be refused`).toBe(false);
        if (!r.ok) expect(expected).toContain(r.code);
      } else {
        expect(r.ok, `${file}: ${r.ok ? '' : r.reason}`).toBe(true);
      }
    });

    it('extracts what QIDO needs from CT_small', async () => {
      const r = await readInstance(corpusPath('CT_small.dcm'));
      if (!r.ok) throw new Error(r.reason);
      expect(r.info).toMatchObject({
        sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
        transferSyntaxUid: '1.2.840.10008.1.2.1',
        patientName: 'CompressedSamples^CT1',
        patientId: '1CT1',
        modality: 'CT',
        rows: 128,
        columns: 128,
        numberOfFrames: 1,
        imageOrientationPatient: '1\\0\\0\\0\\1\\0',
      });
      expect(r.info.metadata['7FE00010']).toEqual({
        vr: 'OW',
        BulkDataURI: expect.stringMatching(/\/bulkdata\/7FE00010$/),
      });
      expect(r.info.metadata['00100010']).toEqual({ vr: 'PN', Value: [{ Alphabetic: 'CompressedSamples^CT1' }] });
      expect(r.info.metadata['00280030']).toEqual({ vr: 'DS', Value: [0.661468, 0.661468] });
      expect(r.info.metadata['00020010']).toEqual({ vr: 'UI', Value: ['1.2.840.10008.1.2.1'] });
    });

    it('reads big endian, implicit and deflated datasets to the same attributes', async () => {
      const names = await Promise.all(
        ['MR_small.dcm', 'MR_small_bigendian.dcm', 'MR_small_implicit.dcm'].map(async (f) => {
          const r = await readInstance(corpusPath(f));
          return r.ok ? [r.info.patientName, r.info.rows, r.info.metadata['00280030']] : r.reason;
        }),
      );
      expect(names[1]).toEqual(names[0]);
      expect(names[2]).toEqual(names[0]);
      const dfl = await readInstance(corpusPath('image_dfl.dcm'));
      expect(dfl.ok && dfl.info.rows).toBe(512);
    });
  });

  it('decodes Thai patient names in ISO_IR 166 (TIS-620) and ISO_IR 192 (UTF-8)', async () => {
    const thai = 'สมชาย^ใจดี';
    const tis = await readInstance(
      temp(buildInstance({ charset: 'ISO_IR 166', patientName: encodeTis620(thai) }).bytes),
    );
    const utf = await readInstance(
      temp(buildInstance({ charset: 'ISO_IR 192', patientName: Buffer.from(thai, 'utf8') }).bytes),
    );
    expect(tis.ok && tis.info.patientName).toBe(thai);
    expect(utf.ok && utf.info.patientName).toBe(thai);
    expect(tis.ok && tis.info.metadata['00100010']).toEqual({ vr: 'PN', Value: [{ Alphabetic: thai }] });
  });

  it('decodes a TIS-620 name in a file written by pydicom', async () => {
    const out = path.join(tmp, 'pydicom-thai.dcm');
    try {
      execFileSync(
        '/usr/bin/python3',
        [
          '-c',
          `
import sys
from pydicom.dataset import Dataset, FileMetaDataset
from pydicom.uid import ExplicitVRLittleEndian, generate_uid
ds = Dataset()
ds.SpecificCharacterSet = 'ISO_IR 166'
ds.PatientName = 'ประเสริฐ^ศรีสุข'
ds.StudyDescription = 'ซีทีสมอง'
ds.SOPClassUID = '1.2.840.10008.5.1.4.1.1.7'
ds.SOPInstanceUID = generate_uid()
ds.StudyInstanceUID = generate_uid()
ds.SeriesInstanceUID = generate_uid()
ds.file_meta = FileMetaDataset()
ds.file_meta.MediaStorageSOPClassUID = ds.SOPClassUID
ds.file_meta.MediaStorageSOPInstanceUID = ds.SOPInstanceUID
ds.file_meta.TransferSyntaxUID = ExplicitVRLittleEndian
ds.is_little_endian = True
ds.is_implicit_VR = False
ds.save_as(sys.argv[1], write_like_original=False)
`,
          out,
        ],
        { stdio: 'pipe' },
      );
    } catch {
      return; // python3-pydicom absent: the hand-written TIS-620 file above covers the decoder
    }
    const raw = fs.readFileSync(out);
    expect(raw.includes(Buffer.from(encodeTis620('ประเสริฐ')))).toBe(true);
    const r = await readInstance(out);
    expect(r.ok && [r.info.patientName, r.info.studyDescription]).toEqual(['ประเสริฐ^ศรีสุข', 'ซีทีสมอง']);
  });

  it('accepts a file that starts with DICM (no preamble)', async () => {
    const r = await readInstance(temp(buildInstance({ preamble: false }).bytes));
    expect(r.ok).toBe(true);
  });

  it('refuses garbage, empty files, HTML and a file without its UIDs', async () => {
    const garbage = Buffer.alloc(5000, 0x5a);
    expect(await readInstance(temp(garbage))).toMatchObject({ ok: false, code: 'not-dicom' });
    expect(await readInstance(temp(Buffer.alloc(0)))).toMatchObject({ ok: false, code: 'not-dicom' });
    expect(await readInstance(temp(Buffer.from(`<html>${'x'.repeat(300)}</html>`)))).toMatchObject({
      ok: false,
      code: 'not-dicom',
    });
    const noUid = buildInstance({ extra: { '0020000D': ['UI', ''] } }).bytes;
    expect(await readInstance(temp(noUid))).toMatchObject({ ok: false, code: 'missing-uid' });
    const pathTrick = buildInstance({ sopUid: '../../etc/passwd' }).bytes;
    expect(await readInstance(temp(pathTrick))).toMatchObject({ ok: false, code: 'missing-uid' });
  });

  it('refuses a DICOMDIR', async () => {
    const dir = buildInstance({ sopClassUid: '1.2.840.10008.1.3.10' }).bytes;
    expect(await readInstance(temp(dir))).toMatchObject({ ok: false, code: 'unsupported-sop-class' });
  });

  it('checks pixel data beyond the first MiB without reading it: whole is stored, cut short is refused', async () => {
    const rows = 1200;
    const cols = 1000;
    const big = buildInstance({ rows, columns: cols, pixels: new Uint8Array(rows * cols) }).bytes;
    expect(big.length).toBeGreaterThan(HEADER_BYTES);
    expect((await readInstance(temp(big))).ok).toBe(true);
    expect(await readInstance(temp(big.subarray(0, big.length - 1000)))).toMatchObject({
      ok: false,
      code: 'truncated',
    });
    expect(await readInstance(temp(big), { maxBytes: 1_000_000 })).toMatchObject({ ok: false, code: 'too-large' });
  });

  it('checks encapsulated pixel data beyond the first MiB: the sequence delimiter must be there', async () => {
    const item = (bytes: Uint8Array) =>
      Buffer.concat([Buffer.from([0xfe, 0xff, 0x00, 0xe0]), u32(bytes.length), bytes]);
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00]),
      Buffer.alloc(1_500_000),
    ]);
    const pixel = Buffer.concat([
      Buffer.from([0xe0, 0x7f, 0x10, 0x00]),
      Buffer.from('OB'),
      Buffer.alloc(2),
      Buffer.from([0xff, 0xff, 0xff, 0xff]),
      item(new Uint8Array(0)),
      item(jpeg),
      Buffer.from([0xfe, 0xff, 0xdd, 0xe0, 0, 0, 0, 0]),
    ]);
    const base = buildInstance({ transferSyntax: '1.2.840.10008.1.2.4.50' }).bytes;
    // Replace the native pixel data element (the last one) with the encapsulated one.
    const native = encodeElement(
      '7FE00010',
      'OB',
      Uint8Array.from({ length: 256 }, (_, i) => (i * 7) % 256),
    );
    const whole = Buffer.concat([base.subarray(0, base.length - native.length), pixel]);
    expect((await readInstance(temp(whole))).ok).toBe(true);
    expect(await readInstance(temp(whole.subarray(0, whole.length - 8)))).toMatchObject({
      ok: false,
      code: 'truncated',
    });
  });

  // Issue 23 item 3: 500 MiB of zeros in half a MiB was inflated on the event loop (1.4 s for every user) and stored.
  it.each([
    ['500 MiB from half a MiB, the whole file in the first MiB', 1000],
    ['2000 MiB from 2 MiB, read beyond the first MiB', 4000],
  ])('refuses a deflate bomb (%s) as too large, with the event loop free meanwhile', async (_, frames) => {
    const bomb = buildDeflateBomb({ rows: 512, columns: 1024, frames });
    const file = temp(bomb.bytes);
    const { result, maxDelayMs } = await withLoopDelay(() => readInstance(file));
    expect(result).toMatchObject({
      ok: false,
      code: 'too-large',
      reason: expect.stringMatching(/^deflated data set inflates past its limit of \d+ MiB$/),
    });
    expect(maxDelayMs).toBeLessThan(200);
  });

  it("reads a deflated data set that inflates within its limit: small and nearly blank, or large at an image's ratio", async () => {
    // 24 MiB of zeros (over 1000×, under the 32 MiB floor) and 40 MiB of 4-bit noise (about 2×, over the floor).
    const blank = await readInstance(temp(buildDeflateBomb({ rows: 512, columns: 1024, frames: 48 }).bytes));
    expect(blank).toMatchObject({
      ok: true,
      info: { numberOfFrames: 48, transferSyntaxUid: '1.2.840.10008.1.2.1.99' },
    });
    const pixels = randomBytes(1024 * 1024 * 40).map((b) => b & 0x0f);
    const noisy = await readInstance(
      temp(buildDeflated({ rows: 1024, columns: 1024, pixels, extra: { '00280008': ['IS', '40'] } }).bytes),
    );
    expect(noisy).toMatchObject({ ok: true, info: { numberOfFrames: 40 } });
  });

  it('refuses compressed frames whose own size contradicts Rows and Columns', async () => {
    const item = (bytes: Uint8Array) =>
      Buffer.concat([Buffer.from([0xfe, 0xff, 0x00, 0xe0]), u32(bytes.length), bytes]);
    const sof = (h: number, w: number) =>
      Buffer.from([
        0xff,
        0xd8,
        0xff,
        0xc0,
        0x00,
        0x0b,
        0x08,
        h >> 8,
        h & 255,
        w >> 8,
        w & 255,
        0x01,
        0x01,
        0x11,
        0x00,
        0xff,
        0xd9,
      ]);
    const pixel = (frame: Buffer) =>
      Buffer.concat([
        Buffer.from([0xe0, 0x7f, 0x10, 0x00]),
        Buffer.from('OB'),
        Buffer.alloc(2),
        Buffer.from([0xff, 0xff, 0xff, 0xff]),
        item(new Uint8Array(0)),
        item(frame.length % 2 ? Buffer.concat([frame, Buffer.alloc(1)]) : frame),
        Buffer.from([0xfe, 0xff, 0xdd, 0xe0, 0, 0, 0, 0]),
      ]);
    const base = buildInstance({ transferSyntax: '1.2.840.10008.1.2.4.50' }).bytes;
    const native = encodeElement(
      '7FE00010',
      'OB',
      Uint8Array.from({ length: 256 }, (_, i) => (i * 7) % 256),
    );
    const head = base.subarray(0, base.length - native.length);
    expect((await readInstance(temp(Buffer.concat([head, pixel(sof(16, 16))])))).ok).toBe(true);
    expect(await readInstance(temp(Buffer.concat([head, pixel(sof(16, 64))])))).toMatchObject({
      ok: false,
      code: 'not-dicom',
    });
  });
});

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n, 0);
  return b;
}

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dicomParser from 'dicom-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInstance } from '../testing/build-dicom';
import { corpusPath } from '../testing/corpus';
import { decodeCompressedFrame, decodeFrame, frameBytes, parseBytes } from './decode-frame';
import { jpegPrecision } from './jpeg12';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-jpeg12-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** dcmtk's IJG decoder (dcmdjpeg) as the reference: the file's pixel values, uncompressed. */
function dcmtkPixels(file: string): Uint16Array | Uint8Array {
  const out = path.join(dir, `${path.basename(file)}.raw.dcm`);
  execFileSync('dcmdjpeg', [file, out], { stdio: 'ignore' });
  const ds = dicomParser.parseDicom(fs.readFileSync(out));
  const px = ds.elements.x7fe00010!;
  const bytes = ds.byteArray.slice(px.dataOffset, px.dataOffset + px.length);
  return ds.uint16('x00280100') === 8 ? bytes : new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
}

/** The largest difference between two decodings, and the share of samples that are equal. */
function compare(
  ours: Uint16Array | Uint8Array,
  reference: Uint16Array | Uint8Array,
): { worst: number; exact: number } {
  expect(ours.length).toBe(reference.length);
  let worst = 0;
  let same = 0;
  for (let i = 0; i < reference.length; i++) {
    const d = Math.abs(ours[i]! - reference[i]!);
    if (d > worst) worst = d;
    if (d === 0) same += 1;
  }
  return { worst, exact: same / reference.length };
}

/** Our decoder's values of a single-frame JPEG file. */
async function ourPixels(file: string) {
  const { ds, ts } = parseBytes(fs.readFileSync(file));
  const decoded = await decodeCompressedFrame(ts, frameBytes(ds, ds.elements.x7fe00010!, 0, 1));
  return {
    ts,
    decoded,
    values:
      decoded.bits > 8
        ? new Uint16Array(decoded.bytes.buffer, decoded.bytes.byteOffset, decoded.bytes.length / 2)
        : decoded.bytes,
  };
}

/** A 64×64 uncompressed image whose values sweep the whole range of `bits`, compressed by dcmcjpeg as JPEG extended. */
function extendedJpeg(bits: 8 | 12): string {
  const n = 64 * 64;
  const max = 2 ** bits - 1;
  const values = Array.from({ length: n }, (_, i) =>
    Math.round(((i % 64) / 63) * max * 0.5 + (Math.floor(i / 64) / 63) * max * 0.5),
  );
  const pixels = bits === 8 ? Uint8Array.from(values) : new Uint8Array(Uint16Array.from(values).buffer);
  const { bytes } = buildInstance({
    rows: 64,
    columns: 64,
    pixels,
    extra:
      bits === 8
        ? {}
        : { '00280100': ['US', [16]], '00280101': ['US', [12]], '00280102': ['US', [11]], '7FE00010': ['OW', pixels] },
  });
  const plain = path.join(dir, `sweep-${bits}.dcm`);
  const compressed = path.join(dir, `sweep-${bits}.jpg.dcm`);
  fs.writeFileSync(plain, bytes);
  // +ee: JPEG extended sequential (process 2/4), lossy; +q 100 keeps the error small but not nil.
  execFileSync('dcmcjpeg', ['+ee', '+q', '100', plain, compressed], { stdio: 'ignore' });
  return compressed;
}

describe('12-bit JPEG (extended, 1.2.840.10008.1.2.4.51)', () => {
  it.each(['JPGExtended.dcm', 'JPEG-lossy.dcm'])(
    '%s decodes within a level of dcmtk’s values (IDCT rounding) and of GDCM’s reference points',
    async (name) => {
      const ours = await ourPixels(corpusPath(name));
      expect([ours.ts, ours.decoded.bits, ours.decoded.width, ours.decoded.height]).toEqual([
        '1.2.840.10008.1.2.4.51',
        12,
        256,
        1024,
      ]);
      const { worst, exact } = compare(ours.values, dcmtkPixels(corpusPath(name)));
      expect(worst).toBeLessThanOrEqual(1);
      expect(exact).toBeGreaterThan(0.85);
      // pydicom's GDCM test of this image: (row 420, column 140) = 244 and (230, 120) = 95.
      expect(Math.abs(ours.values[420 * 256 + 140]! - 244)).toBeLessThanOrEqual(1);
      expect(Math.abs(ours.values[230 * 256 + 120]! - 95)).toBeLessThanOrEqual(1);
    },
  );

  it('a sweep over all 4,096 levels: within a level of dcmtk below 4080; from there 4080', async () => {
    const file = extendedJpeg(12);
    expect(parseBytes(fs.readFileSync(file)).ts).toBe('1.2.840.10008.1.2.4.51');
    const ours = (await ourPixels(file)).values;
    const reference = dcmtkPixels(file);
    let top = 0;
    for (let i = 0; i < reference.length; i++) {
      if (reference[i]! >= 4080) {
        top += 1;
        expect(ours[i]).toBe(4080);
      }
    }
    expect(top).toBeGreaterThan(0);
    const below = (v: Uint16Array | Uint8Array) => v.filter((_, i) => reference[i]! < 4080);
    const { worst, exact } = compare(below(ours), below(reference));
    expect(worst).toBeLessThanOrEqual(1);
    expect(exact).toBeGreaterThan(0.85);
  });

  it('an 8-bit image in the same transfer syntax goes to libjpeg-turbo', async () => {
    const file = extendedJpeg(8);
    const ours = await ourPixels(file);
    expect(ours.decoded.bits).toBe(8);
    // Two IDCTs may round a level apart.
    expect(compare(ours.values, dcmtkPixels(file)).worst).toBeLessThanOrEqual(1);
  });

  it('thumbnails and rendered frames of a 12-bit JPEG are windowed from its values', async () => {
    const frame = await decodeFrame(parseBytes(fs.readFileSync(extendedJpeg(12))));
    expect(frame.kind).toBe('grey');
    if (frame.kind !== 'grey') return;
    expect(Math.max(...frame.values)).toBeGreaterThan(4000);
    expect(Math.min(...frame.values)).toBeLessThan(20);
  });

  it('reads the precision from the frame header, past other segments and fill bytes', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00];
    const sof1 = (p: number) => [0xff, 0xc1, 0x00, 0x0b, p, 0, 8, 0, 8, 1, 1, 0x11, 0];
    expect(jpegPrecision(Uint8Array.from([0xff, 0xd8, ...app0, 0xff, ...sof1(12)]))).toBe(12);
    expect(jpegPrecision(Uint8Array.from([0xff, 0xd8, ...sof1(8)]))).toBe(8);
    // A DHT (C4) is not a frame header; a scan before any frame header gives nothing.
    expect(
      jpegPrecision(Uint8Array.from([0xff, 0xd8, 0xff, 0xc4, 0x00, 0x03, 0x00, 0xff, 0xda, 0x00, 0x02, 0, 0])),
    ).toBeNull();
    expect(jpegPrecision(Uint8Array.from([0x00, 0x01, 0x02, 0x03, 0x04, 0x05]))).toBeNull();
  });

  it('a damaged 12-bit stream is refused as undecodable, not thrown as a string', async () => {
    const frame = await ourPixels(extendedJpeg(12));
    expect(frame.decoded.bits).toBe(12);
    const { ds } = parseBytes(fs.readFileSync(extendedJpeg(12)));
    const encoded = frameBytes(ds, ds.elements.x7fe00010!, 0, 1);
    const cut = encoded.slice(0, 40);
    await expect(decodeCompressedFrame('1.2.840.10008.1.2.4.51', cut)).rejects.toThrow(/decoder failed|precision/);
  });
});

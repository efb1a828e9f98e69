import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../testing/corpus';
import { buildInstance } from '../testing/build-dicom';
import { decodeFrame, parseBytes, parseFile, type Frame } from './decode-frame';
import { renderPng, toEightBit } from './render';

const grey = (f: Frame) => {
  if (f.kind !== 'grey') throw new Error('expected grey');
  return f;
};

describe(decodeFrame.name, () => {
  describe('pydicom corpus', () => {
    it('decodes MR_small identically from native LE/BE/implicit, RLE, JPEG-LS and lossless JPEG 2000', async () => {
      const files = [
        'MR_small.dcm',
        'MR_small_bigendian.dcm',
        'MR_small_implicit.dcm',
        'MR_small_RLE.dcm',
        'MR_small_jpeg_ls_lossless.dcm',
        'MR_small_jp2klossless.dcm',
      ];
      const frames = await Promise.all(files.map(async (f) => grey(await decodeFrame(await parseFile(corpusPath(f))))));
      const reference = Array.from(frames[0]!.values);
      expect(new Set(reference).size).toBeGreaterThan(100);
      for (const [i, f] of frames.entries()) expect(Array.from(f.values), files[i]).toEqual(reference);
    });

    it.each([
      ['CT_small.dcm', 'grey'],
      ['693_J2KI.dcm', 'grey'],
      ['image_dfl.dcm', 'grey'],
      ['liver_1frame.dcm', 'grey'],
      ['rtdose.dcm', 'grey'],
      ['SC_rgb_jpeg_dcmtk.dcm', 'rgb'],
      ['SC_rgb_jpeg_gdcm.dcm', 'rgb'],
      ['SC_rgb_rle_16bit_2frame.dcm', 'rgb'],
      ['SC_rgb_gdcm_KY.dcm', 'rgb'],
      ['SC_ybr_full_422_uncompressed.dcm', 'rgb'],
      ['ExplVR_BigEnd.dcm', 'rgb'],
    ])('renders %s as a %s PNG of at most 128 px with real content', async (file, kind) => {
      const frame = await decodeFrame(await parseFile(corpusPath(file)));
      expect(frame.kind).toBe(kind);
      const png = await renderPng(frame);
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(128);
      const stats = await sharp(png).stats();
      expect(Math.max(...stats.channels.map((c) => c.stdev)), file).toBeGreaterThan(10);
    });

    it('renders the colour bars of the RGB test images in their colours (JPEG, RLE, YBR 4:2:2)', async () => {
      for (const file of ['SC_rgb_jpeg_dcmtk.dcm', 'SC_rgb_rle.dcm', 'SC_ybr_full_422_uncompressed.dcm']) {
        const f = await decodeFrame(await parseFile(corpusPath(file)));
        if (f.kind !== 'rgb') throw new Error(file);
        const at = (row: number) => Array.from(f.rgb.subarray((row * f.width + 50) * 3, (row * f.width + 50) * 3 + 3));
        // Row 5 is the red bar, row 25 the green one (100 × 100 images).
        const [r, g, b] = at(5);
        expect(r! > 200 && g! < 60 && b! < 60, `${file} red ${at(5).join(',')}`).toBe(true);
        const [r2, g2, b2] = at(25);
        expect(g2! > 200 && r2! < 60 && b2! < 60, `${file} green ${at(25).join(',')}`).toBe(true);
      }
    });
  });

  it("windows grey values by the file's VOI, and inverts MONOCHROME1", async () => {
    const pixels = Uint8Array.from({ length: 256 }, (_, i) => i);
    const base = { rows: 16, columns: 16, pixels };
    const voi = grey(
      await decodeFrame(
        parseBytes(buildInstance({ ...base, extra: { '00281050': ['DS', '128'], '00281051': ['DS', '64'] } }).bytes),
      ),
    );
    const out = toEightBit(voi).data;
    expect(out[90]).toBe(0);
    expect(out[170]).toBe(255);
    expect(out[128]).toBeGreaterThan(120);
    expect(out[128]).toBeLessThan(136);
    const m1 = grey(
      await decodeFrame(parseBytes(buildInstance({ ...base, extra: { '00280004': ['CS', 'MONOCHROME1'] } }).bytes)),
    );
    const inverted = toEightBit(m1).data;
    expect(inverted[250]!).toBeLessThan(inverted[5]!);
  });
});

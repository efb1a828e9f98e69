import fs from 'node:fs';
import dicomParser from 'dicom-parser';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../testing/corpus';
import { pixelDataOf } from '../dimse/test/archive-fixture';
import { toExplicitLittle } from './to-native';

/** A data set without meta header, read as explicit VR little endian: its pixel bytes and image attributes. */
function readNative(dataset: Buffer) {
  const ds = dicomParser.parseDicom(dataset, { TransferSyntaxUID: '1.2.840.10008.1.2.1' });
  const px = ds.elements.x7fe00010!;
  return {
    pixels: Buffer.from(ds.byteArray.subarray(px.dataOffset, px.dataOffset + px.length)),
    vr: px.vr,
    photometric: ds.string('x00280004'),
    planar: ds.uint16('x00280006'),
    sopInstanceUid: ds.string('x00080018'),
  };
}

const file = (name: string) => fs.readFileSync(corpusPath(name));
const decompressed = async (name: string) => {
  const out = await toExplicitLittle(file(name));
  if (!out) throw new Error(`${name} not decompressed`);
  return readNative(out);
};

describe('compressed images as explicit VR little endian (for peers that take only uncompressed ones)', () => {
  it.each([
    ['MR_small_RLE.dcm', 'MR_small.dcm'],
    ['MR_small_jp2klossless.dcm', 'MR_small.dcm'],
    ['MR_small_jpeg_ls_lossless.dcm', 'MR_small.dcm'],
    ['rtdose_rle.dcm', 'rtdose.dcm'],
  ])('%s gives the pixels of %s, byte for byte, and keeps the other attributes', async (compressed, original) => {
    const native = await decompressed(compressed);
    expect(native.pixels.equals(pixelDataOf(file(original)))).toBe(true);
    expect(native.vr).toBe('OW');
    expect(native.sopInstanceUid).toBe(dicomParser.parseDicom(file(compressed)).string('x00080018'));
  });

  it('gives colour interleaved RGB: RLE and lossless JPEG of the same picture agree, JPEG baseline YBR comes close and says RGB', async () => {
    const rle = await decompressed('SC_rgb_rle.dcm');
    const lossless = await decompressed('SC_rgb_jpeg_gdcm.dcm');
    expect(rle.planar).toBe(0);
    expect(rle.pixels.length).toBe(100 * 100 * 3);
    expect(lossless.pixels.equals(rle.pixels)).toBe(true);
    const baseline = await decompressed('SC_rgb_jpeg_dcmtk.dcm');
    expect(baseline.photometric).toBe('RGB');
    let diff = 0;
    for (let i = 0; i < rle.pixels.length; i++) diff += Math.abs(baseline.pixels[i]! - rle.pixels[i]!);
    expect(diff / rle.pixels.length).toBeLessThan(4);
  });

  it('decodes every frame of a multi-frame image', async () => {
    const two = await decompressed('SC_rgb_rle_2frame.dcm');
    const one = await decompressed('SC_rgb_rle.dcm');
    expect(two.pixels.length).toBe(2 * one.pixels.length);
  });

  it('gives nothing for an uncompressed file, and for one whose codestream is broken', async () => {
    expect(await toExplicitLittle(file('MR_small.dcm'))).toBeNull();
    expect(await toExplicitLittle(file('JPEG2000-embedded-sequence-delimiter.dcm'))).toBeNull();
  });
});

import { TS } from '../../parse/read-instance';
import { frameBytes, parseBytes } from '../../thumbnails/decode-frame';
import { decodeRleGreyToLittleEndian } from '../../thumbnails/rle';
import { datasetOffset } from './dataset-offset';

/**
 * The data set of a stored RLE Lossless image of one sample per pixel (grey: 8 or 16 bits) as explicit VR little
 * endian, for a workstation that takes only uncompressed images (C-GET). Every encapsulated transfer syntax writes the
 * attributes outside Pixel Data in explicit VR little endian already, so only Pixel Data is rewritten: its frames
 * decoded, in one native element (OW, or OB for 8 bits). Null for anything else (colour, other codecs, a broken file).
 */
export function rleToExplicitLittle(file: Buffer): Buffer | null {
  let parsed;
  try {
    parsed = parseBytes(file);
  } catch {
    return null;
  }
  const { ds, ts } = parsed;
  const px = ds.elements.x7fe00010;
  const rows = ds.uint16('x00280010') ?? 0;
  const cols = ds.uint16('x00280011') ?? 0;
  const bits = ds.uint16('x00280100') ?? 0;
  const samples = ds.uint16('x00280002') ?? 1;
  const frames = Math.max(1, ds.intString('x00280008') ?? 1);
  if (ts !== TS.rle || !px?.encapsulatedPixelData || samples !== 1 || (bits !== 8 && bits !== 16) || !rows || !cols) return null;
  const pixels = rows * cols;
  const size = bits / 8;
  const native = Buffer.alloc(frames * pixels * size + ((frames * pixels * size) % 2));
  try {
    for (let f = 0; f < frames; f++) {
      decodeRleGreyToLittleEndian(frameBytes(ds, px, f, frames), pixels, bits, native.subarray(f * pixels * size, (f + 1) * pixels * size));
    }
  } catch {
    return null;
  }
  // The encapsulated element: its 12-byte header (tag, 'OB', reserved, undefined length) before dataOffset, its
  // fragments and the sequence delimiter after; attributes after Pixel Data (trailing padding) are kept.
  const start = px.dataOffset - 12;
  const end = endOfEncapsulated(file, px.dataOffset);
  const head = datasetOffset(file);
  if (end === null || typeof head !== 'number' || start < head) return null;
  const header = Buffer.alloc(12);
  header.writeUInt16LE(0x7fe0, 0);
  header.writeUInt16LE(0x0010, 2);
  header.write(size === 1 ? 'OB' : 'OW', 4, 'latin1');
  header.writeUInt32LE(native.length, 8);
  return Buffer.concat([file.subarray(head, start), header, native, file.subarray(end)]);
}

/** The offset just past the sequence delimiter of an encapsulated Pixel Data whose items start at `pos`. */
function endOfEncapsulated(b: Buffer, pos: number): number | null {
  while (pos + 8 <= b.length) {
    const group = b.readUInt16LE(pos);
    const element = b.readUInt16LE(pos + 2);
    const length = b.readUInt32LE(pos + 4);
    if (group !== 0xfffe) return null;
    if (element === 0xe0dd) return pos + 8;
    pos += 8 + length;
  }
  return null;
}

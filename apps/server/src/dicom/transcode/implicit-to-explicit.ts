import { createRequire } from 'node:module';
import { header, LONG_VRS, Malformed, rewriteSequence, rewriteWhole, UNDEFINED } from './explicit-to-implicit';

interface DictionaryEntry {
  vr: string;
}
const dictionary = (
  createRequire(import.meta.url)('dcmjs') as {
    data: { DicomMetaDictionary: { dictionary: Record<string, DictionaryEntry | undefined> } };
  }
).data.DicomMetaDictionary.dictionary;

const VR = /^[A-Z]{2}$/;

/** An explicit VR little endian header: tag, VR, and a 16-bit length, or two reserved bytes and a 32-bit one. */
export function explicitHeader(group: number, element: number, vr: string, length: number): Buffer {
  const long = LONG_VRS.has(vr);
  const h = Buffer.alloc(long ? 12 : 8);
  h.writeUInt16LE(group, 0);
  h.writeUInt16LE(element, 2);
  h.write(vr, 4, 'latin1');
  if (long) h.writeUInt32LE(length, 8);
  else h.writeUInt16LE(length, 6);
  return h;
}

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

/** The VR an implicit element is written with: the dictionary's, resolved where it allows two; UN when unknown. */
function vrOf(group: number, element: number, length: number, signedPixels: boolean): string {
  if (element === 0x0000) return 'UL'; // group length
  if (group % 2 === 1) return element >= 0x0010 && element <= 0x00ff ? 'LO' : 'UN'; // private creator, private
  const vr = dictionary[`(${hex4(group)},${hex4(element)})`]?.vr ?? 'UN';
  // dcmjs's codes for "OB or OW", "US or SS", "US or OW": implicit VR pixel and overlay data are OW (PS3.5 A.1).
  const resolved = vr === 'ox' || vr === 'lt' ? 'OW' : vr === 'xs' ? (signedPixels ? 'SS' : 'US') : vr;
  if (!VR.test(resolved)) return 'UN';
  // A value too long for a 16-bit length cannot keep a short VR.
  return !LONG_VRS.has(resolved) && length > 0xffff ? 'UN' : resolved;
}

/**
 * A data set in implicit VR little endian rewritten in explicit VR little endian, for a peer whose context took only
 * that: each element gets its VR from the dictionary (US or SS after PixelRepresentation, OW for pixel and overlay
 * data, LO for private creators, UN for the unknown); values are kept as they are; sequences and items are written
 * with undefined lengths. Null for a malformed data set.
 */
export function implicitToExplicit(dataset: Buffer): Buffer | null {
  return rewriteWhole(dataset, (parts) =>
    elements(dataset, 0, dataset.length, false, parts, 0, { signedPixels: false }),
  );
}

function elements(
  b: Buffer,
  pos: number,
  end: number,
  untilDelimiter: boolean,
  out: Buffer[],
  depth: number,
  state: { signedPixels: boolean },
): number {
  while (pos < end) {
    if (pos + 8 > end) throw new Malformed('truncated header');
    const group = b.readUInt16LE(pos);
    const element = b.readUInt16LE(pos + 2);
    const length = b.readUInt32LE(pos + 4);
    if (group === 0xfffe) {
      if (untilDelimiter && element === 0xe00d) return pos + 8;
      throw new Malformed('delimiter out of place');
    }
    const vr = vrOf(group, element, length === UNDEFINED ? 0 : length, state.signedPixels);
    // An undefined length outside pixel data can only be a sequence (PS3.5 7.5.1); so can a known SQ.
    if (vr === 'SQ' || length === UNDEFINED) {
      if (vr === 'OW' || vr === 'OB') throw new Malformed('encapsulated data in implicit VR');
      out.push(explicitHeader(group, element, 'SQ', UNDEFINED));
      pos = rewriteSequence(b, pos + 8, length, out, depth + 1, (from, to, untilDelimiter) =>
        elements(b, from, to, untilDelimiter, out, depth + 1, state),
      );
      out.push(header(0xfffe, 0xe0dd, 0));
      continue;
    }
    const start = pos + 8;
    if (start + length > end) throw new Malformed('value past the end');
    if (group === 0x0028 && element === 0x0103 && length === 2 && depth === 0)
      state.signedPixels = b.readUInt16LE(start) === 1;
    out.push(explicitHeader(group, element, vr, length), b.subarray(start, start + length));
    pos = start + length;
  }
  if (untilDelimiter) throw new Malformed('item without delimiter');
  return pos;
}

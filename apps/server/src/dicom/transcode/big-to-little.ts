import { explicitHeaderAt, header, Malformed, rewriteSequence, rewriteWhole, UNDEFINED } from './explicit-to-implicit';
import { explicitHeader } from './implicit-to-explicit';

/** VRs whose values are 16-, 32- or 64-bit numbers (AT: pairs of 16-bit ones), swapped word by word (PS3.5 7.3). */
const WORD_BYTES: ReadonlyMap<string, 2 | 4 | 8> = new Map([
  ['US', 2],
  ['SS', 2],
  ['OW', 2],
  ['AT', 2],
  ['UL', 4],
  ['SL', 4],
  ['FL', 4],
  ['OF', 4],
  ['OL', 4],
  ['FD', 8],
  ['OD', 8],
  ['OV', 8],
  ['SV', 8],
  ['UV', 8],
]);

/**
 * A data set in explicit VR big endian (PS3.5 A.3, retired but still sent by old modalities) rewritten in explicit VR
 * little endian, for a peer that did not take big endian: headers in little endian, numeric values (and OW pixel data)
 * byte-swapped per their VR, text and OB as they are; sequences and items written with undefined lengths. Pixel Data
 * of 32 or 64 bits allocated is swapped per sample, not per 16-bit word of its OW, so that each sample keeps its value
 * (as pydicom's little endian twins of the corpus's big endian files have them). Null for a
 * malformed data set, or one holding what cannot be swapped safely (an undefined length outside a sequence, a value
 * whose length is not a whole number of words).
 */
export function bigToLittle(dataset: Buffer): Buffer | null {
  return rewriteWhole(dataset, (parts) => elements(dataset, 0, dataset.length, false, parts, 0, { bitsAllocated: 16 }));
}

function elements(
  b: Buffer,
  pos: number,
  end: number,
  untilDelimiter: boolean,
  out: Buffer[],
  depth: number,
  state: { bitsAllocated: number },
): number {
  while (pos < end) {
    const { group, element, vr, length, start } = explicitHeaderAt(b, pos, end, true);
    if (group === 0xfffe) {
      if (untilDelimiter && element === 0xe00d) return start;
      throw new Malformed('delimiter out of place');
    }
    if (vr === 'SQ') {
      out.push(explicitHeader(group, element, 'SQ', UNDEFINED));
      pos = rewriteSequence(
        b,
        start,
        length,
        out,
        depth + 1,
        (from, to, until) => elements(b, from, to, until, out, depth + 1, state),
        true,
      );
      out.push(header(0xfffe, 0xe0dd, 0));
      continue;
    }
    // UN of undefined length holds an implicit little endian sequence, encapsulated data is not allowed here: neither
    // can be rewritten by swapping.
    if (length === UNDEFINED) throw new Malformed('undefined length outside a sequence');
    if (start + length > end) throw new Malformed('value past the end');
    const value = b.subarray(start, start + length);
    if (depth === 0 && group === 0x0028 && element === 0x0100 && vr === 'US' && length === 2)
      state.bitsAllocated = value.readUInt16BE(0);
    const pixelWord =
      depth === 0 &&
      group === 0x7fe0 &&
      element === 0x0010 &&
      vr === 'OW' &&
      (state.bitsAllocated === 32 || state.bitsAllocated === 64)
        ? ((state.bitsAllocated / 8) as 4 | 8)
        : undefined;
    out.push(explicitHeader(group, element, vr, length), swapped(vr, value, pixelWord));
    pos = start + length;
  }
  if (untilDelimiter) throw new Malformed('item without delimiter');
  return pos;
}

/** A value's bytes in little endian: a swapped copy for numeric VRs, the same bytes otherwise. */
function swapped(vr: string, value: Buffer, word = WORD_BYTES.get(vr)): Buffer {
  if (!word || value.length === 0) return value;
  if (value.length % word !== 0) throw new Malformed(`${vr} value of ${value.length} bytes`);
  const copy = Buffer.from(value);
  return word === 2 ? copy.swap16() : word === 4 ? copy.swap32() : copy.swap64();
}

/** VRs whose explicit header has a 4-byte length after two reserved bytes (PS3.5 7.1.2). */
export const LONG_VRS: ReadonlySet<string> = new Set([
  'OB',
  'OD',
  'OF',
  'OL',
  'OV',
  'OW',
  'SQ',
  'UC',
  'UN',
  'UR',
  'UT',
  'SV',
  'UV',
]);
export const UNDEFINED = 0xffffffff;
export const MAX_DEPTH = 32;

/** The data set cannot be rewritten (the caller answers null). */
export class Malformed extends Error {}

/**
 * Runs a rewriter's walk over a whole data set: the parts it wrote joined, or null when the walk stopped short of the
 * end or found the data set malformed (the rewriters' shared answer for what they cannot carry).
 */
export function rewriteWhole(dataset: Buffer, walk: (out: Buffer[]) => number): Buffer | null {
  try {
    const parts: Buffer[] = [];
    return walk(parts) === dataset.length ? Buffer.concat(parts) : null;
  } catch (err) {
    if (err instanceof Malformed || err instanceof RangeError) return null;
    throw err;
  }
}

/** An implicit VR little endian header: tag and 32-bit length. */
export function header(group: number, element: number, length: number): Buffer {
  const h = Buffer.alloc(8);
  h.writeUInt16LE(group, 0);
  h.writeUInt16LE(element, 2);
  h.writeUInt32LE(length, 4);
  return h;
}

/**
 * A data set in explicit VR little endian rewritten in implicit VR little endian (PS3.5 A.1), for a peer whose
 * context for the SOP class took only the default transfer syntax: each header loses its VR, values are kept as they
 * are, and sequences and items are written with undefined lengths (so no length needs recounting). Null for what
 * implicit VR cannot carry (encapsulated Pixel Data, UN of undefined length) or a malformed data set.
 */
export function explicitToImplicit(dataset: Buffer): Buffer | null {
  return rewriteWhole(dataset, (parts) => elements(dataset, 0, dataset.length, false, parts, 0));
}

/** An explicit VR element's header: its tag, VR, value length, and where its value starts. */
export interface ExplicitHeader {
  group: number;
  element: number;
  vr: string;
  length: number;
  start: number;
}

/**
 * The explicit VR header at `pos` (little endian, or big endian with `bigEndian`); for an item or delimiter tag
 * (group FFFE) only the tag, with `start` after its 8 bytes. Throws Malformed for a truncated header or a VR that is
 * not two capital letters.
 */
export function explicitHeaderAt(b: Buffer, pos: number, end: number, bigEndian = false): ExplicitHeader {
  if (pos + 8 > end) throw new Malformed('truncated header');
  const group = bigEndian ? b.readUInt16BE(pos) : b.readUInt16LE(pos);
  const element = bigEndian ? b.readUInt16BE(pos + 2) : b.readUInt16LE(pos + 2);
  if (group === 0xfffe) return { group, element, vr: '', length: 0, start: pos + 8 };
  const vr = b.toString('latin1', pos + 4, pos + 6);
  const long = LONG_VRS.has(vr);
  if (!long && !/^[A-Z]{2}$/.test(vr)) throw new Malformed('not explicit VR');
  const length = long
    ? bigEndian
      ? b.readUInt32BE(pos + 8)
      : b.readUInt32LE(pos + 8)
    : bigEndian
      ? b.readUInt16BE(pos + 6)
      : b.readUInt16LE(pos + 6);
  return { group, element, vr, length, start: pos + (long ? 12 : 8) };
}

/** Elements from `pos` to `end`, or to the item delimiter when `untilDelimiter`; returns the position after them. */
function elements(b: Buffer, pos: number, end: number, untilDelimiter: boolean, out: Buffer[], depth: number): number {
  while (pos < end) {
    const { group, element, vr, length, start } = explicitHeaderAt(b, pos, end);
    if (group === 0xfffe) {
      if (untilDelimiter && element === 0xe00d) return start;
      throw new Malformed('delimiter out of place');
    }
    if (vr === 'SQ') {
      out.push(header(group, element, UNDEFINED));
      pos = rewriteSequence(b, start, length, out, depth + 1, (from, to, untilDelimiter) =>
        elements(b, from, to, untilDelimiter, out, depth + 1),
      );
      out.push(header(0xfffe, 0xe0dd, 0));
      continue;
    }
    if (length === UNDEFINED) throw new Malformed('undefined length outside a sequence');
    if (start + length > end) throw new Malformed('value past the end');
    out.push(header(group, element, length), b.subarray(start, start + length));
    pos = start + length;
  }
  if (untilDelimiter) throw new Malformed('item without delimiter');
  return pos;
}

/**
 * The items of a sequence starting at `pos` (of `length`, or up to its delimiter), each written with undefined length,
 * its elements by `itemElements` (from, to, whether to stop at an item delimiter; returns where it stopped). Returns
 * the position after the sequence. Item headers are read in little endian, or big endian with `bigEndian`; they are
 * written in little endian.
 */
export function rewriteSequence(
  b: Buffer,
  pos: number,
  length: number,
  out: Buffer[],
  depth: number,
  itemElements: (from: number, to: number, untilDelimiter: boolean) => number,
  bigEndian = false,
): number {
  if (depth > MAX_DEPTH) throw new Malformed('sequences nested too deep');
  const end = length === UNDEFINED ? b.length : pos + length;
  if (end > b.length) throw new Malformed('sequence past the end');
  while (pos < end) {
    if (pos + 8 > end) throw new Malformed('truncated item');
    const group = bigEndian ? b.readUInt16BE(pos) : b.readUInt16LE(pos);
    const element = bigEndian ? b.readUInt16BE(pos + 2) : b.readUInt16LE(pos + 2);
    const itemLength = bigEndian ? b.readUInt32BE(pos + 4) : b.readUInt32LE(pos + 4);
    if (group === 0xfffe && element === 0xe0dd && length === UNDEFINED) return pos + 8;
    if (group !== 0xfffe || element !== 0xe000) throw new Malformed('not an item');
    out.push(header(0xfffe, 0xe000, UNDEFINED));
    if (itemLength !== UNDEFINED && pos + 8 + itemLength > end) throw new Malformed('item past the end');
    pos =
      itemLength === UNDEFINED ? itemElements(pos + 8, end, true) : itemElements(pos + 8, pos + 8 + itemLength, false);
    out.push(header(0xfffe, 0xe00d, 0));
  }
  if (length === UNDEFINED) throw new Malformed('sequence without delimiter');
  return pos;
}

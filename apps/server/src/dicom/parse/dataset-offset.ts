const LONG_VRS = new Set(['OB', 'OW', 'OF', 'OD', 'OL', 'OV', 'SQ', 'UC', 'UR', 'UT', 'UN', 'SV', 'UV']);

/**
 * Where the data set starts in a stored Part-10 file (after the preamble, 'DICM' and the explicit VR little endian
 * group 0002): null when more bytes are needed, 'bad' when it is not a Part-10 file.
 */
export function datasetOffset(b: Buffer): number | null | 'bad' {
  let pos: number;
  if (b.length >= 132 && b.toString('latin1', 128, 132) === 'DICM') pos = 132;
  else if (b.length >= 4 && b.toString('latin1', 0, 4) === 'DICM') pos = 4;
  else return b.length >= 132 ? 'bad' : null;
  for (;;) {
    if (pos + 8 > b.length) return null;
    if (b.readUInt16LE(pos) !== 0x0002) return pos;
    const vr = b.toString('latin1', pos + 4, pos + 6);
    if (LONG_VRS.has(vr)) {
      if (pos + 12 > b.length) return null;
      pos += 12 + b.readUInt32LE(pos + 8);
    } else {
      pos += 8 + b.readUInt16LE(pos + 6);
    }
  }
}

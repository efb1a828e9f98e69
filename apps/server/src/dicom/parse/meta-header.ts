import dicomParser, { type DataSet } from 'dicom-parser';

/**
 * Where the file meta group ends in a Part-10 buffer that holds the 128-byte preamble and 'DICM' (PS3.10 7.1): walked
 * element by element over group 0002 (explicit VR little endian; implicit VR meta, seen in the wild, tolerated), so a
 * missing or wrong group length does not matter. 0 when there is no 'DICM'.
 */
export function metaHeaderEnd(file: Buffer): number {
  if (file.length < 132 || file.toString('latin1', 128, 132) !== 'DICM') return 0;
  let pos = 132;
  while (pos + 8 <= file.length && file.readUInt16LE(pos) === 0x0002) {
    const vr = file.toString('latin1', pos + 4, pos + 6);
    if (['OB', 'OW', 'OF', 'SQ', 'UT', 'UN', 'UC', 'UR', 'OD', 'OL', 'OV', 'SV', 'UV'].includes(vr)) {
      pos += 12 + file.readUInt32LE(pos + 8);
    } else if (/^[A-Z]{2}$/.test(vr)) {
      pos += 8 + file.readUInt16LE(pos + 6);
    } else {
      pos += 8 + file.readUInt32LE(pos + 4);
    }
  }
  return Math.min(pos, file.length);
}

/**
 * The file meta group parsed on its own. dicom-parser reads the element after the group before it sees that its tag
 * is past group 0002; in a deflated file that element is compressed bytes, which now and then look like a sequence
 * and make it throw on a sound file. Given only the group's bytes, it stops where the group does.
 */
export function readMetaHeader(file: Buffer): DataSet {
  return dicomParser.readPart10Header(file.subarray(0, metaHeaderEnd(file)));
}

/** A baseline or progressive JPEG's size and colour components, read from its SOF marker. */
export interface JpegInfo {
  width: number;
  height: number;
  components: 1 | 3 | 4;
  /** JFIF density in dots per inch, when the file says so. */
  dpi: number | null;
}

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Reads a JPEG's frame header; throws for anything that is not a JPEG the PDF can embed. */
export function jpegInfo(bytes: Buffer): JpegInfo {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  let dpi: number | null = null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new Error('bad JPEG marker');
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    const segment = at + 4;
    if (marker === 0xe0 && bytes.toString('latin1', segment, segment + 5) === 'JFIF\0') {
      const units = bytes[segment + 7];
      const x = bytes.readUInt16BE(segment + 8);
      if (units === 1 && x > 0) dpi = x;
      if (units === 2 && x > 0) dpi = Math.round(x * 2.54);
    }
    if (SOF.has(marker)) {
      const height = bytes.readUInt16BE(segment + 1);
      const width = bytes.readUInt16BE(segment + 3);
      const components = bytes[segment + 5];
      if (components !== 1 && components !== 3 && components !== 4) throw new Error('unsupported JPEG components');
      if (!width || !height) throw new Error('JPEG without a size');
      return { width, height, components, dpi };
    }
    at = segment + length - 2;
  }
  throw new Error('JPEG without a frame header');
}

/**
 * A small Code 128 reader for tests: it reads the barcode back from a raster of the printed PDF (pdftoppm -gray, a
 * PGM), so a test proves the printed bars decode to the accession — not merely that bwip-js was called.
 * Widths table: ISO/IEC 15417 (bars and spaces of each symbol value, in modules).
 */
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
] as const;
const STOP = '2331112';
const VALUE = new Map<string, number>(PATTERNS.map((p, i) => [p, i]));
const START_A = 103;
const START_B = 104;

export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 black … 255 white, row after row. */
  data: Uint8Array;
}

/** Reads a binary PGM (P5, 8-bit), what `pdftoppm -gray` writes. */
export function readPgm(buf: Buffer): GrayImage {
  let pos = 0;
  const token = (): string => {
    for (;;) {
      while (pos < buf.length && /\s/.test(String.fromCharCode(buf[pos]!))) pos++;
      if (buf[pos] === 0x23) {
        while (pos < buf.length && buf[pos] !== 0x0a) pos++;
        continue;
      }
      break;
    }
    const start = pos;
    while (pos < buf.length && !/\s/.test(String.fromCharCode(buf[pos]!))) pos++;
    return buf.subarray(start, pos).toString('ascii');
  };
  if (token() !== 'P5') throw new Error('not a binary PGM');
  const width = Number(token());
  const height = Number(token());
  const max = Number(token());
  if (max > 255) throw new Error('16-bit PGM is not supported');
  pos += 1;
  return { width, height, data: new Uint8Array(buf.buffer, buf.byteOffset + pos, width * height) };
}

/** Runs of one row: [isDark, length][]. */
function runs(row: Uint8Array, threshold: number): [boolean, number][] {
  const out: [boolean, number][] = [];
  for (const px of row) {
    const dark = px < threshold;
    const last = out.at(-1);
    if (last && last[0] === dark) last[1] += 1;
    else out.push([dark, 1]);
  }
  return out;
}

/** A symbol's widths in modules, from `n` runs that should total `modules`. */
function widths(lengths: number[], modules: number): string | null {
  const total = lengths.reduce((a, b) => a + b, 0);
  const unit = total / modules;
  const w = lengths.map((l) => Math.max(1, Math.min(4, Math.round(l / unit))));
  if (w.reduce((a, b) => a + b, 0) !== modules) return null;
  return w.join('');
}

/** Decodes the symbol values (start … check, stop excluded) from a run list starting at a bar. */
function symbolsFrom(r: [boolean, number][], at: number): number[] | null {
  const values: number[] = [];
  let i = at;
  for (;;) {
    if (i + 7 <= r.length) {
      const stop = widths(
        r.slice(i, i + 7).map((x) => x[1]),
        13,
      );
      if (stop === STOP && values.length >= 2) return values;
    }
    if (i + 6 > r.length) return null;
    const key = widths(
      r.slice(i, i + 6).map((x) => x[1]),
      11,
    );
    const v = key === null ? undefined : VALUE.get(key);
    if (v === undefined) return null;
    if (values.length === 0 && v < START_A) return null;
    values.push(v);
    i += 6;
  }
}

/** Symbol values → text (code sets A, B, C with shifts); null when the check symbol is wrong. */
function text(values: number[]): string | null {
  const check = values.at(-1)!;
  const data = values.slice(0, -1);
  const sum = data.reduce((acc, v, i) => acc + (i === 0 ? v : v * i), 0);
  if (sum % 103 !== check) return null;
  let set: 'A' | 'B' | 'C' = data[0] === START_A ? 'A' : data[0] === START_B ? 'B' : 'C';
  let out = '';
  let shift = false;
  for (const v of data.slice(1)) {
    const cur: 'A' | 'B' | 'C' = shift ? (set === 'A' ? 'B' : 'A') : set;
    shift = false;
    if (cur === 'C') {
      if (v < 100) out += String(v).padStart(2, '0');
      else if (v === 100) set = 'B';
      else if (v === 101) set = 'A';
      continue;
    }
    if (v < 96) {
      out += cur === 'B' ? String.fromCharCode(v + 32) : String.fromCharCode(v < 64 ? v + 32 : v - 64);
      continue;
    }
    if (v === 98) shift = true;
    else if (v === 99) set = 'C';
    else if (cur === 'A' && v === 100) set = 'B';
    else if (cur === 'B' && v === 101) set = 'A';
    // FNC1–4 carry no text here.
  }
  return out;
}

/** Reads one Code 128 symbol off a row of pixels; null when none decodes. */
export function decodeRow(row: Uint8Array, threshold = 128): string | null {
  const r = runs(row, threshold);
  for (let i = 1; i < r.length; i++) {
    // A symbol starts with a bar after a light quiet zone at least as wide as the start symbol's first bar × 5.
    if (!r[i]![0] || r[i - 1]![0] || r[i - 1]![1] < r[i]![1] * 2.5) continue;
    const values = symbolsFrom(r, i);
    if (!values) continue;
    const t = text(values);
    if (t !== null) return t;
  }
  return null;
}

/** Every distinct text decoded from rows across the image (a label has one barcode: one text). */
export function decodeImage(img: GrayImage, step = 3): string[] {
  const found = new Set<string>();
  for (let y = 0; y < img.height; y += step) {
    const t = decodeRow(img.data.subarray(y * img.width, (y + 1) * img.width));
    if (t !== null) found.add(t);
  }
  return [...found];
}

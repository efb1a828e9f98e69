import dictionary from 'dcmjs/dictionary';

/** A tag as dicom-parser names it: 'x' and eight lower-case hex digits. */
export type ParserTag = `x${string}`;

interface Entry {
  vr: string;
  keyword: string;
}

let byTag: Map<string, Entry> | undefined;
let byKeyword: Map<string, string> | undefined;

/** Built once on first use from dcmjs's dictionary (about 5,000 standard attributes). */
function load(): void {
  if (byTag) return;
  byTag = new Map();
  byKeyword = new Map();
  for (const [key, e] of Object.entries(dictionary)) {
    const m = /^\(([0-9A-F]{4}),([0-9A-F]{4})\)$/.exec(key);
    if (!m || e.version === 'PrivateTag') continue;
    const tag = `${m[1]}${m[2]}`;
    byTag.set(tag, { vr: e.vr, keyword: e.name });
    if (!e.name.startsWith('RETIRED_')) byKeyword.set(e.name, tag);
  }
}

/** Upper-case eight-hex-digit tag ('00100010') of a dicom-parser tag ('x00100010'). */
export function hexTag(tag: string): string {
  return (tag.startsWith('x') ? tag.slice(1) : tag).toUpperCase();
}

function entry(hex: string): Entry | undefined {
  load();
  const direct = byTag!.get(hex);
  if (direct) return direct;
  const group = hex.slice(0, 4);
  // Repeating groups (curves 50xx, overlays 60xx) are listed under their first group.
  if (/^(50|60)[0-1][0-9A-E]$/.test(group) && parseInt(group, 16) % 2 === 0)
    return byTag!.get(`${group.slice(0, 2)}00${hex.slice(4)}`);
  return undefined;
}

/** True for a private (odd-group) tag. */
export function isPrivate(hex: string): boolean {
  return parseInt(hex.slice(3, 4), 16) % 2 === 1;
}

/**
 * The VR of a tag in an implicit-VR dataset. Ambiguous dictionary VRs resolve to the usual choice: OB or OW → OW,
 * US or SS → US (SS when the pixel data are signed), UL pointer → UL. Private and unknown tags are UN.
 */
export function vrOf(hex: string, signedPixels = false): string {
  if (hex.endsWith('0000')) return 'UL';
  if (isPrivate(hex)) return hex.slice(4, 6) === '00' && hex.slice(6) >= '10' ? 'LO' : 'UN';
  const vr = entry(hex)?.vr;
  switch (vr) {
    case undefined:
      return 'UN';
    case 'ox':
      return 'OW';
    case 'xs':
      return signedPixels ? 'SS' : 'US';
    case 'lt':
      return 'US';
    case 'up':
      return 'UL';
    case 'na':
      return 'UN';
    default:
      return vr.length === 2 && /^[A-Z]{2}$/.test(vr) ? vr : 'UN';
  }
}

/** The tag (eight upper-case hex digits) of a DICOM keyword such as 'PatientName', or undefined. */
export function tagOfKeyword(keyword: string): string | undefined {
  load();
  return byKeyword!.get(keyword);
}

/** The keyword of a standard tag (eight hex digits), or undefined. */
export function keywordOf(hex: string): string | undefined {
  return entry(hex.toUpperCase())?.keyword;
}

/** Every VR PS3.5 defines; an explicit-VR element with anything else means the dataset is not what its header says. */
export const VALID_VRS = new Set([
  'AE',
  'AS',
  'AT',
  'CS',
  'DA',
  'DS',
  'DT',
  'FD',
  'FL',
  'IS',
  'LO',
  'LT',
  'OB',
  'OD',
  'OF',
  'OL',
  'OV',
  'OW',
  'PN',
  'SH',
  'SL',
  'SQ',
  'SS',
  'ST',
  'SV',
  'TM',
  'UC',
  'UI',
  'UL',
  'UN',
  'UR',
  'US',
  'UT',
  'UV',
]);

export type PersonName = { Alphabetic?: string; Ideographic?: string; Phonetic?: string };

/** A person name value (dcmjs naturalized or DICOM JSON): an object with name groups. */
export function isPersonName(v: object): v is PersonName {
  return 'Alphabetic' in v || 'Ideographic' in v || 'Phonetic' in v;
}

/**
 * A value as DIMSE text: several values joined by '\', a person name's groups by '=' (empty trailing groups dropped).
 * Naturalized (dcmjs) and DICOM JSON values have the same shapes here.
 */
export function dimseText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.map(dimseText).join('\\');
  if (typeof v === 'object') {
    if (!isPersonName(v)) return '';
    return [v.Alphabetic ?? '', v.Ideographic ?? '', v.Phonetic ?? ''].join('=').replace(/=+$/, '');
  }
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean'
    ? String(v)
    : '';
}

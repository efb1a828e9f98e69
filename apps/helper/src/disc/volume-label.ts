/**
 * The ISO 9660 volume label from a hint (the accession number, say): upper case, every other character '_', runs of
 * '_' folded, at most 32 characters (ISO 9660 d-characters are A–Z, 0–9 and '_'). An empty result takes the fallback.
 */
export function volumeLabel(hint: string | null | undefined, fallback = 'RANGSI'): string {
  const reduced = (hint ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 32)
    .replace(/_+$/, '');
  return reduced || fallback;
}

/** A folder name from the accession number the server gave, or the exam id when it has none usable. */
export function folderName(accessionNumber: string | null, examId: string): string {
  const name = (accessionNumber ?? '').trim();
  return /^[A-Za-z0-9_-]{1,64}$/.test(name) ? name : examId;
}

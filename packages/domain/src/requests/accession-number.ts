/** Default accession pattern: branch code, Bangkok day as yyMMdd, then a 4-digit daily sequence (RS12511250001). */
export const DEFAULT_ACCESSION_PATTERN = '{branch}{yyMMdd}{seq:4}';

/**
 * Fills an accession pattern: {branch} the branch code, {yyyyMMdd}/{yyMMdd} the Bangkok day given as yyyy-MM-dd, and
 * {seq:N} the sequence zero-padded to N digits (longer when it outgrows N, so numbers stay unique).
 */
export function formatAccessionNumber(pattern: string, v: { branchCode: string; day: string; seq: number }): string {
  const [y, m, d] = v.day.split('-') as [string, string, string];
  return pattern
    .replaceAll('{branch}', v.branchCode)
    .replaceAll('{yyyyMMdd}', `${y}${m}${d}`)
    .replaceAll('{yyMMdd}', `${y.slice(2)}${m}${d}`)
    .replace(/\{seq(?::(\d+))?\}/g, (_, n: string | undefined) => String(v.seq).padStart(Number(n ?? 4), '0'));
}

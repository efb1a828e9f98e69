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

/** Escapes text for use inside a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * True when the number has the shape the branch's pattern gives automatic numbers, for any day and sequence; such a
 * number is the sequence's to hand out, so a person may not take it by hand.
 */
export function isAutomaticAccessionNumber(pattern: string, branchCode: string, value: string): boolean {
  const source = pattern
    .split(/(\{branch\}|\{yyyyMMdd\}|\{yyMMdd\}|\{seq(?::\d+)?\})/)
    .map((part) => {
      if (part === '{branch}') return escapeRegExp(branchCode);
      if (part === '{yyyyMMdd}') return '\\d{8}';
      if (part === '{yyMMdd}') return '\\d{6}';
      const seq = /^\{seq(?::(\d+))?\}$/.exec(part);
      if (seq) return `\\d{${Number(seq[1] ?? 4)},}`;
      return escapeRegExp(part);
    })
    .join('');
  return new RegExp(`^${source}$`, 'i').test(value);
}

/** What a hand-given accession number may contain: DICOM's AccessionNumber (SH) holds at most 16 characters. */
export const FORCED_ACCESSION_FORMAT = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,15}$/;

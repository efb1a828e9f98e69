/**
 * "HN 1234567" for the overlay and headers. Hospitals often keep the letters in the number itself ("HN3053329"):
 * that is shown as it is, not as "HN HN3053329".
 */
export function hnLabel(hn: string | null | undefined): string {
  const value = hn?.trim() ?? '';
  if (!value) return '';
  return /^HN(?![a-z])/i.test(value) ? value : `HN ${value}`;
}

/** Money as the spec shows it (§9): 2 decimals and thousands separators (1234567 satang → "12,345.67"). */
export function formatSatang(satang: number): string {
  return (satang / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The same from baht as the API carries them, through satang so a float like 0.1 + 0.2 prints as it should. */
export function formatBaht(baht: number): string {
  return formatSatang(satangOf(baht));
}

/** Baht as the API carries them (a number with at most 2 decimals) → whole satang, the unit money is summed in. */
export function satangOf(baht: number): number {
  return Math.round(baht * 100);
}

/** Integer satang as baht for the wire (1234567 → 12345.67). */
export function satangToBaht(satang: number): number {
  return satang / 100;
}

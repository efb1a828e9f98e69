const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** A size as staff read it: whole bytes below 1 KB, else one decimal in the largest unit (up to GB) it reaches ("41.2 KB"). */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0
    ? `${value} bytes`
    : `${value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ${UNITS[unit]}`;
}

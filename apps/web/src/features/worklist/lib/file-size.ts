const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** A size as staff read it: "850 bytes", "41.2 KB", "1,250.0 MB" is never shown (the next unit is used from 1,024). */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ${UNITS[unit]}`;
}

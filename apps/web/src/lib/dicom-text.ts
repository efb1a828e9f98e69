/** DICOM person name for people: the alphabetic group, components joined by spaces ("ทดสอบ^ภาพ" → "ทดสอบ ภาพ"). */
export function personName(pn: string | null): string {
  if (!pn) return '';
  return pn
    .split('=')[0]!
    .split('^')
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');
}

/** yyyyMMdd → dd-MM-yyyy; anything else as it came. */
export function dicomDate(da: string | null): string {
  if (!da) return '';
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(da.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : da;
}

/** Report urgency and its expected report time in minutes (spec §9). */
export const URGENCY_PRESET_MINUTES = {
  NotSpecified: 0,
  StrokeFastTrack: 30,
  ER: 120,
  RequestEmergency: 120,
  RequestFast: 2 * 24 * 60,
  OPD: 3 * 24 * 60,
} as const;
export type ReportUrgency = keyof typeof URGENCY_PRESET_MINUTES;
export const REPORT_URGENCIES = Object.keys(URGENCY_PRESET_MINUTES) as ReportUrgency[];

/** Splits a preset into the assign dialog's day/hour/minute boxes. */
export function urgencyToDuration(urgency: ReportUrgency): { day: number; hour: number; minute: number } {
  const total = URGENCY_PRESET_MINUTES[urgency];
  return { day: Math.floor(total / 1440), hour: Math.floor((total % 1440) / 60), minute: total % 60 };
}

/** Spec §5: Day, Hour and Minute are forced to 0 when not a number or negative. */
export function sanitizeDurationPart(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** Expected report date: start + day/hour/minute; null when nothing is given (no deadline). */
export function expectedReportDate(start: Date, d: { day: unknown; hour: unknown; minute: unknown }): Date | null {
  const minutes =
    sanitizeDurationPart(d.day) * 1440 + sanitizeDurationPart(d.hour) * 60 + sanitizeDurationPart(d.minute);
  return minutes === 0 ? null : new Date(start.getTime() + minutes * 60_000);
}

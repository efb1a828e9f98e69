import { utilities as csUtils } from '@cornerstonejs/core';
import { i18n } from '@/i18n/i18n';

/** What Cornerstone's measurement tools keep per image (cachedStats[targetId]), as far as the labels read it. */
interface Stats {
  length?: number;
  unit?: string;
  angle?: number;
  area?: number;
  areaUnit?: string;
  isEmptyArea?: boolean;
  mean?: number;
  max?: number;
  min?: number;
  stdDev?: number;
  modalityUnit?: string;
}
interface AnnotationData {
  cachedStats?: Record<string, Stats | undefined>;
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const round = (v: number) => String(csUtils.roundNumber(v));

/** The stats of the first target that has any (Cornerstone passes one target id, or several for ROIs). */
function statsOf(data: AnnotationData, targetId: string | string[]): Stats | undefined {
  const ids = Array.isArray(targetId) ? targetId : [targetId];
  return ids.map((id) => data.cachedStats?.[id]).find((s) => s !== undefined);
}

/**
 * The measurement labels in the app's language (decision V16), read at each draw so a language switch shows at the
 * next render; Cornerstone's own labels are English ("Area:", "Mean:", "Std Dev:").
 */
export function lengthText(data: AnnotationData, targetId: string | string[]): string[] | undefined {
  const s = statsOf(data, targetId);
  if (!s || !num(s.length)) return undefined;
  return [i18n.t('viewer.measure.length', { value: round(s.length), unit: s.unit ?? '' }).trim()];
}

export function angleText(data: AnnotationData, targetId: string | string[]): string[] | undefined {
  const s = statsOf(data, targetId);
  if (!s || !num(s.angle)) return undefined;
  return [i18n.t('viewer.measure.angle', { value: round(s.angle) })];
}

export function roiText(data: AnnotationData, targetId: string | string[]): string[] | undefined {
  const s = statsOf(data, targetId);
  if (!s) return undefined;
  const lines: string[] = [];
  if (num(s.area))
    lines.push(
      s.isEmptyArea
        ? i18n.t('viewer.measure.obliqueArea')
        : i18n.t('viewer.measure.area', { value: round(s.area), unit: s.areaUnit ?? '' }).trim(),
    );
  const unit = s.modalityUnit ?? '';
  for (const key of ['mean', 'max', 'min', 'stdDev'] as const) {
    const v = s[key];
    if (num(v)) lines.push(i18n.t(`viewer.measure.${key}`, { value: round(v), unit }).trim());
  }
  return lines.length ? lines : undefined;
}

/** The tool configuration that replaces each measurement's labels. */
export const MEASUREMENT_TEXT: Record<string, { getTextLines: typeof lengthText }> = {
  Length: { getTextLines: lengthText },
  Angle: { getTextLines: angleText },
  RectangleROI: { getTextLines: roiText },
  EllipticalROI: { getTextLines: roiText },
};

import type { TFunction } from 'i18next';
import type { StackState } from '../hooks/use-stack-viewer';
import { MPR_MIN_SLICES, type MprBlock } from './mpr-eligibility';
import type { ViewerLayout } from './viewer-layout';

/** A stack's loading progress, with the failed images; empty for a single image not yet loaded. */
function progress(s: StackState, t: TFunction): string {
  return s.count > 1 || s.loaded > 0
    ? t('viewer.progress', { loaded: s.loaded, count: s.count }) +
        (s.failed ? ` · ${t('viewer.failedCount', { count: s.failed })}` : '')
    : '';
}

/** The toolbar's status: the shown layout's loading progress; the prior's only while it loads, to keep one line. */
export function toolbarStatus(
  layout: ViewerLayout,
  states: { main: StackState; prior: StackState; mpr: { loaded: number; count: number } },
  t: TFunction,
): string {
  const { main, prior, mpr } = states;
  if (layout === 'mpr')
    return mpr.loaded < mpr.count ? t('viewer.mpr.loading', { loaded: mpr.loaded, count: mpr.count }) : '';
  if (layout === 'compare' && prior.loaded < prior.count) return `${t('viewer.compare.prior')}: ${progress(prior, t)}`;
  return progress(main, t);
}

/** Why MPR is off for this series, for the toolbar's button; null when it may open. */
export function mprBlockedText(block: MprBlock | null, t: TFunction): string | null {
  if (block === null) return null;
  return block === 'count' ? t('viewer.mpr.blocked.count', { min: MPR_MIN_SLICES }) : t(`viewer.mpr.blocked.${block}`);
}

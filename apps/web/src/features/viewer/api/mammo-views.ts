import type { ViewerPrior } from '@rangsi/contract';
import { imageIdsOf } from '../cornerstone/image-ids';
import { MAMMO_VIEWS, mammoViewOf, type ImageInfo, type MammoView } from '../lib/image-view';
import { getPriorSeries, getPriors } from './viewer-priors';
import { getInstances } from './viewer-instances';

/** One hung image: its Cornerstone id and what the list says about it. */
export interface HungImage {
  imageId: string;
  info: ImageInfo;
}
export type MammoViews = Partial<Record<MammoView, HungImage>>;

/** How many of the patient's earlier exams are looked into for a prior mammogram (newest first). */
const PRIORS_TRIED = 5;

/**
 * The four screening views of an exam, from every MG series it has (units send one series of four, or one series per
 * view), read with the exam's token. The first image of each view is hung (decision V16).
 */
export async function mammoViewsOf(examId: string, token: string): Promise<MammoViews> {
  const series = await getPriorSeries(examId, token);
  const views: MammoViews = {};
  for (const seriesId of [...new Set(series.map((s) => s.seriesId))]) {
    const data = await getInstances({ examId, seriesId, orientation: '', token });
    if (data.modality !== 'MG') continue;
    for (const inst of data.instances) {
      const view = mammoViewOf(inst);
      if (!view || views[view]) continue;
      views[view] = { imageId: imageIdsOf([inst], token, window.location.origin)[0]!, info: inst };
    }
    if (MAMMO_VIEWS.every((v) => views[v])) break;
  }
  return views;
}

export function hasViews(views: MammoViews | null | undefined): views is MammoViews {
  return views != null && MAMMO_VIEWS.some((v) => views[v]);
}

/** The newest earlier exam of the patient with mammogram views, with them; null when there is none. */
export async function mammoPrior(
  examId: string,
  token: string,
): Promise<{ prior: ViewerPrior; views: MammoViews } | null> {
  const priors = await getPriors(examId, token);
  for (const prior of priors.filter((p) => p.token && !p.archived).slice(0, PRIORS_TRIED)) {
    const views = await mammoViewsOf(prior.examId, prior.token!).catch(() => null);
    if (hasViews(views)) return { prior, views };
  }
  return null;
}

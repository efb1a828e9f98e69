import type { Series, ViewerPrior } from '@rangsi/contract';
import { getFrameData } from './viewer-instances';

/** GET /api/exam/{id}/priors?token=: the patient's earlier exams with images, each with its own exam token. */
export function getPriors(examId: string, token: string): Promise<ViewerPrior[]> {
  return getFrameData(`/api/exam/${encodeURIComponent(examId)}/priors?token=${encodeURIComponent(token)}`);
}

/** GET /api/exam/{id}/series?token=: a prior's series, read with the prior's token. */
export function getPriorSeries(examId: string, token: string): Promise<Series[]> {
  return getFrameData(`/api/exam/${encodeURIComponent(examId)}/series?token=${encodeURIComponent(token)}`);
}

import { withSlash } from './branch-cache-probe';

export interface FrameTarget {
  examId: string;
  seriesId: string;
  orientation: string | null;
  token: string;
}

/**
 * Spec §2: the frame shows {branch image cache}DicomViewer/{examId}/{seriesId}/{orientation} with the token. The
 * default cache is Rangsi itself ("/"). A series without an orientation key ends in a bare slash.
 */
export function frameUrl(cacheBase: string, t: FrameTarget): string {
  const path = [t.examId, t.seriesId, t.orientation ?? ''].map(encodeURIComponent).join('/');
  return `${withSlash(cacheBase)}DicomViewer/${path}?token=${encodeURIComponent(t.token)}`;
}

import type { Exam } from '@rangsi/contract';
import type { ViewerInstance } from '../cornerstone/image-ids';
import type { ImageInfo } from '../lib/image-view';
import type { InstanceGeometry } from '../lib/slice-geometry';

/** A refused or failed call of the frame, by HTTP status (0 for the network). */
export class ViewerLoadError extends Error {
  constructor(readonly status: number) {
    super(`viewer load failed: ${status}`);
  }
}

/**
 * The frame authenticates by the exam token alone (it may be served from a branch cache, without Rangsi's
 * cookie), so it uses fetch directly: a 401 here is an expired link, not a reason to go to the logon page.
 */
export async function getFrameData<T>(url: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  } catch {
    throw new ViewerLoadError(0);
  }
  if (!res.ok) throw new ViewerLoadError(res.status);
  return ((await res.json()) as { data: T }).data;
}

export interface SeriesTarget {
  examId: string;
  seriesId: string;
  orientation: string;
  token: string;
}

export interface SeriesInstances {
  studyInstanceUid?: string;
  seriesInstanceUid?: string;
  modality: string | null;
  frameOfReferenceUid: string | null;
  instances: (ViewerInstance & InstanceGeometry & ImageInfo)[];
}

/** GET /api/exam/{id}/series/{seriesId}/instances?orientation=&token= */
export function getInstances(t: SeriesTarget): Promise<SeriesInstances> {
  const q = new URLSearchParams({ token: t.token });
  if (t.orientation) q.set('orientation', t.orientation);
  return getFrameData(
    `/api/exam/${encodeURIComponent(t.examId)}/series/${encodeURIComponent(t.seriesId)}/instances?${q}`,
  );
}

/** GET /api/exam/{id}?token=: the overlay's patient name, HN and study date (Thai names decoded by the server). */
export function getOverlayExam(examId: string, token: string): Promise<Exam> {
  return getFrameData(`/api/exam/${encodeURIComponent(examId)}?token=${encodeURIComponent(token)}`);
}

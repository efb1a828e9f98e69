import { imageIdsOf, urlOfImageId } from '../cornerstone/image-ids';
import { fetchFirstEarly } from '../lib/early-fetch';
import { getInstances, getOverlayExam, type SeriesTarget } from './viewer-instances';

const quiet = { retry: false, meta: { errorAlert: false } } as const;

/** Reads started before React rendered the page (startFrameReads), each handed to the first query that asks. */
const started = new Map<string, Promise<unknown>>();

function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  const p = started.get(key) as Promise<T> | undefined;
  started.delete(key);
  return p ?? run();
}

const instancesKey = (t: SeriesTarget) => `i|${t.examId}|${t.seriesId}|${t.orientation}|${t.token}`;
const examKey = (examId: string, token: string) => `e|${examId}|${token}`;

async function readInstances(target: SeriesTarget, early: boolean) {
  const data = await getInstances(target);
  const first = data.instances[0];
  const firstId = first ? imageIdsOf([first], target.token, window.location.origin)[0] : undefined;
  if (early && firstId) fetchFirstEarly(firstId, urlOfImageId(firstId));
  return data;
}

/**
 * The frame's reads, started as soon as the route's small chunk runs: React shows a resolved lazy page only some
 * hundred milliseconds later (its Suspense reveal throttling), and the instance list leads to the first image.
 */
export function startFrameReads(target: SeriesTarget): void {
  const list = readInstances(target, true);
  const exam = getOverlayExam(target.examId, target.token);
  // Kept for the queries; a read nobody takes (the page left at once) must not be an unhandled rejection.
  list.catch(() => undefined);
  exam.catch(() => undefined);
  started.set(instancesKey(target), list);
  started.set(examKey(target.examId, target.token), exam);
}

/**
 * The frame's two reads, shared by the light route page (which starts them before Cornerstone's chunk has arrived)
 * and the viewer itself. With `early`, the first slice's file is fetched the moment the list is known (V4, V14).
 */
export function instancesQuery(target: SeriesTarget | null, early = false) {
  return {
    ...quiet,
    queryKey: ['dicom-viewer', target],
    enabled: target !== null,
    queryFn: () => once(instancesKey(target!), () => readInstances(target!, early)),
  };
}

export function overlayExamQuery(examId: string, token: string, enabled = true) {
  return {
    ...quiet,
    queryKey: ['dicom-viewer', 'exam', examId, token],
    enabled,
    queryFn: () => once(examKey(examId, token), () => getOverlayExam(examId, token)),
  };
}

/** WADO-RS retrieve of the whole series (the stack streams it in one request), with the exam token. */
export function seriesRetrieveUrl(
  data: { studyInstanceUid?: string; seriesInstanceUid?: string },
  token: string,
): string | null {
  if (!data.studyInstanceUid || !data.seriesInstanceUid) return null;
  return `${window.location.origin}/dicomweb/studies/${data.studyInstanceUid}/series/${data.seriesInstanceUid}?token=${encodeURIComponent(token)}`;
}

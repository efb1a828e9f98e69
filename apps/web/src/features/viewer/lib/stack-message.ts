import { ViewerLoadError } from '../api/viewer-instances';
import type { StackState } from '../hooks/use-stack-viewer';

export type StackMessageKey =
  'viewer.error.expired' | 'viewer.error.notFound' | 'viewer.error.load' | 'viewer.error.empty' | 'viewer.error.decode';

function loadErrorKey(error: unknown): StackMessageKey {
  if (error instanceof ViewerLoadError) {
    if (error.status === 401) return 'viewer.error.expired';
    if (error.status === 403 || error.status === 404 || error.status === 400) return 'viewer.error.notFound';
  }
  return 'viewer.error.load';
}

/** A message in place of a stack's image: the load refused or failed, no images, the shown one undecodable. */
export function stackMessage(
  error: unknown,
  empty: boolean,
  state: StackState,
): { key: StackMessageKey; testId: string } | null {
  if (error) return { key: loadErrorKey(error), testId: 'viewer-refused' };
  if (empty) return { key: 'viewer.error.empty', testId: 'viewer-empty' };
  if (state.ready && state.currentFailed) return { key: 'viewer.error.decode', testId: 'decode-error' };
  return null;
}

import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { adoptPreview, dropPreview } from '../lib/first-preview';

/**
 * The server's rendering of the first slice stays on screen until Cornerstone has drawn it (decision V15): the stack's
 * element takes it in, and it goes once `done` (or when the viewer closes).
 */
export function useFirstPreview(elementRef: RefObject<HTMLDivElement | null>, done: boolean) {
  useLayoutEffect(() => {
    if (elementRef.current) adoptPreview(elementRef.current);
  }, [elementRef]);
  useEffect(() => {
    if (done) dropPreview();
  }, [done]);
  useEffect(() => dropPreview, []);
}

import { useCallback, useRef, useState, type RefObject } from 'react';

/**
 * State that event handlers registered once (keyboard, Cornerstone events) can read without re-registering: the value
 * to render, a ref that always holds the latest one, and a stable setter for both.
 */
export function useLatestState<T>(initial: T): [T, RefObject<T>, (value: T) => void] {
  const ref = useRef<T>(initial);
  const [value, setValue] = useState<T>(initial);
  const set = useCallback((next: T) => {
    ref.current = next;
    setValue(next);
  }, []);
  return [value, ref, set];
}

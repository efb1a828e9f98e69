import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTO_REFRESH_SECONDS } from '../lib/constants';
import { useNow } from './use-now';

const STORAGE_KEY = 'rangsi.worklist.autoRefresh';

function readEnabled(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export interface AutoRefresh {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  /** Seconds until the next automatic search (300 right after any search). */
  secondsLeft: number;
}

/**
 * Spec §4 Auto refresh: while enabled, a countdown from 300 s ticks each second and runs the search again at 0.
 * The countdown is measured from the last search run (`lastRunAt`), so every search — typed, quick range, page,
 * tab or automatic — restarts it without a separate reset. The choice is remembered on the workstation.
 */
export function useAutoRefresh(lastRunAt: number, rerun: () => void): AutoRefresh {
  const [enabled, setEnabledState] = useState(readEnabled);
  // Turning it on later must not find the countdown long expired.
  const [enabledAt, setEnabledAt] = useState(Date.now);
  const now = useNow(1000, enabled);

  const startedAt = Math.max(lastRunAt, enabledAt);
  const elapsed = Math.max(0, Math.floor((now - startedAt) / 1000));
  const secondsLeft = Math.max(0, AUTO_REFRESH_SECONDS - elapsed);

  const rerunRef = useRef(rerun);
  useEffect(() => {
    rerunRef.current = rerun;
  }, [rerun]);

  // One rerun per expiry: the run resets lastRunAt, which lifts secondsLeft back to 300.
  const firedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!enabled || secondsLeft > 0 || firedFor.current === startedAt) return;
    firedFor.current = startedAt;
    rerunRef.current();
  }, [enabled, secondsLeft, startedAt]);

  const setEnabled = useCallback((next: boolean) => {
    setEnabledState(next);
    if (next) setEnabledAt(Date.now());
    try {
      window.localStorage.setItem(STORAGE_KEY, next ? '1' : '0');
    } catch {
      // Remembering is a convenience only.
    }
  }, []);

  return { enabled, setEnabled, secondsLeft };
}

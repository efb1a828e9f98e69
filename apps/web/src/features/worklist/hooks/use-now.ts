import { useEffect, useState } from 'react';

/**
 * The current time, re-read every `periodMs` while `enabled`. The worklist's two clocks (the 1 s auto-refresh
 * countdown, the 30 s count-down column) both come from here, each one interval for the whole screen rather
 * than a timer per row.
 */
export function useNow(periodMs: number, enabled = true): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!enabled) return undefined;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), periodMs);
    return () => window.clearInterval(id);
  }, [periodMs, enabled]);
  return now;
}

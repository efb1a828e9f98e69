import { useEffect, useRef, useState } from 'react';

/** Spec §4: the request list re-runs its search every 300 s; the countdown restarts at each search and ticks each second. */
export function useCountdown(lastRunAt: number, seconds: number, onZero: () => void): number {
  const [now, setNow] = useState(Date.now);
  const fire = useRef(onZero);
  useEffect(() => {
    fire.current = onZero;
  }, [onZero]);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, seconds - Math.floor((now - lastRunAt) / 1000));
  const firedFor = useRef<number | null>(null);
  useEffect(() => {
    if (left > 0 || firedFor.current === lastRunAt) return;
    firedFor.current = lastRunAt;
    fire.current();
  }, [left, lastRunAt]);
  return left;
}

import { useCallback, useEffect, useState } from 'react';

/** A countdown in whole seconds (the 60 s resend cooldown of docs/spec/SPEC.md §4). */
export function useCooldown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 250);
    return () => clearTimeout(timer);
  }, [until, now]);
  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  }, []);
  return { remaining: Math.max(0, Math.ceil((until - now) / 1000)), start };
}

import { useEffect, useState } from 'react';

/** The time now, read again just after `until` (a snooze's end): what depends on it changes by itself. */
export function useRerenderAt(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, until - Date.now()) + 200);
    return () => window.clearTimeout(timer);
  }, [until]);
  return now;
}

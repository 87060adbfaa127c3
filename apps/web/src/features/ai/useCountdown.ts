import { useEffect, useState } from 'react';

const secondsUntil = (until: string) => Math.ceil((new Date(until).getTime() - Date.now()) / 1000);

/** Whole seconds left until an ISO time, ticking each second (bookings.md §4: 1 s tick). */
export function useCountdown(until: string): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(until));
  useEffect(() => {
    setSeconds(secondsUntil(until));
    const timer = setInterval(() => setSeconds(secondsUntil(until)), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

export const mmss = (s: number) => {
  const v = Math.max(0, s);
  return `${String(Math.floor(v / 60)).padStart(2, '0')}:${String(v % 60).padStart(2, '0')}`;
};

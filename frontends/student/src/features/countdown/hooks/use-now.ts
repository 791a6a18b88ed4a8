import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs` (docs/product.md §9: the countdown ticks every second). */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

// Calls onIdle once the user has done nothing (no pointer, key, scroll, touch or history event)
// for timeoutMs. While paused nothing is counted; resuming starts a fresh period.
import { useEffect } from 'react';
import { ACTIVITY_EVENTS } from '../constants';
import { useLatest } from './use-latest';

export function useIdleTimer({
  timeoutMs,
  paused,
  onIdle,
}: {
  timeoutMs: number;
  paused: boolean;
  onIdle: () => void;
}): void {
  const onIdleRef = useLatest(onIdle);
  useEffect(() => {
    if (paused) return undefined;
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Activity only records the time (cheap on mousemove); the timer checks it when due.
    const check = () => {
      const idleFor = Date.now() - lastActivity;
      if (idleFor >= timeoutMs) onIdleRef.current();
      else timer = setTimeout(check, timeoutMs - idleFor);
    };
    const onActivity = () => {
      lastActivity = Date.now();
    };
    const options = { capture: true, passive: true } as const;
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, options);
    timer = setTimeout(check, timeoutMs);
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
    };
  }, [paused, timeoutMs, onIdleRef]);
}

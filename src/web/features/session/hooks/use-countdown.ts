// Seconds left of a countdown that starts on mount; onDone runs once when it reaches zero.
import { useEffect, useState } from 'react';
import { useLatest } from './use-latest';

export function useCountdown(seconds: number, onDone: () => void): number {
  const [remaining, setRemaining] = useState(seconds);
  const onDoneRef = useLatest(onDone);
  useEffect(() => {
    // Measured against the clock, so a throttled background tab still ends on time.
    const deadline = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) {
        clearInterval(timer);
        onDoneRef.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, onDoneRef]);
  return remaining;
}

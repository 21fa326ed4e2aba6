// While signed in, GET the login page path every 60 s so the server session stays alive — but only
// when the user did something since the last refresh. An abandoned tab stops refreshing, so the
// server's idle timeout (30 min) really ends its session.
import { useEffect } from 'react';
import { refreshSession } from '../../../lib/api';
import { ACTIVITY_EVENTS, KEEPALIVE_MS } from '../constants';

export function useKeepalive(intervalMs: number = KEEPALIVE_MS): void {
  useEffect(() => {
    let active = false;
    const onActivity = () => {
      active = true;
    };
    const options = { capture: true, passive: true } as const;
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, options);
    const timer = setInterval(() => {
      if (!active) return;
      active = false;
      void refreshSession();
    }, intervalMs);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
    };
  }, [intervalMs]);
}

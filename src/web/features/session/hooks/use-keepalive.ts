// While signed in, GET the login page path every 60 s so the server session stays alive.
import { useEffect } from 'react';
import { refreshSession } from '../../../lib/api';
import { KEEPALIVE_MS } from '../constants';

export function useKeepalive(intervalMs: number = KEEPALIVE_MS): void {
  useEffect(() => {
    const timer = setInterval(() => void refreshSession(), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
}

// Only one window may own the portal (spec section 1). The existingWindowId cookie is the source of
// truth: the owning window renews its heartbeat there every few seconds. A window that starts
// while another window's heartbeat is fresh is blocked until the user takes the portal over; the
// owner gives way when a later claim appears in the cookie or, at once, on the BroadcastChannel.
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { writeCookie } from '../../../lib/cookies';
import { HEARTBEAT_MS } from '../constants';
import {
  CHANNEL_NAME,
  claimBeats,
  clearOwner,
  getWindowId,
  ownedElsewhere,
  readOwner,
  writeOwner,
  type Owner,
} from '../window-ownership';

interface ClaimMessage {
  type: 'claim';
  windowId: string;
  claimedAt: number;
}

const isClaim = (data: unknown): data is ClaimMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as ClaimMessage).type === 'claim' &&
  typeof (data as ClaimMessage).windowId === 'string' &&
  typeof (data as ClaimMessage).claimedAt === 'number';

const openChannel = (): BroadcastChannel | null =>
  typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;

export interface SingleWindow {
  /** Another window owns the portal. */
  blocked: boolean;
  /** Makes this window the owner (the other one is then blocked). */
  takeOver: () => void;
}

export function useSingleWindow(): SingleWindow {
  const [windowId] = useState(getWindowId);
  const [blocked, setBlocked] = useState(() => ownedElsewhere(readOwner(), windowId, Date.now()));
  const location = useLocation();

  // While this window owns the portal: claim, heartbeat, and give way to a later claim.
  useEffect(() => {
    if (blocked) return undefined;
    const claim = { windowId, claimedAt: Date.now() };
    const loses = (other: Owner) =>
      claimBeats(other, claim) && ownedElsewhere(other, windowId, Date.now());
    writeOwner({ ...claim, heartbeatAt: claim.claimedAt });
    const channel = openChannel();
    channel?.postMessage({ type: 'claim', ...claim } satisfies ClaimMessage);

    const timer = setInterval(() => {
      const current = readOwner();
      if (current && loses(current)) setBlocked(true);
      else writeOwner({ ...claim, heartbeatAt: Date.now() });
    }, HEARTBEAT_MS);
    const onMessage = (event: MessageEvent) => {
      if (isClaim(event.data) && loses({ ...event.data, heartbeatAt: Date.now() })) {
        setBlocked(true);
      }
    };
    // A closed or reloaded owner frees the portal at once instead of after its heartbeat ages.
    const release = () => {
      if (readOwner()?.windowId === windowId) clearOwner();
    };
    channel?.addEventListener('message', onMessage);
    window.addEventListener('pagehide', release);
    return () => {
      clearInterval(timer);
      channel?.removeEventListener('message', onMessage);
      channel?.close();
      window.removeEventListener('pagehide', release);
      release();
    };
  }, [blocked, windowId]);

  // The window last used and its URL; the owner's URL.
  useEffect(() => {
    const here = location.pathname + location.search + location.hash;
    const markCurrent = () => {
      writeCookie('currentWindowId', windowId);
      writeCookie('currentUrl', here);
    };
    markCurrent();
    if (!blocked) writeCookie('url', here);
    window.addEventListener('focus', markCurrent);
    return () => window.removeEventListener('focus', markCurrent);
  }, [location.pathname, location.search, location.hash, blocked, windowId]);

  const takeOver = useCallback(() => setBlocked(false), []);
  return { blocked, takeOver };
}

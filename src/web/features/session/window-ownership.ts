// Which browser window owns the portal (spec section 1: only one may), kept in the cookies of
// spec section 3. existingWindowId holds "<window id>|<claimed at>|<heartbeat at>" of the owner;
// currentWindowId and currentUrl name the window last used and its URL; url is the owner's URL.
import { readCookie, writeCookie, deleteCookie } from '../../lib/cookies';
import { HEARTBEAT_FRESH_MS } from './constants';

export const WINDOW_ID_STORAGE_KEY = 'payee-portal.windowId';
export const OWNER_COOKIE = 'existingWindowId';
export const CHANNEL_NAME = 'payee-portal.window';

export interface Owner {
  windowId: string;
  /** When the window took the portal: the latest claim wins. */
  claimedAt: number;
  heartbeatAt: number;
}

const newWindowId = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** This window's id: kept in session storage, so a reload keeps it. */
export function getWindowId(): string {
  const stored = sessionStorage.getItem(WINDOW_ID_STORAGE_KEY);
  if (stored) return stored;
  const id = newWindowId();
  sessionStorage.setItem(WINDOW_ID_STORAGE_KEY, id);
  return id;
}

export const formatOwner = (owner: Owner): string =>
  `${owner.windowId}|${owner.claimedAt}|${owner.heartbeatAt}`;

export function parseOwner(raw: string | undefined): Owner | null {
  if (!raw) return null;
  const [windowId, claimed, heartbeat] = raw.split('|');
  const claimedAt = Number(claimed);
  const heartbeatAt = Number(heartbeat ?? claimed);
  if (!windowId || !Number.isFinite(claimedAt) || !Number.isFinite(heartbeatAt)) return null;
  return { windowId, claimedAt, heartbeatAt };
}

export const readOwner = (): Owner | null => parseOwner(readCookie(OWNER_COOKIE));
export const writeOwner = (owner: Owner): void => writeCookie(OWNER_COOKIE, formatOwner(owner));
export const clearOwner = (): void => deleteCookie(OWNER_COOKIE);

/** Another window owns the portal and its heartbeat is fresh. */
export const ownedElsewhere = (owner: Owner | null, windowId: string, now: number): boolean =>
  !!owner && owner.windowId !== windowId && now - owner.heartbeatAt < HEARTBEAT_FRESH_MS;

/** Whether `other`'s claim beats ours (the later claim wins; ties go to the larger id). */
export const claimBeats = (other: Owner, mine: { windowId: string; claimedAt: number }): boolean =>
  other.windowId !== mine.windowId &&
  (other.claimedAt > mine.claimedAt ||
    (other.claimedAt === mine.claimedAt && other.windowId > mine.windowId));

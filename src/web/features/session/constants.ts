// Session timings (spec section 9) and the names the session behaviours share.

/** Inactivity before the session-extension warning. */
export const IDLE_TIMEOUT_MS = 840_000;
/** The warning's countdown before the user is signed out. */
export const COUNTDOWN_SECONDS = 60;
/** The login page path is fetched this often while signed in, to keep the server session. */
export const KEEPALIVE_MS = 60_000;
/** How often the window owning the portal renews its heartbeat cookie. */
export const HEARTBEAT_MS = 3_000;
/** A heartbeat younger than this means its window is still open. */
export const HEARTBEAT_FRESH_MS = 10_000;

/** Events that count as user activity for the idle timer (spec section 4). */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'touchstart',
  'popstate',
] as const;

export const LOGOUT_PATH = '/auth/logout';
export const VERIFY_ACCOUNT_PATH = '/registration/verify-account';

/** Pages where nobody is signed in as far as the session is concerned. */
export const isPublicAuthPath = (pathname: string): boolean =>
  pathname.startsWith('/auth/') || pathname === '/auth' || pathname.startsWith('/maintenance');

// Screens whose heading and lead the server paints with the page (services/portal-page.ts), before
// any script has loaded: the words a visitor reads first, and the page's largest text, show at
// once, and the screen's scripts (a form screen's form engine among them) load without holding
// that paint up. The screen renders the same keys with the same markup (components/page-wrapper),
// so React's first render replaces the frame with an identical one. Each screen's frame is a module
// of its own (frames/), imported by that screen alone: one shared table would become a chunk of
// its own in every signed-in screen's first load.
import { routeFor } from './route-files';
import { BANK_ACCOUNT_CREATE, BANK_ACCOUNT_EDIT } from './frames/bank-account';
import { DASHBOARD_FRAME } from './frames/dashboard';
import { SETTINGS_FRAME } from './frames/settings';

export type PageFrameWidth = 'tile' | 'dashboard' | 'full';

/** What the server paints of a screen (its route pattern is in PAGE_FRAMES). */
export interface PageFrame {
  /** Translation keys (common namespace). */
  title: string;
  lead?: string;
  width: PageFrameWidth;
  /** The link above the heading. */
  back?: { to: string; label: string };
  /**
   * Under the heading, the signed-in visitor's profile card (/settings: the screen's largest text),
   * from the profile the page carries (server/services/profile-card-frame.ts).
   */
  profileCard?: true;
}

/**
 * The class of each width, as components/page-wrapper.tsx gives it (which keeps its own copy: this
 * module's table and matching would otherwise travel in every signed-in screen's shell).
 */
export const PAGE_WIDTH_CLASS: Record<PageFrameWidth, string> = {
  tile: 'tile-page',
  dashboard: 'dashboard-page',
  full: 'full-page',
};

/** The screens with a frame, by route pattern (as in the route table). */
export const PAGE_FRAMES: readonly (PageFrame & { path: string })[] = [
  { path: '/bank-account', ...BANK_ACCOUNT_CREATE },
  { path: '/bank-account/:id', ...BANK_ACCOUNT_EDIT },
  { path: '/dashboard', ...DASHBOARD_FRAME },
  // The card stays out of SETTINGS_FRAME: the screen draws its own (the flag would travel with it).
  { path: '/settings', ...SETTINGS_FRAME, profileCard: true },
];

/** The frame of the screen at `pathname`, if the server paints one. */
export const pageFrameFor = (pathname: string): PageFrame | undefined =>
  routeFor(PAGE_FRAMES, pathname);

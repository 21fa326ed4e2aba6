// Screens whose heading and lead the server paints with the page (services/portal-page.ts), before
// any script has loaded: the words a visitor reads first, and the page's largest text, show at
// once, and the screen's scripts (a form screen's form engine among them) load without holding
// that paint up. The screen renders the same keys with the same markup (components/page-wrapper),
// so React's first render replaces the frame with an identical one.
import { routeFor } from './route-files';

export type PageFrameWidth = 'tile' | 'dashboard' | 'full';

export interface PageFrame {
  /** Route pattern, as in the route table. */
  path: string;
  /** Translation keys (common namespace). */
  title: string;
  lead?: string;
  width: PageFrameWidth;
  /** The link above the heading. */
  back?: { to: string; label: string };
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

const BANK_ACCOUNT = {
  lead: 'payoutMethods.bankAccount.lead',
  width: 'tile',
  back: { to: '/settings', label: 'payoutMethods.back' },
} as const;

export const BANK_ACCOUNT_CREATE: PageFrame = {
  path: '/bank-account',
  title: 'payoutMethods.bankAccount.createTitle',
  ...BANK_ACCOUNT,
};
export const BANK_ACCOUNT_EDIT: PageFrame = {
  path: '/bank-account/:id',
  title: 'payoutMethods.bankAccount.editTitle',
  ...BANK_ACCOUNT,
};

export const PAGE_FRAMES: readonly PageFrame[] = [BANK_ACCOUNT_CREATE, BANK_ACCOUNT_EDIT];

/** The frame of the screen at `pathname`, if the server paints one. */
export const pageFrameFor = (pathname: string): PageFrame | undefined =>
  routeFor(PAGE_FRAMES, pathname);

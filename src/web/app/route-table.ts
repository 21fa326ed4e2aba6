// The one route table (spec section 2): every route, its access rule and its lazily loaded screen.
// The router, the guards, the /dev page and the tests all read this table.
import { createElement, type ComponentType } from 'react';
import { mayDo } from '../../core/profile/status-actions';
import type { ProfileStatus } from '../../core/types/entities/profile-status';

export type Access =
  | { kind: 'public' }
  | {
      kind: 'login';
      /** Statuses allowed on the route; absent means any signed-in user. */
      statuses?: (status: string) => boolean;
      /** Refused while a minor of this (guardian) profile lacks consent. */
      noMinorLacksConsent?: boolean;
    };

export interface RouteEntry {
  path: string;
  access: Access;
  /** The feature module the screen comes from, for the /dev page. */
  module: string;
  screen?: () => Promise<{ default: ComponentType }>;
  /**
   * A module (path under src/web) the screen asks for itself as soon as its own module runs: the
   * form engine. Read by the build's tools only (scripts/route-files.ts): the bundle report counts
   * its files in the route's first load; the page announces them only once the shell's files are
   * all but in (core/routes/page-script.ts: from the start they would share a slow network with the
   * shell's files and hold those up); a page that has them gets the published validators list in
   * its boot data.
   */
  loadsLater?: string;
  /**
   * The generated form (its formId) the screen opens as soon as it can, in the visitor's country:
   * the page announces that country's variant files with the later files (build tools and the
   * server only, as loadsLater).
   */
  opensForm?: string;
  redirect?: string;
  /** Where a status the route refuses goes instead of the root flow (undefined: the root flow). */
  refusedTo?: (status: string) => string | undefined;
}

const only =
  (...statuses: ProfileStatus[]) =>
  (status: string) =>
    (statuses as string[]).includes(status);
const PUBLIC: Access = { kind: 'public' };
const LOGIN: Access = { kind: 'login' };
const inSettings = only('ACTIVATED', 'ON_HOLD');
const SETTINGS: Access = { kind: 'login', statuses: inSettings };
/**
 * The profile form opened to edit details: only where the status table lets the profile be edited
 * (its save would be refused otherwise). A refused status that has settings (on hold) goes there,
 * where one sentence says why; others follow the root flow.
 */
const PROFILE_EDIT: Pick<RouteEntry, 'access' | 'refusedTo'> = {
  access: { kind: 'login', statuses: (status) => mayDo(status, 'editProfile') },
  refusedTo: (status) => (inSettings(status) ? '/settings' : undefined),
};

const screen = (load: () => Promise<{ default: ComponentType }>) => load;
const registrationPage = () => import('../features/registration/components/registration-page');
const bankAccountPage = () => import('../features/payment-methods/components/bank-account-page');
const bankAccountForm = 'features/payment-methods/components/bank-account-form.ts';

export const ROUTES: RouteEntry[] = [
  {
    path: '/',
    access: LOGIN,
    module: 'app',
    screen: screen(() => import('./root-redirect')),
  },
  {
    path: '/registration',
    ...PROFILE_EDIT,
    module: 'registration',
    screen: registrationPage,
  },
  {
    path: '/registration/verify-account',
    access: LOGIN,
    module: 'registration',
    screen: screen(() => import('../features/registration/components/verify-account-page')),
  },
  {
    path: '/registration/personal-info',
    ...PROFILE_EDIT,
    module: 'registration',
    screen: registrationPage,
  },
  {
    path: '/registration/company-info',
    ...PROFILE_EDIT,
    module: 'registration',
    screen: registrationPage,
  },
  {
    path: '/registration/guardian-consent/rejected',
    // The page itself sends other statuses on (its own send turns the status to pending).
    access: LOGIN,
    module: 'status-pages',
    screen: screen(
      () => import('../features/status-pages/components/guardian-consent-rejected-page'),
    ),
  },
  {
    path: '/id-proofing',
    access: { kind: 'login', statuses: (s) => s.startsWith('ID_PROOFING_') || s === 'ACTIVATED' },
    module: 'status-pages',
    screen: screen(() => import('../features/status-pages/components/id-proofing-page')),
  },
  {
    path: '/dashboard',
    access: {
      kind: 'login',
      statuses: only('GUARDIAN_CONSENT_PENDING', 'ACTIVATED', 'ON_HOLD'),
      noMinorLacksConsent: true,
    },
    module: 'claims',
    screen: screen(() => import('../features/claims/components/dashboard-page')),
  },
  {
    path: '/settings',
    access: SETTINGS,
    module: 'settings',
    screen: screen(() => import('./screens/settings-screen')),
  },
  {
    path: '/settings/guardian-consent/:minorId',
    access: SETTINGS,
    module: 'guardians',
    screen: screen(() => import('../features/guardians/components/guardian-consent-page')),
  },
  {
    path: '/bank-account',
    access: SETTINGS,
    module: 'payment-methods',
    screen: bankAccountPage,
    loadsLater: bankAccountForm,
    opensForm: 'bank-account',
  },
  {
    path: '/bank-account/:id',
    access: SETTINGS,
    module: 'payment-methods',
    screen: bankAccountPage,
    loadsLater: bankAccountForm,
    opensForm: 'bank-account',
  },
  {
    path: '/paypal',
    access: SETTINGS,
    module: 'payment-methods',
    screen: screen(() => import('../features/payment-methods/components/paypal-page')),
  },
  {
    path: '/zelle',
    access: SETTINGS,
    module: 'payment-methods',
    screen: screen(() => import('../features/payment-methods/components/zelle-page')),
  },
  {
    path: '/debit-card',
    access: SETTINGS,
    module: 'payment-methods',
    screen: screen(() => import('../features/payment-methods/components/debit-card-page')),
  },
  {
    path: '/physical-check',
    access: SETTINGS,
    module: 'payment-methods',
    screen: screen(() => import('../features/payment-methods/components/physical-check-page')),
  },
  {
    // The merchant's own pages (terms, privacy, FAQ): a visitor reads them before registering.
    path: '/static/*',
    access: PUBLIC,
    module: 'app',
    screen: screen(() => import('./screens/static-screen')),
  },
  {
    path: '/dev',
    access: LOGIN,
    module: 'dev',
    // The /dev page lists this table; handed in, so the page does not import the app back.
    screen: () =>
      import('../features/dev/dev-page').then((page) => ({
        default: () => createElement(page.default, { routes: ROUTES }),
      })),
  },
  { path: '/dev/all-pages', access: LOGIN, module: 'dev', redirect: '/' },
  {
    path: '/auth/start',
    access: PUBLIC,
    module: 'auth',
    screen: screen(() => import('../features/auth/components/start-page')),
  },
  {
    path: '/auth/login',
    access: PUBLIC,
    module: 'auth',
    screen: screen(() => import('../features/auth/components/login-redirect')),
  },
  {
    path: '/auth/logout',
    access: PUBLIC,
    module: 'auth',
    screen: screen(() => import('../features/auth/components/logout-redirect')),
  },
  {
    path: '/auth/logout-successful',
    access: PUBLIC,
    module: 'auth',
    screen: screen(() => import('../features/auth/components/logout-successful-page')),
  },
  {
    path: '/auth/register',
    access: PUBLIC,
    module: 'auth',
    screen: screen(() => import('../features/auth/components/register-route')),
  },
  {
    path: '/maintenance',
    access: PUBLIC,
    module: 'app',
    screen: screen(() => import('../features/maintenance/maintenance-page')),
  },
  {
    path: '/account-blocked',
    access: { kind: 'login', statuses: only('LOCKED', 'DEACTIVATED') },
    module: 'status-pages',
    screen: screen(() => import('../features/status-pages/components/account-blocked-page')),
  },
  {
    path: '/name-match-failed',
    access: { kind: 'login', statuses: only('NAME_MATCH_FAILED') },
    module: 'status-pages',
    screen: screen(() => import('../features/status-pages/components/name-match-failed-page')),
  },
  {
    path: '/relationship-verification-failed',
    access: { kind: 'login', statuses: only('RELATIONSHIP_VERIFICATION_FAILED_FINAL') },
    module: 'status-pages',
    screen: screen(
      () => import('../features/status-pages/components/relationship-verification-failed-page'),
    ),
  },
  // The portal's former path prefix: old links and bookmarks land on the root flow.
  { path: '/portal/*', access: PUBLIC, module: 'app', redirect: '/' },
  {
    path: '*',
    access: PUBLIC,
    module: 'app',
    screen: screen(() => import('../features/not-found/not-found-page')),
  },
];

export type AccessVerdict =
  { allowed: true } | { allowed: false; reason: 'login' | 'status' | 'minorConsent' };

/** Whether a signed-in profile (or an anonymous visitor, profile null) may see a route. */
export function checkAccess(
  access: Access,
  profile: { status: string; minors?: readonly { consent: string | null }[] } | null,
): AccessVerdict {
  if (access.kind === 'public') return { allowed: true };
  if (!profile) return { allowed: false, reason: 'login' };
  if (access.statuses && !access.statuses(profile.status))
    return { allowed: false, reason: 'status' };
  if (access.noMinorLacksConsent && (profile.minors ?? []).some((m) => m.consent === null)) {
    return { allowed: false, reason: 'minorConsent' };
  }
  return { allowed: true };
}

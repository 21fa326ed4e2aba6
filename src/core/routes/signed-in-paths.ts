// The portal routes only a signed-in user reaches: access `login` in src/web/app/route-table.ts
// (tests/unit/core/signed-in-paths.test.ts keeps the two lists in step). The server sends an
// anonymous visitor of one of these straight to /auth/start, so the portal's code and its failing
// profile calls never load for them.
export const SIGNED_IN_PATHS = [
  '/',
  '/registration',
  '/registration/verify-account',
  '/registration/personal-info',
  '/registration/company-info',
  '/registration/guardian-consent/rejected',
  '/id-proofing',
  '/dashboard',
  '/settings',
  '/settings/guardian-consent/:minorId',
  '/bank-account',
  '/bank-account/:id',
  '/paypal',
  '/zelle',
  '/debit-card',
  '/physical-check',
  '/dev',
  '/dev/all-pages',
  '/account-blocked',
  '/name-match-failed',
  '/relationship-verification-failed',
] as const;

const segments = (path: string): string[] => path.split('/').filter(Boolean);
// Pure: the portal's bundle, which only redirects, drops the list and the matching.
const PATTERNS = /* @__PURE__ */ SIGNED_IN_PATHS.map(segments);

/** Whether a URL path (without its query) is one of the signed-in routes; a trailing slash counts. */
export function isSignedInPath(pathname: string): boolean {
  const parts = segments(pathname);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i]),
  );
}

/** Where the portal sends an anonymous visitor of a signed-in route (the route guard does too). */
export const signInRedirect = (pathAndQuery: string): string =>
  `/auth/start?redirectUrl=${encodeURIComponent(pathAndQuery)}`;

/** Where a profile's details are edited: the company form for a company, else the person's. */
export const detailsPath = (profileType: string | null | undefined): string =>
  profileType === 'COMPANY' ? '/registration/company-info' : '/registration/personal-info';

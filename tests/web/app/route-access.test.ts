// Every route of the table against every profile status (spec sections 2 and 6).
import { describe, expect, it } from 'vitest';
import { checkAccess, ROUTES } from '../../../src/web/app/route-table';
import { PROFILE_STATUSES } from '../../../src/core/types/statuses';

const route = (path: string) => {
  const entry = ROUTES.find((r) => r.path === path);
  if (!entry) throw new Error(`no route ${path}`);
  return entry;
};

const EDITABLE = [
  'VERIFIED',
  'ID_PROOFING_FAILED',
  'ACTIVATED',
  'NAME_MATCH_FAILED',
  'RELATIONSHIP_VERIFICATION_FAILED',
  'GUARDIAN_CONSENT_REJECTED',
];

/** The spec's access table: which statuses each guarded route admits. */
const EXPECTED: Record<string, (status: string) => boolean> = {
  '/id-proofing': (s) => s.startsWith('ID_PROOFING_') || s === 'ACTIVATED',
  '/dashboard': (s) => ['GUARDIAN_CONSENT_PENDING', 'ACTIVATED', 'ON_HOLD'].includes(s),
  '/settings': (s) => ['ACTIVATED', 'ON_HOLD'].includes(s),
  '/settings/guardian-consent/:minorId': (s) => ['ACTIVATED', 'ON_HOLD'].includes(s),
  '/bank-account': (s) => ['ACTIVATED', 'ON_HOLD'].includes(s),
  '/debit-card': (s) => ['ACTIVATED', 'ON_HOLD'].includes(s),
  // The profile form, to set up or to edit: only where a save is accepted (the status table).
  '/registration': (s) => EDITABLE.includes(s),
  '/registration/personal-info': (s) => EDITABLE.includes(s),
  '/registration/company-info': (s) => EDITABLE.includes(s),
  // A status page tells only its own status what happened; any other goes on by the root flow.
  '/account-blocked': (s) => ['LOCKED', 'DEACTIVATED'].includes(s),
  '/name-match-failed': (s) => s === 'NAME_MATCH_FAILED',
  '/relationship-verification-failed': (s) => s === 'RELATIONSHIP_VERIFICATION_FAILED_FINAL',
  '/dev': () => true,
};

describe('route access by status', () => {
  for (const [path, admits] of Object.entries(EXPECTED)) {
    it.each(PROFILE_STATUSES.map((s) => [s]))(`${path} with %s`, (status) => {
      expect(checkAccess(route(path).access, { status, minors: [] }).allowed).toBe(admits(status));
    });
  }

  it('refuses the dashboard while a minor lacks consent', () => {
    const access = route('/dashboard').access;
    expect(checkAccess(access, { status: 'ACTIVATED', minors: [{ consent: null }] })).toEqual({
      allowed: false,
      reason: 'minorConsent',
    });
    expect(
      checkAccess(access, { status: 'ACTIVATED', minors: [{ consent: 'true' }] }).allowed,
    ).toBe(true);
  });

  it('lets anonymous visitors reach only public routes', () => {
    const reachable = ROUTES.filter((r) => checkAccess(r.access, null).allowed).map((r) => r.path);
    expect(reachable.sort()).toEqual(
      [
        '*',
        '/auth/login',
        '/auth/logout',
        '/auth/logout-successful',
        '/auth/register',
        '/auth/start',
        '/maintenance',
        '/portal/*',
        '/static/*',
      ].sort(),
    );
  });

  it('covers every route of the spec', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const p of [
      '/',
      '/registration',
      '/id-proofing',
      '/dashboard',
      '/settings',
      '/static/*',
      '/dev',
      '/dev/all-pages',
      '/auth/start',
      '/auth/login',
      '/auth/logout',
      '/auth/logout-successful',
      '/auth/register',
      '/maintenance',
      '/account-blocked',
      '/name-match-failed',
      '/relationship-verification-failed',
      '/bank-account',
      '/bank-account/:id',
      '/paypal',
      '/zelle',
      '/debit-card',
      '/physical-check',
      '*',
    ]) {
      expect(paths).toContain(p);
    }
  });
});

// The root flow of spec section 4, row by row.
import { describe, expect, it } from 'vitest';
import { rootFlow, UnknownProfileStatusError } from '../../../src/web/app/root-flow';

const consented = [{ id: 'm1', consent: 'true' }];
const lacking = [
  { id: 'm1', consent: 'true' },
  { id: 'm2', consent: null },
];

describe('root flow by profile status', () => {
  it.each([
    ['DRAFT', {}, '/registration/verify-account'],
    ['CREATED', {}, '/registration/verify-account'],
    ['VERIFIED', {}, '/registration'],
    ['VERIFIED', { minors: lacking }, '/dashboard'],
    ['VERIFIED', { minors: consented }, '/registration'],
    ['ACTIVATED', {}, '/dashboard'],
    ['ACTIVATED', { minors: consented }, '/dashboard'],
    ['ACTIVATED', { minors: lacking }, '/settings/guardian-consent/m2'],
    ['ACTIVATED', { minors: [{ id: 'm3', consent: 'false' }] }, '/dashboard'],
    ['GUARDIAN_CONSENT_PENDING', {}, '/dashboard'],
    ['ON_HOLD', {}, '/dashboard'],
    ['GUARDIAN_CONSENT_REJECTED', {}, '/registration/guardian-consent/rejected'],
    ['ID_PROOFING_FAILED', {}, '/id-proofing'],
    ['ID_PROOFING_PENDING', {}, '/id-proofing'],
    ['LOCKED', {}, '/account-blocked'],
    ['DEACTIVATED', {}, '/account-blocked'],
    ['NAME_MATCH_FAILED', {}, '/name-match-failed'],
    ['RELATIONSHIP_VERIFICATION_FAILED', { profileType: 'PERSON' }, '/registration/personal-info'],
    ['RELATIONSHIP_VERIFICATION_FAILED', { profileType: 'COMPANY' }, '/registration/company-info'],
    ['RELATIONSHIP_VERIFICATION_FAILED_FINAL', {}, '/relationship-verification-failed'],
  ] as const)('%s %j → %s', (status, extra, target) => {
    expect(rootFlow({ status, ...extra })).toBe(target);
  });

  it('treats any other status as an error', () => {
    expect(() => rootFlow({ status: 'SOMETHING_NEW' })).toThrow(UnknownProfileStatusError);
  });
});

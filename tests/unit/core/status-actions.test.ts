// The one table of what each profile status may do (src/core/profile/status-actions.ts): the
// product decisions it encodes, and its agreement with the server's state machine.
import { describe, expect, it } from 'vitest';
import {
  mayDo,
  refusalOf,
  STATUS_ACTIONS,
  type ProfileAction,
} from '../../../src/core/profile/status-actions';
import { TRANSITIONS } from '../../../src/server/domain/profile-lifecycle';
import { PROFILE_STATUSES } from '../../../src/core/types/statuses';

const ACTIONS: ProfileAction[] = [
  'acceptClaim',
  'cancelClaim',
  'editProfile',
  'addPayoutMethod',
  'editPayoutMethod',
  'deletePayoutMethod',
  'preferPayoutMethod',
  'inviteGuardian',
  'consentAsGuardian',
  'deleteAccount',
];
const allowedIn = (action: ProfileAction) => PROFILE_STATUSES.filter((s) => mayDo(s, action));

describe('status table', () => {
  it('has a row for every action and names only known statuses', () => {
    expect(Object.keys(STATUS_ACTIONS).sort()).toEqual([...ACTIONS].sort());
    for (const statuses of Object.values(STATUS_ACTIONS))
      for (const status of statuses) expect(PROFILE_STATUSES).toContain(status);
  });

  it('ACTIVATED may do everything but invite a guardian (deleting the account included)', () => {
    expect(ACTIONS.filter((a) => !mayDo('ACTIVATED', a))).toEqual(['inviteGuardian']);
  });

  it('ON_HOLD keeps the payout methods ready (add, edit, prefer) and stops the rest', () => {
    expect(ACTIONS.filter((a) => mayDo('ON_HOLD', a))).toEqual([
      'addPayoutMethod',
      'editPayoutMethod',
      'preferPayoutMethod',
    ]);
  });

  it('only an activated profile moves money: accepts, cancels, deletes a payout method, consents', () => {
    for (const action of [
      'acceptClaim',
      'cancelClaim',
      'deletePayoutMethod',
      'consentAsGuardian',
    ] as const)
      expect(allowedIn(action)).toEqual(['ACTIVATED']);
    expect(allowedIn('addPayoutMethod')).toEqual(['ACTIVATED', 'ON_HOLD']);
  });

  it('a profile is edited where the person can correct it, never on hold, blocked or waiting', () => {
    expect(allowedIn('editProfile').sort()).toEqual(
      [
        'ACTIVATED',
        'GUARDIAN_CONSENT_REJECTED',
        'ID_PROOFING_FAILED',
        'NAME_MATCH_FAILED',
        'RELATIONSHIP_VERIFICATION_FAILED',
        'VERIFIED',
      ].sort(),
    );
  });

  it('the account is deleted in any status but a hold and the blocks (issue 29)', () => {
    expect(allowedIn('deleteAccount').sort()).toEqual(
      PROFILE_STATUSES.filter((s) => !['ON_HOLD', 'LOCKED', 'DEACTIVATED'].includes(s)).sort(),
    );
    expect(refusalOf('ON_HOLD', 'deleteAccount')).toBe('ProfileOnHold');
  });

  it('a guardian is invited exactly where the state machine can reach GUARDIAN_CONSENT_PENDING', () => {
    expect(allowedIn('inviteGuardian').sort()).toEqual(
      PROFILE_STATUSES.filter(
        (s) =>
          s === 'GUARDIAN_CONSENT_PENDING' || TRANSITIONS[s].includes('GUARDIAN_CONSENT_PENDING'),
      ).sort(),
    );
  });

  it('blocked statuses, an unknown status and a missing one may do nothing', () => {
    for (const status of ['LOCKED', 'DEACTIVATED', 'TELEPORTED', undefined, null, ''])
      expect(ACTIONS.filter((a) => mayDo(status, a))).toEqual([]);
  });

  it('names each refusal as the server answers it and the portal translates it', () => {
    expect(refusalOf('ON_HOLD')).toBe('ProfileOnHold');
    expect(refusalOf('ON_HOLD', 'cancelClaim')).toBe('ProfileOnHold');
    expect(refusalOf('GUARDIAN_CONSENT_PENDING', 'acceptClaim')).toBe('ProfileNotActivated');
    expect(refusalOf('VERIFIED')).toBe('ProfileNotActivated');
    expect(refusalOf('ON_HOLD', 'editProfile')).toBe('ProfileNotEditable');
    expect(refusalOf('ID_PROOFING_PENDING', 'editProfile')).toBe('ProfileNotEditable');
  });
});

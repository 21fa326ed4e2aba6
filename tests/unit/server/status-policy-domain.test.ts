// The server's side of the status table without HTTP (issue 30): domain/status-policy.ts is what
// every route asks before an action, so it must let through exactly the table's statuses and refuse
// every other one with 409 and the stable name the portal matches.
import { describe, expect, it } from 'vitest';
import { STATUS_ACTIONS, type ProfileAction } from '../../../src/core/profile/status-actions';
import { assertMay } from '../../../src/server/domain/status-policy';
import { PROFILE_STATUSES } from '../../../src/core/types/statuses';
import { ApiError } from '../../../src/server/errors';

const ACTIONS = Object.keys(STATUS_ACTIONS) as ProfileAction[];

/** The refusal assertMay throws, or undefined when it lets the action through. */
function refusal(status: string, action: ProfileAction): ApiError | undefined {
  try {
    assertMay(status, action);
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

describe('domain/status-policy', () => {
  it('allows an action in exactly the statuses the table lists, for every status and action', () => {
    for (const action of ACTIONS)
      for (const status of PROFILE_STATUSES)
        expect(refusal(status, action) === undefined, `${action} in ${status}`).toBe(
          STATUS_ACTIONS[action].includes(status),
        );
  });

  it('refuses with 409 and a name the portal matches, naming the action and the status', () => {
    const onHold = refusal('ON_HOLD', 'acceptClaim');
    expect(onHold?.statusCode).toBe(409);
    expect(onHold?.message).toBe(
      'ProfileOnHold: claims cannot be accepted while the profile is ON_HOLD',
    );
    expect(refusal('ON_HOLD', 'deleteAccount')?.message).toMatch(/^ProfileOnHold: the account/);
    expect(refusal('ON_HOLD', 'deletePayoutMethod')?.message).toMatch(/^ProfileOnHold:/);
    expect(refusal('VERIFIED', 'acceptClaim')?.message).toMatch(/^ProfileNotActivated:/);
    expect(refusal('LOCKED', 'deleteAccount')?.message).toMatch(/^ProfileNotActivated:/);
    // A profile edit keeps its own name, whatever the status.
    expect(refusal('ON_HOLD', 'editProfile')?.message).toMatch(/^ProfileNotEditable:/);
    expect(refusal('CREATED', 'editProfile')?.message).toMatch(/^ProfileNotEditable:/);
  });

  it('keeps payout methods ready on hold but stops money and identity changes', () => {
    for (const action of ['addPayoutMethod', 'editPayoutMethod', 'preferPayoutMethod'] as const)
      expect(refusal('ON_HOLD', action)).toBeUndefined();
    for (const action of ['acceptClaim', 'cancelClaim', 'editProfile', 'deleteAccount'] as const)
      expect(refusal('ON_HOLD', action)?.statusCode).toBe(409);
  });

  it('refuses everything to a status it does not know (no default allow)', () => {
    for (const action of ACTIONS) {
      expect(refusal('', action)?.statusCode).toBe(409);
      expect(refusal('SOMETHING_NEW', action)?.statusCode).toBe(409);
    }
  });
});

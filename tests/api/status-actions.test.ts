// The status table (src/core/profile/status-actions.ts) is what the API does: for every status a
// proofed recipient can come to, each action's endpoint is refused (409, starting with refusalOf's name)
// exactly where the table withholds it, and answered otherwise. LOCKED and DEACTIVATED sessions are
// stopped before any route (403 ProfileBlocked), which the table agrees with: they may do nothing.
// State is reached through the API only, the way it is in life: the recipient's own steps (changed
// identity data, proofing by the simulator's last names, a guardian's refusal) and, for a hold and
// the blocks, the admin status route (operations' moves).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayDo, refusalOf, type ProfileAction } from '../../src/core/profile/status-actions';
import type { ProfileStatus } from '../../src/core/types/entities/profile-status';
import { DATABASE_KINDS } from './support/databases';
import {
  addBankAccount,
  activatedUser,
  admin,
  changeIdentity,
  guardianDecides,
  inviteGuardian,
  PERSON,
  startTestApp,
  uniqueEmail,
  US_ADDRESS,
  type Browser,
  type TestApp,
} from './support/harness';
import { US_ACH as ACH } from '../fixtures/payout-methods';

type Person = typeof PERSON;
/** A date of birth 16 years ago: a minor. */
const minorDob = (): string => {
  const dob = new Date();
  dob.setFullYear(dob.getFullYear() - 16);
  return dob.toISOString().slice(0, 10);
};

/**
 * How an ACTIVATED recipient reaches each status: operations' moves through the admin route, the
 * rest by the recipient's own steps (new identity data proofed again: the simulator decides by the
 * last name; a new date of birth under 18, a guardian invited, who refuses). Answers the person on
 * record, which the profile edit sends back unchanged.
 */
type Path = (t: TestApp, user: { browser: Browser; profileId: string }) => Promise<Person>;
const operator =
  (...moves: ProfileStatus[]): Path =>
  async (t, user) => {
    for (const status of moves) {
      const moved = await admin(t.app, 'PUT', `/profiles/${user.profileId}/status`, { status });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    return PERSON;
  };
const proofedAs =
  (lastName: string, expected: ProfileStatus, proof = true): Path =>
  async (_t, user) => {
    const person = { ...PERSON, lastName };
    expect(await changeIdentity(user.browser, person, proof)).toBe(expected);
    return person;
  };
const minorWaiting: Path = async (_t, user) => {
  const person = { ...PERSON, dob: minorDob() };
  expect(await changeIdentity(user.browser, person, false)).toBe('VERIFIED');
  expect(await inviteGuardian(user.browser, uniqueEmail('guardian'))).toBe(
    'GUARDIAN_CONSENT_PENDING',
  );
  return person;
};
const PATHS: Partial<Record<ProfileStatus, Path>> = {
  ACTIVATED: operator(),
  ON_HOLD: operator('ON_HOLD'),
  VERIFIED: proofedAs('Moreira', 'VERIFIED', false),
  ID_PROOFING_PENDING: proofedAs('Pending', 'ID_PROOFING_PENDING'),
  ID_PROOFING_FAILED: proofedAs('Fail', 'ID_PROOFING_FAILED'),
  NAME_MATCH_FAILED: proofedAs('Mismatch', 'NAME_MATCH_FAILED'),
  RELATIONSHIP_VERIFICATION_FAILED: proofedAs('Relationship', 'RELATIONSHIP_VERIFICATION_FAILED'),
  RELATIONSHIP_VERIFICATION_FAILED_FINAL: proofedAs(
    'Final',
    'RELATIONSHIP_VERIFICATION_FAILED_FINAL',
  ),
  GUARDIAN_CONSENT_PENDING: minorWaiting,
  GUARDIAN_CONSENT_REJECTED: async (t, user) => {
    const guardianEmail = uniqueEmail('guardian');
    const person = { ...PERSON, dob: minorDob() };
    expect(await changeIdentity(user.browser, person, false)).toBe('VERIFIED');
    expect(await inviteGuardian(user.browser, guardianEmail)).toBe('GUARDIAN_CONSENT_PENDING');
    expect(await guardianDecides(t.app, user.profileId, guardianEmail, false)).toBe(
      'GUARDIAN_CONSENT_REJECTED',
    );
    return person;
  },
  LOCKED: operator('LOCKED'),
  DEACTIVATED: operator('DEACTIVATED'),
};
const BLOCKED: readonly string[] = ['LOCKED', 'DEACTIVATED'];

interface Fixture {
  browser: Browser;
  claimId: string;
  /** A bank account to accept to, edit and prefer; a second one to delete. */
  kept: string;
  spare: string;
  /** The person on record (the profile edit sends it unchanged). */
  person: Person;
}

type Call = (f: Fixture) => [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown?];

/**
 * One endpoint per action, in an order where an allowed call leaves the next one possible (asking
 * for an acceptance code changes nothing; the profile edit, which may move the status, comes last).
 * Guardian invitations are the state machine's (IllegalStatusTransition), not covered here.
 */
const CALLS: [Exclude<ProfileAction, 'inviteGuardian'>, Call][] = [
  // Confirming a Zelle token completes adding it (no token here: allowed is 404, refused is 409).
  ['editPayoutMethod', () => ['POST', '/payment-methods/zelle/verify/otp', {}]],
  [
    'acceptClaim',
    (f) => [
      'POST',
      `/claims/${f.claimId}/accept/otp`,
      { paymentMethodId: f.kept, targetCurrency: 'USD' },
    ],
  ],
  ['preferPayoutMethod', (f) => ['POST', '/payment-methods/preferred', { id: f.kept }]],
  ['editPayoutMethod', (f) => ['PUT', `/payment-methods/bank-accounts/${f.kept}`, ACH]],
  ['addPayoutMethod', () => ['POST', '/payment-methods/physical-checks', {}]],
  ['deletePayoutMethod', (f) => ['DELETE', `/payment-methods/bank-accounts/${f.spare}`]],
  ['cancelClaim', (f) => ['PUT', `/claims/${f.claimId}/cancel`]],
  // No such minor: a guardian allowed to decide hears 404, one who may not hears the refusal.
  [
    'consentAsGuardian',
    () => ['POST', `/me/guardian/confirm-consent/${randomUUID()}`, { consent: true }],
  ],
  // A wrong password: allowed is 403 WrongPassword, refused is 409 before any password check.
  ['deleteAccount', () => ['DELETE', '/me', { password: 'Not-the-password-1' }]],
  // A phone is part of the profile (no such phone: allowed is 404, refused is 409).
  ['editProfile', () => ['DELETE', `/me/phones/${randomUUID()}`]],
  [
    'editProfile',
    (f) => ['PATCH', '/me', { profileType: 'PERSON', person: f.person, addresses: [US_ADDRESS] }],
  ],
];

describe.each(DATABASE_KINDS)('the status table on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it.each(Object.keys(PATHS) as ProfileStatus[])(
    '%s: each action is answered exactly as the table says',
    async (status) => {
      const user = await activatedUser(t.app);
      expect(user.status).toBe('ACTIVATED');
      const kept = await addBankAccount(user.browser, { ...ACH, nickname: 'Kept' });
      const spare = await addBankAccount(user.browser, { ...ACH, nickname: 'Spare' });
      const person = await PATHS[status]!(t, user);
      const fixture: Fixture = {
        browser: user.browser,
        claimId: user.claimId,
        kept,
        spare,
        person,
      };

      const answers: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const [action, call] of CALLS) {
        const [method, path, body] = call(fixture);
        const label = `${action} (${method} ${path.replace(/[\da-f-]{36}/g, ':id')})`;
        const response = await user.browser.api(method, path, body);
        const message = String((response.body as { message?: unknown }).message ?? '');
        const refused =
          response.status === 409 && /^Profile(OnHold|NotActivated|NotEditable)/.test(message);
        answers[label] = BLOCKED.includes(status)
          ? `${response.status} ${message.split(':')[0]}`
          : refused
            ? `refused ${message.split(':')[0]}`
            : response.status === 409
              ? `409 for another reason: ${message}`
              : 'answered';
        expected[label] = BLOCKED.includes(status)
          ? mayDo(status, action)
            ? 'the table allows what a block stops'
            : '403 ProfileBlocked'
          : mayDo(status, action)
            ? 'answered'
            : `refused ${refusalOf(status, action)}`;
      }
      expect(answers).toEqual(expected);
    },
  );
});

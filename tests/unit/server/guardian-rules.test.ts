// The rule of a corrected guardian invitation (src/server/domain/guardians.ts), without HTTP: which
// standing invitations a new one withdraws, and what a decision makes of the minor's status.
import { describe, expect, it } from 'vitest';
import {
  allConsented,
  invitationsReplacedBy,
  splitInviteBody,
  statusAfterDecision,
} from '../../../src/server/domain/guardians';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

describe('a new guardian invitation', () => {
  it('withdraws the pending invitation it names, and keeps the others', () => {
    const standing = [
      { id: A, consent: 'true' },
      { id: B, consent: null },
      { id: C, consent: null },
    ];
    expect(invitationsReplacedBy(standing, B)).toEqual([B]);
    expect(invitationsReplacedBy(standing)).toEqual([]);
  });

  it('always withdraws refusals, which would otherwise block the minor for good', () => {
    expect(
      invitationsReplacedBy([
        { id: A, consent: 'false' },
        { id: B, consent: null },
      ]),
    ).toEqual([A]);
    expect(invitationsReplacedBy([{ id: A, consent: 'false' }], A)).toEqual([A]);
  });

  it('refuses to replace a consent, or an invitation that is not a standing one', () => {
    expect(() => invitationsReplacedBy([{ id: A, consent: 'true' }], A)).toThrow(
      /^GuardianAlreadyConsented/,
    );
    expect(() => invitationsReplacedBy([{ id: A, consent: null }], C)).toThrow(/^GuardianNotFound/);
  });

  it('takes `replaces` beside the form fields, and only a guardian id', () => {
    expect(splitInviteBody({ firstName: 'Maria', replaces: A })).toEqual({
      form: { firstName: 'Maria' },
      replaces: A,
    });
    expect(splitInviteBody({ firstName: 'Maria' })).toEqual({ form: { firstName: 'Maria' } });
    expect(() => splitInviteBody({ replaces: 'x' })).toThrow(/^ValidationError/);
  });
});

describe("a guardian's decision", () => {
  it('lets the minor go on once every standing guardian consented', () => {
    expect(statusAfterDecision([{ id: A, consent: null }], A, true)).toBe('VERIFIED');
    expect(
      statusAfterDecision(
        [
          { id: A, consent: null },
          { id: B, consent: null },
        ],
        A,
        true,
      ),
    ).toBeNull();
    expect(statusAfterDecision([{ id: A, consent: 'true' }], A, false)).toBe(
      'GUARDIAN_CONSENT_REJECTED',
    );
  });

  it('needs at least one guardian', () => {
    expect(allConsented([])).toBe(false);
  });
});

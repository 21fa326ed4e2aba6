// Minors and guardians (spec section 4): who a minor's invitation goes to, which earlier invitations
// it replaces, and when the guardians' answers let the minor go on. The routes parse and call these.
//
// A stuck invitation is corrected by sending a new one (issue 28): a mistyped address or an expired
// link stays pending forever, and a refusal is final for the guardian who gave it. So a new
// invitation withdraws
//   - the invitation its optional `replaces` names (one of the minor's standing invitations that has
//     not been consented to: pending or refused), and
//   - every refused invitation, always: a refusal would otherwise block the minor for good, whoever
//     they ask next.
// A guardian who already consented is kept (their consent stands), and so is a pending invitation
// the minor did not name: a minor may ask two guardians at once. A withdrawn invitation is kept for
// the record (withdrawn_at) but no longer counts, shows or opens anything: its link and the old
// guardian's consent are refused with 410 InvitationWithdrawn, and "a minor has consent when all
// guardians have consent true" reads the standing invitations only.
import type { ProfileStatus } from '../../core/types/entities/profile-status';
import type { AppDeps } from '../context';
import type { Database } from '../db/client';
import { badRequest, conflict, notFound } from '../errors';
import { composeGuardianRequest, recipientLocale } from '../mail/compose';
import {
  guardianLinksOf,
  insertGuardian,
  recordGuardianConsent,
  standingGuardiansOf,
  withdrawGuardians,
  type GuardianRow,
} from '../repositories/guardians';
import {
  findProfileByEmail,
  getProfile,
  readProfileDto,
  setStatus,
  type ProfileRow,
} from '../repositories/profiles';
import {
  insertInvitationToken,
  invitationExpiry,
  invitationWithdrawn,
  newInvitationTokenId,
} from '../repositories/tokens';
import { portalOrigin } from '../services/merchants';
import type { Profile } from '../../core/types/entities/profile';
import { assertTransition } from './profile-lifecycle';
import { assertMay } from './status-policy';

export type { GuardianRow };
export { standingGuardiansOf };

/** The invite form's fields, as `guardian-invite` validates them. */
export interface GuardianInvite {
  firstName: string;
  lastName: string;
  guardianEmail: string;
  relationship: string;
}

/**
 * The body of POST /me/guardian/invite: the `guardian-invite` form, plus the optional id of the
 * invitation it replaces (not a form field: the form schema admits no other property).
 */
export function splitInviteBody(body: unknown): {
  form: Record<string, unknown>;
  replaces?: string;
} {
  const { replaces, ...form } = (body ?? {}) as Record<string, unknown>;
  if (replaces === undefined || replaces === null) return { form };
  if (
    typeof replaces !== 'string' ||
    !/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i.test(replaces)
  ) {
    throw badRequest('ValidationError: replaces must be the id of a guardian invitation', [
      {
        path: '/replaces',
        keyword: 'format',
        messageKey: 'format.uuid',
        params: { format: 'uuid' },
        message: 'must be a guardian id',
      },
    ]);
  }
  return { form, replaces };
}

/** The ids of the standing invitations a new one withdraws (the rule at the top of this file). */
export function invitationsReplacedBy(
  standing: readonly Pick<GuardianRow, 'id' | 'consent'>[],
  replaces?: string,
): string[] {
  if (replaces) {
    const named = standing.find((g) => g.id === replaces);
    if (!named) throw notFound('GuardianNotFound: no such guardian invitation of yours');
    if (named.consent === 'true') {
      throw conflict('GuardianAlreadyConsented: this guardian has consented; it stays');
    }
  }
  return standing.filter((g) => g.id === replaces || g.consent === 'false').map((g) => g.id);
}

/** Spec section 4: a minor has consent when every (standing) guardian said true, and one exists. */
export const allConsented = (standing: readonly Pick<GuardianRow, 'consent'>[]): boolean =>
  standing.length > 0 && standing.every((g) => g.consent === 'true');

export async function minorHasConsent(db: Database, minorId: string): Promise<boolean> {
  return allConsented(await standingGuardiansOf(db, minorId));
}

export interface RecordedInvitation {
  guardian: GuardianRow;
  /** The guardian's own account, when the invited email already has one. */
  existing: ProfileRow | undefined;
  /** The invitations this one withdrew. */
  withdrawn: string[];
}

/**
 * Records a minor's invitation in the caller's transaction (the minor's row locked): refuses what the
 * minor may not do, withdraws what it replaces and links the guardian's account when there is one.
 * Sending the mail and moving the status stay with the caller.
 */
export async function recordInvitation(
  tx: Database,
  minor: ProfileRow,
  invite: GuardianInvite,
  replaces?: string,
): Promise<RecordedInvitation> {
  if (!minor.isMinor) throw conflict('NotAMinor: only a minor invites a guardian');
  // VERIFIED, GUARDIAN_CONSENT_PENDING or GUARDIAN_CONSENT_REJECTED (the one status table).
  assertMay(minor.status, 'inviteGuardian');
  if (invite.guardianEmail.toLowerCase() === minor.email.toLowerCase()) {
    throw conflict('GuardianIsSelf: the guardian must be another person');
  }
  const withdrawn = invitationsReplacedBy(await standingGuardiansOf(tx, minor.id), replaces);
  await withdrawGuardians(tx, withdrawn);
  const existing = await findProfileByEmail(tx, invite.guardianEmail);
  const guardian = await insertGuardian(tx, {
    minorProfileId: minor.id,
    guardianProfileId: existing?.id ?? null,
    email: invite.guardianEmail,
    firstName: invite.firstName,
    lastName: invite.lastName,
    relationship: invite.relationship,
  });
  return { guardian, existing, withdrawn };
}

/**
 * The standing invitation through which this guardian decides for this minor. One the minor
 * withdrew answers 410 InvitationWithdrawn, so the old guardian learns why; none at all, 404.
 */
export async function standingLinkOf(
  tx: Database,
  minorId: string,
  guardianProfileId: string,
): Promise<GuardianRow> {
  const rows = await guardianLinksOf(tx, minorId, guardianProfileId);
  const standing = rows.filter((g) => !g.withdrawnAt);
  const link = standing[standing.length - 1];
  if (link) return link;
  if (rows.length) throw invitationWithdrawn();
  throw notFound('MinorNotFound: you are not a guardian of this minor');
}

/**
 * What a guardian's decision makes of a minor waiting for consent: a refusal rejects; the last
 * consent among the standing invitations lets the minor go on (VERIFIED, then identity proofing);
 * anything else keeps waiting (null).
 */
export function statusAfterDecision(
  standing: readonly Pick<GuardianRow, 'id' | 'consent'>[],
  decided: string,
  consent: boolean,
): ProfileStatus | null {
  if (!consent) return 'GUARDIAN_CONSENT_REJECTED';
  const after = standing.map((g) => (g.id === decided ? { consent: 'true' } : g));
  return allConsented(after) ? 'VERIFIED' : null;
}

export type GuardiansDeps = Pick<AppDeps, 'db' | 'mailer' | 'forms' | 'config' | 'merchants'>;

export function guardiansDomain(deps: GuardiansDeps) {
  const { db, mailer, forms, config, merchants } = deps;

  return {
    /**
     * A minor invites a guardian (the `guardian-invite` form plus an optional `replaces`): the
     * invitation is recorded, the minor waits for consent, and the guardian is mailed a link to
     * the minor's merchant portal (their consent page when they have an account, else the
     * register page with a new invitation token). `host` names the merchant only for a minor
     * whose merchant is gone.
     */
    async invite(minorId: string, body: unknown, host: string): Promise<Profile> {
      const { form, replaces } = splitInviteBody(body);
      forms.assertValid('guardian-invite', form);
      const invite = form as unknown as GuardianInvite;
      await db.transaction(async (tx) => {
        const minor = await getProfile(tx, minorId, true);
        const { guardian, existing } = await recordInvitation(tx, minor, invite, replaces);
        // The guardian is sent to the minor's merchant portal, in its branding.
        const merchant = merchants.byId(minor.merchantId) ?? merchants.forHost(host);
        const origin = portalOrigin(config.publicUrl, merchant);
        let link: string;
        if (existing) {
          link = `${origin}/settings/guardian-consent/${minorId}`;
        } else {
          const tokenId = newInvitationTokenId();
          await insertInvitationToken(tx, {
            id: tokenId,
            email: invite.guardianEmail,
            purpose: 'GUARDIAN_INVITE',
            guardianId: guardian.id,
            expiresAt: invitationExpiry(config.invitationTtlDays),
          });
          link = `${origin}/auth/register?user_id=${tokenId}`;
        }
        if (minor.status !== 'GUARDIAN_CONSENT_PENDING') {
          assertTransition(minor.status, 'GUARDIAN_CONSENT_PENDING');
          await setStatus(tx, minorId, 'GUARDIAN_CONSENT_PENDING');
        }
        const minorName =
          [minor.person?.firstName, minor.person?.lastName].filter(Boolean).join(' ') ||
          minor.email;
        await mailer.enqueue(tx, {
          to: invite.guardianEmail,
          // In the guardian's own language when they have an account, else in the minor's (who
          // wrote it), else the merchant's.
          ...composeGuardianRequest(
            recipientLocale(existing?.preferredLanguage ?? minor.preferredLanguage, merchant),
            merchant,
            {
              firstName: invite.firstName,
              minorName,
              relationship: invite.relationship,
              url: link,
            },
          ),
        });
      });
      await mailer.flush();
      return readProfileDto(db, minorId);
    },

    /**
     * A guardian's answer for a minor, through their standing invitation; the minor's status when
     * it was waiting for consent moves as statusAfterDecision says. Answers the minor's status.
     */
    async decide(guardianId: string, minorId: string, consent: boolean): Promise<ProfileStatus> {
      return db.transaction(async (tx) => {
        const guardian = await getProfile(tx, guardianId);
        assertMay(guardian.status, 'consentAsGuardian');
        // The minor's row first: a replacement of this invitation waits for, or is seen by, us.
        const minor = await getProfile(tx, minorId, true);
        const link = await standingLinkOf(tx, minorId, guardianId);
        await recordGuardianConsent(tx, link.id, consent);
        const next = statusAfterDecision(await standingGuardiansOf(tx, minorId), link.id, consent);
        if (next && minor.status === 'GUARDIAN_CONSENT_PENDING') {
          assertTransition('GUARDIAN_CONSENT_PENDING', next);
          await setStatus(tx, minorId, next);
          return next;
        }
        return minor.status;
      });
    },
  };
}

// Registration (spec section 5): an account for a claim (the email must be the one the claim was
// sent to) or from an invitation link (a claim's or a guardian's), then the account verification
// code. A new account gets every claim sent to its email, in one place (`openAccount`). The routes
// in routes/funnel/profile.ts parse and answer; SQL is in repositories/.
import type { AppDeps } from '../context';
import type { Database } from '../db/client';
import { badRequest, conflict, notFound, type ApiFieldError } from '../errors';
import { attachClaimsSentTo, findClaim } from '../repositories/claims';
import {
  findProfileByEmail,
  getProfile,
  insertProfile,
  linkGuardianInvitations,
  merchantIdOfGuardianInvitation,
  setStatus,
  toProfileDto,
  type ProfileRow,
} from '../repositories/profiles';
import {
  assertClaimInvitationLive,
  assertTokenLive,
  findUnusedToken,
  getLiveToken,
  isTokenShaped,
  markClaimTokensUsed,
  markTokenUsed,
} from '../repositories/tokens';
import { commonPasswordError, hashPassword } from '../services/passwords';
import { redeemCode, sendCode } from '../services/one-time-codes';
import type { Merchant } from '../services/merchants';
import { CODE_TTL_MINUTES, composeCode, recipientLocale } from '../mail/compose';
import { isLocale } from '../../core/i18n/messages';
import type { Profile } from '../../core/types/entities/profile';
import type { ProfileStatus } from '../../core/types/entities/profile-status';
import { assertTransition } from './profile-lifecycle';

export type RegistrationDeps = Pick<AppDeps, 'db' | 'mailer' | 'merchants' | 'forms' | 'metrics'>;

export const isInvitedEmail = (invited: string, given: string): boolean =>
  invited.trim().toLowerCase() === given.trim().toLowerCase();

/** The form-level error 'email' (path '' names the whole form, not one field). */
export const NOT_INVITED_EMAIL: ApiFieldError = {
  path: '',
  keyword: 'email',
  messageKey: 'email',
  params: {},
  message: 'Use the email address the invitation was sent to.',
};

/**
 * The register form's fields besides the password, as the body sent them: checkRegistration checks
 * them with the `register` form before anything else reads them.
 */
export interface RegistrationForm {
  email?: unknown;
  preferredContact?: unknown;
  passwordConfirmation?: unknown;
  termsAccepted?: unknown;
  additionalAgreementsAccepted?: unknown;
  /** The language the portal showed: kept as the person's language (mails). */
  preferredLanguage?: unknown;
}

/** POST /me: registration for a claim, as sent (the route's schema only says it is an object). */
export interface ClaimRegistration {
  data?: unknown;
  password?: unknown;
  claimId?: unknown;
}

/**
 * POST /me/confirm: registration from an invitation link; the email is the invitation's. The
 * route's schema types the fields it names; the rest of the form is checked here.
 */
export interface InvitationRegistration extends Omit<RegistrationForm, 'email'> {
  tokenId?: string;
  password?: string;
  preferredContact?: string;
  additionalAgreementsAccepted?: boolean;
  preferredLanguage?: string;
}

/** A text field as sent; anything else counts as missing (the form check then names it). */
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** The register form inside POST /me's `data`; `null` (a hostile body) is checked as empty. */
const registrationFormOf = (data: unknown): RegistrationForm | null | undefined =>
  data === null || data === undefined ? data : typeof data === 'object' ? data : {};

const CLAIM_ID_MISSING: ApiFieldError = {
  path: '/claimId',
  keyword: 'required',
  messageKey: 'required',
  params: {},
  message: 'Claim is required.',
};

const accountSubject = (profileId: string) => `account:${profileId}`;

export function registrationDomain(deps: RegistrationDeps) {
  const { db, mailer, merchants, forms, metrics } = deps;

  /**
   * The register form's rules plus the common-password blocklist, and the additional agreements
   * of a merchant that has them (branding.additionalAgreements).
   */
  function checkRegistration(
    merchant: Merchant,
    email: string,
    password: string,
    // A hostile body may send `data: null`: checked as an empty form, never read through.
    given?: RegistrationForm | null,
  ): void {
    const form = given ?? {};
    const record = {
      email,
      password,
      passwordConfirmation: form.passwordConfirmation ?? password,
      preferredContact: form.preferredContact ?? 'EMAIL_ONLY',
      termsAccepted: form.termsAccepted ?? false,
      ...(form.additionalAgreementsAccepted === undefined
        ? {}
        : { additionalAgreementsAccepted: form.additionalAgreementsAccepted }),
    };
    const errors = forms.check('register', record);
    const { branding } = merchant.configuration;
    if (branding.additionalAgreements && record.additionalAgreementsAccepted !== true) {
      errors.push({
        path: '/additionalAgreementsAccepted',
        keyword: record.additionalAgreementsAccepted === undefined ? 'required' : 'const',
        messageKey: 'mustAccept',
        params: {},
        message: 'Please accept the additional agreements to continue.',
      });
    }
    const common = errors.length ? undefined : commonPasswordError(password);
    if (common) errors.push(common);
    if (errors.length) throw badRequest(`ValidationError: ${errors[0]?.message}`, errors);
  }

  /**
   * The merchant a registration belongs to: the one of its claim, or of the minor a guardian is
   * invited for — never the Host the request came through (its rules must not be escaped); the
   * host only when the invitation names neither.
   */
  async function merchantOfInvitation(
    invitation: { claimId?: string | null; guardianId?: string | null },
    host: string,
  ): Promise<Merchant> {
    let merchantId: string | undefined;
    if (invitation.claimId) merchantId = (await findClaim(db, invitation.claimId))?.merchantId;
    else if (invitation.guardianId)
      merchantId = await merchantIdOfGuardianInvitation(db, invitation.guardianId);
    return (merchantId && merchants.byId(merchantId)) || merchants.forHost(host);
  }

  /**
   * The account, refused when the email already has one; every claim sent to that email and not
   * yet anyone's becomes its own.
   */
  async function openAccount(
    tx: Database,
    merchant: Merchant,
    account: {
      email: string;
      passwordHash: string;
      preferredContact?: string;
      preferredLanguage?: string;
    },
  ): Promise<ProfileRow> {
    if (await findProfileByEmail(tx, account.email))
      throw conflict('AlreadyExists: an account with this email already exists; sign in instead');
    const row = await insertProfile(tx, {
      email: account.email,
      passwordHash: account.passwordHash,
      status: 'CREATED',
      merchantId: merchant.id,
      preferredContact: account.preferredContact ?? 'EMAIL_ONLY',
      // The language the register page was shown in: the first mail already speaks it.
      ...(isLocale(account.preferredLanguage)
        ? { preferredLanguage: account.preferredLanguage }
        : {}),
      lockProfileType: merchant.configuration.businessRules.lockProfileType,
    });
    await attachClaimsSentTo(tx, account.email, row.id);
    return row;
  }

  return {
    /**
     * The email an invitation was sent to, for the register page: the id is an unused invitation
     * token (user_id in the invite link) or the id of a claim no one registered for yet
     * (claim_id). Expired and withdrawn ones are refused as assertTokenLive says.
     */
    async invitedEmail(id: string): Promise<string> {
      if (!isTokenShaped(id)) throw notFound('TokenNotFound: no such invitation');
      const token = await findUnusedToken(db, id);
      if (token) {
        await assertTokenLive(db, token);
        return token.email;
      }
      const claim = await findClaim(db, id);
      if (claim && !claim.profileId) {
        await assertClaimInvitationLive(db, claim.id);
        return claim.email;
      }
      // The id is not echoed: tokens stay out of responses and logs.
      throw notFound('TokenNotFound: no such invitation');
    },

    /** An account for a claim, with the email the claim was sent to. */
    async registerForClaim(input: ClaimRegistration, host: string): Promise<Profile> {
      const form = registrationFormOf(input.data);
      const email = (textOf(form?.email) ?? '').trim();
      const password = textOf(input.password) ?? '';
      const claimId = textOf(input.claimId);
      if (!claimId)
        throw badRequest('ValidationError: the claim id is missing', [CLAIM_ID_MISSING]);
      const merchant = await merchantOfInvitation({ claimId }, host);
      checkRegistration(merchant, email, password, form);
      // Hashed before the transaction: hashing takes a while under load, and holding a pooled
      // connection and the claim's row lock meanwhile starves every other request.
      const passwordHash = await hashPassword(password);
      const profile = await db.transaction(async (tx) => {
        const claim = await findClaim(tx, claimId, true);
        if (!claim) throw notFound('ClaimNotFound: no claim with this id');
        if (!isInvitedEmail(claim.email, email))
          throw badRequest(`ValidationError: ${NOT_INVITED_EMAIL.message}`, [NOT_INVITED_EMAIL]);
        await assertClaimInvitationLive(tx, claim.id);
        const row = await openAccount(tx, merchant, {
          email,
          passwordHash,
          preferredContact: textOf(form?.preferredContact),
          preferredLanguage: textOf(form?.preferredLanguage),
        });
        await markClaimTokensUsed(tx, claim.id);
        // Read inside the transaction: once it commits, nothing can fail and tell the user
        // "not registered" (a retry would then meet AlreadyExists).
        return toProfileDto(tx, row);
      });
      metrics.registered();
      return profile;
    },

    /**
     * An account from an invitation link (a claim's or a guardian's): the link is spent, and the
     * guardian invitations sent to the email are answered by this account.
     */
    async registerByInvitation(input: InvitationRegistration, host: string): Promise<Profile> {
      const token = await getLiveToken(db, input.tokenId ?? '');
      if (token.usedAt)
        throw conflict('AlreadyExists: this invitation was already used; sign in instead');
      const password = input.password ?? '';
      const merchant = await merchantOfInvitation(token, host);
      checkRegistration(merchant, token.email, password, {
        preferredContact: input.preferredContact,
        termsAccepted: input.termsAccepted ?? true,
        passwordConfirmation: input.passwordConfirmation,
        additionalAgreementsAccepted: input.additionalAgreementsAccepted,
      });
      const passwordHash = await hashPassword(password);
      const profile = await db.transaction(async (tx) => {
        const row = await openAccount(tx, merchant, {
          email: token.email,
          passwordHash,
          preferredContact: input.preferredContact,
          preferredLanguage: input.preferredLanguage,
        });
        await markTokenUsed(tx, token.id);
        await linkGuardianInvitations(tx, token.email, row.id);
        return toProfileDto(tx, row);
      });
      metrics.registered();
      return profile;
    },

    /**
     * Mails the account verification code (also the access code when the registration OTP
     * feature is on); `host` names the merchant only for a profile whose merchant is gone.
     */
    async sendVerificationCode(profileId: string, prefix: string | undefined, host: string) {
      const profile = await getProfile(db, profileId);
      return sendCode(
        db,
        mailer,
        { profileId, purpose: 'ACCOUNT_VERIFICATION', subject: accountSubject(profileId), prefix },
        (code) => {
          const merchant = merchants.byId(profile.merchantId) ?? merchants.forHost(host);
          return {
            to: profile.email,
            ...composeCode(
              recipientLocale(profile.preferredLanguage, merchant),
              merchant,
              'accountCode',
              { prefix: code.prefix, code: code.code, minutes: CODE_TTL_MINUTES },
            ),
            otp: code.code,
          };
        },
      );
    },

    /** Spends the code; a new account becomes VERIFIED, any other keeps its status. */
    async verifyAccount(profileId: string, otp: string): Promise<ProfileStatus> {
      forms.assertValid('otp', { otp });
      return redeemCode(
        db,
        {
          profileId,
          purpose: 'ACCOUNT_VERIFICATION',
          subject: accountSubject(profileId),
          code: otp,
        },
        async (tx) => {
          const row = await getProfile(tx, profileId, true);
          if (row.status === 'DRAFT' || row.status === 'CREATED') {
            assertTransition(row.status, 'VERIFIED');
            await setStatus(tx, profileId, 'VERIFIED');
            return 'VERIFIED';
          }
          return row.status;
        },
      );
    },
  };
}
export type RegistrationDomain = ReturnType<typeof registrationDomain>;

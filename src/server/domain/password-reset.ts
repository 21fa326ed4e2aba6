// A forgotten password: a reset link mailed to the account's email, single use, valid one hour.
// Only the link's SHA-256 is stored (a database reader cannot reset anyone's password), asking for
// a link never reveals whether the email has an account, an account gets at most three links an
// hour, and a reset ends every session of the account and every other reset link of it, lifts a
// sign-in lock (the link proves control of the email, as the unlock code does) and mails the
// account a notice that its password was changed.
import { createHash, randomBytes } from 'node:crypto';
import { isLocale, type Locale } from '../../core/i18n/messages';
import type { AppDeps } from '../context';
import type { Database } from '../db/client';
import type { ApiFieldError } from '../errors';
import { composePasswordChanged, composePasswordReset, recipientLocale } from '../mail/compose';
import {
  countResetTokensSince,
  findResetAccount,
  findResetToken,
  insertResetToken,
  isLiveResetDigest,
  lockAccountRow,
  RESET_PURPOSE,
  setPasswordHash,
  spendResetToken,
  spendResetTokensOf,
  type ResetAccount,
} from '../repositories/password-reset';
import { findProfileByEmail } from '../repositories/profiles';
import type { FormService } from '../services/forms';
import { portalOrigin } from '../services/merchants';
import { commonPasswordError, hashPassword } from '../services/passwords';
import { revokeSessionsOf } from '../services/session-realm';
import { RECIPIENT_SESSIONS } from '../services/sessions';
import { liftLock } from './sign-in';

export { RESET_PURPOSE, type ResetAccount };
export const RESET_TTL_MINUTES = 60;
/** Links an account may be sent per hour; more requests are answered alike and send nothing. */
export const RESETS_PER_HOUR = 3;

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * A new reset token for the account, or null when it already had RESETS_PER_HOUR this hour. The
 * token itself goes only into the mailed link.
 */
export async function issueResetToken(
  db: Database,
  profile: { id: string; email: string },
): Promise<string | null> {
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  const token = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    // One request at a time per account (row lock), so parallel requests cannot all pass the cap.
    await lockAccountRow(tx, profile.id);
    if ((await countResetTokensSince(tx, profile.email, hourAgo)) >= RESETS_PER_HOUR) return null;
    await insertResetToken(tx, {
      digest: digest(token),
      email: profile.email,
      expiresAt: new Date(Date.now() + RESET_TTL_MINUTES * 60 * 1000),
    });
    return token;
  });
}

/** Whether a reset link still works (not used, not expired). */
export async function isLiveResetToken(db: Database, token: string): Promise<boolean> {
  if (!token) return false;
  return isLiveResetDigest(db, digest(token), new Date());
}

/** The register form's password rules and the common-password blocklist, as field errors. */
export function passwordErrors(
  forms: FormService,
  email: string,
  password: string,
  passwordConfirmation: string,
): ApiFieldError[] {
  const errors = forms
    .check('register', {
      email,
      password,
      passwordConfirmation,
      preferredContact: 'EMAIL_ONLY',
      termsAccepted: true,
    })
    .filter((e) => e.path === '/password' || e.path === '/passwordConfirmation');
  const common = errors.length ? undefined : commonPasswordError(password);
  return common ? [...errors, common] : errors;
}

/**
 * What every change of an account's password does with it, in the change's transaction: every
 * reset link still outstanding for the account's email is spent (a link mailed before the change
 * must not undo it) and every session of the account ends. A password change other than the reset
 * (none for recipients today) must call it too.
 */
export async function endCredentialsAfterPasswordChange(
  tx: Database,
  profile: { id: string; email: string },
): Promise<void> {
  const now = new Date();
  await spendResetTokensOf(tx, profile.email, now);
  await revokeSessionsOf(tx, RECIPIENT_SESSIONS, profile.id, { at: now });
}

export type ResetOutcome =
  | { state: 'done'; profileId: string }
  | { state: 'expired' }
  | { state: 'invalid'; errors: ApiFieldError[] };

/**
 * Sets the new password with a live token, once: the token and every other reset link of the
 * account are spent in the same transaction, every session of the account ends, a sign-in lock is
 * lifted and `notify` queues the "password changed" notice (so it goes out exactly when the change
 * is committed).
 */
export async function resetPassword(
  db: Database,
  forms: FormService,
  token: string,
  password: string,
  passwordConfirmation: string,
  notify?: (tx: Database, account: ResetAccount) => Promise<void>,
): Promise<ResetOutcome> {
  const row = token ? await findResetToken(db, digest(token)) : undefined;
  if (!row || row.usedAt || !row.expiresAt || row.expiresAt.getTime() <= Date.now())
    return { state: 'expired' };
  const profile = await findResetAccount(db, row.email);
  if (!profile) return { state: 'expired' };
  const errors = passwordErrors(forms, profile.email, password, passwordConfirmation);
  if (errors.length) return { state: 'invalid', errors };
  const passwordHash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    // Spent once: a second use of the link (or a parallel one) finds it used.
    if (!(await spendResetToken(tx, row.id, new Date()))) return false;
    await setPasswordHash(tx, profile.id, passwordHash);
    await endCredentialsAfterPasswordChange(tx, profile);
    await liftLock(tx, profile.id);
    await notify?.(tx, profile);
    return true;
  });
  return done ? { state: 'done', profileId: profile.id } : { state: 'expired' };
}

export type PasswordResetDeps = Pick<AppDeps, 'db' | 'mailer' | 'merchants' | 'config' | 'forms'>;

/** A reset asked for an email with an account: `deliver` issues and mails the link (if any). */
export interface ResetRequest {
  profileId: string;
  /** Whether a link went out (false: the account had RESETS_PER_HOUR this hour). */
  deliver(): Promise<boolean>;
}

/**
 * The reset flow of the portal's sign-in pages under `loginPath` (the page's own path; the links
 * go to the account's own merchant's portal).
 */
export function passwordResets(deps: PasswordResetDeps) {
  const { db, mailer, merchants, config, forms } = deps;
  const merchantOf = (merchantId: string) =>
    merchants.byId(merchantId) ?? merchants.forHost(undefined);

  /**
   * Asks for a reset link. Answers undefined for an email without an account; otherwise the
   * caller delivers after answering, so the time taken does not tell an account from none.
   */
  async function requestReset(
    email: string,
    loginPath: string,
    pageLocale: Locale,
  ): Promise<ResetRequest | undefined> {
    const profile = email.trim() ? await findProfileByEmail(db, email.trim()) : undefined;
    if (!profile) return undefined;
    const deliver = async (): Promise<boolean> => {
      const token = await issueResetToken(db, profile);
      if (!token) return false;
      // The account's language, else the page's, where the account asked.
      const merchant = merchantOf(profile.merchantId);
      const locale = isLocale(profile.preferredLanguage) ? profile.preferredLanguage : pageLocale;
      const link = `${portalOrigin(config.publicUrl, merchant)}${loginPath}/reset?${new URLSearchParams({ token, lang: locale })}`;
      await mailer.enqueue(db, {
        to: profile.email,
        ...composePasswordReset(locale, merchant, { link, minutes: RESET_TTL_MINUTES }),
      });
      await mailer.flush();
      return true;
    };
    return { profileId: profile.id, deliver };
  }

  /**
   * Queues, in the reset's transaction, the "your password was changed" notice in the account's
   * stored language, with the way to take the account back (a new reset link) on its own portal.
   */
  const queuePasswordChanged =
    (loginPath: string) =>
    async (tx: Database, account: ResetAccount): Promise<void> => {
      const merchant = merchantOf(account.merchantId);
      const locale = recipientLocale(account.preferredLanguage, merchant);
      const link = `${portalOrigin(config.publicUrl, merchant)}${loginPath}/forgot?${new URLSearchParams({ lang: locale })}`;
      await mailer.enqueue(tx, {
        to: account.email,
        ...composePasswordChanged(locale, merchant, { link }),
      });
    };

  return {
    requestReset,
    isLive: (token: string) => isLiveResetToken(db, token),
    /** resetPassword with the notice queued; the caller flushes the mailer after answering. */
    reset: (token: string, password: string, passwordConfirmation: string, loginPath: string) =>
      resetPassword(
        db,
        forms,
        token,
        password,
        passwordConfirmation,
        queuePasswordChanged(loginPath),
      ),
  };
}

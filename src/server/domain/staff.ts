// Staff of the rules console (issue 16): accounts created with the admin key, sign-in with a
// password and a TOTP code. Every outcome is written to the audit log, failures included. Failures
// are counted and locked per account by recipients' rule (domain/sign-in.ts, issue 29): a wrong
// password and a wrong code count alike, a success starts the count again, 100 in a row lock the
// account until the admin API unlocks it.
// The admin key never sees a staff member's secrets (issue 29 point 9): it gets a one-time
// enrolment link, at which the staff member chooses their password and enrols their own
// authenticator (confirmed by a current code); until then the account cannot sign in. Signed in,
// they change either with their current password and code.
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { ApiError, badRequest, conflict, notFound, unauthorized } from '../errors';
import {
  acceptTotpStep,
  completeStaffEnrolment,
  confirmPendingAuthenticator,
  disableStaff,
  findStaffByEmail,
  findStaffById,
  findStaffByLiveEnrolment,
  insertStaff,
  listAudit,
  pendingAuthenticatorOf,
  recordAudit,
  resetForEnrolment,
  setStaffLanguage,
  setStaffPasswordHash,
  storePendingAuthenticator,
  type AuditRecord,
  type StaffRow,
} from '../repositories/staff';
import type { Sealer } from '../services/encryption';
import { DUMMY_HASH, hashPassword, isCommonPassword, verifyPassword } from '../services/passwords';
import { hashSessionId, revokeSessionsOf } from '../services/session-realm';
import { STAFF_SESSIONS, type StaffRole, type StaffSession } from '../services/staff-sessions';
import { newTotpSecret, totpSecretUri, totpStep } from '../services/totp';
import {
  afterFailure,
  failUnknownAttempt,
  liftLock,
  minutesToWait,
  recordSuccess,
  returnAttempt,
  staffAccount,
  takeAttempt,
  HARD_LOCK_AFTER_FAILURES,
  type SignInMeter,
  type SignInGate,
} from './sign-in';
import { STAFF_PASSWORD_MIN_LENGTH } from '../../core/staff/password-rules';
import { AUDIT_PAGE } from './admin-audit';
import { isLocale, type Locale } from '../../core/i18n/locales';

/** How long an enrolment link works (NIST 800-63B allows days for an enrolment code sent out). */
export const STAFF_ENROLMENT_HOURS = 72;

/** What the sealed TOTP secret is bound to (AES-GCM additional data): its own row. */
const totpBinding = (staffId: string): string => `staff:${staffId}:totp`;
/** A new authenticator's secret, not yet confirmed: bound apart, so it never passes as the real one. */
const pendingBinding = (staffId: string): string => `staff:${staffId}:totp-pending`;

/** Refuses a password a staff account may not have. */
function assertStaffPassword(password: string, path: string): void {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH || isCommonPassword(password))
    throw badRequest(
      `WeakPassword: a staff password needs at least ${STAFF_PASSWORD_MIN_LENGTH} characters and must not be a common password`,
      [
        {
          path,
          keyword: 'minLength',
          messageKey: 'password',
          params: { limit: STAFF_PASSWORD_MIN_LENGTH },
          message: `at least ${STAFF_PASSWORD_MIN_LENGTH} characters, not a common password`,
        },
      ],
    );
}

/** A staff account's one-time enrolment link: for the admin to hand over, shown only now. */
export interface StaffEnrolmentLink {
  id: string;
  email: string;
  role: StaffRole;
  /** `<public URL>/console/enrol#<token>`: the token stays out of requests, logs and referrers. */
  enrolmentUrl: string;
  enrolmentExpiresAt: string;
}

/** A new enrolment token: the link carries it, the row keeps its SHA-256 only. */
function newEnrolment(publicUrl: string, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  return {
    url: `${publicUrl}/console/enrol#${token}`,
    columns: {
      enrolmentTokenHash: hashSessionId(token),
      enrolmentExpiresAt: new Date(now.getTime() + STAFF_ENROLMENT_HOURS * 3600 * 1000),
    },
  };
}

const linkOf = (
  account: { id: string; email: string; role: string },
  enrolment: ReturnType<typeof newEnrolment>,
): StaffEnrolmentLink => ({
  id: account.id,
  email: account.email,
  role: account.role as StaffRole,
  enrolmentUrl: enrolment.url,
  enrolmentExpiresAt: enrolment.columns.enrolmentExpiresAt.toISOString(),
});

/** Creates a staff account that signs in once its owner has enrolled through the link answered. */
export async function createStaffAccount(
  db: Database,
  publicUrl: string,
  input: { email: string; role: StaffRole },
): Promise<StaffEnrolmentLink> {
  if (await findStaffByEmail(db, input.email))
    throw conflict('AlreadyExists: a staff account with this email exists');
  const id = crypto.randomUUID();
  const enrolment = newEnrolment(publicUrl);
  await db.transaction(async (tx) => {
    await insertStaff(tx, { id, email: input.email, role: input.role, ...enrolment.columns });
    await recordAudit(tx, {
      staffId: id,
      actor: 'admin-key',
      action: 'staff.create',
      detail: { email: input.email, role: input.role },
    });
  });
  return linkOf({ id, ...input }, enrolment);
}

/**
 * A fresh enrolment link for an existing account (a lost authenticator, a forgotten password, a
 * link that expired): the old link stops working, the account's sessions end, its password and
 * authenticator are cleared and its sign-in lock lifted, so it signs in again only once its owner
 * has enrolled anew. Audited.
 */
export async function issueEnrolmentLink(
  db: Database,
  publicUrl: string,
  email: string,
): Promise<StaffEnrolmentLink> {
  return db.transaction(async (tx) => {
    const account = await findStaffByEmail(tx, email);
    if (!account) throw notFound('NotFound: no staff account with this email');
    if (account.disabledAt)
      throw conflict('Disabled: this staff account is disabled; it cannot enrol');
    const now = new Date();
    const enrolment = newEnrolment(publicUrl, now);
    await resetForEnrolment(tx, account.id, enrolment.columns);
    await revokeSessionsOf(tx, STAFF_SESSIONS, account.id, { at: now });
    await recordAudit(tx, {
      staffId: account.id,
      actor: 'admin-key',
      action: 'staff.enrolment-link',
      detail: {
        email: account.email,
        wasEnrolled: account.enrolledAt !== null,
        replacedLink: account.enrolmentTokenHash !== null,
      },
    });
    return linkOf(account, enrolment);
  });
}

const linkRefused = () =>
  new ApiError(
    410,
    'EnrolmentLinkInvalid: this enrolment link was used, has expired or was replaced; ask an administrator for a new one',
  );

/** The account an enrolment link opens now, or the one refusal for every other link. */
async function accountOfLink(db: Database, token: string, now: Date): Promise<StaffRow> {
  const account = await findStaffByLiveEnrolment(db, hashSessionId(token), now);
  if (!account) throw linkRefused();
  return account;
}

/** An authenticator being enrolled: shown to its owner only, until a code of it confirms it. */
export interface NewAuthenticator {
  email: string;
  role: StaffRole;
  otpauthUri: string;
  /** The same secret in base32, to type into an app that cannot take the URI. */
  secret: string;
}

/**
 * The new authenticator's secret of an account: made once and kept sealed until confirmed or
 * replaced, so opening the page again (or twice at once) shows the same secret.
 */
async function pendingAuthenticator(
  db: Database,
  sealer: Sealer,
  account: Pick<StaffRow, 'id' | 'email' | 'role' | 'totpPendingSealed'>,
): Promise<NewAuthenticator> {
  const shown = (secret: string): NewAuthenticator => ({
    email: account.email,
    role: account.role as StaffRole,
    otpauthUri: totpSecretUri(secret, account.email),
    secret,
  });
  if (account.totpPendingSealed)
    return shown(sealer.open(account.totpPendingSealed, pendingBinding(account.id)));
  const { secret } = newTotpSecret(account.email);
  const sealed = sealer.seal(secret, pendingBinding(account.id));
  if (await storePendingAuthenticator(db, account.id, sealed)) return shown(secret);
  // Another request made one first: that one is the secret.
  const kept = await pendingAuthenticatorOf(db, account.id);
  if (!kept) throw conflict('AuthenticatorChanged: the new authenticator was replaced');
  return shown(sealer.open(kept, pendingBinding(account.id)));
}

/** The time step of a code of the authenticator being enrolled, or a refusal naming `path`. */
function pendingCodeStep(
  sealer: Sealer,
  account: Pick<StaffRow, 'id' | 'totpPendingSealed'>,
  code: string,
  path: string,
): { secret: string; step: number } {
  if (!account.totpPendingSealed)
    throw conflict(
      'AuthenticatorNotStarted: show the new authenticator first, then enter its code',
    );
  const secret = sealer.open(account.totpPendingSealed, pendingBinding(account.id));
  const step = totpStep(secret, code);
  if (step === null)
    throw badRequest(
      'CodeWrong: the code is not the current one of the new authenticator; check that the app shows this account and that its clock is right',
      [
        {
          path,
          keyword: 'totp',
          messageKey: 'code',
          params: {},
          message: 'not the current code of the new authenticator',
        },
      ],
    );
  return { secret, step };
}

/** At the enrolment link: the account and its new authenticator (the secret is made now). */
export async function startEnrolment(
  db: Database,
  sealer: Sealer,
  token: string,
): Promise<NewAuthenticator> {
  return pendingAuthenticator(db, sealer, await accountOfLink(db, token, new Date()));
}

/**
 * Completes an enrolment: the staff member's own password, and a current code of the new
 * authenticator to prove it is set up. The link then stops working (once, even when two
 * completions race) and the account may sign in. Audited as staff.enrol.
 */
export async function completeEnrolment(
  db: Database,
  sealer: Sealer,
  token: string,
  input: { password: string; code: string },
): Promise<StaffMember> {
  const now = new Date();
  const account = await accountOfLink(db, token, now);
  assertStaffPassword(input.password, '/password');
  const { secret, step } = pendingCodeStep(sealer, account, input.code, '/code');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // The code just entered is used: it cannot sign in a second time.
    const done = await completeStaffEnrolment(tx, {
      staffId: account.id,
      tokenHash: hashSessionId(token),
      now,
      passwordHash,
      totpSecretSealed: sealer.seal(secret, totpBinding(account.id)),
      step,
    });
    if (!done) throw linkRefused();
    await recordAudit(tx, {
      staffId: account.id,
      actor: account.email,
      action: 'staff.enrol',
      detail: { email: account.email },
    });
  });
  return memberOf(account);
}

export interface DisabledStaff {
  id: string;
  email: string;
  role: StaffRole;
  disabledAt: string;
}

/**
 * Disables a staff account (someone who left, a lost authenticator): it can no longer sign in, its
 * sessions end at once, and the audit log keeps who it was. Disabling twice changes nothing.
 */
export async function disableStaffAccount(db: Database, email: string): Promise<DisabledStaff> {
  return db.transaction(async (tx) => {
    const account = await findStaffByEmail(tx, email);
    if (!account) throw notFound('NotFound: no staff account with this email');
    let disabledAt = account.disabledAt;
    if (!disabledAt) {
      disabledAt = new Date();
      await disableStaff(tx, account.id, disabledAt);
      await revokeSessionsOf(tx, STAFF_SESSIONS, account.id, { at: disabledAt });
      await recordAudit(tx, {
        staffId: account.id,
        actor: 'admin-key',
        action: 'staff.disable',
        detail: { email: account.email },
      });
    }
    return {
      id: account.id,
      email: account.email,
      role: account.role as StaffRole,
      disabledAt: disabledAt.toISOString(),
    };
  });
}

/**
 * A sign-in refused for wrong credentials (the email, the password or the code: one answer for
 * all), as opposed to a locked account: POST /session answers it 401, the console's sign-in
 * attempt as its outcome.
 */
export class StaffCredentialsRefused extends ApiError {
  constructor() {
    super(401, 'Unauthorized: the email, the password or the authenticator code is wrong');
  }
}

const refused = () => new StaffCredentialsRefused();

const lockedMessage = (gate: Exclude<SignInGate, { state: 'open' }>): string => {
  if (gate.state === 'hardLocked')
    return `Locked: ${HARD_LOCK_AFTER_FAILURES} failed sign-ins in a row; an administrator must unlock this account`;
  const minutes = minutesToWait(gate.retryAfterSeconds);
  return `TooManyAttempts: too many failed sign-ins; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** A sign-in refused because the account is locked; a temporary lock says for how long. */
export class StaffSignInLocked extends ApiError {
  constructor(readonly gate: Exclude<SignInGate, { state: 'open' }>) {
    // The minutes to wait, for the console to say in the staff member's language.
    super(
      gate.state === 'locked' ? 429 : 423,
      lockedMessage(gate),
      undefined,
      gate.state === 'locked' ? { minutes: minutesToWait(gate.retryAfterSeconds) } : undefined,
    );
  }
  /** Seconds for Retry-After (a temporary lock), or null (only an administrator unlocks). */
  get retryAfterSeconds(): number | null {
    return this.gate.state === 'locked' ? this.gate.retryAfterSeconds : null;
  }
}

/** What a lock's audit entry says: for how long, or until an administrator unlocks. */
const lockDetail = (gate: Exclude<SignInGate, { state: 'open' }>) =>
  gate.state === 'locked'
    ? { lock: 'temporary', seconds: gate.retryAfterSeconds }
    : { lock: 'until unlocked' };

/**
 * Checks email, password and TOTP code; returns the account. One answer for every failure, so a
 * caller cannot tell which part was wrong; a code already used (replay) is refused. Each attempt
 * is counted against the account before anything is checked (parallel guesses meet the lock), a
 * locked account is refused before its password is checked, and every lock is audited. An email
 * with no (enabled, enrolled) account is counted and locked the same way, so the answers do not
 * tell.
 */
export async function signInStaff(
  db: Database,
  sealer: Sealer,
  input: { email: string; password: string; code: string },
  meter?: SignInMeter,
): Promise<StaffMember> {
  const account = await findStaffByEmail(db, input.email);
  if (!account || account.disabledAt || !account.enrolledAt) {
    const actor = input.email.slice(0, 254);
    const attempt = await failUnknownAttempt(db, input.email, new Date(), 'staff', meter);
    if (attempt.counted) await verifyPassword(input.password, DUMMY_HASH); // same time as a real check
    const reason = account && !account.disabledAt ? 'not enrolled' : 'unknown account';
    await recordAudit(db, {
      staffId: null,
      actor,
      action: 'session.refused',
      detail: { reason: attempt.counted ? reason : `${reason}, locked` },
    });
    if (attempt.gate.state === 'open') throw refused();
    if (attempt.counted)
      await recordAudit(db, {
        staffId: null,
        actor,
        action: 'staff.lock',
        detail: { ...lockDetail(attempt.gate), reason },
      });
    throw new StaffSignInLocked(attempt.gate);
  }
  await checkCredentials(db, sealer, account, input, 'session.refused', refused, meter);
  await recordAudit(db, { staffId: account.id, actor: account.email, action: 'session.start' });
  return memberOf(account);
}

/**
 * An enrolled account's password and current TOTP code, counted and locked as sign-ins are (a
 * stolen session guessing the password at the account screen meets the same lock). Throws
 * `refuse()` for any wrong part, the lock when there is one; audits the refusal as `refusedAction`.
 * On success the code's step is used up and the count starts again.
 */
async function checkCredentials(
  db: Database,
  sealer: Sealer,
  account: StaffRow,
  input: { password: string; code: string },
  refusedAction: string,
  refuse: () => ApiError,
  meter?: SignInMeter,
): Promise<void> {
  const who = staffAccount(account.id);
  const attempt = await takeAttempt(db, who);
  if (attempt.gate.state !== 'open') {
    await recordAudit(db, {
      staffId: account.id,
      actor: account.email,
      action: refusedAction,
      detail: { reason: 'locked' },
    });
    throw new StaffSignInLocked(attempt.gate);
  }
  const fail = async (reason: string): Promise<never> => {
    const after = await afterFailure(db, who, attempt.failures, meter);
    await recordAudit(db, {
      staffId: account.id,
      actor: account.email,
      action: refusedAction,
      detail: { reason, failures: attempt.failures },
    });
    if (after.gate.state === 'open') throw refuse();
    // A lock this failure earned (a hard lock once, even if two last guesses race to it).
    if (after.gate.state === 'locked' || after.newlyHardLocked)
      await recordAudit(db, {
        staffId: account.id,
        actor: account.email,
        action: 'staff.lock',
        detail: { ...lockDetail(after.gate), failures: attempt.failures },
      });
    throw new StaffSignInLocked(after.gate);
  };
  const checked = await checkPasswordAndCode(sealer, account, input).catch(
    async (error: unknown) => {
      // Our refusal (too busy to hash), not a wrong guess: the attempt is given back.
      await returnAttempt(db, who).catch(() => undefined);
      throw error;
    },
  );
  if (checked.wrong) return fail(checked.wrong);
  if (!(await acceptTotpStep(db, account.id, checked.step))) return fail('code already used');
  await recordSuccess(
    db,
    { id: account.id, passwordHash: checked.passwordHash },
    input.password,
    'staff',
  );
}

async function checkPasswordAndCode(
  sealer: Sealer,
  account: Pick<StaffRow, 'id' | 'passwordHash' | 'totpSecretSealed'>,
  input: { password: string; code: string },
): Promise<
  { wrong: 'password' | 'code' } | { wrong?: undefined; step: number; passwordHash: string }
> {
  const { passwordHash, totpSecretSealed } = account;
  if (!passwordHash || !totpSecretSealed) return { wrong: 'password' };
  if (!(await verifyPassword(input.password, passwordHash))) return { wrong: 'password' };
  const secret = sealer.open(totpSecretSealed, totpBinding(account.id));
  const step = totpStep(secret, input.code);
  return step === null ? { wrong: 'code' } : { step, passwordHash };
}

/** A wrong current password or code at the account screen: not 401, the session is still good. */
const wrongCredentials = () =>
  new ApiError(403, 'WrongCredentials: the current password or the authenticator code is wrong');

/** The enrolled account of a signed-in staff member. */
async function accountOfSession(db: Database, session: StaffSession): Promise<StaffRow> {
  const account = await findStaffById(db, session.staffId);
  if (!account || account.disabledAt || !account.enrolledAt)
    throw unauthorized('Unauthorized: sign in to the console');
  return account;
}

/** Ends every session of an account but the one making the change. */
const endOtherSessions = (db: Database, staffId: string, keep: string): Promise<number> =>
  revokeSessionsOf(db, STAFF_SESSIONS, staffId, { except: keep });

/**
 * A signed-in staff member chooses a new password, with their current password and code; their
 * other sessions end. Audited as staff.password-change.
 */
export async function changeStaffPassword(
  db: Database,
  sealer: Sealer,
  session: StaffSession,
  input: { currentPassword: string; code: string; newPassword: string },
): Promise<{ otherSessionsEnded: number }> {
  const account = await accountOfSession(db, session);
  assertStaffPassword(input.newPassword, '/newPassword');
  await checkCredentials(
    db,
    sealer,
    account,
    { password: input.currentPassword, code: input.code },
    'account.refused',
    wrongCredentials,
  );
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await setStaffPasswordHash(tx, account.id, passwordHash);
    const otherSessionsEnded = await endOtherSessions(tx, account.id, session.idHash);
    await recordAudit(tx, {
      staffId: account.id,
      actor: account.email,
      action: 'staff.password-change',
      detail: { otherSessionsEnded },
    });
    return { otherSessionsEnded };
  });
}

/** A signed-in staff member's new authenticator, shown until they confirm it with its code. */
export async function startAuthenticatorChange(
  db: Database,
  sealer: Sealer,
  session: StaffSession,
): Promise<NewAuthenticator> {
  return pendingAuthenticator(db, sealer, await accountOfSession(db, session));
}

/**
 * Replaces a signed-in staff member's authenticator by the new one: their current password and
 * current code (of the old authenticator), and a current code of the new one. Their other sessions
 * end. Audited as staff.authenticator-change.
 */
export async function changeStaffAuthenticator(
  db: Database,
  sealer: Sealer,
  session: StaffSession,
  input: { password: string; code: string; newCode: string },
): Promise<{ otherSessionsEnded: number }> {
  const account = await accountOfSession(db, session);
  // The new authenticator first: its secret is on this screen already, so a wrong code of it is
  // a typing slip, not a guess, and is not counted.
  const { secret, step } = pendingCodeStep(sealer, account, input.newCode, '/newCode');
  await checkCredentials(
    db,
    sealer,
    account,
    { password: input.password, code: input.code },
    'account.refused',
    wrongCredentials,
  );
  return db.transaction(async (tx) => {
    const changed = await confirmPendingAuthenticator(tx, {
      staffId: account.id,
      pending: account.totpPendingSealed ?? '',
      totpSecretSealed: sealer.seal(secret, totpBinding(account.id)),
      step,
    });
    if (!changed)
      throw conflict(
        'AuthenticatorChanged: the new authenticator was replaced meanwhile; start again',
      );
    const otherSessionsEnded = await endOtherSessions(tx, account.id, session.idHash);
    await recordAudit(tx, {
      staffId: account.id,
      actor: account.email,
      action: 'staff.authenticator-change',
      detail: { otherSessionsEnded },
    });
    return { otherSessionsEnded };
  });
}

export interface UnlockedStaff {
  id: string;
  email: string;
  /** Consecutive failures the account had when it was unlocked. */
  failedSignIns: number;
}

/**
 * Lifts a staff account's sign-in lock (temporary or after 100 failures): it may sign in again
 * from a clean count. Audited, with the failures it had; unlocking an unlocked account changes
 * nothing but is audited too (who asked, when).
 */
export async function unlockStaffAccount(db: Database, email: string): Promise<UnlockedStaff> {
  return db.transaction(async (tx) => {
    const account = await findStaffByEmail(tx, email);
    if (!account) throw notFound('NotFound: no staff account with this email');
    await liftLock(tx, staffAccount(account.id));
    await recordAudit(tx, {
      staffId: account.id,
      actor: 'admin-key',
      action: 'staff.unlock',
      detail: {
        email: account.email,
        failures: account.failedSignIns,
        hardLocked: account.signInHardLocked,
      },
    });
    return { id: account.id, email: account.email, failedSignIns: account.failedSignIns };
  });
}

/** Refuses a staff member whose role may not do an action. */
export function requireRole(role: StaffRole, allowed: readonly StaffRole[], action: string): void {
  if (!allowed.includes(role))
    throw new ApiError(403, `Forbidden: ${action} needs the ${allowed.join(' or ')} role`);
}

/**
 * The staff member an import (`npm run rules:import --as`) is authored by: an enabled account that
 * has enrolled. Their drafts are theirs, so they cannot approve them (four eyes).
 */
export async function importAuthor(
  db: Database,
  email: string,
): Promise<{ staffId: string; email: string }> {
  const account = await findStaffByEmail(db, email);
  if (!account || account.disabledAt || !account.enrolledAt)
    throw badRequest(
      'ImportAuthorUnknown: authorEmail names no enabled, enrolled staff account; an import is authored by a staff member',
      [
        {
          path: '/authorEmail',
          keyword: 'staff',
          messageKey: 'staff',
          params: {},
          message: 'no enabled, enrolled staff account with this email',
        },
      ],
    );
  return { staffId: account.id, email: account.email };
}

/** A staff member as the console knows them: who, their role, the language they chose. */
export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
  language: Locale | null;
}

function memberOf(account: StaffRow): StaffMember {
  const language = isLocale(account.preferredLanguage) ? account.preferredLanguage : null;
  return { id: account.id, email: account.email, role: account.role as StaffRole, language };
}

/** Keeps the language a staff member chose for the console (their own choice; not audited). */
export async function chooseStaffLanguage(
  db: Database,
  session: StaffSession,
  language: Locale,
): Promise<{ language: Locale }> {
  await setStaffLanguage(db, session.staffId, language);
  return { language };
}

/** Writes a staff member's sign-out to the audit log (the staff session plugin ends the session). */
export async function recordStaffSignOut(
  db: Database,
  session: Pick<StaffSession, 'staffId' | 'email'>,
): Promise<void> {
  await recordAudit(db, { staffId: session.staffId, actor: session.email, action: 'session.end' });
}

/**
 * The console's audit log as staff read it: newest first, 100 entries unless asked for up to 500,
 * optionally of one country.
 */
export function staffAuditLog(
  db: Database,
  filter: { country?: string; limit?: number },
): Promise<AuditRecord[]> {
  return listAudit(db, { country: filter.country, limit: filter.limit ?? AUDIT_PAGE });
}

// Staff of the rules console (issue 16): accounts created with the admin key, sign-in with a
// password and a TOTP code. Every outcome is written to the audit log, failures included. Failures
// are counted and locked per account by recipients' rule (domain/sign-in.ts, issue 29): a wrong
// password and a wrong code count alike, a success starts the count again, 100 in a row lock the
// account until the admin API unlocks it.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { staff, staffSessions } from '../db/schema';
import { ApiError, badRequest, conflict, notFound, unauthorized } from '../errors';
import { acceptTotpStep, findStaffByEmail, recordAudit } from '../repositories/staff';
import type { Sealer } from '../services/encryption';
import { DUMMY_HASH, hashPassword, isCommonPassword, verifyPassword } from '../services/passwords';
import type { StaffRole } from '../services/staff-sessions';
import { newTotpSecret, totpStep } from '../services/totp';
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
  type SignInGate,
} from './sign-in';

export const STAFF_PASSWORD_MIN_LENGTH = 12;

/** What the sealed TOTP secret is bound to (AES-GCM additional data): its own row. */
const totpBinding = (staffId: string): string => `staff:${staffId}:totp`;

export interface CreatedStaff {
  id: string;
  email: string;
  role: StaffRole;
  /** Shown once: the otpauth:// URI to scan into an authenticator app. */
  otpauthUri: string;
  /** Shown once, when the admin did not choose the password. */
  initialPassword?: string;
}

export async function createStaffAccount(
  db: Database,
  sealer: Sealer,
  input: { email: string; role: StaffRole; password?: string },
): Promise<CreatedStaff> {
  const initialPassword = input.password ? undefined : randomBytes(18).toString('base64url');
  const password = input.password ?? initialPassword ?? '';
  if (password.length < STAFF_PASSWORD_MIN_LENGTH || isCommonPassword(password))
    throw badRequest(
      `WeakPassword: a staff password needs at least ${STAFF_PASSWORD_MIN_LENGTH} characters and must not be a common password`,
      [
        {
          path: '/password',
          keyword: 'minLength',
          messageKey: 'password',
          params: { limit: STAFF_PASSWORD_MIN_LENGTH },
          message: `at least ${STAFF_PASSWORD_MIN_LENGTH} characters, not a common password`,
        },
      ],
    );
  if (await findStaffByEmail(db, input.email))
    throw conflict('AlreadyExists: a staff account with this email exists');
  const { secret, uri } = newTotpSecret(input.email);
  const passwordHash = await hashPassword(password);
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(staff).values({
      id,
      email: input.email,
      role: input.role,
      passwordHash,
      totpSecretSealed: sealer.seal(secret, totpBinding(id)),
    });
    await recordAudit(tx, {
      staffId: id,
      actor: 'admin-key',
      action: 'staff.create',
      detail: { email: input.email, role: input.role },
    });
  });
  return {
    id,
    email: input.email,
    role: input.role,
    otpauthUri: uri,
    ...(initialPassword ? { initialPassword } : {}),
  };
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
      await tx.update(staff).set({ disabledAt }).where(eq(staff.id, account.id));
      await tx
        .update(staffSessions)
        .set({ revokedAt: disabledAt })
        .where(and(eq(staffSessions.staffId, account.id), isNull(staffSessions.revokedAt)));
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

const refused = () =>
  unauthorized('Unauthorized: the email, the password or the authenticator code is wrong');

const lockedMessage = (gate: Exclude<SignInGate, { state: 'open' }>): string => {
  if (gate.state === 'hardLocked')
    return `Locked: ${HARD_LOCK_AFTER_FAILURES} failed sign-ins in a row; an administrator must unlock this account`;
  const minutes = minutesToWait(gate.retryAfterSeconds);
  return `TooManyAttempts: too many failed sign-ins; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** A sign-in refused because the account is locked; a temporary lock says for how long. */
export class StaffSignInLocked extends ApiError {
  constructor(readonly gate: Exclude<SignInGate, { state: 'open' }>) {
    super(gate.state === 'locked' ? 429 : 423, lockedMessage(gate));
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
 * with no (enabled) account is counted and locked the same way, so the answers do not tell.
 */
export async function signInStaff(
  db: Database,
  sealer: Sealer,
  input: { email: string; password: string; code: string },
): Promise<{ id: string; email: string; role: StaffRole }> {
  const account = await findStaffByEmail(db, input.email);
  if (!account || account.disabledAt) {
    const actor = input.email.slice(0, 254);
    const attempt = await failUnknownAttempt(db, input.email, new Date(), 'staff');
    if (attempt.counted) await verifyPassword(input.password, DUMMY_HASH); // same time as a real check
    await recordAudit(db, {
      staffId: null,
      actor,
      action: 'session.refused',
      detail: { reason: attempt.counted ? 'unknown account' : 'unknown account, locked' },
    });
    if (attempt.gate.state === 'open') throw refused();
    if (attempt.counted)
      await recordAudit(db, {
        staffId: null,
        actor,
        action: 'staff.lock',
        detail: { ...lockDetail(attempt.gate), reason: 'unknown account' },
      });
    throw new StaffSignInLocked(attempt.gate);
  }
  const who = staffAccount(account.id);
  const attempt = await takeAttempt(db, who);
  if (attempt.gate.state !== 'open') {
    await recordAudit(db, {
      staffId: account.id,
      actor: account.email,
      action: 'session.refused',
      detail: { reason: 'locked' },
    });
    throw new StaffSignInLocked(attempt.gate);
  }
  const fail = async (reason: string): Promise<never> => {
    const after = await afterFailure(db, who, attempt.failures);
    await recordAudit(db, {
      staffId: account.id,
      actor: account.email,
      action: 'session.refused',
      detail: { reason, failures: attempt.failures },
    });
    if (after.gate.state === 'open') throw refused();
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
  const { step } = checked;
  if (!(await acceptTotpStep(db, account.id, step))) return fail('code already used');
  await recordSuccess(
    db,
    { id: account.id, passwordHash: account.passwordHash ?? '' },
    input.password,
    staff,
  );
  await recordAudit(db, { staffId: account.id, actor: account.email, action: 'session.start' });
  return { id: account.id, email: account.email, role: account.role as StaffRole };
}

async function checkPasswordAndCode(
  sealer: Sealer,
  account: { id: string; passwordHash: string | null; totpSecretSealed: string | null },
  input: { password: string; code: string },
): Promise<{ wrong: 'password' | 'code' } | { wrong?: undefined; step: number }> {
  if (!account.passwordHash || !account.totpSecretSealed) return { wrong: 'password' };
  if (!(await verifyPassword(input.password, account.passwordHash))) return { wrong: 'password' };
  const secret = sealer.open(account.totpSecretSealed, totpBinding(account.id));
  const step = totpStep(secret, input.code);
  return step === null ? { wrong: 'code' } : { step };
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

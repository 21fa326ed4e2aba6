// Staff of the rules console (issue 16): accounts created with the admin key, sign-in with a
// password and a TOTP code. Every outcome is written to the audit log, failures included.
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

/**
 * Checks email, password and TOTP code; returns the account. One answer for every failure, so a
 * caller cannot tell which part was wrong; a code already used (replay) is refused.
 */
export async function signInStaff(
  db: Database,
  sealer: Sealer,
  input: { email: string; password: string; code: string },
): Promise<{ id: string; email: string; role: StaffRole }> {
  const account = await findStaffByEmail(db, input.email);
  if (!account || account.disabledAt) {
    await verifyPassword(input.password, DUMMY_HASH); // same time as a real check
    await recordAudit(db, {
      staffId: null,
      actor: input.email.slice(0, 254),
      action: 'session.refused',
      detail: { reason: 'unknown account' },
    });
    throw refused();
  }
  const fail = async (reason: string): Promise<never> => {
    await recordAudit(db, {
      staffId: account.id,
      actor: account.email,
      action: 'session.refused',
      detail: { reason },
    });
    throw refused();
  };
  if (!(await verifyPassword(input.password, account.passwordHash))) return fail('password');
  const secret = sealer.open(account.totpSecretSealed, totpBinding(account.id));
  const step = totpStep(secret, input.code);
  if (step === null) return fail('code');
  if (!(await acceptTotpStep(db, account.id, step))) return fail('code already used');
  await recordAudit(db, { staffId: account.id, actor: account.email, action: 'session.start' });
  return { id: account.id, email: account.email, role: account.role as StaffRole };
}

/** Refuses a staff member whose role may not do an action. */
export function requireRole(role: StaffRole, allowed: readonly StaffRole[], action: string): void {
  if (!allowed.includes(role))
    throw new ApiError(403, `Forbidden: ${action} needs the ${allowed.join(' or ')} role`);
}

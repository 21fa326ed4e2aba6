// Sign-in rules: per-account throttling (NIST SP 800-63B 5.2.2), login CSRF (the form is accepted
// only from the portal's own pages) and where a sign-in may send the browser afterwards. The
// throttle is the same for recipients (profiles) and the rules console's staff (staff): one rule,
// counted in each account's own row. recipientSignIn is the portal's whole sign-in flow (password
// check, lock, unknown emails, the unlock code); routes/auth/pages.ts renders what it answers.
import { createHash } from 'node:crypto';
import type { Locale } from '../../core/i18n/messages';
import type { AppDeps } from '../context';
import type { Database } from '../db/client';
import { ApiError } from '../errors';
import { composeUnlockCode, recipientLocale } from '../mail/compose';
import { findProfileByEmail, type ProfileRow } from '../repositories/profiles';
import {
  clearFailures,
  giveBackFailure,
  lockThrottleRow,
  lockUnknownRow,
  setHardLock,
  writeFailureCount,
  writeUnknownCount,
  type SignInDoor,
} from '../repositories/sign-in-throttle';
import { portalOrigin } from '../services/merchants';
import { redeemCode, sendCode } from '../services/one-time-codes';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../services/passwords';

/** Consecutive failures after which each further failure locks sign-in for a while. */
export const SOFT_LOCK_AFTER_FAILURES = 5;
/** The first temporary lock; each further failure doubles it... */
export const SOFT_LOCK_FIRST_SECONDS = 60;
/** ...up to this. */
export const SOFT_LOCK_MAX_SECONDS = 60 * 60;
/**
 * NIST SP 800-63B: at most 100 consecutive failures, then only a code sent to the email unlocks a
 * recipient, and only the admin API a staff member.
 */
export const HARD_LOCK_AFTER_FAILURES = 100;
/** Sign-in form posts per client address per minute (the per-address limit, beside the above). */
export const SIGN_IN_POSTS_PER_ADDRESS_PER_MINUTE = 30;

type ThrottleState = Pick<ProfileRow, 'failedSignIns' | 'signInLockedUntil' | 'signInHardLocked'>;

export type { SignInDoor };
/** An account whose sign-in is throttled: a profile id, or an account at another door. */
export type ThrottledAccount = string | { door: SignInDoor; id: string };

const accountOf = (account: ThrottledAccount): { door: SignInDoor; id: string } =>
  typeof account === 'string' ? { door: 'recipients', id: account } : account;

/** A staff member of the rules console, counted and locked as a recipient is. */
export const staffAccount = (staffId: string): ThrottledAccount => ({ door: 'staff', id: staffId });

/** The temporary lock that `failures` consecutive failures earn (0: none yet). */
export function lockSeconds(failures: number): number {
  if (failures < SOFT_LOCK_AFTER_FAILURES) return 0;
  const doublings = Math.min(failures - SOFT_LOCK_AFTER_FAILURES, 32);
  return Math.min(SOFT_LOCK_FIRST_SECONDS * 2 ** doublings, SOFT_LOCK_MAX_SECONDS);
}

export type SignInGate =
  { state: 'open' } | { state: 'locked'; retryAfterSeconds: number } | { state: 'hardLocked' };

/** Whether this account may try a password now. */
export function signInGate(row: ThrottleState, now = new Date()): SignInGate {
  if (row.signInHardLocked || row.failedSignIns >= HARD_LOCK_AFTER_FAILURES)
    return { state: 'hardLocked' };
  const until = row.signInLockedUntil?.getTime() ?? 0;
  if (until > now.getTime())
    return { state: 'locked', retryAfterSeconds: Math.ceil((until - now.getTime()) / 1000) };
  return { state: 'open' };
}

/** Minutes to show for a wait (never "0 minutes"). */
export const minutesToWait = (seconds: number): number => Math.max(1, Math.ceil(seconds / 60));

/**
 * Takes one attempt for this account before its password is checked: the attempt is counted as a
 * failure up front, with the lock it would earn, under a row lock, so a burst of parallel guesses
 * cannot all slip in before the lock is written. A success (recordSuccess) undoes it. Answers the
 * gate in force when the attempt is refused, without counting it.
 */
export async function takeAttempt(
  db: Database,
  account: ThrottledAccount,
  now = new Date(),
): Promise<{ gate: SignInGate; failures: number }> {
  const { door, id } = accountOf(account);
  return db.transaction(async (tx) => {
    const row = await lockThrottleRow(tx, door, id);
    if (!row) return { gate: { state: 'open' } as const, failures: 0 };
    const gate = signInGate(row, now);
    if (gate.state !== 'open') return { gate, failures: row.failedSignIns };
    const counted = oneMoreFailure(row.failedSignIns, now);
    await writeFailureCount(tx, door, id, counted);
    return { gate, failures: counted.failedSignIns };
  });
}

/** The count and lock after one more failure than `failures`. */
function oneMoreFailure(failures: number, now: Date) {
  const seconds = lockSeconds(failures + 1);
  return {
    failedSignIns: failures + 1,
    signInLockedUntil: seconds ? new Date(now.getTime() + seconds * 1000) : null,
  };
}

/** The gate that `failures` consecutive failures leave (the lock the last one earned). */
function gateAfter(failures: number): SignInGate {
  if (failures >= HARD_LOCK_AFTER_FAILURES) return { state: 'hardLocked' };
  const seconds = lockSeconds(failures);
  return seconds ? { state: 'locked', retryAfterSeconds: seconds } : { state: 'open' };
}

/** Counts refused sign-ins and the locks they set (services/metrics.ts; nothing personal). */
export interface SignInMeter {
  signInFailed(door: SignInDoor, gate: SignInGate, newLock: boolean): void;
}

/**
 * The row of an email with no account at one door. The console's rows carry a prefix no hex hash
 * has, so guesses at the portal never lock (nor tell apart) emails at the console.
 */
const unknownKey = (email: string, door: SignInDoor): string => {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return door === 'staff' ? `staff:${hash}` : hash;
};

/**
 * An attempt with an email that has no account, counted and locked as an account's would be: the
 * same answers after the same number of tries, so the lock does not tell which emails have an
 * account. Answers the lock in force (the attempt was not counted: an account's answers at once,
 * before any password check), else the gate this counted failure left.
 */
export async function failUnknownAttempt(
  db: Database,
  email: string,
  now = new Date(),
  door: SignInDoor = 'recipients',
  meter?: SignInMeter,
): Promise<{ counted: boolean; gate: SignInGate }> {
  // No email is nobody's: answered as a wrong password, with no row to count in.
  if (!email.trim()) {
    meter?.signInFailed(door, { state: 'open' }, false);
    return { counted: true, gate: { state: 'open' } };
  }
  const key = unknownKey(email, door);
  const result = await db.transaction(async (tx) => {
    const row = await lockUnknownRow(tx, key);
    const before = signInGate({ ...row, signInHardLocked: false }, now);
    if (before.state !== 'open') return { counted: false, gate: before };
    const counted = oneMoreFailure(row.failedSignIns, now);
    await writeUnknownCount(tx, key, counted, now);
    return { counted: true, gate: gateAfter(counted.failedSignIns) };
  });
  if (result.counted) meter?.signInFailed(door, result.gate, result.gate.state !== 'open');
  return result;
}

/**
 * Gives back an attempt whose password was never checked (the server was too busy to hash it, or
 * the database failed): a refusal of ours must not count towards locking the account. The lock
 * that attempt set goes when the count falls below the threshold again.
 */
export async function returnAttempt(db: Database, account: ThrottledAccount): Promise<void> {
  const { door, id } = accountOf(account);
  await giveBackFailure(db, door, id, SOFT_LOCK_AFTER_FAILURES);
}

/**
 * After a wrong password: the gate the counted failure left. At the hard-lock threshold the lock
 * is written here (answers `newlyHardLocked` once, so the caller sends the unlock code once).
 */
export async function afterFailure(
  db: Database,
  account: ThrottledAccount,
  failures: number,
  meter?: SignInMeter,
): Promise<{ gate: SignInGate; newlyHardLocked: boolean }> {
  const { door, id } = accountOf(account);
  if (failures >= HARD_LOCK_AFTER_FAILURES) {
    const newlyHardLocked = await setHardLock(db, door, id);
    meter?.signInFailed(door, { state: 'hardLocked' }, newlyHardLocked);
    return { gate: { state: 'hardLocked' }, newlyHardLocked };
  }
  const gate = gateAfter(failures);
  // Each failure past the threshold sets a new, longer temporary lock.
  meter?.signInFailed(door, gate, gate.state !== 'open');
  return { gate, newlyHardLocked: false };
}

/**
 * A right password (and, for staff, a right code): the failure count starts again, and an
 * old-parameter hash is upgraded. `door` is whose account it is (a recipient's unless said).
 */
export async function recordSuccess(
  db: Database,
  account: Pick<ProfileRow, 'id' | 'passwordHash'>,
  password: string,
  door: SignInDoor = 'recipients',
): Promise<void> {
  const upgrade = needsRehash(account.passwordHash)
    ? { passwordHash: await hashPassword(password) }
    : {};
  await clearFailures(db, door, account.id, upgrade);
}

/**
 * The lock is lifted (a recipient's unlock code was right, an admin unlocked a staff member): the
 * account may sign in again, from a clean count.
 */
export async function liftLock(db: Database, account: ThrottledAccount): Promise<void> {
  const { door, id } = accountOf(account);
  await clearFailures(db, door, id);
}

export type FormPostVerdict = 'sameOrigin' | 'crossSite';

/**
 * Login CSRF: a sign-in form post counts only when the browser says it comes from the portal's own
 * pages: `Origin` exactly one of `portalOrigins`, or, with no Origin, `Sec-Fetch-Site:
 * same-origin`. `Origin: null` (sandboxed frames, redirects), a malformed Origin and a post with
 * neither header are refused: every current browser sends one of them on a form post.
 */
export function formPostVerdict(
  headers: { origin?: string | string[]; 'sec-fetch-site'?: string | string[] },
  portalOrigins: readonly string[],
): FormPostVerdict {
  const { origin } = headers;
  if (origin !== undefined) {
    if (typeof origin !== 'string' || origin === 'null') return 'crossSite';
    let parsed: string;
    try {
      parsed = new URL(origin).origin;
    } catch {
      return 'crossSite';
    }
    // The header must be an origin exactly as browsers serialise it (no path, no user info).
    return parsed === origin && portalOrigins.includes(parsed) ? 'sameOrigin' : 'crossSite';
  }
  return headers['sec-fetch-site'] === 'same-origin' ? 'sameOrigin' : 'crossSite';
}

/**
 * The origins the portal's own pages have for this request: the request's scheme and host (and
 * https on that host, for a TLS proxy that does not say so), and the configured public origin.
 */
export function portalOriginsFor(
  protocol: string,
  host: string,
  configured: readonly string[],
): string[] {
  const origins = new Set<string>();
  for (const candidate of [`${protocol}://${host}`, `https://${host}`, ...configured]) {
    try {
      origins.add(new URL(candidate).origin);
    } catch {
      // A host that does not parse is no origin of ours.
    }
  }
  return [...origins];
}

/**
 * Where a sign-in may send the browser: the target parsed as browsers parse it (WHATWG URL, so
 * backslashes, tabs, newlines and control characters are read the browser's way) against the
 * portal's origin, kept only when it stays on that origin; answers path, query and fragment only,
 * so the Location header is never absolute nor protocol-relative.
 */
export function safeTarget(state: unknown, origin = 'http://portal.invalid'): string {
  if (typeof state !== 'string' || state === '') return '/';
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(state, base);
  } catch {
    return '/';
  }
  if (url.origin !== base.origin) return '/';
  const target = `${url.pathname}${url.search}${url.hash}`;
  // `/..//evil` normalises to the path `//evil`: same origin here, another host in a Location.
  return /^\/(?![/\\])/.test(target) ? target : '/';
}

export type LockedGate = Exclude<SignInGate, { state: 'open' }>;

/** The unlock page under a login path, opened with `state` in `locale`. */
export const unlockHref = (loginPath: string, state: string, locale: Locale): string =>
  `${loginPath}/unlock?${new URLSearchParams({ state, lang: locale })}`;

/** What a refused sign-in is logged with; never part of the answer. */
export interface RefusalDetail {
  /** Refused by a lock in force (before any password check), not as a wrong password. */
  lockedOut: boolean;
  profileId?: string;
  /** The account's consecutive failures with this one. */
  failures?: number;
  /** This failure reached the hard lock: the unlock code was mailed (once). */
  newlyHardLocked?: boolean;
  /** The unlock code could not be sent; the lock stands, the page can send another. */
  unlockCodeError?: unknown;
}

/**
 * A sign-in's outcome. A refusal carries the gate it leaves, the same for an email with an account
 * and one without after the same tries: only `detail` (for the log) tells them apart.
 */
export type SignInOutcome =
  | { state: 'signedIn'; profileId: string }
  | { state: 'refused'; gate: SignInGate; detail: RefusalDetail };

export type UnlockOutcome =
  | { state: 'unlocked'; profileId: string }
  | { state: 'wrongCode' }
  /** Too many wrong codes: only a new code helps. */
  | { state: 'codeLocked' };

export type RecipientSignInDeps = Pick<
  AppDeps,
  'db' | 'mailer' | 'merchants' | 'config' | 'metrics'
>;

/** The portal's sign-in: the password check with its throttle, and the unlock of a hard lock. */
export function recipientSignIn(deps: RecipientSignInDeps) {
  const { db, mailer, merchants, config, metrics } = deps;

  const lookUp = (email: string) =>
    email ? findProfileByEmail(db, email.trim()) : Promise.resolve(undefined);

  /** Mails the unlock code in the account's language, with a link to its portal's unlock page. */
  async function sendUnlockCode(profile: ProfileRow) {
    const merchant = merchants.byId(profile.merchantId) ?? merchants.forHost(undefined);
    const locale = recipientLocale(profile.preferredLanguage, merchant);
    const loginPath = merchant.configuration.appConfig.loginPagePath;
    const link = `${portalOrigin(config.publicUrl, merchant)}${unlockHref(loginPath, '/', locale)}`;
    return sendCode(
      db,
      mailer,
      { profileId: profile.id, purpose: 'SIGN_IN_UNLOCK', subject: `account:${profile.id}` },
      (code) => ({
        to: profile.email,
        ...composeUnlockCode(locale, merchant, { prefix: code.prefix, code: code.code, link }),
        otp: code.code,
      }),
    );
  }

  /**
   * Checks an email and password. Every attempt is counted before the password is checked, so
   * parallel guesses meet the lock too; an email with no account is counted, locked and timed as
   * an account would be, so neither the answers nor their timing tell which emails have one. The
   * hundredth failure hard-locks the account and mails it the unlock code.
   */
  async function signIn(email: string, password: string): Promise<SignInOutcome> {
    const profile = await lookUp(email);
    if (!profile) {
      const attempt = await failUnknownAttempt(db, email, undefined, 'recipients', metrics);
      if (attempt.counted) await verifyPassword(password, DUMMY_HASH);
      return {
        state: 'refused',
        gate: attempt.gate,
        detail: { lockedOut: attempt.gate.state !== 'open' },
      };
    }
    const attempt = await takeAttempt(db, profile.id);
    if (attempt.gate.state !== 'open')
      return {
        state: 'refused',
        gate: attempt.gate,
        detail: { lockedOut: true, profileId: profile.id },
      };
    const matches = await verifyPassword(password, profile.passwordHash).catch(
      async (error: unknown) => {
        // Not a wrong guess (too busy to hash, the database failed): the attempt is given back.
        await returnAttempt(db, profile.id).catch(() => {});
        throw error;
      },
    );
    if (!matches) {
      const after = await afterFailure(db, profile.id, attempt.failures, metrics);
      const detail: RefusalDetail = {
        lockedOut: false,
        profileId: profile.id,
        failures: attempt.failures,
        newlyHardLocked: after.newlyHardLocked,
      };
      if (after.newlyHardLocked)
        await sendUnlockCode(profile).catch((error: unknown) => {
          detail.unlockCodeError = error;
        });
      return { state: 'refused', gate: after.gate, detail };
    }
    await recordSuccess(db, profile, password);
    return { state: 'signedIn', profileId: profile.id };
  }

  /**
   * A new unlock code for a hard-locked account. The same answer whether or not the email has a
   * locked account; 'tooManyCodes' only when that account was sent too many already.
   */
  async function resendUnlockCode(email: string): Promise<'sent' | 'tooManyCodes'> {
    const profile = await lookUp(email);
    if (profile && signInGate(profile).state === 'hardLocked') {
      try {
        await sendUnlockCode(profile);
      } catch (error) {
        if (!(error instanceof ApiError && error.statusCode === 429)) throw error;
        return 'tooManyCodes';
      }
    }
    return 'sent';
  }

  /** The emailed code lifts a hard lock; any other email or code is a wrong code. */
  async function unlock(email: string, code: string): Promise<UnlockOutcome> {
    const profile = await lookUp(email);
    if (!profile || signInGate(profile).state !== 'hardLocked') return { state: 'wrongCode' };
    try {
      await redeemCode(
        db,
        {
          profileId: profile.id,
          purpose: 'SIGN_IN_UNLOCK',
          subject: `account:${profile.id}`,
          code: code.trim(),
        },
        (tx) => liftLock(tx, profile.id),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { state: error.statusCode === 429 ? 'codeLocked' : 'wrongCode' };
    }
    return { state: 'unlocked', profileId: profile.id };
  }

  return { signIn, resendUnlockCode, unlock };
}
export type RecipientSignIn = ReturnType<typeof recipientSignIn>;

// Guessing a staff member's TOTP code over real HTTP (issue 29, point 1): with a phished password,
// wrong authenticator codes sent from many addresses (each under the per-address limit, behind a
// trusted proxy that forwards them) meet recipients' per-account rule: slowed from the 5th failure
// (1 minute, doubling), locked at the 100th until the admin API unlocks, the right code refused
// meanwhile, each lock in the console's audit log. Waits are skipped by moving the lock's end into
// the past, as tests/security/sign-in.test.ts does; everything else is HTTP.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../../src/server/db/schema';
import {
  HARD_LOCK_AFTER_FAILURES,
  SOFT_LOCK_AFTER_FAILURES,
  lockSeconds,
} from '../../src/server/domain/sign-in';
import { totpCode } from '../../src/server/services/totp';
import {
  adminCall,
  DATABASE_KINDS,
  rawRequest,
  startLiveServer,
  uniqueEmail,
  type HttpResponse,
  type LiveServer,
} from './support/server';
import { newStaff, STAFF_PASSWORD } from './support/staff';

const SESSION = '/master/console/v1/session';
/** The console's sign-in screen's way: the attempt answered with its outcome. */
const ATTEMPTS = '/master/console/v1/sign-in-attempts';

let forwarded = 0;
/** A new client address for each request, as many proxies' clients would be. */
const nextAddress = (): string => `198.51.100.${(++forwarded % 250) + 1}`;

/** A staff sign-in from a fresh address (or the one given): JSON over HTTP, no cookies. */
function signIn(
  server: LiveServer,
  email: string,
  password: string,
  code: string,
  path = SESSION,
  address = nextAddress(),
) {
  return rawRequest(
    server,
    'POST',
    path,
    { 'content-type': 'application/json', 'x-forwarded-for': address },
    JSON.stringify({ email, password, code }),
  );
}

/** A six-digit code the authenticator does not show now, nor one step either side. */
function wrongCode(secret: string, n: number): string {
  const now = Date.now();
  const valid = new Set([-1, 0, 1].map((step) => totpCode(secret, now + step * 30_000)));
  for (let i = n; ; i++) {
    const code = String((i * 7919) % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

const cookiesOf = (response: HttpResponse): string =>
  [response.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');

interface AuditEntry {
  actor: string;
  action: string;
  detail: Record<string, unknown> | null;
}

describe.each(DATABASE_KINDS)('staff sign-in guessing on %s', (kind) => {
  let server: LiveServer;
  let auditReader: string;

  beforeAll(async () => {
    // The real per-address limits (10 staff sign-ins a minute); X-Forwarded-For is believed from
    // the proxy on loopback, so each forwarded address is a client of its own.
    server = await startLiveServer(kind, { TRUST_PROXY: '127.0.0.1' });
    const reader = await newStaff(server, 'approver');
    const signedIn = await signIn(server, reader.email, STAFF_PASSWORD, totpCode(reader.secret));
    expect(signedIn.status).toBe(200);
    auditReader = cookiesOf(signedIn);
  });
  afterAll(async () => server?.close());

  /** The console's audit log entries about one staff member, newest first (read over HTTP). */
  async function auditOf(email: string): Promise<AuditEntry[]> {
    const log = await rawRequest(server, 'GET', '/master/console/v1/audit?limit=500', {
      cookie: auditReader,
    });
    expect(log.status).toBe(200);
    return (log.json?.data as AuditEntry[]).filter(
      (e) => e.actor === email || e.detail?.email === email,
    );
  }

  /** The lock runs out: its end moved into the past (the clock, not the count, changes). */
  const lockRunsOut = (email: string) =>
    server.database.db
      .update(staff)
      .set({ signInLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(staff.email, email));

  it('slows wrong TOTP codes from rotating addresses, locks at 100, refuses the right code until an admin unlocks, and audits each lock', async () => {
    const victim = await newStaff(server, 'editor');
    const guess = (n: number) =>
      signIn(server, victim.email, STAFF_PASSWORD, wrongCode(victim.secret, n));

    // The first four wrong codes are answered as any failure; the fifth locks for a minute.
    for (let n = 1; n < SOFT_LOCK_AFTER_FAILURES; n++) expect((await guess(n)).status).toBe(401);
    const fifth = await guess(SOFT_LOCK_AFTER_FAILURES);
    expect(fifth.status).toBe(429);
    expect(fifth.json?.message).toMatch(/^TooManyAttempts: /);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(55);

    // Locked: the right password and the right code are refused too, from yet another address,
    // and neither that refusal nor more guesses extend the count.
    const owner = await signIn(server, victim.email, STAFF_PASSWORD, totpCode(victim.secret));
    expect(owner.status).toBe(429);
    expect((await guess(99)).status).toBe(429);

    const firstLock = (await auditOf(victim.email)).filter((e) => e.action === 'staff.lock');
    expect(firstLock).toHaveLength(1);
    expect(firstLock[0]?.detail).toMatchObject({
      lock: 'temporary',
      seconds: lockSeconds(SOFT_LOCK_AFTER_FAILURES),
      failures: SOFT_LOCK_AFTER_FAILURES,
    });

    // The attacker waits each lock out and guesses again: every further failure locks, doubling
    // the wait, until the 100th locks the account for good.
    let last: HttpResponse = fifth;
    for (let n = SOFT_LOCK_AFTER_FAILURES + 1; n <= HARD_LOCK_AFTER_FAILURES; n++) {
      await lockRunsOut(victim.email);
      last = await guess(n);
      if (n < HARD_LOCK_AFTER_FAILURES) expect(last.status, `guess ${n}`).toBe(429);
    }
    expect(last.status).toBe(423);
    expect(last.json?.message).toMatch(/^Locked: /);
    expect(last.headers['retry-after']).toBeUndefined();

    // No waiting ends a hard lock: the right password and code are refused.
    await lockRunsOut(victim.email);
    const rightCode = await signIn(server, victim.email, STAFF_PASSWORD, totpCode(victim.secret));
    expect(rightCode.status).toBe(423);
    expect(rightCode.headers['set-cookie']).toBeUndefined();

    const locks = (await auditOf(victim.email)).filter((e) => e.action === 'staff.lock');
    expect(locks).toHaveLength(HARD_LOCK_AFTER_FAILURES - SOFT_LOCK_AFTER_FAILURES + 1);
    expect(locks[0]?.detail).toMatchObject({
      lock: 'until unlocked',
      failures: HARD_LOCK_AFTER_FAILURES,
    });

    // Only the admin API unlocks (the key is required); then the right code signs in.
    const anonymous = await rawRequest(
      server,
      'POST',
      '/master/admin/v1/staff/unlock',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: victim.email }),
    );
    expect(anonymous.status).toBe(401);
    const unlocked = await adminCall(server, 'POST', '/staff/unlock', { email: victim.email });
    expect(unlocked.status).toBe(200);
    expect(unlocked.json?.data).toMatchObject({
      email: victim.email,
      failedSignIns: HARD_LOCK_AFTER_FAILURES,
    });
    const back = await signIn(server, victim.email, STAFF_PASSWORD, totpCode(victim.secret));
    expect(back.status).toBe(200);
    const actions = (await auditOf(victim.email)).map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['session.start', 'staff.unlock']);
  });

  it('counts wrong passwords and wrong codes alike, and a success starts the count again', async () => {
    const member = await newStaff(server, 'editor');
    const wrongPassword = () =>
      signIn(server, member.email, 'Not-the-password-1234', totpCode(member.secret));
    const wrongCodeGuess = (n: number) =>
      signIn(server, member.email, STAFF_PASSWORD, wrongCode(member.secret, n));

    for (const attempt of [wrongPassword, () => wrongCodeGuess(1), wrongPassword])
      expect((await attempt()).status).toBe(401);
    expect((await wrongCodeGuess(2)).status).toBe(401);
    const success = await signIn(server, member.email, STAFF_PASSWORD, totpCode(member.secret));
    expect(success.status).toBe(200);

    // Four more failures after the success: the count started again, so no lock yet...
    for (let n = 3; n < 3 + SOFT_LOCK_AFTER_FAILURES - 1; n++)
      expect((await wrongCodeGuess(n)).status).toBe(401);
    // ...and a wrong password is the fifth in a row.
    expect((await wrongPassword()).status).toBe(429);
  });

  it('answers an email with no staff account as it answers an account, lock included', async () => {
    const nobody = uniqueEmail('no-staff');
    const statuses: number[] = [];
    for (let n = 1; n <= SOFT_LOCK_AFTER_FAILURES + 1; n++)
      statuses.push((await signIn(server, nobody, STAFF_PASSWORD, '123456')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('counts, locks and audits the console’s sign-in attempts as sign-ins, and limits both ways together per address', async () => {
    const member = await newStaff(server, 'editor');
    const attempt = (password: string, code: string) =>
      signIn(server, member.email, password, code, ATTEMPTS);

    // Wrong credentials: an answer (200, refused, no session), counted like a 401 of /session.
    for (let n = 1; n < SOFT_LOCK_AFTER_FAILURES; n++) {
      const refused = await attempt(STAFF_PASSWORD, wrongCode(member.secret, n));
      expect(refused.status).toBe(200);
      expect(refused.json).toEqual({ data: { outcome: 'refused', staff: null } });
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    // The fifth in a row locks, as on /session: 429 with how long to wait, the right code refused.
    const locked = await attempt('Not-the-password-1234', totpCode(member.secret));
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(lockSeconds(SOFT_LOCK_AFTER_FAILURES));
    expect((await attempt(STAFF_PASSWORD, totpCode(member.secret))).status).toBe(429);
    expect(
      (await signIn(server, member.email, STAFF_PASSWORD, totpCode(member.secret))).status,
    ).toBe(429);
    const actions = (await auditOf(member.email)).map((e) => e.action);
    expect(actions.filter((a) => a === 'session.refused').length).toBeGreaterThanOrEqual(
      SOFT_LOCK_AFTER_FAILURES,
    );
    expect(actions).toContain('staff.lock');

    // Once the lock runs out, the right credentials sign in with a session.
    await lockRunsOut(member.email);
    const signedIn = await attempt(STAFF_PASSWORD, totpCode(member.secret));
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({
      data: { outcome: 'signed-in', staff: { email: member.email } },
    });
    expect(cookiesOf(signedIn)).toMatch(/pp_staff_session=/);

    // One address: ten sign-ins a minute in all, whichever way (accounts that do not exist, so
    // no account's lock answers first).
    const address = '203.0.113.77';
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++)
      statuses.push(
        (
          await signIn(
            server,
            uniqueEmail('nobody'),
            STAFF_PASSWORD,
            '123456',
            n % 2 ? ATTEMPTS : SESSION,
            address,
          )
        ).status,
      );
    expect(statuses).toEqual([401, 200, 401, 200, 401, 200, 401, 200, 401, 200, 429]);
  });
});

// Attacks on the sign-in form over real HTTP: password guessing (per account, whatever address the
// attacker claims), login CSRF, open redirects through `state`, old password hashes and common
// passwords. Hashes at the real cost (Argon2id, OWASP's minimum).
import { randomBytes, scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/common.json';

import { profiles } from '../../src/server/db/schema';
import {
  HARD_LOCK_AFTER_FAILURES,
  SOFT_LOCK_AFTER_FAILURES,
  SOFT_LOCK_FIRST_SECONDS,
  SOFT_LOCK_MAX_SECONDS,
  lockSeconds,
} from '../../src/server/domain/sign-in';
import {
  ARGON2_PARAMS,
  COMMON_PASSWORD_COUNT,
  hashPassword,
} from '../../src/server/services/passwords';
import {
  createClaim,
  DATABASE_KINDS,
  HttpBrowser,
  latestOtp,
  outbox,
  PASSWORD,
  rawRequest,
  rawSocket,
  registeredUser,
  startLiveServer,
  uniqueEmail,
  type HttpResponse,
  type LiveServer,
} from './support/server';

const LOGIN = '/master/auth-app/v1/login';
const UNLOCK = `${LOGIN}/unlock`;
const t = en.signInPage;
const lockedText = (minutes: number) => t.locked.replace('{{minutes}}', String(minutes));
const html = (s: string) => s.replace(/'/g, '&#39;').replace(/"/g, '&quot;');

/** Posts a form to the sign-in page with exactly these headers (an attacker's choice). */
function postForm(
  server: LiveServer,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string>,
): Promise<HttpResponse> {
  return rawRequest(
    server,
    'POST',
    path,
    { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded', ...headers },
    new URLSearchParams(form).toString(),
  );
}

const sessionCookieSet = (response: HttpResponse): boolean =>
  [response.headers['set-cookie'] ?? []].flat().some((c) => /^pp_session=[^;]+/.test(c));

let forwarded = 0;
/** A browser that claims a new client address on every request. */
const rotatingBrowser = (server: LiveServer) => ({
  signIn: (email: string, password: string) =>
    new HttpBrowser(server, 'localhost', {
      'x-forwarded-for': `203.0.113.${(++forwarded % 250) + 1}`,
    }).signIn(email, password),
});

describe.each(DATABASE_KINDS)('sign-in attacks on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    // Address limits out of the way: what is tested here is the per-account throttle.
    server = await startLiveServer(kind, { RATE_LIMIT_SCALE: '100' });
  });
  afterAll(async () => server?.close());

  const row = async (profileId: string) => {
    const [found] = await server.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, profileId));
    return found!;
  };
  const setRow = (profileId: string, values: Partial<typeof profiles.$inferInsert>) =>
    server.database.db.update(profiles).set(values).where(eq(profiles.id, profileId));

  it('the figures: lock from 5 failures, 1 min doubling to 1 h, hard lock at 100', () => {
    expect(SOFT_LOCK_AFTER_FAILURES).toBe(5);
    expect(HARD_LOCK_AFTER_FAILURES).toBe(100);
    expect([4, 5, 6, 7, 11, 12, 99].map(lockSeconds)).toEqual([
      0,
      SOFT_LOCK_FIRST_SECONDS,
      120,
      240,
      SOFT_LOCK_MAX_SECONDS,
      SOFT_LOCK_MAX_SECONDS,
      SOFT_LOCK_MAX_SECONDS,
    ]);
  });

  it('locks the account after 5 wrong passwords sent from rotating X-Forwarded-For addresses, refuses the right one meanwhile, and doubles the wait', async () => {
    const { email, profileId } = await registeredUser(server);
    const attacker = rotatingBrowser(server);
    for (let i = 1; i < SOFT_LOCK_AFTER_FAILURES; i++) {
      const guess = await attacker.signIn(email, `wrong-guess-${i}`);
      expect(guess.status).toBe(401);
      expect(guess.text).toContain(html(t.wrongCredentials));
    }
    const fifth = await attacker.signIn(email, 'wrong-guess-5');
    expect(fifth.status).toBe(429);
    expect(fifth.text).toContain(html(lockedText(1)));
    expect(Number(fifth.headers['retry-after'])).toBe(60);

    // The owner, from yet another address, with the right password: still refused, no session.
    const owner = await attacker.signIn(email, PASSWORD);
    expect(owner.status).toBe(429);
    expect(owner.text).toContain(html(lockedText(1)));
    expect(sessionCookieSet(owner)).toBe(false);
    // Refused attempts do not extend the count: 5 failures, locked for about a minute.
    const locked = await row(profileId);
    expect(locked.failedSignIns).toBe(5);
    expect(locked.signInLockedUntil!.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // The minute passes; one more wrong guess locks for 2 minutes.
    await setRow(profileId, { signInLockedUntil: new Date(Date.now() - 1000) });
    const sixth = await attacker.signIn(email, 'wrong-guess-6');
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBe(120);
    expect(sixth.text).toContain(html(lockedText(2)));

    // Once the wait is over the right password signs in and the count starts again.
    await setRow(profileId, { signInLockedUntil: new Date(Date.now() - 1000) });
    const back = await new HttpBrowser(server).signIn(email);
    expect(back.status).toBe(303);
    expect((await row(profileId)).failedSignIns).toBe(0);
  }, 60_000);

  it('a burst of parallel guesses gets no more password checks than the lock allows', async () => {
    const { email, profileId } = await registeredUser(server);
    const attacker = rotatingBrowser(server);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attacker.signIn(email, `parallel-guess-${i}`)),
    );
    // Every attempt past the fifth meets the lock before its password is even checked.
    expect(burst.filter((r) => r.status === 401)).toHaveLength(SOFT_LOCK_AFTER_FAILURES - 1);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(12 - 4);
    expect((await row(profileId)).failedSignIns).toBe(SOFT_LOCK_AFTER_FAILURES);
  }, 60_000);

  it('an email with no account gets the same answers as one with an account, lock included', async () => {
    // Guessing tells nothing about which emails have an account: the same statuses, texts and
    // waits, try after try, for a registered email and for one nobody registered.
    const { email } = await registeredUser(server);
    const nobody = uniqueEmail('nobody');
    const answers = async (target: string) => {
      const attacker = rotatingBrowser(server);
      const seen: string[] = [];
      for (let i = 1; i <= SOFT_LOCK_AFTER_FAILURES + 1; i++) {
        const guess = await attacker.signIn(target, `wrong-guess-${i}`);
        const text = guess.text.includes(html(t.wrongCredentials))
          ? 'wrong'
          : guess.text.includes(html(lockedText(1)))
            ? 'locked 1 min'
            : 'other';
        seen.push(`${guess.status} ${text} ${guess.headers['retry-after'] ?? '-'}`);
      }
      return seen;
    };
    const registered = await answers(email);
    const unknown = await answers(nobody);
    expect(unknown).toEqual(registered);
    expect(unknown.slice(-2)).toEqual(['429 locked 1 min 60', '429 locked 1 min 60']);
    // Another email with no account is not locked by the first one's guesses (nor by its case).
    const other = await rotatingBrowser(server).signIn(uniqueEmail('nobody'), 'wrong-guess');
    expect(other.status).toBe(401);
    const sameInCapitals = await rotatingBrowser(server).signIn(nobody.toUpperCase(), 'x');
    expect(sameInCapitals.status).toBe(429);
  }, 60_000);

  it('hard-locks at 100 consecutive failures, mails a code, and only that code unlocks', async () => {
    const { email, profileId } = await registeredUser(server);
    await setRow(profileId, { failedSignIns: HARD_LOCK_AFTER_FAILURES - 1 });
    const hundredth = await rotatingBrowser(server).signIn(email, 'wrong-guess-100');
    expect(hundredth.status).toBe(423);
    expect(hundredth.text).toContain(html(t.hardLocked));
    expect(hundredth.text).toContain(`${UNLOCK}?state=`);
    expect(hundredth.text).not.toContain(`?email=`);
    expect((await row(profileId)).signInHardLocked).toBe(true);

    const mail = (await outbox(server, email))[0]!;
    expect(mail.subject).toBe(en.mail.unlockCode.subject.replace('{{portalName}}', 'Payee Portal'));
    expect(mail.text).toContain(`http://localhost:8080${UNLOCK}?state=`);
    expect(mail.text).not.toContain(email);
    expect(mail.otp).toMatch(/^\d{6}$/);

    // No wait lifts it, and the right password does not either.
    await setRow(profileId, { signInLockedUntil: null });
    const owner = await new HttpBrowser(server).signIn(email);
    expect(owner.status).toBe(423);
    expect(sessionCookieSet(owner)).toBe(false);

    const page = await rawRequest(server, 'GET', `${UNLOCK}?state=%2F`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(
      html(t.unlockHeading).replace('{{portalName}}', '<span class="name">Payee Portal</span>'),
    );

    const sameSite = { origin: 'http://localhost' };
    // The unlock form is a sign-in form too: not from another site.
    const crossSite = await postForm(
      server,
      UNLOCK,
      { email, code: mail.otp! },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    const wrong = await postForm(server, UNLOCK, { email, code: '000000' }, sameSite);
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(html(t.unlockWrongCode));
    expect((await row(profileId)).signInHardLocked).toBe(true);

    // A new code on request (the first may have expired); the newest one unlocks.
    const resend = await postForm(server, UNLOCK, { email, resend: '1' }, sameSite);
    expect(resend.status).toBe(200);
    expect(resend.text).toContain(html(t.unlockSent));
    const code = await latestOtp(server, email);
    const unlocked = await postForm(server, UNLOCK, { email, code }, sameSite);
    expect(unlocked.status).toBe(200);
    expect(unlocked.text).toContain(html(t.unlocked));
    const after = await row(profileId);
    expect(after.signInHardLocked).toBe(false);
    expect(after.failedSignIns).toBe(0);
    expect((await new HttpBrowser(server).signIn(email)).status).toBe(303);
    // The code is spent.
    expect((await postForm(server, UNLOCK, { email, code }, sameSite)).status).toBe(400);
  }, 60_000);

  it('asking for an unlock code says the same whether or not the email has a locked account', async () => {
    const { email } = await registeredUser(server);
    const headers = { origin: 'http://localhost' };
    const codesBefore = (await outbox(server, email)).filter((m) => m.otp).length;
    for (const who of [email, uniqueEmail('nobody')]) {
      const answer = await postForm(server, UNLOCK, { email: who, resend: '1' }, headers);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(html(t.unlockSent));
    }
    // Not locked: no code is sent.
    expect((await outbox(server, email)).filter((m) => m.otp)).toHaveLength(codesBefore);
  });

  describe('login CSRF', () => {
    let email: string;
    beforeAll(async () => {
      ({ email } = await registeredUser(server));
    });
    const attempt = (headers: Record<string, string>) =>
      postForm(server, LOGIN, { email, password: PASSWORD, state: '/' }, headers);

    it.each([
      ['Origin of another site', { origin: 'https://evil.example' }],
      ['Origin null (sandboxed frame)', { origin: 'null' }],
      ['no Origin, Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['no Origin, Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
      ['no Origin, Sec-Fetch-Site none', { 'sec-fetch-site': 'none' }],
      ['neither Origin nor Sec-Fetch-Site', {}],
      ['Origin on another port', { origin: 'http://localhost:8081' }],
      ['Origin with a path', { origin: 'http://localhost/' }],
      ['Origin with user info', { origin: 'http://evil@localhost' }],
      ['a malformed Origin', { origin: 'http://[' }],
      ['an Origin naming our host as a subdomain', { origin: 'http://localhost.evil.example' }],
      [
        'Origin evil with Sec-Fetch-Site same-origin',
        {
          origin: 'https://evil.example',
          'sec-fetch-site': 'same-origin',
        },
      ],
    ])('refuses a sign-in form with %s', async (_label, headers) => {
      const response = await attempt(headers);
      expect(response.status).toBe(403);
      expect(response.text).toBe(t.crossSite);
      expect(sessionCookieSet(response)).toBe(false);
    });

    it('a control character in Origin is a 400 or 403, never a 500', async () => {
      const body = new URLSearchParams({ email, password: PASSWORD }).toString();
      const response = await rawSocket(
        server,
        `POST ${LOGIN} HTTP/1.1\r\nHost: localhost\r\nOrigin: http://local\x01host\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
      expect([400, 403]).toContain(response.status);
      expect(response.raw).not.toMatch(/pp_session=[^;]/);
    });

    it('accepts the portal’s own form: its Origin, or Sec-Fetch-Site same-origin', async () => {
      const sameOrigin: Record<string, string>[] = [
        { origin: 'http://localhost' },
        { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'same-origin' },
      ];
      for (const headers of sameOrigin) {
        const response = await attempt(headers);
        expect(response.status).toBe(303);
        expect(sessionCookieSet(response)).toBe(true);
      }
    }, 60_000);
  });

  it('every bad redirect target ends on a same-origin path', async () => {
    const { email, browser } = await registeredUser(server);
    const targets = [
      '/\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      '/%2F%2Fevil.com',
      '/%2f%2fevil.com/',
      '\\\\evil.com',
      '\\/evil.com',
      '//evil.com',
      '///evil.com',
      'https://evil.com',
      'https:evil.com',
      'http://localhost@evil.com',
      '/%0d%0aSet-Cookie:x=1',
      '/\r\nSet-Cookie: x=1',
      'java\tscript:alert(1)',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '\x00//evil.com',
      ' //evil.com',
      '\x1f/\\evil.com',
      '/..//evil.com',
      '/.//evil.com',
      '/x/../\\evil.com',
      '/\u3002evil.com',
    ];
    const sameOrigin = (location: string) => {
      expect(location).toMatch(/^\/(?![/\\])/);
      // No control character (CR, LF, tab, NUL...) survives into the header.
      expect([...location].some((c) => c.charCodeAt(0) < 0x20 || c === '\x7f')).toBe(false);
      expect(new URL(location, 'http://localhost').origin).toBe('http://localhost');
    };
    for (const state of targets) {
      // The sign-in POST and the signed-in GET (the portal's refresh) both redirect.
      const posted = await browser.signIn(email, PASSWORD, state);
      expect(posted.status, JSON.stringify(state)).toBe(303);
      sameOrigin(String(posted.headers.location));
      expect(posted.headers['set-cookie']?.toString() ?? '').not.toMatch(/(^|,)\s*x=1/);
      const refreshed = await browser.request('GET', `${LOGIN}?state=${encodeURIComponent(state)}`);
      expect(refreshed.status, JSON.stringify(state)).toBe(303);
      sameOrigin(String(refreshed.headers.location));
    }
    // Same-origin targets keep their path, query and fragment.
    const kept = await browser.signIn(email, PASSWORD, '/dashboard?tab=1#top');
    expect(kept.headers.location).toBe('/dashboard?tab=1#top');
  }, 120_000);

  it('hashes with Argon2id at OWASP parameters and upgrades older hashes when their owner signs in', async () => {
    expect(ARGON2_PARAMS).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const { email, profileId } = await registeredUser(server);
    const current = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;
    expect((await row(profileId)).passwordHash).toMatch(current);

    // The earlier scheme (scrypt, as rows written before the switch hold) and a cheaper Argon2id.
    const salt = randomBytes(16);
    const key = scryptSync(PASSWORD, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const scryptHash = `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    const cheapArgon = await hashPassword(PASSWORD, {
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    for (const old of [scryptHash, cheapArgon]) {
      await setRow(profileId, { passwordHash: old });
      // A wrong password does not touch the hash.
      expect((await new HttpBrowser(server).signIn(email, 'wrong-guess-1')).status).toBe(401);
      expect((await row(profileId)).passwordHash).toBe(old);
      expect((await new HttpBrowser(server).signIn(email)).status).toBe(303);
      const upgraded = (await row(profileId)).passwordHash;
      expect(upgraded).toMatch(current);
      // The new hash still signs in, and stays.
      expect((await new HttpBrowser(server).signIn(email)).status).toBe(303);
      expect((await row(profileId)).passwordHash).toBe(upgraded);
    }
    // A stored hash demanding absurd costs is refused, not computed.
    await setRow(profileId, {
      passwordHash: cheapArgon.replace('m=4096,t=1', 'm=4194304,t=1'),
    });
    expect((await new HttpBrowser(server).signIn(email)).status).toBe(401);
  }, 60_000);

  it('refuses common passwords from a blocklist of at least 3,000 entries', async () => {
    const file = readFileSync(
      new URL('../../src/server/services/common-passwords.txt', import.meta.url),
      'utf8',
    );
    const entries = file.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    expect(entries.length).toBeGreaterThanOrEqual(3000);
    expect(COMMON_PASSWORD_COUNT).toBe(entries.length);
    // One from the head of the list, one from deep in it, in another case.
    for (const password of ['password123', entries[4000]!.toUpperCase()]) {
      const email = uniqueEmail('common');
      const created = await createClaim(server, email);
      const registration = await new HttpBrowser(server).api('POST', '/me', {
        data: { email, termsAccepted: true },
        password,
        claimId: created.claim.id,
      });
      expect(registration.status, password).toBe(400);
      expect(JSON.stringify(registration.json)).toContain('commonPassword');
    }
  }, 60_000);
});

// Issue 29 point 9, four eyes rested on the admin key: creating a staff member answered their
// password and TOTP secret to the admin key (which could then sign in as them), staff could change
// neither, and a `rules:import` draft was authored by "admin-key", so one approver approved and
// published it alone. Also found: the staff CSRF cookie had Path=/, so a merchant's consent script
// on the recipients' pages could read it. Over real HTTP against the server as `npm start` builds
// it: the admin key gets a one-time enrolment link only; a used, replaced or expired link is
// refused; an account that has not enrolled cannot sign in; an import is a named staff member's
// draft that they cannot approve; the console's cookies are scoped to the console's paths.
import { URI, type Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../src/core/schemas/catalog';
import { totpCode } from '../../src/server/services/totp';
import {
  adminCall,
  DATABASE_KINDS,
  HttpBrowser,
  rawRequest,
  startLiveServer,
  uniqueEmail,
  type HttpResponse,
  type LiveServer,
} from './support/server';
import { CONSOLE, ConsoleStaff, enrolAt, newStaff, STAFF_PASSWORD } from './support/staff';
import { previousStepTime } from '../support/totp';

const GB = loadCatalog().rules.GB as unknown as Record<string, unknown>;

/** The token of an enrolment link (after the #, never sent to the server by a browser). */
const tokenOf = (enrolmentUrl: string): string => new URL(enrolmentUrl).hash.slice(1);

/** A JSON POST to the console API with no cookies. */
const post = (server: LiveServer, path: string, body: unknown): Promise<HttpResponse> =>
  rawRequest(
    server,
    'POST',
    `${CONSOLE}${path}`,
    { 'content-type': 'application/json' },
    JSON.stringify(body),
  );

/** A staff account as the admin key creates it: its enrolment link. */
async function createAccount(server: LiveServer, role: 'editor' | 'approver') {
  const email = uniqueEmail(`enrol-${role}`);
  const created = await adminCall(server, 'POST', '/staff', { email, role });
  expect(created.status, created.text).toBe(201);
  return { email, ...(created.json?.data as { enrolmentUrl: string; enrolmentExpiresAt: string }) };
}

/** A staff member signing in from their own browser with the current code. */
async function signIn(server: LiveServer, email: string, secret: string, offsetSteps = 0) {
  const staff = new ConsoleStaff(new HttpBrowser(server));
  const response = await staff.browser.request('POST', `${CONSOLE}/session`, {
    email,
    password: STAFF_PASSWORD,
    code: totpCode(secret, Date.now() + offsetSteps * 30_000),
  });
  return { staff, response };
}

interface SetCookie {
  name: string;
  value: string;
  path: string | undefined;
  httpOnly: boolean;
}
const setCookies = (response: HttpResponse): SetCookie[] =>
  [response.headers['set-cookie'] ?? []].flat().map((line) => {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair!.indexOf('=');
    const attribute = (name: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
    return {
      name: pair!.slice(0, eq),
      value: pair!.slice(eq + 1),
      path: attribute('path'),
      httpOnly: attributes.some((a) => a.toLowerCase() === 'httponly'),
    };
  });

/** RFC 6265 5.1.4: whether a browser sends (and lets a page at `path` read) a cookie of `cookiePath`. */
const pathMatches = (path: string, cookiePath = '/'): boolean =>
  path === cookiePath ||
  (path.startsWith(cookiePath) && (cookiePath.endsWith('/') || path[cookiePath.length] === '/'));

describe.each(DATABASE_KINDS)('staff enrolment and four eyes on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind);
  }, 60_000);
  afterAll(async () => server?.close());

  it('the admin key gets a one-time enrolment link, never a password or an authenticator secret', async () => {
    const email = uniqueEmail('enrol-admin');
    const created = await adminCall(server, 'POST', '/staff', { email, role: 'approver' });
    expect(created.status, created.text).toBe(201);
    const data = created.json?.data as Record<string, string>;
    expect(Object.keys(data).sort()).toEqual([
      'email',
      'enrolmentExpiresAt',
      'enrolmentUrl',
      'id',
      'role',
    ]);
    expect(data.enrolmentUrl).toMatch(/^http:\/\/[^/]+\/console\/enrol#[A-Za-z0-9_-]{43}$/);
    expect(created.text).not.toMatch(/otpauth|secret|password/i);
    // The admin key cannot choose the password either (and so sign in as the staff member).
    const chosen = await adminCall(server, 'POST', '/staff', {
      email: uniqueEmail('enrol-admin'),
      role: 'approver',
      password: 'Admin-chosen-password-42',
    });
    expect(chosen.status, chosen.text).toBe(400);

    // Until its owner enrols, the account cannot sign in, whatever is tried.
    for (const code of ['000000', '123456'])
      expect(
        (await post(server, '/session', { email, password: STAFF_PASSWORD, code })).status,
      ).toBe(401);
    // Even with the authenticator shown at the link but not yet confirmed.
    const shown = await post(server, '/enrolment/authenticator', {
      token: tokenOf(data.enrolmentUrl!),
    });
    expect(shown.status, shown.text).toBe(200);
    const pending = (shown.json?.data as { secret: string }).secret;
    const early = await post(server, '/session', {
      email,
      password: STAFF_PASSWORD,
      code: totpCode(pending),
    });
    expect(early.status).toBe(401);
  });

  it('a used, replaced or expired enrolment link is refused', async () => {
    // Used: the staff member enrolled; whoever finds the link later cannot take the account over.
    const account = await createAccount(server, 'approver');
    const { secret } = await enrolAt(server, account.enrolmentUrl);
    const token = tokenOf(account.enrolmentUrl);
    const again = await post(server, '/enrolment/authenticator', { token });
    expect(again.status, again.text).toBe(410);
    expect(again.text).not.toMatch(/otpauth/);
    const takeover = await post(server, '/enrolment', {
      token,
      password: 'Attacker-chosen-password-9',
      code: '123456',
    });
    expect(takeover.status, takeover.text).toBe(410);
    const owner = await signIn(server, account.email, secret);
    expect(owner.response.status, owner.response.text).toBe(200);

    // Replaced: a fresh link ends the old one and the account's sessions.
    const other = await createAccount(server, 'editor');
    const reissued = await adminCall(server, 'POST', '/staff/enrolment', { email: other.email });
    expect(reissued.status, reissued.text).toBe(200);
    const fresh = reissued.json?.data as { enrolmentUrl: string };
    expect(tokenOf(fresh.enrolmentUrl)).not.toBe(tokenOf(other.enrolmentUrl));
    const old = await post(server, '/enrolment/authenticator', {
      token: tokenOf(other.enrolmentUrl),
    });
    expect(old.status, old.text).toBe(410);
    const refreshed = await adminCall(server, 'POST', '/staff/enrolment', {
      email: account.email,
    });
    expect(refreshed.status).toBe(200);
    expect((await owner.staff.request('GET', '/session')).status).toBe(401);
    // Until they enrol again, the old password and authenticator sign in no more.
    expect((await signIn(server, account.email, secret, 1)).response.status).toBe(401);

    // Expired: 72 hours on, the link no longer opens.
    const late = await createAccount(server, 'editor');
    expect(Date.parse(late.enrolmentExpiresAt) - Date.now()).toBeLessThanOrEqual(72 * 3600_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 72 * 3600_000 + 60_000);
      const expired = await post(server, '/enrolment/authenticator', {
        token: tokenOf(late.enrolmentUrl),
      });
      expect(expired.status, expired.text).toBe(410);
    } finally {
      vi.useRealTimers();
    }
    // A link that was never issued.
    const guessed = await post(server, '/enrolment/authenticator', { token: 'A'.repeat(43) });
    expect(guessed.status).toBe(410);
  });

  it('an import is a named staff member’s draft: they cannot approve it, another approver must', async () => {
    const author = await newStaff(server, 'approver');
    const authorSession = (await signIn(server, author.email, author.secret)).staff;
    const other = await newStaff(server, 'approver');
    const otherSession = (await signIn(server, other.email, other.secret)).staff;
    const rules = { GB: { ...structuredClone(GB), name: 'United Kingdom (imported)' } };

    // The old way: drafts by nobody ("admin-key"), which any one approver approves alone.
    const anonymous = await adminCall(server, 'POST', '/rules/drafts', { rules });
    expect(anonymous.status, anonymous.text).toBe(400);
    const unknownAuthor = await adminCall(server, 'POST', '/rules/drafts', {
      rules,
      authorEmail: uniqueEmail('nobody'),
    });
    expect(unknownAuthor.status, unknownAuthor.text).toBe(400);

    const imported = await adminCall(server, 'POST', '/rules/drafts', {
      rules,
      authorEmail: author.email,
    });
    expect(imported.status, imported.text).toBe(201);
    const [draft] = (imported.json?.data as { drafts: { country: string; id: number }[] }).drafts;
    const version = await otherSession.request('GET', `/versions/${draft!.id}`);
    expect(version.json?.data).toMatchObject({ status: 'draft', author: author.email });

    // The author approves their own import: refused (four eyes); nor can they publish it.
    const own = await authorSession.request('POST', `/versions/${draft!.id}/approve`);
    expect(own.status, own.text).toBe(403);
    expect(own.json?.message).toMatch(/^FourEyes: /);
    const ownPublish = await authorSession.request('POST', `/versions/${draft!.id}/publish`);
    expect(ownPublish.status, ownPublish.text).toBe(409);

    // Another approver approves; then it publishes.
    const approved = await otherSession.request('POST', `/versions/${draft!.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    const published = await otherSession.request('POST', `/versions/${draft!.id}/publish`);
    expect(published.status, published.text).toBe(200);
    // Approving checks and publishing builds every form in the rules threads: seconds on a busy
    // 2-core machine.
  }, 90_000);

  it('the console cookies are scoped to the console: the recipients’ pages get neither', async () => {
    const account = await createAccount(server, 'editor');
    const token = tokenOf(account.enrolmentUrl);
    const shown = await post(server, '/enrolment/authenticator', { token });
    const secret = (
      URI.parse((shown.json?.data as { otpauthUri: string }).otpauthUri).secret as Secret
    ).base32;
    const enrolled = await post(server, '/enrolment', {
      token,
      password: STAFF_PASSWORD,
      code: totpCode(secret, await previousStepTime()),
    });
    expect(enrolled.status, enrolled.text).toBe(200);
    const { staff, response } = await signIn(server, account.email, secret);
    expect(response.status, response.text).toBe(200);

    for (const answer of [enrolled, response]) {
      const cookies = setCookies(answer);
      const session = cookies.find((c) => c.name.endsWith('pp_staff_session'));
      const csrf = cookies.find((c) => c.name === 'STAFF-XSRF-TOKEN');
      expect(session).toMatchObject({ path: '/master/console', httpOnly: true });
      expect(csrf).toMatchObject({ path: '/console', httpOnly: false });
      for (const page of ['/', '/dashboard', '/auth/register', '/consent/x.js']) {
        // A script on a recipient's page can neither read the CSRF token nor ride the session.
        expect(pathMatches(page, csrf!.path), page).toBe(false);
        expect(pathMatches(page, session!.path), page).toBe(false);
      }
      // The console's pages read the token; the console's API gets the session.
      expect(pathMatches('/console/countries/GB', csrf!.path)).toBe(true);
      expect(pathMatches('/master/console/v1/countries', session!.path)).toBe(true);
      expect(pathMatches('/master/funnel/v1/me', session!.path)).toBe(false);
    }

    // Signing out clears them at the same paths (else the browser keeps them).
    const csrfToken = staff.browser.cookie('STAFF-XSRF-TOKEN') ?? '';
    const signedOut = await staff.browser.request('DELETE', `${CONSOLE}/session`, undefined, {
      'x-csrf-token': csrfToken,
    });
    expect(signedOut.status, signedOut.text).toBe(200);
    const cleared = setCookies(signedOut);
    expect(cleared.find((c) => c.name.endsWith('pp_staff_session'))?.path).toBe('/master/console');
    expect(cleared.find((c) => c.name === 'STAFF-XSRF-TOKEN')?.path).toBe('/console');
  });

  it('a stolen session cannot change the password or the authenticator without both factors', async () => {
    const victim = await newStaff(server, 'approver');
    const { staff } = await signIn(server, victim.email, victim.secret);
    const thief = new ConsoleStaff(staff.browser.steal());
    const NEW = 'Thief-chosen-password-77';
    const guessed = await thief.request('POST', '/account/password', {
      currentPassword: 'Guessed-password-1234',
      code: '123456',
      newPassword: NEW,
    });
    expect(guessed.status, guessed.text).toBe(403);
    const noCode = await thief.request('POST', '/account/password', {
      currentPassword: STAFF_PASSWORD,
      newPassword: NEW,
    });
    expect(noCode.status, noCode.text).toBe(400);
    // A new authenticator of the thief's, confirmed with its own code: the current factors lack.
    const shown = await thief.request('POST', '/account/authenticator/new');
    expect(shown.status, shown.text).toBe(200);
    const theirs = (shown.json?.data as { secret: string }).secret;
    const swap = await thief.request('POST', '/account/authenticator', {
      password: 'Guessed-password-1234',
      code: '123456',
      newCode: totpCode(theirs),
    });
    expect(swap.status, swap.text).toBe(403);
    // The victim's own password and authenticator still sign in.
    expect((await signIn(server, victim.email, victim.secret, 1)).response.status).toBe(200);
  });
});

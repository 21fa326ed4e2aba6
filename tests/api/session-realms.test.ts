// The one session mechanism (services/session-realm.ts, plugins/session-realm.ts), tested alike in
// both realms over the app's HTTP interface: recipients (the portal) and the rules console's
// staff. Each realm runs with production cookies (COOKIE_SECURE) and short limits (60 s idle,
// 600 s in all); only `Date` is faked where a limit is reached, so the server's own clock moves.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { URI, type Secret } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { totpCode } from '../../src/server/services/totp';
import { DATABASE_KINDS } from './support/databases';
import {
  admin,
  createClaim,
  outbox,
  PASSWORD,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from './support/harness';
import { STAFF_PASSWORD } from './support/staff';
import { previousStepTime } from '../support/totp';

const IDLE_SECONDS = 60;
const ABSOLUTE_SECONDS = 600;

/** A browser's cookie jar for one realm: sends its cookies, echoes the CSRF token on writes. */
class Jar {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly csrfCookie: string,
  ) {}

  async send(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { payload?: object | string; headers?: Record<string, string>; csrf?: string } = {},
  ): Promise<LightMyRequestResponse> {
    const csrf = options.csrf ?? (method === 'GET' ? undefined : this.cookies.get(this.csrfCookie));
    const response = await this.app.inject({
      method,
      url,
      headers: {
        host: 'localhost',
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
        ...options.headers,
      },
      ...(options.payload !== undefined ? { payload: options.payload } : {}),
    });
    for (const c of response.cookies) {
      if (c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }
}

/** One account of a realm: its first session comes with it (registration, enrolment). */
interface Owner {
  first: Jar;
  /** Signs in once more (into `jar`, keeping what it holds); answers the sign-in response. */
  signIn(jar: Jar): Promise<LightMyRequestResponse>;
  /** Changes the account's password, from the session `jar` where the realm needs one. */
  changePassword(jar: Jar): Promise<void>;
}

interface Realm {
  name: string;
  env: Record<string, string>;
  session: { cookie: string; path: string };
  csrf: { cookie: string; path: string };
  sameSite: 'Lax' | 'Strict';
  /** A private read, and a private write (which needs the CSRF token). */
  read: string;
  write: { method: 'POST'; url: string; payload?: object };
  signOut: { method: 'POST' | 'DELETE'; url: string };
  owner(app: FastifyInstance): Promise<Owner>;
}

const sameOriginForm = {
  origin: 'http://localhost',
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/x-www-form-urlencoded',
};
const LOGIN = '/master/auth-app/v1/login';

const recipient: Realm = {
  name: 'recipient',
  // The access window outlasts the session here: only the idle and absolute limits are tested.
  env: {
    IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
    ABSOLUTE_TIMEOUT_SECONDS: String(ABSOLUTE_SECONDS),
    ACCESS_TTL_SECONDS: String(2 * ABSOLUTE_SECONDS),
  },
  session: { cookie: '__Host-pp_session', path: '/' },
  csrf: { cookie: 'XSRF-TOKEN', path: '/' },
  sameSite: 'Lax',
  read: '/master/funnel/v1/me',
  write: { method: 'POST', url: '/master/funnel/v1/me/verify/otp', payload: {} },
  signOut: { method: 'POST', url: '/master/auth-app/v1/logout' },
  async owner(app) {
    const email = uniqueEmail('realm');
    const { claim } = await createClaim(app, email);
    const registered = await new Jar(app, 'XSRF-TOKEN').send('POST', '/master/funnel/v1/me', {
      payload: { data: { email, termsAccepted: true }, password: PASSWORD, claimId: claim.id },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const signIn = async (jar: Jar) => {
      const response = await jar.send('POST', LOGIN, {
        headers: sameOriginForm,
        payload: new URLSearchParams({ email, password: PASSWORD, state: '/' }).toString(),
      });
      expect(response.statusCode, response.body).toBe(303);
      return response;
    };
    const first = new Jar(app, 'XSRF-TOKEN');
    await signIn(first);
    return {
      first,
      signIn,
      // A recipient changes a password through the emailed reset link, signed in or not.
      async changePassword() {
        const anonymous = new Jar(app, 'XSRF-TOKEN');
        const form = (path: string, fields: Record<string, string>) =>
          anonymous.send('POST', path, {
            headers: sameOriginForm,
            payload: new URLSearchParams(fields).toString(),
          });
        await form(`${LOGIN}/forgot`, { email });
        let link: string | undefined;
        for (let i = 0; i < 50 && !link; i++) {
          link = (await outbox(app, email))
            .map((m) => /https?:\/\/\S+\/reset\?\S+/.exec(m.text)?.[0])
            .find((l) => l);
          if (!link) await new Promise((r) => setTimeout(r, 100));
        }
        const token = new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
        const password = 'Lantern-88-harbour';
        const reset = await form(`${LOGIN}/reset`, {
          token,
          password,
          passwordConfirmation: password,
        });
        expect(reset.statusCode, reset.body).toBeLessThan(400);
      },
    };
  },
};

const CONSOLE = '/master/console/v1';

const staff: Realm = {
  name: 'staff',
  env: {
    STAFF_IDLE_SECONDS: String(IDLE_SECONDS),
    STAFF_ABSOLUTE_SECONDS: String(ABSOLUTE_SECONDS),
  },
  session: { cookie: '__Secure-pp_staff_session', path: '/master/console' },
  csrf: { cookie: 'STAFF-XSRF-TOKEN', path: '/console' },
  sameSite: 'Strict',
  read: `${CONSOLE}/session`,
  write: { method: 'POST', url: `${CONSOLE}/account/authenticator/new` },
  signOut: { method: 'DELETE', url: `${CONSOLE}/session` },
  // Enrolled at the link with the previous 30 s step's code (its session is `first`); signs in
  // with this step's and changes the password with the next one's: a code is never used twice.
  async owner(app) {
    const email = uniqueEmail('realm-staff');
    const created = await admin<{ enrolmentUrl: string }>(app, 'POST', '/staff', {
      email,
      role: 'editor',
    });
    expect(created.status).toBe(201);
    const token = new URL(created.body.data.enrolmentUrl).hash.slice(1);
    const first = new Jar(app, 'STAFF-XSRF-TOKEN');
    const shown = await first.send('POST', `${CONSOLE}/enrolment/authenticator`, {
      payload: { token },
    });
    const uri = (shown.json() as { data: { otpauthUri: string } }).data.otpauthUri;
    const secret = (URI.parse(uri).secret as Secret).base32;
    const enrolled = await first.send('POST', `${CONSOLE}/enrolment`, {
      payload: {
        token,
        password: STAFF_PASSWORD,
        code: totpCode(secret, await previousStepTime()),
      },
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    return {
      first,
      async signIn(jar) {
        const response = await jar.send('POST', `${CONSOLE}/session`, {
          payload: { email, password: STAFF_PASSWORD, code: totpCode(secret) },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response;
      },
      async changePassword(jar) {
        const changed = await jar.send('POST', `${CONSOLE}/account/password`, {
          payload: {
            currentPassword: STAFF_PASSWORD,
            code: totpCode(secret, Date.now() + 30_000),
            newPassword: 'Console-meadow-77-harbour',
          },
        });
        expect(changed.statusCode, changed.body).toBe(200);
      },
    };
  },
};

describe.each(DATABASE_KINDS)('session realms on %s', (kind) => {
  describe.each([recipient, staff])('$name sessions', (realm) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { COOKIE_SECURE: '1', ...realm.env });
    });
    afterAll(async () => t?.close());
    afterEach(() => {
      vi.useRealTimers();
    });

    const jar = () => new Jar(t.app, realm.csrf.cookie);
    const read = async (from: Jar) => (await from.send('GET', realm.read)).statusCode;
    const idOf = (from: Jar) => from.cookies.get(realm.session.cookie);
    /** A jar holding only a copy of another's session cookie (a stolen or kept cookie). */
    const copyOf = (from: Jar) => {
      const copy = jar();
      copy.cookies.set(realm.session.cookie, idOf(from) ?? '');
      return copy;
    };
    const fakeClock = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });

    it('gives a new session id at every sign-in, never one the browser brought', async () => {
      const owner = await realm.owner(t.app);
      const planted = jar();
      planted.cookies.set(realm.session.cookie, 'planted-by-an-attacker-0123456789abcdefghij');
      await owner.signIn(planted);
      const id = idOf(planted);
      expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(id).not.toBe(idOf(owner.first));
      expect(await read(planted)).toBe(200);
      const attacker = jar();
      attacker.cookies.set(realm.session.cookie, 'planted-by-an-attacker-0123456789abcdefghij');
      expect(await read(attacker)).toBe(401);
    });

    it('sets its cookies with the realm’s name, path and attributes', async () => {
      const owner = await realm.owner(t.app);
      const response = await owner.signIn(jar());
      const cookie = (name: string) => response.cookies.find((c) => c.name === name);
      expect(cookie(realm.session.cookie)).toMatchObject({
        path: realm.session.path,
        httpOnly: true,
        secure: true,
        sameSite: realm.sameSite,
      });
      expect(cookie(realm.session.cookie)).not.toHaveProperty('domain');
      const csrf = cookie(realm.csrf.cookie);
      expect(csrf).toMatchObject({ path: realm.csrf.path, secure: true, sameSite: realm.sameSite });
      expect(csrf?.httpOnly).toBeFalsy();
    });

    it('ends a session idle past the limit; activity keeps it alive', async () => {
      const owner = await realm.owner(t.app);
      const session = owner.first;
      fakeClock();
      for (let i = 0; i < 3; i++) {
        vi.setSystemTime(Date.now() + (IDLE_SECONDS - 10) * 1000);
        expect(await read(session)).toBe(200);
      }
      vi.setSystemTime(Date.now() + (IDLE_SECONDS + 1) * 1000);
      expect(await read(session)).toBe(401);
    });

    it('ends a session when the absolute limit is reached, to the millisecond', async () => {
      const owner = await realm.owner(t.app);
      fakeClock();
      const signedInAt = Date.now();
      const session = jar();
      await owner.signIn(session);
      // Active all along, so only the absolute limit can end it.
      while (Date.now() + (IDLE_SECONDS - 10) * 1000 < signedInAt + ABSOLUTE_SECONDS * 1000) {
        vi.setSystemTime(Date.now() + (IDLE_SECONDS - 10) * 1000);
        expect(await read(session)).toBe(200);
      }
      vi.setSystemTime(signedInAt + ABSOLUTE_SECONDS * 1000 - 1);
      expect(await read(session)).toBe(200);
      vi.setSystemTime(signedInAt + ABSOLUTE_SECONDS * 1000);
      expect(await read(session)).toBe(401);
    });

    it('refuses a write without the CSRF token or with another session’s token', async () => {
      const { first } = await realm.owner(t.app);
      const other = (await realm.owner(t.app)).first;
      const { method, url, payload } = realm.write;
      const copy = () => {
        const replay = copyOf(first);
        replay.cookies.set(realm.csrf.cookie, first.cookies.get(realm.csrf.cookie) ?? '');
        return replay;
      };
      const missing = await copy().send(method, url, { payload, csrf: '' });
      const foreign = await copy().send(method, url, {
        payload,
        csrf: other.cookies.get(realm.csrf.cookie) ?? 'x',
      });
      for (const refused of [missing, foreign]) {
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ message: string }>().message).toMatch(/^CsrfTokenMissing/);
      }
      expect((await first.send(method, url, { payload })).statusCode).toBe(200);
    });

    it('signing out ends the session on the server, not only in the browser', async () => {
      const { first } = await realm.owner(t.app);
      const kept = copyOf(first);
      expect(await read(kept)).toBe(200);
      const out = await first.send(realm.signOut.method, realm.signOut.url);
      expect(out.statusCode).toBeLessThan(400);
      expect(idOf(first)).toBeUndefined();
      expect(first.cookies.has(realm.csrf.cookie)).toBe(false);
      expect(await read(kept)).toBe(401);
    });

    it('ends the other sessions of an account whose password changed', async () => {
      const owner = await realm.owner(t.app);
      const second = jar();
      await owner.signIn(second);
      expect(await read(owner.first)).toBe(200);
      await owner.changePassword(second);
      expect(await read(owner.first)).toBe(401);
    });
  });
});

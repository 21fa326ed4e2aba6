// Attacks on the forgotten-password path, over real HTTP: finding out which emails have accounts,
// replaying or guessing a reset link, resetting from another site, flooding a victim's inbox, a
// weak new password, a stolen session that outlives the reset, and an older link that undoes it.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  HttpBrowser,
  outbox,
  PASSWORD,
  rawRequest,
  registeredUser,
  rowsOf,
  startLiveServer,
  uniqueEmail,
  type LiveServer,
} from './support/server';

const LOGIN = '/master/auth-app/v1/login';
const FORGOT = `${LOGIN}/forgot`;
const RESET = `${LOGIN}/reset`;
const NEW_PASSWORD = 'Lantern-88-harbour';

const sameOrigin = {
  host: 'localhost',
  origin: 'http://localhost',
  'sec-fetch-site': 'same-origin',
};
const form = (server: LiveServer, path: string, fields: Record<string, string>, headers = {}) =>
  rawRequest(
    server,
    'POST',
    path,
    { ...sameOrigin, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    new URLSearchParams(fields).toString(),
  );

/** The reset links mailed to `to`, newest first (mail goes out after the answer: wait for it). */
async function resetLinks(server: LiveServer, to: string, atLeast = 1): Promise<string[]> {
  for (let i = 0; i < 50; i++) {
    const links = (await outbox(server, to))
      .map((m) => /https?:\/\/\S+\/reset\?\S+/.exec(m.text)?.[0])
      .filter((l): l is string => !!l);
    if (links.length >= atLeast) return links;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset link reached ${to}`);
}
const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';

/** A mail text of `locale` (mail.<kind>.<part>) as a pattern, its placeholders matching anything. */
const mailText = (locale: string, kind: string, part: 'subject' | 'body'): RegExp => {
  const common = JSON.parse(readFileSync(`locales/${locale}/common.json`, 'utf8')) as {
    mail: Record<string, Record<string, string> | undefined>;
  };
  const text = common.mail[kind]?.[part] ?? '';
  expect(text, `${locale} mail.${kind}.${part}`).not.toBe('');
  const parts = text.split(/\{\{\w+\}\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`, 's');
};

describe.each(DATABASE_KINDS)('password reset attacks on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind, { RATE_LIMIT_SCALE: '20' });
  });
  afterAll(async () => server?.close());

  it('answers alike for an account and for no account, and mails only the account', async () => {
    const user = await registeredUser(server);
    const nobody = uniqueEmail('nobody');
    const known = await form(server, FORGOT, { email: user.email });
    const unknown = await form(server, FORGOT, { email: nobody });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    // The page differs only by the email typed back into the field.
    expect(known.text.replaceAll(user.email, 'E')).toBe(unknown.text.replaceAll(nobody, 'E'));
    expect(await resetLinks(server, user.email)).toHaveLength(1);
    expect(await outbox(server, nobody)).toEqual([]);
  });

  it('sets the new password once, with the register rules, and ends every session', async () => {
    const user = await registeredUser(server);
    const stolen = user.browser.steal();
    expect((await stolen.api('GET', '/me')).status).toBe(200);
    await form(server, FORGOT, { email: user.email });
    const [link] = await resetLinks(server, user.email);
    const token = tokenOf(link!);
    expect(link).toContain(`${RESET}?`);

    const page = await rawRequest(server, 'GET', `${RESET}?token=${token}`, { host: 'localhost' });
    expect(page.status).toBe(200);
    expect(page.headers['referrer-policy']).toBe('same-origin');

    // The register form's rules: too short, the email itself, not the same twice.
    const weak = await form(server, RESET, {
      token,
      password: 'short1',
      passwordConfirmation: 'short1',
    });
    expect(weak.status).toBe(400);
    expect(weak.text).toContain('aria-invalid="true"');
    const mismatch = await form(server, RESET, {
      token,
      password: NEW_PASSWORD,
      passwordConfirmation: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.status).toBe(400);

    const crossSite = await form(
      server,
      RESET,
      { token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);

    const done = await form(server, RESET, {
      token,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(done.status).toBe(200);
    expect((await stolen.api('GET', '/me')).status).toBe(401);
    expect((await user.browser.api('GET', '/me')).status).toBe(401);

    const replay = await form(server, RESET, {
      token,
      password: 'Another-77-meadow',
      passwordConfirmation: 'Another-77-meadow',
    });
    expect(replay.status).toBe(410);
    expect((await rawRequest(server, 'GET', `${RESET}?token=${token}`, {})).status).toBe(410);

    const fresh = new HttpBrowser(server);
    expect((await fresh.signIn(user.email, PASSWORD)).status).not.toBe(303);
    expect((await fresh.signIn(user.email, NEW_PASSWORD)).status).toBe(303);
  });

  it('refuses a guessed or expired link and stores only a digest of the token', async () => {
    const user = await registeredUser(server);
    await form(server, FORGOT, { email: user.email });
    const [link] = await resetLinks(server, user.email);
    const token = tokenOf(link!);
    const stored = rowsOf<{ id: string }>(
      await server.database.db.execute(
        sql`select id, expires_at from tokens where purpose = 'PASSWORD_RESET' and email = ${user.email}`,
      ),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toContain(token);

    const guessed = await form(server, RESET, {
      token: 'A'.repeat(43),
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(guessed.status).toBe(410);

    await server.database.db.execute(
      sql`update tokens set expires_at = now() - interval '1 minute' where purpose = 'PASSWORD_RESET' and email = ${user.email}`,
    );
    const expired = await form(server, RESET, {
      token,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(expired.status).toBe(410);
    expect((await new HttpBrowser(server).signIn(user.email, PASSWORD)).status).toBe(303);
  });

  it('ends every other reset link with the reset, and mails a notice in the stored language', async () => {
    const user = await registeredUser(server);
    // The account's stored language (its portal's default here is English).
    await server.database.db.execute(
      sql`update profiles set preferred_language = 'de' where id = ${user.profileId}`,
    );
    // Two links: the victim's own, and a second one (or the other way round).
    await form(server, FORGOT, { email: user.email });
    const [older] = await resetLinks(server, user.email, 1);
    await form(server, FORGOT, { email: user.email });
    const newer = (await resetLinks(server, user.email, 2)).find((l) => l !== older);
    expect(newer).toBeDefined();
    expect(tokenOf(newer!)).not.toBe(tokenOf(older!));

    const done = await form(server, RESET, {
      token: tokenOf(newer!),
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(done.status).toBe(200);

    // The older link no longer shows the form nor sets a password.
    const page = await rawRequest(server, 'GET', `${RESET}?token=${tokenOf(older!)}`, {});
    expect(page.status).toBe(410);
    const undo = await form(server, RESET, {
      token: tokenOf(older!),
      password: 'Another-77-meadow',
      passwordConfirmation: 'Another-77-meadow',
    });
    expect(undo.status).toBe(410);
    expect((await new HttpBrowser(server).signIn(user.email, 'Another-77-meadow')).status).not.toBe(
      303,
    );
    expect((await new HttpBrowser(server).signIn(user.email, NEW_PASSWORD)).status).toBe(303);
    const live = rowsOf<{ id: string }>(
      await server.database.db.execute(
        sql`select id from tokens where purpose = 'PASSWORD_RESET' and email = ${user.email} and used_at is null`,
      ),
    );
    expect(live).toEqual([]);

    // "Your password was changed", in German, with no reset link in it.
    let notice: { subject: string; text: string } | undefined;
    for (let i = 0; i < 50 && !notice; i++) {
      notice = (await outbox(server, user.email)).find(
        (m) =>
          !/\/reset\?/.test(m.text) && mailText('de', 'passwordChanged', 'subject').test(m.subject),
      );
      if (!notice) await new Promise((r) => setTimeout(r, 100));
    }
    expect(notice, 'the password-changed notice').toBeDefined();
    expect(notice!.text).toMatch(mailText('de', 'passwordChanged', 'body'));
    expect(notice!.text).toContain(`${FORGOT}?lang=de`);
  });

  it('mails an account at most three links an hour, however often it is asked', async () => {
    const user = await registeredUser(server);
    for (let i = 0; i < 5; i++) {
      const asked = await form(server, FORGOT, { email: user.email });
      expect(asked.status).toBe(200);
    }
    await resetLinks(server, user.email, 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(await resetLinks(server, user.email)).toHaveLength(3);
  });
});

// The session's idle clock is written at most once a minute, so a read costs no write. What must
// still hold: idle sessions end, activity keeps a session alive, polls are not activity, a
// revocation is refused at once by every server process sharing the database, and every write
// needs the CSRF token.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { StatementCachingPGlite } from '../../src/server/db/pglite-statements';
import { sessions } from '../../src/server/db/schema';
import { TOUCH_INTERVAL_SECONDS, touchIntervalMs } from '../../src/server/services/sessions';
import { DATABASE_KINDS } from './support/databases';
import { registeredUser, startTestApp, type TestApp } from './support/harness';

const MINUTE = 60_000;

describe('touchIntervalMs', () => {
  it('is a minute for the 30-minute default, a thirtieth of a shorter timeout', () => {
    expect(touchIntervalMs(30 * 60)).toBe(TOUCH_INTERVAL_SECONDS * 1000);
    expect(touchIntervalMs(12 * 60 * 60)).toBe(60_000);
    expect(touchIntervalMs(60)).toBe(2_000);
  });
});

describe.each(DATABASE_KINDS)('session activity on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const lastSeen = async (profileId: string): Promise<number> => {
    const [row] = await t.database.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.profileId, profileId));
    return row?.lastSeenAt.getTime() ?? Number.NaN;
  };
  const setLastSeen = (profileId: string, msAgo: number) =>
    t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - msAgo) })
      .where(eq(sessions.profileId, profileId));

  it('writes no activity for a read within a minute of the last one', async () => {
    const { browser, profileId } = await registeredUser(t.app);
    await setLastSeen(profileId, 30_000);
    const before = await lastSeen(profileId);
    expect((await browser.api('GET', '/me')).status).toBe(200);
    expect((await browser.api('GET', '/payment-methods')).status).toBe(200);
    expect(await lastSeen(profileId)).toBe(before);
  });

  it('reads the session and the whole profile of GET /me in one query', async () => {
    const { browser } = await registeredUser(t.app);
    // What either driver is handed while the request runs (the spies call through).
    const pgQuery = vi.spyOn(pg.Client.prototype, 'query');
    const pgliteQuery = vi.spyOn(StatementCachingPGlite.prototype, 'query');
    try {
      expect((await browser.api('GET', '/me')).status).toBe(200);
      const statements = [...pgQuery.mock.calls, ...pgliteQuery.mock.calls].map(([query]) =>
        typeof query === 'string' ? query : (query as { text: string }).text,
      );
      const profileReads = statements.filter((text) => text.includes('"profiles"'));
      expect(profileReads).toHaveLength(1);
      expect(profileReads[0]).toContain('"sessions"');
    } finally {
      pgQuery.mockRestore();
      pgliteQuery.mockRestore();
    }
  });

  it('records activity once the recorded one is older than a minute', async () => {
    const { browser, profileId } = await registeredUser(t.app);
    await setLastSeen(profileId, 2 * MINUTE);
    const start = Date.now();
    expect((await browser.api('GET', '/me')).status).toBe(200);
    expect(await lastSeen(profileId)).toBeGreaterThanOrEqual(start - 1000);
  });

  it('keeps a session alive whose last recorded activity is 29 minutes old', async () => {
    const { browser, profileId } = await registeredUser(t.app);
    await setLastSeen(profileId, 29 * MINUTE);
    expect((await browser.api('GET', '/me')).status).toBe(200);
    // The read counted: the session now has another 30 minutes.
    expect(Date.now() - (await lastSeen(profileId))).toBeLessThan(MINUTE);
    expect((await browser.api('GET', '/me')).status).toBe(200);
  });

  it('ends a session idle for longer than 30 minutes, whatever the route', async () => {
    const { browser, profileId } = await registeredUser(t.app);
    await setLastSeen(profileId, 30 * MINUTE + 5_000);
    expect((await browser.api('GET', '/me')).status).toBe(401);
    expect((await browser.api('GET', '/payment-methods')).status).toBe(401);
    expect((await browser.api('PATCH', '/me', { preferredLanguage: 'fr' })).status).toBe(401);
  });

  it('does not count a status poll as activity', async () => {
    const { browser, profileId } = await registeredUser(t.app);
    await setLastSeen(profileId, 10 * MINUTE);
    const before = await lastSeen(profileId);
    expect((await browser.api('GET', '/me/status')).status).toBe(200);
    expect(await lastSeen(profileId)).toBe(before);
  });

  it('refuses a write without the CSRF token or with another session’s token', async () => {
    const { browser } = await registeredUser(t.app);
    const { browser: other } = await registeredUser(t.app);
    const cookie = `pp_session=${browser.cookie('pp_session')}; XSRF-TOKEN=${browser.cookie('XSRF-TOKEN')}`;
    for (const token of [undefined, other.cookie('XSRF-TOKEN') ?? 'x']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/master/funnel/v1/me/verify/otp',
        headers: { host: 'localhost', cookie, ...(token ? { 'x-csrf-token': token } : {}) },
        payload: {},
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/^CsrfTokenMissing/);
    }
    expect((await browser.api('POST', '/me/verify/otp', {})).status).toBe(200);
  });

  describe('with a second server process on the same database', () => {
    let second: FastifyInstance;
    beforeAll(async () => {
      second = await buildApp({ config: t.config, database: t.database, logger: false });
      await second.ready();
    });
    afterAll(async () => second?.close());

    it('refuses a signed-out session at once on every process', async () => {
      const { browser } = await registeredUser(t.app);
      const cookie = `pp_session=${browser.cookie('pp_session')}`;
      const read = () =>
        second.inject({
          method: 'GET',
          url: '/master/funnel/v1/me',
          headers: { host: 'localhost', cookie },
        });
      // Both processes served the session a moment ago.
      expect((await browser.api('GET', '/me')).status).toBe(200);
      expect((await read()).statusCode).toBe(200);
      await browser.request('POST', '/master/auth-app/v1/logout');
      expect((await read()).statusCode).toBe(401);
    });

    it('refuses a session revoked for its profile (all sessions) at once on every process', async () => {
      const { browser, profileId } = await registeredUser(t.app);
      const cookie = `pp_session=${browser.cookie('pp_session')}`;
      const read = () =>
        second.inject({
          method: 'GET',
          url: '/master/funnel/v1/payment-methods',
          headers: { host: 'localhost', cookie },
        });
      expect((await read()).statusCode).toBe(200);
      await t.app.sessions.revokeAllFor(profileId);
      expect((await read()).statusCode).toBe(401);
      expect((await browser.api('GET', '/payment-methods')).status).toBe(401);
    });
  });
});

// Configuration by host, merchant file checks, sessions shared by processes, mail over SMTP,
// shared rate limits, logs without secrets, the OpenAPI document.
import { mkdtempSync, writeFileSync, readFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { REPO_ROOT } from '../../src/core/schemas/catalog';
import { loadMerchants } from '../../src/server/services/merchants';
import { openTestDatabase } from './support/databases';
import {
  activatedUser,
  ADMIN_KEY,
  Browser,
  createClaim,
  latestOtp,
  PASSWORD,
  registeredUser,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from './support/harness';
import { loadConfig } from '../../src/server/config';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('serves the configuration of the merchant the host name selects', async () => {
    const demo = await new Browser(t.app, 'localhost:8080').api<{
      branding: { theme: string };
      supportedLocales: string[];
    }>('GET', '/configs');
    const dark = await new Browser(t.app, 'dark.localhost:8080').api<{
      branding: { theme: string; hideLanguageMenu: boolean };
      supportedLocales: string[];
      defaultLocale: string;
    }>('GET', '/configs');
    const unknown = await new Browser(t.app, 'portal.example.org').api<{
      branding: { portalName: string };
    }>('GET', '/configs');
    expect(demo.body.data.branding.theme).toBe('light');
    expect(dark.body.data.branding).toMatchObject({ theme: 'dark', hideLanguageMenu: true });
    expect(dark.body.data.supportedLocales).not.toEqual(demo.body.data.supportedLocales);
    expect(dark.body.data.defaultLocale).toBe('es');
    expect(unknown.body.data.branding.portalName).toBe('Payee Portal');
  });

  it('stops on a broken merchant file with a message naming the file and the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'merchants-'));
    cpSync(join(REPO_ROOT, 'config/merchants'), dir, { recursive: true });
    const file = join(dir, 'nightfall.json');
    const merchant = JSON.parse(readFileSync(file, 'utf8'));
    merchant.configuration.branding.theme = 'purple';
    delete merchant.configuration.appConfig.loginPagePath;
    writeFileSync(file, JSON.stringify(merchant));
    expect(() => loadMerchants(dir)).toThrow(
      /nightfall\.json: .*configuration\.appConfig\.loginPagePath must have required property/,
    );
    expect(() => loadMerchants(dir)).toThrow(
      /configuration\.branding\.theme must be equal to one of the allowed values/,
    );
  });

  it('keeps sessions in the database: a second server process accepts them, and so does a restart', async () => {
    const { browser } = await registeredUser(t.app);
    const second = await buildApp({ config: t.config, database: t.database, logger: false });
    const cookie = `pp_session=${browser.cookie('pp_session')}`;
    const response = await second.inject({
      method: 'GET',
      url: '/master/funnel/v1/me/status',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    await second.close();
  });

  it('sends mail over SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => {
          received.push(text);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    const mailing = await startTestApp('pglite', { SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const email = uniqueEmail('smtp');
      const { claim } = await createClaim(mailing.app, email, '20.00', 'EUR');
      await expect.poll(() => received.length).toBe(1);
      expect(received[0]).toContain(`To: ${email}`);
      expect(received[0]?.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(
        `/auth/register?claim_id=${claim.id}`,
      );
    } finally {
      await mailing.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('rate-limits sign-in attempts per address (limits at their real values)', async () => {
    const strict = await startTestApp('pglite', { RATE_LIMIT_SCALE: '1' });
    try {
      const browser = new Browser(strict.app);
      const statuses: number[] = [];
      // A new email each time: the limit per address is tested here, not the lock per email.
      for (let i = 0; i < 31; i++)
        statuses.push((await browser.signIn(uniqueEmail('nobody'), 'wrong-pass-1')).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await strict.close();
    }
    // 31 sign-ins each hash a password on purpose: slow under a loaded machine.
  }, 120_000);

  it.runIf(process.env.REDIS_URL)(
    'shares rate limits between server processes through Redis',
    async () => {
      const database = await openTestDatabase('pglite');
      const config = loadConfig({
        NODE_ENV: 'test',
        ADMIN_API_KEY: ADMIN_KEY,
        RATE_LIMIT_SCALE: '1',
        DATA_DIR: '/tmp/payee-test-data',
      });
      const redisA = new Redis(process.env.REDIS_URL ?? '');
      const redisB = new Redis(process.env.REDIS_URL ?? '');
      const stale = await redisA.keys('payee-portal-rl:*');
      if (stale.length) await redisA.del(...stale);
      const a = await buildApp({ config, database, redis: redisA, logger: false });
      const b = await buildApp({ config, database, redis: redisB, logger: false });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 31; i++)
          statuses.push(
            (await new Browser(i % 2 ? a : b).signIn(uniqueEmail('nobody'), 'wrong-pass-1'))
              .statusCode,
          );
        expect(statuses.filter((s) => s === 429)).toHaveLength(1);
        expect(statuses[30]).toBe(429);
      } finally {
        await a.close();
        await b.close();
        redisA.disconnect();
        redisB.disconnect();
        await database.close();
      }
    },
    120_000,
  );

  it('never logs a password, a code, a session id, a token or the admin key', async () => {
    let logs = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logs += chunk.toString();
        callback();
      },
    });
    const database = await openTestDatabase('pglite');
    const config = loadConfig({
      NODE_ENV: 'test',
      ADMIN_API_KEY: ADMIN_KEY,
      RATE_LIMIT_SCALE: '100',
      DATA_DIR: '/tmp/payee-test-data',
      DEV_OUTBOX: '1',
    });
    const app = await buildApp({ config, database, logger: { level: 'debug', stream } });
    try {
      const user = await activatedUser(app);
      await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
        paymentMethodId: user.profileId,
      });
      const code = await latestOtp(app, user.email);
      await user.browser.api('PUT', `/claims/${user.claimId}/accept`, {
        otp: code,
        paymentMethodId: user.profileId,
      });
      await user.browser.signIn(user.email, 'Wrong-password-9');
      // One line per request, when it completes, with what an operator needs of it.
      const lines = logs
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const completed = lines.filter((line) => line.msg === 'request completed');
      expect(completed.length).toBeGreaterThan(5);
      expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
      expect(completed[0]).toMatchObject({
        req: { method: expect.any(String), url: expect.any(String) },
        res: { statusCode: expect.any(Number) },
        responseTime: expect.any(Number),
        reqId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      for (const secret of [
        PASSWORD,
        'Wrong-password-9',
        code,
        user.browser.cookie('pp_session') ?? 'x',
        user.browser.cookie('XSRF-TOKEN') ?? 'x',
        ADMIN_KEY,
      ]) {
        expect(logs, 'a secret reached the log').not.toContain(secret);
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("tags every answer with a request id unique across processes, keeping a proxy's own", async () => {
    const first = await t.app.inject({ method: 'GET', url: '/configs' });
    const second = await t.app.inject({ method: 'GET', url: '/nowhere' });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).toMatch(uuid);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/configs',
      headers: { 'x-request-id': 'lb-7f3a9c21-0001' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21-0001');
    // Anything but a plain token (log forging, huge values) is replaced, never echoed.
    for (const forged of [
      'a b c d e f g h',
      'x'.repeat(300),
      'short',
      'id\u00e9\u00e9\u00e9\u00e9\u00e9',
    ]) {
      const replaced = await t.app.inject({
        method: 'GET',
        url: '/configs',
        headers: { 'x-request-id': forged },
      });
      expect(replaced.headers['x-request-id']).toMatch(uuid);
    }
  });

  it('publishes an OpenAPI document of the routes at /master/docs/openapi.json', async () => {
    const response = await new Browser(t.app).get<never>('/master/docs/openapi.json');
    const doc = response.body as unknown as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/master/funnel/v1/me', '/master/funnel/v1/claims/{id}/accept']),
    );
  });

  it('refuses the admin API without the key', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/master/admin/v1/claims',
      payload: { email: 'a@b.co', amount: '1', currency: 'USD' },
    });
    expect(response.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/master/admin/v1/claims',
      headers: { 'x-admin-key': 'nope' },
      payload: { email: 'a@b.co', amount: '1', currency: 'USD' },
    });
    expect(wrong.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/master/admin/v1/claims',
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: { email: 'not-an-email', amount: '-1', currency: 'usd' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['/amount', '/currency', '/email']);
  });
});

// Attacks on the platform around the funnel: the admin API walking a profile around the lifecycle,
// production started with simulators or without a key, old invitation links, tokens and personal
// data in the log, sealed values after a key rotation, card numbers under the application key.
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { cardVaultKey, createSealer, parseKey } from '../../src/server/services/encryption';
import {
  activatedUser,
  ADMIN_KEY,
  adminCall,
  createClaim,
  DATABASE_KINDS,
  HttpBrowser,
  PASSWORD,
  rawRequest,
  registeredUser,
  startLiveServer,
  TEST_ENCRYPTION_KEY,
  uniqueEmail,
  type LiveServer,
} from './support/server';
import { US_ACH } from '../fixtures/payout-methods';

const OTHER_KEY = Buffer.alloc(32, 7).toString('base64');
const PRODUCTION = { NODE_ENV: 'production', ADMIN_API_KEY: ADMIN_KEY };
const ALL_SIMULATORS = 'identity-proofing,paypal,card-vault,exchange-rates';

const setStatus = (server: LiveServer, id: string, status: string) =>
  adminCall(server, 'PUT', `/profiles/${id}/status`, { status });

describe.each(DATABASE_KINDS)('the platform on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind);
  });
  afterAll(async () => server?.close());

  it('returns a blocked profile only to the status it had before', async () => {
    const fresh = await registeredUser(server);
    expect((await setStatus(server, fresh.profileId, 'LOCKED')).status).toBe(200);
    const skip = await setStatus(server, fresh.profileId, 'ACTIVATED');
    expect(skip.status).toBe(409);
    expect(skip.json!.message).toMatch(/^IllegalStatusTransition/);
    expect((await setStatus(server, fresh.profileId, 'DEACTIVATED')).status).toBe(200);
    expect((await setStatus(server, fresh.profileId, 'ACTIVATED')).status).toBe(409);
    const back = await setStatus(server, fresh.profileId, 'CREATED');
    expect(back.status).toBe(200);
    expect(back.json!.data).toMatchObject({ status: 'CREATED' });

    const active = await activatedUser(server);
    expect((await setStatus(server, active.profileId, 'DEACTIVATED')).status).toBe(200);
    expect((await setStatus(server, active.profileId, 'VERIFIED')).status).toBe(409);
    expect((await setStatus(server, active.profileId, 'ACTIVATED')).status).toBe(200);
  });

  it('refuses invitation links older than INVITATION_TTL_DAYS', async () => {
    const expiring = await startLiveServer(kind, { INVITATION_TTL_DAYS: '0' }, server.database);
    try {
      const email = uniqueEmail('late');
      const created = await createClaim(expiring, email);
      const byToken = await rawRequest(
        expiring,
        'GET',
        `/master/funnel/v1/tokens/${created.tokenId}`,
        {
          host: 'localhost',
        },
      );
      expect(byToken.status).toBe(410);
      expect(byToken.json!.message).toMatch(/^TokenExpired/);
      const byClaim = await rawRequest(
        expiring,
        'GET',
        `/master/funnel/v1/tokens/${created.claim.id}`,
        {
          host: 'localhost',
        },
      );
      expect(byClaim.status).toBe(410);
      const register = await new HttpBrowser(expiring).api('POST', '/me', {
        data: { email, termsAccepted: true },
        password: PASSWORD,
        claimId: created.claim.id,
      });
      expect(register.status).toBe(410);
      const confirm = await new HttpBrowser(expiring).api('POST', '/me/confirm', {
        tokenId: created.tokenId,
        password: PASSWORD,
        termsAccepted: true,
      });
      expect(confirm.status).toBe(410);
    } finally {
      await expiring.close();
    }
  });

  it('opens values sealed under a previous key after a rotation, and seals new ones under the new key', async () => {
    const user = await activatedUser(server);
    const added = await user.browser.api('POST', '/payment-methods/bank-accounts', {
      ...US_ACH,
      nickname: 'Rent',
    });
    expect(added.status, added.text).toBe(200);
    const id = (added.json!.data as { bankAccount: { id: string } }).bankAccount.id;
    const rotated = await startLiveServer(
      kind,
      { APP_ENCRYPTION_KEY: OTHER_KEY, APP_ENCRYPTION_PREVIOUS_KEYS: TEST_ENCRYPTION_KEY },
      server.database,
    );
    try {
      const browser = new HttpBrowser(rotated);
      expect((await browser.signIn(user.email)).status).toBe(303);
      // The stored numbers are kept (opened with the previous key) and sealed again.
      const edited = await browser.api('PUT', `/payment-methods/bank-accounts/${id}`, {
        countryCode: 'US',
        transferMethod: 'ACH',
        accountType: 'CHECKING',
        bankName: 'First Bank',
        nickname: 'Rent, renamed',
      });
      expect(edited.status, edited.text).toBe(200);
      const rows = await server.database.db.execute<{ sealed: string }>(
        sql`select sealed from payment_methods where id = ${id}`,
      );
      const sealed = (rows as unknown as { rows?: { sealed: string }[] }).rows ?? rows;
      const value = (sealed as { sealed: string }[])[0]!.sealed;
      const current = createSealer(parseKey(OTHER_KEY));
      expect(current.open(value, `payment_methods:${id}`)).toContain('123456789');
    } finally {
      await rotated.close();
    }
  });

  it('seals card numbers in the vault under a key of its own', async () => {
    const user = await activatedUser(server);
    const pan = '4111111111111111';
    const added = await user.browser.api('POST', '/payment-methods/debit-card', {
      nameOnCard: 'Ana Lima',
      pan,
      panConfirmation: pan,
      expiryDate: '11/38',
      cvc: '123',
      addressLine1: '1 Main St',
      addressCity: 'Austin',
      addressPostalCode: '78701',
      addressCountryCode: 'US',
    });
    expect(added.status, added.text).toBe(200);
    const result = await server.database.db.execute<{ token: string; sealed_pan: string }>(
      sql`select token, sealed_pan from card_vault order by created_at desc limit 1`,
    );
    const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as {
      token: string;
      sealed_pan: string;
    }[];
    const row = rows[0]!;
    expect(row.sealed_pan).not.toContain(pan);
    const appSealer = createSealer(parseKey(TEST_ENCRYPTION_KEY));
    expect(() => appSealer.open(row.sealed_pan, `card_vault:${row.token}`)).toThrow();
    const vaultSealer = createSealer(cardVaultKey(parseKey(TEST_ENCRYPTION_KEY)));
    expect(vaultSealer.open(row.sealed_pan, `card_vault:${row.token}`)).toBe(pan);
  });
});

describe('production mode', () => {
  it('refuses to start without APP_ENCRYPTION_KEY', () => {
    expect(() => loadConfig({ ...PRODUCTION })).toThrow(/APP_ENCRYPTION_KEY must be set/);
  });

  it('refuses to start with an ADMIN_API_KEY under 32 characters, naming the variable', async () => {
    const short = {
      ...PRODUCTION,
      ALLOW_SIMULATORS: ALL_SIMULATORS,
      ADMIN_API_KEY: 'k'.repeat(31),
    };
    await expect(startLiveServer(DATABASE_KINDS[0]!, short)).rejects.toThrow(
      /ADMIN_API_KEY must be at least 32 characters when NODE_ENV=production/,
    );
    // The message names the variable, never the key.
    expect(() => loadConfig({ ...short, APP_ENCRYPTION_KEY: OTHER_KEY })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('k'.repeat(31)) }),
    );
    expect(
      loadConfig({ ...short, APP_ENCRYPTION_KEY: OTHER_KEY, ADMIN_API_KEY: 'k'.repeat(32) })
        .adminApiKey,
    ).toBe('k'.repeat(32));
    // Outside production a short key still starts (tests and local runs choose their own).
    expect(loadConfig({ NODE_ENV: 'test', ADMIN_API_KEY: 'short' }).adminApiKey).toBe('short');
  });

  it('refuses to start with a simulator it was not told about, naming it', async () => {
    const kind = DATABASE_KINDS[0]!;
    await expect(startLiveServer(kind, { ...PRODUCTION, ALLOW_SIMULATORS: '' })).rejects.toThrow(
      /simulators wired in \(identity-proofing, paypal, card-vault, exchange-rates\)/,
    );
    await expect(
      startLiveServer(kind, { ...PRODUCTION, ALLOW_SIMULATORS: 'paypal,card-vault' }),
    ).rejects.toThrow(/identity-proofing/);
    expect(() =>
      loadConfig({ ...PRODUCTION, APP_ENCRYPTION_KEY: OTHER_KEY, ALLOW_SIMULATORS: 'papyal' }),
    ).toThrow(/unknown simulators: papyal/);
  });

  it('serves no simulator page and no outbox in production', async () => {
    // PayPal connected for real (the sandbox here): its simulator is not served, nor allowed for.
    const server = await startLiveServer(DATABASE_KINDS[0]!, {
      ...PRODUCTION,
      ALLOW_SIMULATORS: 'identity-proofing,card-vault,exchange-rates',
      PAYPAL_CLIENT_ID: 'sandbox-client',
      PAYPAL_CLIENT_SECRET: 'sandbox-secret',
    });
    try {
      for (const path of [
        '/master/paypal-sim/signin/authorize?client_id=payee-portal-simulator&response_type=code&redirect_uri=/&state=x',
        '/master/paypal-sim/v1/identity/oauth2/userinfo',
        '/master/dev/v1/outbox?to=a@b.co',
      ]) {
        const response = await rawRequest(server, 'GET', path, { host: 'localhost' });
        expect(response.status, path).toBe(404);
      }
      expect(
        (await rawRequest(server, 'GET', '/master/health', { host: 'localhost' })).status,
      ).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('reads PayPal from PAYPAL_*: sandbox first, live on request, both credentials or none', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).paypal).toBeNull();
    expect(
      loadConfig({ NODE_ENV: 'test', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' }).paypal,
    ).toEqual({
      clientId: 'id',
      clientSecret: 's',
      authorizeUrl: 'https://www.sandbox.paypal.com/signin/authorize',
      apiUrl: 'https://api-m.sandbox.paypal.com',
    });
    expect(
      loadConfig({
        NODE_ENV: 'test',
        PAYPAL_ENV: 'live',
        PAYPAL_CLIENT_ID: 'id',
        PAYPAL_CLIENT_SECRET: 's',
      }).paypal,
    ).toMatchObject({
      authorizeUrl: 'https://www.paypal.com/signin/authorize',
      apiUrl: 'https://api-m.paypal.com',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', PAYPAL_CLIENT_ID: 'id' })).toThrow(
      /PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', PAYPAL_ENV: 'production' })).toThrow(
      /PAYPAL_ENV must be sandbox or live/,
    );
  });
});

describe.each(DATABASE_KINDS)('the log on %s', (kind) => {
  it('carries no invitation token and no database error parameters', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const base = await startLiveServer(kind);
    await base.app.close();
    const config = loadConfig({
      NODE_ENV: 'test',
      ADMIN_API_KEY: ADMIN_KEY,
      DATA_DIR: '/tmp/payee-security-data',
      APP_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      RATE_LIMIT_SCALE: '10',
    });
    const app = await buildApp({
      config,
      database: base.database,
      logger: { level: 'info', stream },
    });
    // A query that fails in the database with personal data among its parameters.
    const secret = 'Ana-Lima-078-05-1120';
    app.get('/master/test-only/db-error', { config: { public: true } }, async () => {
      await app.deps.db.execute(sql`select ${secret}::int as n`);
      return { data: null };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    try {
      const created = await createClaim({ ...base, port } as LiveServer, uniqueEmail('log'));
      const token = created.tokenId;
      await rawRequest({ port }, 'GET', `/master/funnel/v1/tokens/${token}`, { host: 'localhost' });
      await rawRequest(
        { port },
        'GET',
        `/auth/register?user_id=${token}&claim_id=${created.claim.id}`,
        {
          host: 'localhost',
        },
      );
      const failed = await rawRequest({ port }, 'GET', '/master/test-only/db-error', {
        host: 'localhost',
      });
      expect(failed.status).toBe(500);
      expect(failed.text).not.toContain(secret);
      const log = lines.join('');
      expect(log).toContain('/master/funnel/v1/tokens/[redacted]');
      expect(log).toContain('"sqlState":"22P02"');
      expect(log).not.toContain(token);
      expect(log).not.toContain(created.claim.id);
      expect(log).not.toContain(secret);
    } finally {
      await app.close();
      await base.database.close();
    }
  });
});

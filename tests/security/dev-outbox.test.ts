// The development outbox shows every mail the server sends: sign-in and payout codes, invitation
// and reset links. A server reachable by anyone must not serve it unless its operator asked for it
// (DEV_OUTBOX=1, which `npm start` sets for development): the attacker here reads a victim's
// invitation link from the outbox of a server started without it, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import {
  createClaim,
  DATABASE_KINDS,
  rawRequest,
  startLiveServer,
  uniqueEmail,
  type LiveServer,
} from './support/server';

const OUTBOX = '/master/dev/v1/outbox';
const ADMIN_DOCUMENT = '/master/admin/docs/openapi.json';

describe.each(DATABASE_KINDS)('the development outbox on %s', (kind) => {
  let on: LiveServer;
  beforeAll(async () => {
    on = await startLiveServer(kind, { DEV_OUTBOX: '1' });
  });
  afterAll(async () => {
    await on?.close();
  });

  const offSettings: [string, Record<string, string>][] = [
    ['DEV_OUTBOX not given, NODE_ENV unset', { NODE_ENV: '', DEV_OUTBOX: '' }],
    ['DEV_OUTBOX not given, NODE_ENV=development', { NODE_ENV: 'development', DEV_OUTBOX: '' }],
    ['DEV_OUTBOX=0', { DEV_OUTBOX: '0' }],
    [
      'DEV_OUTBOX=1 with NODE_ENV=production',
      {
        NODE_ENV: 'production',
        DEV_OUTBOX: '1',
        ALLOW_SIMULATORS: 'identity-proofing,paypal,card-vault,exchange-rates',
      },
    ],
  ];

  it.each(offSettings)(
    'answers 404 and leaks no invitation link when started with %s',
    async (_name, env) => {
      const off = await startLiveServer(kind, env, on.database);
      try {
        const victim = uniqueEmail('outbox');
        const { inviteUrl } = await createClaim(off, victim);
        for (const path of [`${OUTBOX}?to=${encodeURIComponent(victim)}`, OUTBOX]) {
          const response = await rawRequest(off, 'GET', path, { host: 'localhost' });
          expect(response.status, path).toBe(404);
          expect(response.text).not.toContain(inviteUrl);
        }
        // Nor is it described to whoever reads the operations document.
        const document = await rawRequest(off, 'GET', ADMIN_DOCUMENT, {
          host: 'localhost',
          'x-admin-key': off.config.adminApiKey,
        });
        expect(document.status).toBe(200);
        expect(Object.keys(document.json?.paths ?? {})).not.toContain(OUTBOX);
      } finally {
        await off.close();
      }
    },
  );

  it('serves the mail with DEV_OUTBOX=1, as npm start sets it for development', async () => {
    const email = uniqueEmail('outbox');
    const { inviteUrl } = await createClaim(on, email);
    const response = await rawRequest(on, 'GET', `${OUTBOX}?to=${encodeURIComponent(email)}`, {
      host: 'localhost',
    });
    expect(response.status).toBe(200);
    expect(response.text).toContain(inviteUrl);
  });
});

describe('DEV_OUTBOX in the configuration', () => {
  it('is off unless DEV_OUTBOX=1 (or true), and never in production', () => {
    expect(loadConfig({}).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: '0' }).devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: 'yes' }).devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: '1' }).devOutbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DEV_OUTBOX: '1',
        ADMIN_API_KEY: 'k'.repeat(40),
        APP_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      }).devOutbox,
    ).toBe(false);
  });
});

// Card and account data at rest and in logs: after a run of card and bank creations, no table
// and no log line holds a full card number, a CVC or a clear account number.
import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { createSealer, parseKey } from '../../src/server/services/encryption';
import { sealedBinding } from '../../src/server/repositories/payment-methods';
import { catalog } from '../support/validator';
import { DATABASE_KINDS, openTestDatabase } from './support/databases';
import { activatedUser, ADMIN_KEY, TEST_ENCRYPTION_KEY } from './support/harness';
import type { FastifyInstance } from 'fastify';

const CARDS = ['4242424242424242', '5555555555554444', '4111111111111111'];
const CVCS = ['739', '846', '951'];

describe.each(DATABASE_KINDS)('data protection on %s', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let logs = '';
  const secrets: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logs += chunk.toString();
        callback();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      ADMIN_API_KEY: ADMIN_KEY,
      RATE_LIMIT_SCALE: '100',
      APP_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      DATA_DIR: '/tmp/payee-test-data',
      DEV_OUTBOX: '1',
    });
    app = await buildApp({ config, database, logger: { level: 'trace', stream } });

    const user = await activatedUser(app);
    for (const [i, pan] of CARDS.entries()) {
      const response = await user.browser.api('POST', '/payment-methods/debit-card', {
        nameOnCard: 'Ana Lima',
        pan,
        panConfirmation: pan,
        expiryDate: '11/38',
        cvc: CVCS[i],
        addressLine1: '1 Main St',
        addressCity: 'Austin',
        addressPostalCode: '78701',
        addressCountryCode: 'US',
      });
      expect(response.status).toBe(200);
      secrets.push(pan);
    }
    for (const country of ['US', 'GB', 'DE', 'MX', 'AR', 'IN', 'CA']) {
      for (const example of catalog.rules[country]?.examples.filter(
        (e) => e.form === 'bank-account' && e.valid,
      ) ?? []) {
        const response = await user.browser.api(
          'POST',
          '/payment-methods/bank-accounts',
          example.data,
        );
        expect(response.status, `${country}: ${JSON.stringify(response.body)}`).toBe(200);
        for (const key of ['accountNumber', 'iban', 'routingNumber'] as const) {
          const value = example.data[key];
          if (typeof value === 'string')
            secrets.push(value, value.replace(/\s+/g, '').toUpperCase());
        }
      }
    }
    expect(secrets.length).toBeGreaterThan(15);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function dumpAllTables(): Promise<string> {
    const tables = (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: { table_name: string }[] };
    let dump = '';
    for (const { table_name: name } of tables.rows) {
      const rows = (await database.db.execute(sql.raw(`select * from "${name}"`))) as unknown as {
        rows: unknown[];
      };
      dump += `${name}: ${JSON.stringify(rows.rows)}\n`;
    }
    return dump;
  }

  it('stores no full card number, CVC or clear account number in any table', async () => {
    const dump = await dumpAllTables();
    expect(dump).toContain('payment_methods');
    expect(dump).toContain('card_vault');
    // The rows really are in the dump: masked numbers, last 4 digits and sealed values.
    expect(dump).toContain('•••• ');
    expect(dump).toContain('"last4":"4242"');
    expect(dump).toMatch(/v2\.[0-9a-f]{8}\.[\w+/=]+\./);
    for (const secret of secrets)
      expect(dump.includes(secret), `found ${secret.slice(0, 4)}… in the database`).toBe(false);
    for (const cvc of CVCS) expect(dump).not.toMatch(new RegExp(`"${cvc}"`));
    expect(dump).not.toMatch(/"cvc"/i);
  });

  it('keeps the sealed values decryptable with the key, and only with it', async () => {
    const rows = (await database.db.execute(
      sql`select id, sealed from payment_methods where sealed is not null limit 2`,
    )) as unknown as { rows: { id: string; sealed: string }[] };
    const [first, second] = rows.rows;
    const sealed = first?.sealed ?? '';
    const binding = sealedBinding(first?.id ?? '');
    expect(
      JSON.parse(createSealer(parseKey(TEST_ENCRYPTION_KEY)).open(sealed, binding)),
    ).toHaveProperty('accountNumber');
    expect(() => createSealer(Buffer.alloc(32, 1)).open(sealed, binding)).toThrow();
    // Bound to its row: the same ciphertext does not open as another row's value.
    expect(() =>
      createSealer(parseKey(TEST_ENCRYPTION_KEY)).open(sealed, sealedBinding(second?.id ?? 'x')),
    ).toThrow();
  });

  it('writes none of them to the log', () => {
    expect(logs).toContain('request completed');
    for (const secret of secrets)
      expect(logs.includes(secret), `found ${secret.slice(0, 4)}… in the log`).toBe(false);
    for (const cvc of CVCS) expect(logs).not.toMatch(new RegExp(`"${cvc}"`));
  });
});

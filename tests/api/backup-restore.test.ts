// The backup routine of README "Running in production", run once end to end on the local
// PostgreSQL: `npm run db:backup` while a server is serving, `npm run db:restore` into a new empty
// database, and a server on the restored database signs the same user in and reads the same
// profile and payout methods (sealed values open with the same APP_ENCRYPTION_KEY).
// PostgreSQL only (runs when DATABASE_URL is set).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { REPO_ROOT } from '../../src/core/schemas/catalog';
import { openDatabase } from '../../src/server/db/client';
import { catalog } from '../support/validator';
import { activatedUser, Browser, PASSWORD, startTestApp } from './support/harness';

const SERVER_URL = process.env.DATABASE_URL;

const npm = (args: string[], env: Record<string, string> = {}) =>
  execFileSync('npm', ['run', '-s', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: 'pipe',
  });

describe.runIf(SERVER_URL)('backup and restore', () => {
  it('restores a backup that a server then serves as before', { timeout: 90_000 }, async () => {
    const t = await startTestApp('postgres');
    const dir = mkdtempSync(join(tmpdir(), 'payee-backup-'));
    const name = `payee_restore_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    try {
      const user = await activatedUser(t.app);
      const example = catalog.rules.US?.examples.find((e) => e.form === 'bank-account' && e.valid);
      const added = await user.browser.api('POST', '/payment-methods/bank-accounts', example!.data);
      expect(added.status).toBe(200);
      const profile = await user.browser.api('GET', '/me');
      const methods = await user.browser.api('GET', '/payment-methods');

      const file = join(dir, 'portal.dump');
      npm(['db:backup', '--', file], { DATABASE_URL: t.database.url! });
      await admin.query(`CREATE DATABASE ${name}`);
      const target = new URL(SERVER_URL!);
      target.pathname = `/${name}`;
      npm(['db:restore', '--', file, target.toString()]);
      // A second restore into a database with tables is refused.
      expect(() => npm(['db:restore', '--', file, target.toString()])).toThrow(
        /already has tables/,
      );

      const restored = await openDatabase({ url: target.toString() });
      const app = await buildApp({ config: t.config, database: restored, logger: false });
      try {
        const browser = new Browser(app);
        await browser.signIn(user.email, PASSWORD);
        expect((await browser.api('GET', '/me')).body).toEqual(profile.body);
        expect((await browser.api('GET', '/payment-methods')).body).toEqual(methods.body);
      } finally {
        await app.close();
        await restored.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
      await t.close();
    }
  });
});

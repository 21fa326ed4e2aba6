// Server processes that start at the same moment on a new PostgreSQL database (a deploy of several
// processes) migrate it once between them: one takes the lock, the others wait and find it done.
// PostgreSQL only (runs when DATABASE_URL is set).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';

const SERVER_URL = process.env.DATABASE_URL;

describe.runIf(SERVER_URL)('migrations at concurrent starts', () => {
  it('lets four processes open one new database at once', async () => {
    const name = `payee_migrate_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(SERVER_URL!);
      url.pathname = `/${name}`;
      const handles = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ url: url.toString() })),
      );
      await Promise.all(handles.map((h) => h.close()));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query<{ hash: string }>(
        'select hash from drizzle.__drizzle_migrations',
      );
      await check.end();
      const hashes = applied.rows.map((r) => r.hash);
      expect(hashes.length).toBeGreaterThan(0);
      expect(new Set(hashes).size).toBe(hashes.length);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

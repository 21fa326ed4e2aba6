// Databases for API tests: always the embedded PGlite, and the real PostgreSQL too when
// DATABASE_URL is set (.ci/run sets it). Each test file gets its own database.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { REPO_ROOT } from '../../../src/core/schemas/catalog';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client';

export const PGLITE_SNAPSHOT = join(
  REPO_ROOT,
  'node_modules/.cache/payee-portal/pglite-snapshot.tar',
);

export type DatabaseKind = 'pglite' | 'postgres';
export const DATABASE_KINDS: DatabaseKind[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    return openDatabase({
      url: null,
      dataDir: 'memory://',
      loadDataDir: new Blob([readFileSync(PGLITE_SNAPSHOT)]),
    });
  }
  const serverUrl = new URL(process.env.DATABASE_URL ?? '');
  const name = `payee_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl.toString());
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl.toString() });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

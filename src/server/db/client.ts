// Opens the database: PGlite (embedded PostgreSQL) under DATA_DIR by default, a real PostgreSQL
// when DATABASE_URL is set. Both speak the same SQL, run the same migrations and the same code.
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema';
import { StatementCachingPGlite } from './pglite-statements';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (tests start from a migrated snapshot). */
  dumpDataDir(): Promise<Blob>;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  /** postgres://... for a server; null for PGlite. */
  url: string | null;
  /** PGlite data directory; "memory://" keeps it in memory. */
  dataDir?: string;
  /** A PGlite data-dir tarball to start from (tests reuse one migrated snapshot). */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server closed (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      close: () => pool.end(),
      dumpDataDir: () => Promise.reject(new Error('only PGlite dumps its data directory')),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await StatementCachingPGlite.open(
    dataDir,
    options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
  );
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  // After the migrations, so no named statement outlives a schema change.
  client.nameStatements();
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

export const pgliteDir = (dataDir: string): string => join(dataDir, 'pglite');

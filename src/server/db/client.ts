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
import { markDatabaseUnavailable } from '../errors';
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

/**
 * Bounds on waiting for PostgreSQL, so a request fails with a 503 well inside a client's 30 s
 * instead of hanging while the database is down or stuck:
 * - connectionTimeoutMillis: a new connection, or a wait for a free one in a busy pool, gives up
 *   after 3 s (a local PostgreSQL connects in milliseconds; 3 s tolerates a loaded host);
 * - statement_timeout: PostgreSQL cancels any statement after 10 s (57014); our slowest
 *   statements take milliseconds, so only a stuck lock or an overloaded server reaches it;
 * - idle_in_transaction_session_timeout: a transaction whose client vanished frees its locks;
 * - keepAlive: a peer that disappeared without closing the socket is noticed by TCP.
 */
export const POOL_LIMITS = {
  max: 10,
  connectionTimeoutMillis: 3_000,
  statement_timeout: 10_000,
  idle_in_transaction_session_timeout: 15_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} satisfies pg.PoolConfig;

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool whose checkout failures are marked "database unavailable": whatever the cause (refused,
 * timed out, pool closing at shutdown), a request that cannot get a connection may be retried.
 * pool.query checks out through this method too.
 */
class GuardedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback)
      return super.connect((error, client, done) =>
        callback(error && markDatabaseUnavailable(error), client, done),
      );
    return super.connect().catch((error: unknown) => {
      throw markDatabaseUnavailable(error);
    });
  }
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new GuardedPool({ connectionString: options.url, ...POOL_LIMITS });
    // An idle connection the server closed (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    // A connection that breaks mid-query fails that query with an error pg gives no code; the
    // client emits the same error object first, so it is marked before the query sees it.
    pool.on('connect', (client) => client.on('error', markDatabaseUnavailable));
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

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
import { isDatabaseUnavailable, markDatabaseUnavailable } from '../errors';
import { StatementCachingPGlite } from './pglite-statements';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string it was opened with. */
  url?: string;
  /** PostgreSQL only: the pool (its use is a metric; the job engine queries through it). */
  pool?: pg.Pool;
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
 * - query_timeout: the client's own read timeout, past statement_timeout, for a server that went
 *   silent mid-query (a network that drops packets): the query fails as "unavailable" at 12 s
 *   instead of waiting for TCP keepalive;
 * - keepAlive: a peer that disappeared without closing the socket is noticed by TCP.
 */
export const POOL_LIMITS = {
  max: 10,
  connectionTimeoutMillis: 3_000,
  statement_timeout: 10_000,
  query_timeout: 12_000,
  idle_in_transaction_session_timeout: 15_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} satisfies pg.PoolConfig;

/**
 * How long a request may queue for a connection while every pooled connection is busy and the
 * database keeps answering: a burst of users is a wait, not an outage. Well inside a client's 30 s.
 */
export const POOL_QUEUE_WAIT_MS = 20_000;
/**
 * The database counts as answering when a connection came back without error this recently, or
 * when a probe on a connection of its own (outside the pool, shared by every waiter) succeeded.
 */
const ANSWERING_WITHIN_MS = 2_000;

/**
 * A pool that tells a busy database from an unreachable one. A checkout that times out while every
 * connection is in use and connections keep coming back healthy is queued again (up to
 * POOL_QUEUE_WAIT_MS); any other checkout failure (refused, connect timed out, pool closing at
 * shutdown) is marked "database unavailable", which the API answers with a retryable 503 at once.
 * pool.query and drizzle's transactions check out through this method too.
 */
export class GuardedPool extends pg.Pool {
  private lastHealthyRelease = 0;

  constructor(config: pg.PoolConfig) {
    super(config);
    // A connection that breaks mid-query fails that query with an error pg gives no code; the
    // client emits the same error object first, so it is marked before the query sees it.
    this.on('connect', (client) => client.on('error', markDatabaseUnavailable));
    // A query that failed on its own (a constraint, a bad value) still shows the server answering.
    this.on('release', (error: Error | undefined) => {
      if (!error || !isDatabaseUnavailable(error)) this.lastHealthyRelease = Date.now();
    });
  }

  private probe: { at: number; answered: Promise<boolean> } | null = null;

  private async busyButAnswering(): Promise<boolean> {
    if (this.ending || this.totalCount < (this.options.max ?? 10) || this.idleCount > 0)
      return false;
    if (Date.now() - this.lastHealthyRelease < ANSWERING_WITHIN_MS) return true;
    if (!this.probe || Date.now() - this.probe.at > ANSWERING_WITHIN_MS)
      this.probe = { at: Date.now(), answered: this.probeOnce() };
    return this.probe.answered;
  }

  /** Long transactions can hold every connection with none coming back: ask the server itself. */
  private async probeOnce(): Promise<boolean> {
    const client = new pg.Client({ ...this.options, connectionTimeoutMillis: 1_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      void client.end().catch(() => {});
    }
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    const checkout = this.checkout(Date.now());
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }

  private async checkout(startedAt: number): Promise<pg.PoolClient> {
    for (;;) {
      try {
        return await super.connect();
      } catch (error) {
        const waited = Date.now() - startedAt;
        const wait = this.options.connectionTimeoutMillis ?? 0;
        if (waited + wait <= POOL_QUEUE_WAIT_MS && (await this.busyButAnswering())) continue;
        throw markDatabaseUnavailable(error);
      }
    }
  }
}

/** pg_advisory_lock key of the migrations ("payee" in ASCII). */
const MIGRATION_LOCK = 0x7061796565;

/**
 * Several processes may start at once (a deploy, a restart after a crash): one migrates while the
 * others wait for its lock, then find nothing left to do. The lock ends with the session, so a
 * process that dies mid-migration frees it (each migration is its own transaction).
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new GuardedPool({ connectionString: options.url, ...POOL_LIMITS });
    // An idle connection the server closed (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    await migrateUnderLock(pool);
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      url: options.url,
      pool,
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

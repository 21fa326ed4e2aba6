// The servers under measure: the portal as `npm start` runs it (on a fresh PostgreSQL database or
// on the embedded PGlite in a temporary DATA_DIR) and the anchor (bench/fixtures/anchor-server.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Admin, randomKey } from './client';
import { freePort, REPO_ROOT, startScript, waitForHttp, type Child } from './processes';

/** Where the bench creates its database; any role that may CREATE DATABASE. */
export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Null when PostgreSQL cannot be reached (the PostgreSQL rows are then reported as skipped). */
export async function postgresReachable(): Promise<string | null> {
  try {
    await withAdminClient((client) => client.query('select 1'));
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A fresh, empty database <prefix>_<pid>_<random>, dropped at the end of the run. */
export async function createDatabase(prefix = 'bench'): Promise<BenchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

export interface PortalServer {
  kind: 'postgres' | 'pglite';
  /** http://127.0.0.1:<port> for the load generator and the API client. */
  origin: string;
  /** http://localhost:<port> for the browser (the cookies' host). */
  browserOrigin: string;
  admin: Admin;
  child: Child;
  stop(): Promise<void>;
}

/**
 * `scripts/start.ts` with the environment `npm start` has (NODE_ENV unset: development, logging at
 * its default `info` into test-results/bench/portal-<kind>.log), plus what a load test from one
 * address needs: RATE_LIMIT_SCALE raised (DESIGN.md section 5) and a known admin key.
 */
export interface PortalOptions {
  /** The log's name under test-results/bench (default portal-<kind>). */
  name?: string;
  /** A given port (a restart on the same address); a free one by default. */
  port?: number;
  /** Set last: shared keys of several processes, REDIS_URL, ... */
  env?: NodeJS.ProcessEnv;
}

export async function startPortal(
  databaseUrl: string | null,
  options: PortalOptions = {},
): Promise<PortalServer> {
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), `payee-bench-${kind}-`));
  const adminKey = options.env?.ADMIN_API_KEY ?? randomKey();
  // As `npm start` from a shell: no NODE_ENV (vitest exports "test"), no test-only knobs.
  const {
    NODE_ENV: _nodeEnv,
    LOG_LEVEL: _logLevel,
    ACCESS_TTL_SECONDS: _accessTtl,
    ...inherited
  } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    SMTP_URL: '',
    ADMIN_API_KEY: adminKey,
    APP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: `http://localhost:${port}`,
    RATE_LIMIT_SCALE: '10000',
    // The journeys read the mailed codes from the development outbox (npm start's default, said
    // here so that an exported DEV_OUTBOX=0 cannot take it away).
    DEV_OUTBOX: '1',
    ...options.env,
  };
  const child = startScript(
    options.name ?? `portal-${kind}`,
    join(REPO_ROOT, 'scripts/start.ts'),
    env,
  );
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${origin}/master/health`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    kind,
    origin,
    browserOrigin: `http://localhost:${port}`,
    admin: new Admin(origin, adminKey),
    child,
    stop,
  };
}

export interface AnchorServer {
  origin: string;
  path: string;
  stop(): Promise<void>;
}

/** The lean Fastify + node-postgres route on the same database as the portal. */
export async function startAnchor(databaseUrl: string): Promise<AnchorServer> {
  const port = await freePort();
  const child = startScript('anchor', join(REPO_ROOT, 'bench/fixtures/anchor-server.ts'), {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${origin}/health`, child, 30);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { origin, path: '/anchor/me', stop: () => child.stop() };
}

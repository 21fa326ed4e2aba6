// A burst of users that keeps every pooled connection busy is a wait, not an outage: a checkout
// queues past the pool's connect timeout while the database keeps answering, and fails fast (marked
// unavailable, so the API answers 503) only when the database cannot be reached.
// PostgreSQL only (runs when DATABASE_URL is set).
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GuardedPool, openDatabase } from '../../src/server/db/client';
import { isDatabaseUnavailable } from '../../src/server/errors';
import { TcpProxy } from './support/tcp-proxy';

const SERVER_URL = process.env.DATABASE_URL;

describe.runIf(SERVER_URL)('pool saturation', () => {
  const pools: GuardedPool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end().catch(() => {})));
  });
  const pool = (url: string) => {
    const created = new GuardedPool({
      connectionString: url,
      max: 2,
      connectionTimeoutMillis: 300,
    });
    created.on('error', () => {});
    pools.push(created);
    return created;
  };

  it('queues a checkout behind busy connections that keep answering', async () => {
    const busy = pool(SERVER_URL!);
    // Two long transactions hold both connections for 1.5 s, querying all along.
    const until = Date.now() + 1_500;
    const worker = async () => {
      const client = await busy.connect();
      try {
        while (Date.now() < until) await client.query('select pg_sleep(0.1)');
      } finally {
        client.release();
      }
    };
    const workers = [worker(), worker()];
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => busy.query('select 1 as one')),
    );
    await Promise.all(workers);
    expect(results.map((r) => r.status)).toEqual(Array(6).fill('fulfilled'));
    // They waited far longer than the 300 ms connect timeout, and were served.
    expect(Date.now() - started).toBeGreaterThan(1_000);
  });

  it('fails a checkout fast, marked unavailable, when the database cannot be reached', async () => {
    const target = new URL(SERVER_URL!);
    const proxy = await TcpProxy.start(target.hostname, Number(target.port || 5432));
    try {
      const url = new URL(SERVER_URL!);
      url.host = `127.0.0.1:${proxy.port}`;
      const cut = pool(url.toString());
      await cut.query('select 1');
      await proxy.blackhole();
      const started = Date.now();
      const error = await Promise.all([
        cut.query('select pg_sleep(0)'),
        cut.query('select pg_sleep(0)'),
        cut.query('select pg_sleep(0)'),
      ]).catch((e: unknown) => e);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await proxy.close();
    }
  });

  it('marks as unavailable the next query of a transaction whose connection broke', async () => {
    const target = new URL(SERVER_URL!);
    const proxy = await TcpProxy.start(target.hostname, Number(target.port || 5432));
    const url = new URL(SERVER_URL!);
    url.host = `127.0.0.1:${proxy.port}`;
    const handle = await openDatabase({ url: url.toString() });
    try {
      const error = await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await proxy.cut();
          await new Promise((r) => setTimeout(r, 50));
          await tx.execute(sql`select 2`);
        })
        .catch((e: unknown) => e);
      // The API answers it 503 ServiceUnavailable (retryable), never 500.
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await proxy.close();
      await handle.close().catch(() => {});
    }
  });

  it('gives up on a query the server went silent on, marked unavailable, within 30 s', async () => {
    const target = new URL(SERVER_URL!);
    const proxy = await TcpProxy.start(target.hostname, Number(target.port || 5432));
    const url = new URL(SERVER_URL!);
    url.host = `127.0.0.1:${proxy.port}`;
    const handle = await openDatabase({ url: url.toString() });
    try {
      await handle.db.execute(sql`select 1`);
      proxy.freeze();
      const started = Date.now();
      const error = await handle.db.execute(sql`select 2`).catch((e: unknown) => e);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      await proxy.close();
      await handle.close().catch(() => {});
    }
  }, 40_000);
});

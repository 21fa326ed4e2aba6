// Redis only shares rate limits: with Redis unreachable (a closed port, or a proxy the test cuts)
// the API keeps answering without delay, readiness stays 200 with redis "degraded", and every
// limit still applies, counted in this process's memory until Redis is back.
import { createServer } from 'node:net';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { connectRedis } from '../../src/server/services/redis';
import {
  rawRequest,
  registeredUser,
  startLiveServer,
  type LiveServer,
} from '../security/support/server';
import { TcpProxy } from './support/tcp-proxy';

/** A port nothing listens on: taken from the OS, then released. */
const closedPort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** GET /tokens/:id allows 30 lookups a minute per address (RATE_LIMIT_SCALE 1). */
async function tokenLookups(server: LiveServer, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push((await rawRequest(server, 'GET', `/master/funnel/v1/tokens/none-${i}`)).status);
  return statuses;
}

async function servesSignedInCalls(server: LiveServer): Promise<void> {
  const user = await registeredUser(server);
  const started = performance.now();
  const me = await user.browser.api('GET', '/me');
  expect(me.status).toBe(200);
  // No wait for Redis: well under its 1 s command timeout.
  expect(performance.now() - started).toBeLessThan(1_000);
}

describe('Redis down', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  afterAll(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  async function serverWith(redis: Redis): Promise<LiveServer> {
    const server = await startLiveServer('pglite', {}, undefined, redis);
    cleanups.push(async () => {
      await server.close();
      redis.disconnect();
    });
    return server;
  }

  it('serves and limits per process when Redis never answered (a closed port)', async () => {
    const server = await serverWith(
      connectRedis(`redis://127.0.0.1:${await closedPort()}`, () => undefined),
    );
    await servesSignedInCalls(server);
    const ready = await rawRequest(server, 'GET', '/master/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.json).toMatchObject({ data: { database: 'up', redis: 'degraded' } });
    const statuses = await tokenLookups(server, 31);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  }, 60_000);

  it.runIf(process.env.REDIS_URL)(
    'falls back to memory when Redis goes away and shares again when it is back',
    async () => {
      const target = new URL(process.env.REDIS_URL ?? '');
      const proxy = await TcpProxy.start(target.hostname, Number(target.port || 6379));
      cleanups.push(() => proxy.close());
      const viaProxy = new URL(target.toString());
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const redis = connectRedis(viaProxy.toString(), () => undefined);
      const server = await serverWith(redis);
      await expect.poll(() => redis.status, { timeout: 5_000 }).toBe('ready');
      // Counts an earlier run left for this route and address would shift the figures.
      const stale = await redis.keys('payee-portal-rl:*tokens*');
      if (stale.length) await redis.del(...stale);
      const up = await rawRequest(server, 'GET', '/master/health/ready');
      expect(up.json).toMatchObject({ data: { redis: 'up' } });
      expect(await tokenLookups(server, 10)).toEqual(Array(10).fill(404));
      expect((await redis.keys('payee-portal-rl:*tokens*')).length).toBeGreaterThan(0);

      for (const fault of ['cut', 'blackhole'] as const) {
        await proxy[fault]();
        await servesSignedInCalls(server);
        const down = await rawRequest(server, 'GET', '/master/health/ready');
        expect(down.status).toBe(200);
        expect(down.json).toMatchObject({ data: { database: 'up', redis: 'degraded' } });
        await proxy.restore();
        await expect.poll(() => redis.status, { timeout: 10_000 }).toBe('ready');
      }
      // Memory counted from zero while Redis was away; limits still hold, and answers are 404s
      // until the limit: never a 500 or a hang.
      const statuses = await tokenLookups(server, 40);
      expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
      expect(statuses[39]).toBe(429);
    },
    60_000,
  );
});

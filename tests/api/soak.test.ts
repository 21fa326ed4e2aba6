// Short versions of `npm run soak` and `npm run chaos` (scripts/soak): two real server processes on
// a fresh PostgreSQL database with Redis, a few recipients through the HTTP API, then the database
// checked against what they were told. Chaos kills one process (SIGKILL), cuts the database for a
// moment, then Redis. PostgreSQL only, as tests/api/database-outage.test.ts: runs when DATABASE_URL is set.
import { describe, expect, it } from 'vitest';

const SERVER_URL = process.env.DATABASE_URL;

async function soak() {
  // The run creates its database on the server of DATABASE_URL.
  if (SERVER_URL && !process.env.BENCH_POSTGRES_URL) {
    const admin = new URL(SERVER_URL);
    admin.pathname = '/postgres';
    process.env.BENCH_POSTGRES_URL = admin.toString();
  }
  return import('../../scripts/soak/run');
}

describe.runIf(SERVER_URL)('soak and chaos, short', () => {
  const log = () => undefined;
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

  it(
    'soak: every journey finishes, the database matches, no 5xx',
    // Two server processes start under a suite that keeps both cores busy.
    { timeout: 120_000 },
    async () => {
      const { report, run } = await soak();
      // No pauses between steps: 8 users at full speed, as a stress test in miniature.
      const result = await run({
        users: 8,
        seconds: 6,
        faults: [],
        cutSeconds: 0,
        thinkMs: 0,
        rampSeconds: 0,
        redisUrl,
        log,
      });
      expect(result.violations, report(result, 'soak')).toEqual([]);
      expect(result.journeys.finished).toBeGreaterThan(0);
      expect(result.errors).toEqual([]);
    },
  );

  it(
    'chaos: SIGKILL, a database cut and a Redis cut lose nothing; only 503s and connection errors, in the fault windows',
    { timeout: 120_000 },
    async () => {
      const { report, run } = await soak();
      const result = await run({
        users: 8,
        seconds: 8,
        faults: ['kill', 'db-cut', 'redis-cut'],
        cutSeconds: 2,
        thinkMs: 0,
        rampSeconds: 0,
        redisUrl,
        log,
      });
      expect(result.violations, report(result, 'chaos')).toEqual([]);
      expect(
        result.errors.filter((e) => !e.expected),
        report(result, 'chaos'),
      ).toEqual([]);
      expect(result.faults.map((f) => f.name)).toEqual(['kill', 'db-cut', 'redis-cut']);
    },
  );
});

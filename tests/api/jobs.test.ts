// Periodic jobs on the job engine (issue 32 point 4). On PostgreSQL, two server processes (two
// apps, each with its own pool, on one database) run pg-boss: each interval's purge and rate fetch
// runs once between them, and the purge removes sessions that expired by time (a short absolute
// timeout). On PGlite the one process runs the same jobs on its own timers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { sessions } from '../../src/server/db/schema';
import { PG_BOSS_SCHEMA } from '../../src/server/jobs/engine';
import { loadConfig } from '../../src/server/config';
import { openTestDatabase } from './support/databases';
import {
  ADMIN_KEY,
  registeredUser,
  startTestApp,
  TEST_ENCRYPTION_KEY,
  type TestApp,
} from './support/harness';

const JOBS_ENV = {
  JOBS: 'on',
  PURGE_EVERY_SECONDS: '2',
  // Every 3 s (the simulated feed, no network).
  EXCHANGE_RATES_REFRESH_MINUTES: '0.05',
  // Sessions end 2 s after they start: the purge finds them expired.
  ABSOLUTE_TIMEOUT_SECONDS: '2',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function jobRuns(app: FastifyInstance, job: string): Promise<number> {
  const response = await app.inject({
    url: '/master/admin/v1/metrics',
    headers: { 'x-admin-key': ADMIN_KEY },
  });
  const line = response.body
    .split('\n')
    .find((l) => l.startsWith(`payee_jobs_run_total{job="${job}"} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

async function sessionsOf(database: DatabaseHandle, profileId: string): Promise<number> {
  const rows = await database.db
    .select({ id: sessions.idHash })
    .from(sessions)
    .where(eq(sessions.profileId, profileId));
  return rows.length;
}

describe.runIf(process.env.DATABASE_URL)('jobs on PostgreSQL (pg-boss)', () => {
  let first: TestApp;
  let secondDb: DatabaseHandle;
  let second: FastifyInstance;
  let startedAt: number;
  beforeAll(async () => {
    // Jobs start with the first process: the slots count from there, not from the second's start
    // (seconds later on a busy machine).
    startedAt = Date.now();
    first = await startTestApp('postgres', JOBS_ENV);
    // The second process: its own pool on the same database, the same configuration.
    secondDb = await openDatabase({ url: first.database.url ?? '' });
    second = await buildApp({ config: first.config, database: secondDb, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await first?.close();
  });

  it('runs each interval’s purge and rate fetch once across two processes, and the purge removes expired sessions', async () => {
    const user = await registeredUser(first.app);
    expect(await sessionsOf(first.database, user.profileId)).toBeGreaterThan(0);
    // Expired after 2 s; purged within the next 2 s slot.
    const deadline = Date.now() + 15_000;
    while ((await sessionsOf(first.database, user.profileId)) > 0 && Date.now() < deadline)
      await sleep(250);
    expect(await sessionsOf(first.database, user.profileId)).toBe(0);
    await sleep(4_000);

    const endedAt = Date.now();
    for (const [job, every] of [
      ['purge-expired', 2],
      ['exchange-rates', 3],
    ] as const) {
      const runs = (await jobRuns(first.app, job)) + (await jobRuns(second, job));
      // One run per time slot begun since the start (the first slot counts too), never one per
      // process: two processes running each slot would be twice as many.
      // pg-boss's slots are wall-clock buckets of `every` seconds.
      const bucket = (ms: number) => Math.floor(ms / 1000 / every);
      const slots = bucket(endedAt) - bucket(startedAt) + 2;
      expect(runs, job).toBeGreaterThanOrEqual(2);
      expect(runs, job).toBeLessThanOrEqual(slots);
      // pg-boss's own record: one job per slot, each completed once.
      const { rows } = (await first.database.db.execute(
        sql.raw(
          `select count(*)::int as jobs, count(distinct singleton_on)::int as slots from ${PG_BOSS_SCHEMA}.job where name = '${job}' and state = 'completed'`,
        ),
      )) as unknown as { rows: { jobs: number; slots: number }[] };
      expect(rows[0]?.jobs).toBe(rows[0]?.slots);
      expect(rows[0]?.jobs).toBe(runs);
    }
  }, 40_000);
});

describe.runIf(process.env.DATABASE_URL)('replicas starting together (pg-boss)', () => {
  it('all start: the job queues are created once, not raced into a deadlock', async () => {
    // A fresh database, so no queue exists yet; three processes start at the same moment.
    const first = await openTestDatabase('postgres');
    const others = await Promise.all([1, 2].map(() => openDatabase({ url: first.url ?? '' })));
    const config = loadConfig({
      NODE_ENV: 'test',
      ADMIN_API_KEY: ADMIN_KEY,
      PUBLIC_URL: 'http://localhost:8080',
      APP_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      ...JOBS_ENV,
    });
    const apps = await Promise.all(
      [first, ...others].map((database) => buildApp({ config, database, logger: false })),
    );
    try {
      await Promise.all(apps.map((app) => app.ready()));
    } finally {
      for (const app of apps) await app.close();
      for (const database of [...others, first]) await database.close();
    }
  }, 60_000);
});

describe('jobs on PGlite (in-process engine)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { ...JOBS_ENV, PURGE_EVERY_SECONDS: '1' });
  });
  afterAll(async () => t?.close());

  it('runs the same purge on a timer of the one process', async () => {
    const user = await registeredUser(t.app);
    expect(await sessionsOf(t.database, user.profileId)).toBeGreaterThan(0);
    const deadline = Date.now() + 10_000;
    while ((await sessionsOf(t.database, user.profileId)) > 0 && Date.now() < deadline)
      await sleep(250);
    expect(await sessionsOf(t.database, user.profileId)).toBe(0);
    expect(await jobRuns(t.app, 'purge-expired')).toBeGreaterThanOrEqual(1);
  }, 20_000);
});

describe('jobs under test', () => {
  it('are off unless asked for (tests start many apps in one process)', async () => {
    const t = await startTestApp('pglite');
    try {
      expect(t.config.jobs).toBe(false);
    } finally {
      await t.close();
    }
  });
});

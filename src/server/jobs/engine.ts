// Runs the periodic jobs (jobs/definitions.ts), once per cluster per interval, retried on failure,
// counted in the metrics (payee_jobs_run_total, payee_jobs_failed_total).
//
// - PostgreSQL: pg-boss, over the app's own pool (no second connection budget). Every process
//   offers each job once per interval with a throttle key (singletonSeconds): pg-boss creates at
//   most one job per job name and time slot across the cluster, whichever process asks first, and
//   one worker of one process takes it. A job that throws is retried by pg-boss (retryLimit,
//   retryDelay with backoff); a process that dies mid-job leaves it to expire and be retried.
// - PGlite (the embedded default): one process is the whole cluster and PGlite has no network
//   connection for pg-boss, so a timer per job in this process runs the same definitions, with the
//   same retries.
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Metrics } from '../services/metrics';
import type { JobDefinition } from './definitions';

export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobEngine {
  readonly kind: 'pg-boss' | 'in-process';
  start(): Promise<void>;
  /** Stops offering and taking jobs; waits (bounded) for the ones running here. */
  stop(): Promise<void>;
}

export interface JobEngineOptions {
  jobs: readonly JobDefinition[];
  metrics: Metrics;
  log: JobLog;
  /** PostgreSQL's pool (pg-boss); absent for PGlite (the in-process engine). */
  pool?: pg.Pool;
}

/** How often a process offers a job: a quarter of its interval, between 1 s and 60 s. */
const offerEveryMs = (job: JobDefinition): number =>
  Math.min(60_000, Math.max(1_000, (job.everySeconds * 1000) / 4));

/** A run with its outcome counted and logged; rethrows so the engine retries. */
async function counted(job: JobDefinition, options: JobEngineOptions): Promise<void> {
  try {
    const result = await job.run();
    options.metrics.jobRan(job.name);
    if (result) options.log.info({ job: job.name, ...result }, 'job done');
  } catch (error) {
    options.metrics.jobFailed(job.name);
    options.log.warn({ job: job.name, err: error }, 'job failed; it will be retried');
    throw error;
  }
}

/** The pg-boss tables live in their own schema, apart from the app's migrations. */
export const PG_BOSS_SCHEMA = 'pgboss';

/** The advisory lock under which processes set up pg-boss, one at a time. */
const SETUP_LOCK = 7_202_611;

/**
 * Starts pg-boss and creates each job's queue under a session advisory lock: processes starting
 * together on a new database (replicas, a first deploy) otherwise create pg-boss's schema and the
 * same queues at once, and PostgreSQL ends one of them with a duplicate key or a deadlock, which
 * stopped that process at start (tests/api/jobs.test.ts, "replicas starting together").
 */
async function startOnce(
  pool: pg.Pool,
  boss: PgBoss,
  jobs: readonly JobDefinition[],
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SETUP_LOCK]);
    try {
      await boss.start();
      for (const job of jobs) {
        if (await boss.getQueue(job.name)) continue;
        await boss.createQueue(job.name, {
          name: job.name,
          policy: 'standard',
          retryLimit: job.retryLimit,
          retryDelay: job.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: job.timeoutSeconds,
        });
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

function pgBossEngine(pool: pg.Pool, options: JobEngineOptions): JobEngine {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: PG_BOSS_SCHEMA,
    // Our own throttled offers replace pg-boss's cron (minute resolution, one more timer loop).
    schedule: false,
    supervise: true,
    migrate: true,
  });
  // pg-boss reports its own failures (a lost connection while polling) as events: logged, never
  // an unhandled 'error' that would end the process.
  boss.on('error', (error) => options.log.error({ err: error }, 'job engine error'));
  const timers: NodeJS.Timeout[] = [];
  // Our handlers still running: pg-boss stops waiting for them after its timeout, but they (and
  // pg-boss's record of their outcome) use the app's pool, which must outlive them.
  const running = new Set<Promise<void>>();
  let started = false;

  async function offer(job: JobDefinition): Promise<void> {
    await boss.send(
      job.name,
      {},
      { singletonKey: job.name, singletonSeconds: Math.max(1, Math.round(job.everySeconds)) },
    );
  }

  return {
    kind: 'pg-boss',
    async start() {
      started = true;
      await startOnce(pool, boss, options.jobs);
      for (const job of options.jobs) {
        await boss.work(job.name, { pollingIntervalSeconds: 1, batchSize: 1 }, async () => {
          const run = counted(job, options);
          running.add(run);
          try {
            await run;
          } finally {
            running.delete(run);
          }
        });
        await offer(job);
        const timer = setInterval(() => {
          offer(job).catch((error: unknown) =>
            options.log.warn({ job: job.name, err: error }, 'job could not be offered'),
          );
        }, offerEveryMs(job));
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      if (!started) return;
      // The pool is the app's: closed by its owner after this (close: false).
      await boss.stop({ graceful: true, timeout: 5_000, close: false, wait: true });
      await Promise.allSettled(running);
      // pg-boss records a finished run's outcome right after it settles: let it send that query
      // before the owner ends the pool ("Cannot use a pool after calling end" otherwise).
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

function inProcessEngine(options: JobEngineOptions): JobEngine {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  function later(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) action();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  /** One run and its retries (the delay doubling as pg-boss's backoff does), then the next. */
  function run(job: JobDefinition, attempt: number): void {
    const done = counted(job, options).then(
      () => later(job.everySeconds * 1000, () => run(job, 0)),
      () =>
        attempt < job.retryLimit
          ? later(job.retryDelaySeconds * 1000 * 2 ** attempt, () => run(job, attempt + 1))
          : later(job.everySeconds * 1000, () => run(job, 0)),
    );
    running.add(done);
    void done.finally(() => running.delete(done));
  }

  return {
    kind: 'in-process',
    async start() {
      for (const job of options.jobs) later(job.everySeconds * 1000, () => run(job, 0));
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
}

export function createJobEngine(options: JobEngineOptions): JobEngine {
  return options.pool ? pgBossEngine(options.pool, options) : inProcessEngine(options);
}

// Prometheus metrics of one app instance (issue 32): requests per route, the PostgreSQL pool,
// business events and the job engine's runs. Each app has a Registry of its own, not prom-client's
// global one, so the many apps a test process starts never share or re-register a metric.
//
// Labels are closed sets (route patterns, method, status class, payout type, job name, door):
// never a raw URL, an id, an email or anything else a person could be found by.
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { SignInDoor, SignInGate, SignInMeter } from '../domain/sign-in';

export interface MetricsOptions {
  /** The PostgreSQL pool whose use is reported (PGlite has none: no pool gauges). */
  pool?: pg.Pool;
  /**
   * Node's process metrics (CPU, memory, event loop lag, GC). Only for the process's one app
   * (main.ts): they observe the whole process, and each call adds a GC observer.
   */
  processMetrics?: boolean;
}

/** Seconds: most answers take milliseconds, the argon2 sign-in a few hundred. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(options: MetricsOptions = {}) {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status class (its _count is the request rate)',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });

  const { pool } = options;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (busy = total - idle)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a free PostgreSQL connection',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: 'db_pool_max_connections',
      help: 'The PostgreSQL pool size',
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }

  const registrations = new Counter({
    name: 'payee_registrations_total',
    help: 'Recipient profiles registered',
    registers,
  });
  const payoutMethodsAdded = new Counter({
    name: 'payee_payout_methods_added_total',
    help: 'Payout methods added, by type',
    labelNames: ['type'] as const,
    registers,
  });
  const claimsAccepted = new Counter({
    name: 'payee_claims_accepted_total',
    help: 'Claims accepted with their one-time code',
    registers,
  });
  const signInFailures = new Counter({
    name: 'payee_sign_in_failures_total',
    help: 'Sign-ins refused for wrong credentials or an unknown account, by door (recipients, staff)',
    labelNames: ['door'] as const,
    registers,
  });
  const signInLocks = new Counter({
    name: 'payee_sign_in_locks_total',
    help: 'Sign-in locks a failure set, by door and kind (temporary, hard)',
    labelNames: ['door', 'kind'] as const,
    registers,
  });
  const rulesPublished = new Counter({
    name: 'payee_rules_published_total',
    help: 'Country rules versions published in the rules console',
    registers,
  });
  const jobsRun = new Counter({
    name: 'payee_jobs_run_total',
    help: 'Background jobs this process ran to completion, by job',
    labelNames: ['job'] as const,
    registers,
  });
  const jobsFailed = new Counter({
    name: 'payee_jobs_failed_total',
    help: 'Background job runs that failed in this process (retried by the job engine), by job',
    labelNames: ['job'] as const,
    registers,
  });

  return {
    registry,
    /** The Prometheus text format's content type. */
    contentType: registry.contentType,
    scrape: () => registry.metrics(),
    requestDone(route: string, method: string, statusCode: number, seconds: number): void {
      requestDuration.observe(
        { route, method, status_class: `${Math.floor(statusCode / 100)}xx` },
        seconds,
      );
    },
    registered: () => registrations.inc(),
    payoutMethodAdded: (type: string) => payoutMethodsAdded.inc({ type }),
    claimAccepted: () => claimsAccepted.inc(),
    signInFailed(door: SignInDoor, gate: SignInGate, newLock: boolean): void {
      signInFailures.inc({ door });
      if (newLock && gate.state !== 'open')
        signInLocks.inc({ door, kind: gate.state === 'locked' ? 'temporary' : 'hard' });
    },
    rulesPublished: () => rulesPublished.inc(),
    jobRan: (job: string) => jobsRun.inc({ job }),
    jobFailed: (job: string) => jobsFailed.inc({ job }),
  } satisfies SignInMeter & Record<string, unknown>;
}

export type Metrics = ReturnType<typeof createMetrics>;

// The periodic jobs, the same whichever engine runs them (jobs/engine.ts): pg-boss on PostgreSQL,
// a timer in the one process on PGlite.
//
// Not a job: the published-rules check. Every process must swap its own in-memory validators, so
// each one checks the newest publication id itself (plugins/rules.ts, at most every
// RULES_CHECK_MS, from the request hook); a job that ran once per cluster would reach one process.
import type { Database } from '../db/client';
import type { Mailer } from '../services/mailer';
import type { RateFeed } from '../services/rate-feed';
import { purgeExpired, type PurgeLimits } from './purge';

export interface JobDefinition {
  /** The queue's name (letters, digits, dashes). */
  name: string;
  /** Runs once per this many seconds across the cluster. */
  everySeconds: number;
  /** Retries after a failure, the first after retryDelaySeconds, each next one twice as late. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A run taking longer is taken as failed (and retried). */
  timeoutSeconds: number;
  /** Throws to fail (and be retried); may answer what it did, for the log. */
  run(): Promise<Record<string, unknown> | undefined>;
}

export interface JobContext {
  db: Database;
  mailer: Mailer;
  rateFeed: RateFeed;
  limits: PurgeLimits;
  /** PURGE_EVERY_SECONDS (default 3600). */
  purgeEverySeconds: number;
  /** MAIL_RETRY_EVERY_SECONDS (default 60). */
  mailRetryEverySeconds: number;
  /** EXCHANGE_RATES_REFRESH_MINUTES (default 60), in seconds. */
  ratesEverySeconds: number;
}

export function defineJobs(ctx: JobContext): JobDefinition[] {
  return [
    {
      name: 'purge-expired',
      everySeconds: ctx.purgeEverySeconds,
      retryLimit: 3,
      retryDelaySeconds: 60,
      timeoutSeconds: 300,
      run: async () => ({ deleted: await purgeExpired(ctx.db, ctx.limits) }),
    },
    {
      // The reference rates: fetched and stored by one process; every process reloads them
      // when they change (services/rate-feed.ts).
      name: 'exchange-rates',
      everySeconds: ctx.ratesEverySeconds,
      retryLimit: 5,
      retryDelaySeconds: 60,
      timeoutSeconds: 120,
      run: async () => ({ changed: await ctx.rateFeed.fetch() }),
    },
    {
      // Mail that failed to send stays in the outbox; this sends it again when no new mail (whose
      // sending would retry it too) comes along.
      name: 'mail-retry',
      everySeconds: ctx.mailRetryEverySeconds,
      retryLimit: 2,
      retryDelaySeconds: 30,
      timeoutSeconds: 120,
      run: async () => {
        await ctx.mailer.flush();
        return undefined;
      },
    },
  ];
}

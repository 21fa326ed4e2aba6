// Readiness: can this process serve requests now? The database must answer a trivial query within
// a short deadline; Redis only shares rate limits, so without it the process serves on (degraded).
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client';

export type DependencyState = 'up' | 'down' | 'degraded' | 'not-configured';

export interface Readiness {
  ready: boolean;
  database: 'up' | 'down';
  redis: DependencyState;
}

/** Load balancers poll often and give up after a few seconds: answer within this. */
export const READINESS_DEADLINE_MS = 2_000;

/** Resolves true when `work` settles successfully within `ms`, false otherwise (never rejects). */
async function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), deadline]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(
  db: Database,
  redis: Redis | null,
  deadlineMs = READINESS_DEADLINE_MS,
): Promise<Readiness> {
  const databaseUp = await within(deadlineMs, db.execute(sql`select 1`));
  // ioredis reconnects by itself; its status says whether commands would reach Redis now.
  const redisState: DependencyState = !redis
    ? 'not-configured'
    : redis.status === 'ready'
      ? 'up'
      : 'degraded';
  return { ready: databaseUp, database: databaseUp ? 'up' : 'down', redis: redisState };
}

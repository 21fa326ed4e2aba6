// The Redis connection (REDIS_URL): it only shares rate limits between processes, so a Redis
// that is down or slow must never stall a request. Commands fail at once while disconnected (no
// offline queue) or after a second (commandTimeout); the rate-limit store then counts in memory.
import { Redis } from 'ioredis';

export const REDIS_OPTIONS = {
  // A command issued while disconnected fails immediately instead of waiting for a reconnect.
  enableOfflineQueue: false,
  // A command in flight when the connection drops is not retried: the caller falls back.
  maxRetriesPerRequest: 0,
  connectTimeout: 2_000,
  commandTimeout: 1_000,
  // Reconnect forever, at most every 2 s, so limits are shared again once Redis is back.
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
} as const;

export function connectRedis(url: string, warn: (message: string) => void): Redis {
  const redis = new Redis(url, REDIS_OPTIONS);
  // ioredis reports every failed reconnect: log the first of each outage, not one per attempt.
  let reported = false;
  redis.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    warn(`Redis unavailable (${error.message}); rate limits are counted per process meanwhile`);
  });
  redis.on('ready', () => {
    if (reported) warn('Redis is back');
    reported = false;
  });
  return redis;
}

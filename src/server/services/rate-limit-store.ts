// Rate limits shared through Redis, falling back to this process's memory while Redis is down.
// @fastify/rate-limit's `skipOnError` would stop limiting altogether when Redis fails (sign-in
// guessing unlimited); this store keeps every limit, counted per process until Redis is back.
import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitOptions,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

export interface FallbackEvents {
  /** Called once when counting moves to memory, and once when it returns to Redis. */
  onChange?(shared: boolean, error?: Error): void;
}

class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly state: { shared: boolean },
    private readonly events: FallbackEvents,
  ) {}

  private switchTo(shared: boolean, error?: Error): void {
    if (this.state.shared === shared) return;
    this.state.shared = shared;
    this.events.onChange?.(shared, error);
  }

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    // Not connected: count here at once (ioredis would fail the command anyway, offline queue off).
    if (this.redis.status !== 'ready') {
      this.switchTo(false);
      this.local.incr(key, callback, timeWindow, max);
      return;
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (error) {
          this.switchTo(false, error);
          this.local.incr(key, callback, timeWindow, max);
          return;
        }
        this.switchTo(true);
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new FallbackStore(
      this.redis,
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.state,
      this.events,
    );
  }
}

/** A store class for @fastify/rate-limit's `store` option (the plugin constructs it). */
export function redisWithMemoryFallback(
  redis: Redis,
  nameSpace: string,
  events: FallbackEvents = {},
): FastifyRateLimitStoreCtor {
  const state = { shared: true };
  return class extends FallbackStore {
    // The plugin passes its resolved global options (RateLimitOptions at run time).
    constructor(options: RateLimitOptions) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        state,
        events,
      );
    }
  };
}

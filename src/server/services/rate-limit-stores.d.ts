// @fastify/rate-limit's own stores (store/LocalStore.js, store/RedisStore.js) ship no types.
declare module '@fastify/rate-limit/store/*.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';
  interface StoreConstructor {
    new (
      continueExceeding: boolean,
      exponentialBackoff: boolean,
      redisOrCache?: Redis | number,
      key?: string,
    ): FastifyRateLimitStore;
  }
  const Store: StoreConstructor;
  export default Store;
}

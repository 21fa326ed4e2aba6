// Health probes, public and outside the rate limits (load balancers poll them):
// - /health is liveness: the process is up and answering, whatever its dependencies do, so an
//   orchestrator does not restart a healthy process while PostgreSQL restarts;
// - /health/ready is readiness: 200 only when the database answers, so a load balancer sends
//   traffic elsewhere (503) until it does.
import type { FastifyPluginAsync } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../errors';
import { checkReadiness } from '../services/readiness';

const ERROR = {
  type: 'object',
  properties: { code: { type: 'integer' }, message: { type: 'string' } },
  required: ['code', 'message'],
} as const;

const STATE = { type: 'string', enum: ['up', 'down', 'degraded', 'not-configured'] } as const;

// No session lookup (it would need the database) and no rate limit.
const PROBE = { public: true, sessionless: true, rateLimit: false } as const;

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    {
      config: PROBE,
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up (200 even while the database is down)',
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: { status: { type: 'string', enum: ['ok'] } },
                required: ['status'],
              },
            },
            required: ['data'],
          },
        },
      },
    },
    async () => ({ data: { status: 'ok' as const } }),
  );

  app.get(
    '/health/ready',
    {
      config: PROBE,
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when the database answers within 2 s, 503 otherwise',
        description:
          'Redis (REDIS_URL) only shares rate limits: when it is down the answer stays 200 with redis "degraded" and limits are counted per process.',
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  status: { type: 'string', enum: ['ready'] },
                  database: STATE,
                  redis: STATE,
                },
                required: ['status', 'database', 'redis'],
              },
            },
            required: ['data'],
          },
          503: {
            ...ERROR,
            properties: { ...ERROR.properties, database: STATE, redis: STATE },
          },
        },
      },
    },
    async (_request, reply) => {
      const state = await checkReadiness(app.deps.db, app.deps.redis);
      if (state.ready)
        return { data: { status: 'ready', database: state.database, redis: state.redis } };
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({
        code: 503,
        message: 'ServiceUnavailable: the database does not answer',
        database: state.database,
        redis: state.redis,
      });
    },
  );
};
export default healthRoutes;

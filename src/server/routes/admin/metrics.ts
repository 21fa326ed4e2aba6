// The Prometheus metrics of this process behind the admin key (services/metrics.ts), for a
// scraper outside the cluster network; METRICS_PORT serves the same text without a key.
import type { TypedRoutes } from '../typed';

const metricsRoutes: TypedRoutes = async (app) => {
  app.get(
    '/metrics',
    {
      schema: {
        summary:
          "This process's metrics in the Prometheus text format: requests per route, the database pool, business events, jobs",
        response: { 200: { type: 'string', description: 'Prometheus text exposition format' } },
      },
    },
    async (_request, reply) => {
      const { metrics } = app.deps;
      return reply.type(metrics.contentType).send(await metrics.scrape());
    },
  );
};

export default metricsRoutes;

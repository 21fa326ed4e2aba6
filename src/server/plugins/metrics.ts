// Request metrics for every route (services/metrics.ts), and the Prometheus endpoint on a port of
// its own when METRICS_PORT is set: GET /metrics there, with no key, for a scraper inside the
// cluster network (the port is never published to the public). The same text is at
// /master/admin/v1/metrics behind the admin key (routes/admin/metrics.ts).
import { createServer, type Server } from 'node:http';
import { trace } from '@opentelemetry/api';
import fp from 'fastify-plugin';
import type { Metrics } from '../services/metrics';

export default fp(async function metricsPlugin(
  app,
  opts: { metrics: Metrics; port: number | null; host: string },
) {
  const { metrics } = opts;
  // The route's pattern (/claims/:id/accept), never the URL itself: ids, tokens and emails in a
  // path must not become label values (nor grow the series without bound).
  // The trace's server span (telemetry/tracing.ts) named by the route too; without a tracer the
  // API's no-op span takes it.
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (request.is404 || !route) return;
    const span = trace.getActiveSpan();
    span?.setAttribute('http.route', route);
    span?.updateName(`${request.method} ${route}`);
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestDone(
      request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'),
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  if (opts.port === null) return;
  const port = opts.port;
  let server: Server | undefined;
  // Opened with the API's port (app.listen), so tests that only inject never bind one.
  app.addHook('onListen', async () => {
    server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      metrics.scrape().then(
        (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics could not be collected');
          response.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server?.once('error', reject).listen(port, opts.host, () => resolve());
    });
    app.log.info({ port }, 'metrics listening on /metrics');
  });
  app.addHook('onClose', async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });
});

// Builds the API server. The funnel API of spec section 7 is not here yet (see the open issues);
// for now the server answers health checks and a placeholder page for the portal.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payee Portal</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<main><h1>Payee Portal</h1>
<p>The schema engine is in place: try a record against the rules with
<code>npm run validate -- bank-account --country GB --data '{...}'</code>.</p>
<p>The portal screens and the funnel API arrive with the next issues.</p></main>
</body></html>`;

export function buildApp(options: FastifyServerOptions = {}): FastifyInstance {
  const app = Fastify(options);
  app.get('/master/health', async () => ({ data: { status: 'ok' } }));
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PLACEHOLDER_PAGE),
  );
  return app;
}

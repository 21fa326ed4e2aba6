// Serves the built portal (dist/web) and falls back to index.html for client-side routes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

const webRoutes: FastifyPluginAsync = async (app) => {
  const root = app.deps.config.webDir;
  if (!existsSync(join(root, 'index.html'))) {
    app.get('/', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain')
        .send('The portal is not built yet: run npm run build (npm start does it for you).'),
    );
    return;
  }
  // Every route of this plugin serves the portal's public files: no session is looked up.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), public: true, staticFiles: true };
  });
  await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
  app.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/master/')) {
      return reply.status(404).send({ code: 404, message: `NotFound: ${request.method} ${path}` });
    }
    // Files that exist are served as they are; every other path is a portal route.
    const file = path.slice(1);
    if (file && !file.includes('..') && existsSync(join(root, file))) return reply.sendFile(file);
    return reply.type('text/html; charset=utf-8').sendFile('index.html', { maxAge: 0 });
  });
};
export default webRoutes;

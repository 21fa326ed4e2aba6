// Serves the built portal (dist/web) and falls back to index.html for client-side routes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isSignedInPath, signInRedirect } from '../../core/routes/signed-in-paths';

const webRoutes: FastifyPluginAsync = async (app) => {
  /** The portal's files are served without a session lookup; a signed-in route looks it up here. */
  const hasSession = async (request: FastifyRequest): Promise<boolean> => {
    const raw = request.cookies[app.sessionCookie];
    return typeof raw === 'string' && raw.length <= 128 && (await app.sessions.find(raw)) !== null;
  };

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
  // No directory index: `/` is a signed-in route and goes through the handler below.
  await app.register(fastifyStatic, { root, wildcard: false, index: false });
  app.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const [path = '/', query] = request.url.split('?');
    if (path.startsWith('/master/')) {
      return reply.status(404).send({ code: 404, message: `NotFound: ${request.method} ${path}` });
    }
    // Files that exist are served as they are; every other path is a portal route.
    const file = path.slice(1);
    if (file && !file.includes('..') && existsSync(join(root, file))) return reply.sendFile(file);
    // An anonymous visitor of a signed-in route signs in first: the server knows there is no
    // session, so the portal's code and its failing profile call are never loaded for them.
    if (isSignedInPath(path) && !(await hasSession(request))) {
      const target = signInRedirect(query === undefined ? path : `${path}?${query}`);
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    }
    return reply.type('text/html; charset=utf-8').sendFile('index.html', { maxAge: 0 });
  });
};
export default webRoutes;

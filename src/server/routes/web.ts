// Serves the built portal (dist/web) and falls back to index.html for client-side routes.
// Files go out as the build compressed them (scripts/compress-assets.ts wrote <file>.br and
// <file>.gz beside each text file of 256 bytes or more): Brotli when the request accepts br,
// else gzip when it accepts gzip, else the file itself; @fastify/compress never touches them.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type {
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import { bootConfiguration, type BootData } from '../../core/routes/boot-data';
import { isStaticPath } from '../../core/routes/static-path';
import { isSignedInPath, signInRedirect } from '../../core/routes/signed-in-paths';
import { COMPRESS_MIN_BYTES, COMPRESSIBLE_FILE } from '../plugins/compression';
import { createPortalPage } from '../services/portal-page';
import { commonText, pageLocale } from './auth/page-language';
import type { ActiveSession } from '../services/sessions';

/**
 * What Vite writes into assets/: `<name>-<hash>.<ext>`, the hash 8 URL-safe characters (it may
 * itself hold a dash). Such a file never changes under its name; the public folder
 * (src/web/public) has no assets/ folder of its own (tests/api/portal-compression.test.ts).
 */
export const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8}\.[a-z\d]+$/i;

/** How long a browser may keep a file of dist/web (its path relative to dist/web). */
export function cacheControlFor(file: string): string {
  // The page names the hashed files of the current build: always asked again (a 304 when
  // unchanged, by ETag), so a new build reaches every browser at its next visit.
  if (file.endsWith('.html')) return 'no-cache';
  if (HASHED_ASSET.test(file)) return 'public, max-age=31536000, immutable';
  // Public files keep their names across builds (favicons, logos): kept a little, then revalidated.
  return 'public, max-age=600, must-revalidate';
}

/**
 * Headers that only mean something on a document (what it may load, frame or open, how it
 * refers, legacy browsers' switches): a script or a stylesheet ignores them, and they were a
 * kilobyte on every one of a page's chunks, most of them smaller than that. Scripts and styles
 * keep nosniff, Cross-Origin-Resource-Policy and HSTS; pages, SVG and every other file keep all.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const SUBRESOURCE = /\.(?:js|mjs|css)$/i;

const isConsole = (path: string): boolean => path === '/console' || path.startsWith('/console/');

const isFile = (path: string): boolean =>
  statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;

const webRoutes: FastifyPluginAsync = async (app) => {
  /** The portal's files are served without a session lookup; a portal page looks it up here. */
  const sessionOf = async (request: FastifyRequest): Promise<ActiveSession | null> => {
    const raw = request.cookies[app.sessionCookie];
    return typeof raw === 'string' && raw.length <= 128 ? app.sessions.find(raw, true) : null;
  };

  /**
   * What the portal would ask first (src/core/routes/boot-data.ts), as the API would answer it:
   * the merchant's configuration, and with a live session the principal and the profile (not on
   * static pages, which do not load the user; not for the staff's rules console).
   */
  const bootData = (
    request: FastifyRequest,
    path: string,
    session: ActiveSession | null,
  ): BootData => {
    const boot: BootData = {
      configuration: bootConfiguration(
        app.deps.merchants.forHost(request.host).configuration,
        path,
      ),
    };
    // A lapsed access window is refreshed by the portal through the login page, as before.
    if (!session?.accessValid || isConsole(path)) return boot;
    boot.principal = { id: session.profileId };
    if (session.profile && !isStaticPath(path)) boot.profile = session.profile;
    return boot;
  };

  /**
   * The published rules' validators list for a page whose screen shows a form: the form then asks
   * for nothing before it renders. This route skips the rules check API requests make (static
   * files need none), so it checks here; without the list (validators still being built) the
   * portal asks GET /master/rules/validators itself.
   */
  const formValidators = async (request: FastifyRequest) => {
    try {
      await app.rules.refresh();
      return await app.storedValidators.published();
    } catch (error) {
      request.log.warn({ err: error }, 'page: the published validators are not written into it');
      return undefined;
    }
  };

  /**
   * A page: private (it may hold the profile), revalidated by its ETag, and compressed as the
   * request accepts (it is made per request, so it has no precompressed copy).
   */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, html: string) => {
    const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Accept-Encoding, Cookie')
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.type('text/html; charset=utf-8');
    const body = Buffer.from(html);
    // The negotiation @fastify/static and @fastify/compress use (q-values, `*`, br before gzip).
    const encoding =
      body.length >= COMPRESS_MIN_BYTES
        ? negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip'])
        : null;
    if (encoding === 'br')
      return reply
        .header('content-encoding', 'br')
        .send(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    if (encoding === 'gzip')
      return reply.header('content-encoding', 'gzip').send(gzipSync(body, { level: 6 }));
    return reply.send(body);
  };

  const root = app.deps.config.webDir;
  const page = createPortalPage(root);
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
  // reply.sendFile only (serve: false): every path goes through the one route below, which
  // @fastify/compress leaves alone (a file that has no .br or .gz is sent as it is, as the build
  // decided). `/` is a signed-in route and goes through it too (no directory index).
  await app.register(fastifyStatic, {
    root,
    serve: false,
    index: false,
    preCompressed: true,
    // Set per file below, for the file actually sent (a 404 gets none of them).
    cacheControl: false,
    setHeaders: (res, path) => {
      const file = relative(root, path.replace(/\.(?:br|gz)$/, ''))
        .split(sep)
        .join('/');
      res.setHeader('cache-control', cacheControlFor(file));
      // A cache keeps one copy per encoding (@fastify/static does not say so itself).
      if (COMPRESSIBLE_FILE.test(file)) res.setHeader('vary', 'Accept-Encoding');
    },
  });
  // A 304 carries the validators and cache headers only: @fastify/static also names the encoding
  // and type of the copy it would have sent, which a 304 should not (RFC 9110, 15.4.5).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 304) {
      reply.removeHeader('content-encoding');
      reply.removeHeader('content-type');
    }
    return payload;
  });
  /** @fastify/compress leaves this route alone (see above). */
  const portalRoute: RouteShorthandOptions = {
    config: { public: true },
    compress: false,
    schema: { hide: true },
  };
  app.get('/*', portalRoute, async (request, reply) => {
    const [path = '/', query] = request.url.split('?');
    if (path.startsWith('/master/')) {
      return reply.status(404).send({ code: 404, message: `NotFound: ${request.method} ${path}` });
    }
    // Files that exist are served as they are; every other path is a portal route. Hidden files
    // and folders (the build's .vite manifests) and folders themselves are never handed out.
    const file = path.slice(1);
    if (file && !file.includes('..') && !/(^|\/)\./.test(file) && isFile(join(root, file))) {
      if (SUBRESOURCE.test(file))
        for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
      return reply.sendFile(file);
    }
    // An anonymous visitor of a signed-in route signs in first: the server knows there is no
    // session, so the portal's code and its failing profile call are never loaded for them.
    const session = await sessionOf(request);
    if (isSignedInPath(path) && !session) {
      const target = signInRedirect(query === undefined ? path : `${path}?${query}`);
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    }
    // Loading the portal is activity: the idle clock moves as an API read would move it.
    if (session?.accessValid) await app.sessions.touch(session);
    const boot = bootData(request, path, session);
    if (boot.principal && page.showsForm(path)) boot.validators = await formValidators(request);
    // The signed-in person's stored language, as the portal will pick it (app-entry.tsx).
    const locale = pageLocale(boot.profile?.preferredLanguage, undefined, boot.configuration);
    const html = page.render({
      pathname: path,
      boot,
      locale,
      text: commonText(locale),
      console: isConsole(path),
    });
    return sendPage(request, reply, html);
  });
};
export default webRoutes;

// Builds the API server: external plugins, then app plugins (deps, sessions), then routes by folder.
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { ServerConfig, Simulator } from './config';
import type { DatabaseHandle } from './db/client';
import './context';
import { createAjv } from '../core/validation/ajv';
import errorHandler from './plugins/error-handler';
import compression from './plugins/compression';
import security from './plugins/security';
import sessionPlugin from './plugins/session';
import staffSessionPlugin from './plugins/staff-session';
import rulesPlugin from './plugins/rules';
import { createRulesSource } from './services/rules-source';
import { loadCatalog } from '../core/schemas/catalog';
import { createMailer } from './services/mailer';
import { loadMerchants } from './services/merchants';
import { createFormService } from './services/forms';
import { createExchange, ECB_SOURCE, SIMULATED_SOURCE } from './services/exchange-rates';
import { createRateFeed } from './services/rate-feed';
import { createMetrics } from './services/metrics';
import { createJobEngine } from './jobs/engine';
import { defineJobs } from './jobs/definitions';
import metricsPlugin from './plugins/metrics';
import { createIdentityProvider } from './services/identity';
import type { IdentityProvider } from './services/identity/provider';
import { createSessionStore, sessionCookieName } from './services/sessions';
import { createStaffSessionStore, staffSessionCookieName } from './services/staff-sessions';
import { cardVaultKey, createSealer, loadEncryptionKey, parseKey } from './services/encryption';
import { createEmbeddedCardVault } from './services/card-vault';
import paymentMethodRoutes from './routes/funnel/payment-methods';
import { paypalFor, PAYPAL_SIMULATOR_PREFIX } from './routes/paypal-sim/simulator';
import identityWebhookRoutes from './routes/identity/webhooks';
import healthRoutes from './routes/health';
import authPageRoutes from './routes/auth/pages';
import principalRoutes from './routes/auth-app/principal';
import configRoutes from './routes/funnel/configs';
import profileRoutes from './routes/funnel/profile';
import languageRoutes from './routes/funnel/language';
import guardianRoutes from './routes/funnel/guardians';
import tokenRoutes from './routes/funnel/tokens';
import claimRoutes from './routes/funnel/claims';
import adminRoutes from './routes/admin/admin';
import consoleRoutes from './routes/console/console';
import validatorRoutes from './routes/rules/validators';
import devRoutes from './routes/dev/outbox';
import docsRoutes from './routes/docs';
import webRoutes from './routes/web';

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  admin: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeInventory: RouteEntry[];
  }
}

export interface BuildOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  redis?: Redis | null;
  /** Who proofs identities; by default the one the configuration names (IDENTITY_PROVIDER). */
  identity?: IdentityProvider;
  logger?: boolean | object;
  /**
   * Called on the new instance before any plugin or route, so its hooks reach every route (the
   * test harnesses check each answer against the API document this way).
   */
  instrument?: (app: FastifyInstance) => void;
}

/** Log redaction: cookies, keys and tokens never reach the log. */
const REDACT = [
  'req.headers.cookie',
  'req.headers["x-admin-key"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

/**
 * Production refuses to start with a simulator wired in unless ALLOW_SIMULATORS names it: a
 * simulated identity check or payout provider must never be live by accident.
 */
export function assertSimulatorsAllowed(
  config: ServerConfig,
  inUse: Record<Simulator, boolean>,
): void {
  if (!config.production) return;
  const refused = (Object.keys(inUse) as Simulator[]).filter(
    (name) => inUse[name] && !config.allowedSimulators.has(name),
  );
  if (refused.length)
    throw new Error(
      `NODE_ENV=production with simulators wired in (${refused.join(', ')}): connect the real providers, or name them in ALLOW_SIMULATORS=${refused.join(',')} to run them on purpose`,
    );
}

/** Query parameters and path segments that carry invitation tokens or codes. */
const SECRET_QUERY = /([?&](?:tokenId|token|user_id|claim_id|code|otp)=)[^&#]*/gi;
const SECRET_PATH = /(\/tokens\/)[^/?#]+/gi;

/** The request URL as it may be logged: tokens in the query or the path are replaced. */
export const redactUrl = (url: string): string =>
  url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');

/**
 * One log line per request, written when it completes (method, redacted URL, client, status,
 * time), instead of Fastify's two: the same facts at half the logging cost on every request.
 */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
              }),
            },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    logController: new RequestLog(),
    // Request ids unique across processes (a load balancer's X-Request-Id is kept when it is a
    // plain token), in every log line and echoed to the client, so one call is traced end to end.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 64 * 1024,
    // Graceful shutdown (app.close()): idle keep-alive connections close at once, requests that
    // still arrive on busy ones get a 503, in-flight requests finish (Fastify 5's defaults, kept
    // explicit because main.ts relies on them).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // The socket address unless TRUST_PROXY names the proxies in front (README, production).
    trustProxy: config.trustProxy,
    // A path the router refuses (invalid percent-encoding, a parameter over 100 characters) answers
    // {code, message} like every other error (Fastify's default answers a string code and repeats
    // the whole path).
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'UriTooLong: a path segment is longer than 100 characters'
          : 'BadUrl: the path is not a valid URL';
      void (reply as FastifyReply).code(status).send({ code: status, message });
    },
    // Route schemas compile with the shared ajv (same keywords and options as the forms).
    ajv: { customOptions: {} },
  });
  options.instrument?.(app);
  // Every route with its access rule, for the route-inventory test and the docs.
  const inventory: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Read when asked: a plugin's own onRoute hook (the docs pages) may still mark it public.
    const config = (route.config ??= {});
    for (const method of methods) {
      if (method === 'HEAD') continue;
      inventory.push({
        method,
        url: route.url,
        get public() {
          return Boolean(config.public);
        },
        get admin() {
          return Boolean(config.admin);
        },
      });
    }
  });
  app.decorate('routeInventory', inventory);
  const routeAjv = createAjv();
  app.setValidatorCompiler(({ schema }) => routeAjv.compile(schema));
  // Response schemas document the answers (the API document; the tests check every answer against
  // them); they never filter what is sent, as fast-json-stringify would (unknown fields dropped).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const merchants = loadMerchants(config.merchantsDir);
  const identity = options.identity ?? createIdentityProvider(config.identity);
  // Reference rates from EXCHANGE_RATES_URL, or the bundled file as a simulated feed.
  const exchange = createExchange({
    source: config.exchangeRatesUrl ? ECB_SOURCE : SIMULATED_SOURCE,
    maxAgeDays: config.exchangeRatesMaxAgeDays,
  });
  assertSimulatorsAllowed(config, {
    'identity-proofing': identity.simulated,
    paypal: config.paypal === null,
    'card-vault': true,
    'exchange-rates': exchange.simulated,
  });
  const appKey = loadEncryptionKey(config.encryptionKey, config.dataDir, (m) => app.log.warn(m));
  const previousKeys = config.previousEncryptionKeys.map(parseKey);
  const sealer = createSealer(appKey, previousKeys);
  // Log in with PayPal against PayPal (PAYPAL_CLIENT_ID...), or against the simulator's endpoints
  // on this server: the same client either way.
  const { client: paypal, simulator: paypalSimulator } = paypalFor(app, config.paypal, appKey);
  // The files are the seed; published console versions are laid over them (no restart needed).
  const rules = createRulesSource(database.db, loadCatalog(), {
    checkEveryMs: config.rulesCheckMs,
    graceMinutes: config.rulesGraceMinutes,
  });
  // Process metrics (CPU, memory, GC) when the process serves metrics on a port of its own: they
  // watch the whole process, and tests build many apps in one.
  const metrics = createMetrics({
    ...(database.pool ? { pool: database.pool } : {}),
    processMetrics: config.metricsPort !== null,
  });
  app.decorate('deps', {
    config,
    metrics,
    db: database.db,
    redis: options.redis ?? null,
    mailer: createMailer(database.db, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      production: config.production,
      log: app.log,
    }),
    merchants,
    forms: createFormService(() => rules.current.validator),
    exchange,
    identity,
    sealer,
    // The vault seals card numbers under a key of its own, derived from the application key.
    cardVault: createEmbeddedCardVault(
      createSealer(cardVaultKey(appKey), previousKeys.map(cardVaultKey)),
    ),
    paypal,
  });
  app.addHook('onClose', async () => app.deps.mailer.close());
  // The stored rates before the first request (fetched first when the feed is due), then on a
  // schedule.
  const rateFeed = createRateFeed(database.db, exchange, {
    url: config.exchangeRatesUrl,
    refreshMinutes: config.exchangeRatesRefreshMinutes,
    log: app.log,
  });
  // Purge, rate fetch and mail retries on the job engine: pg-boss on PostgreSQL, this process's
  // timers on PGlite (jobs/engine.ts). Started once the app is ready, stopped before it closes.
  const jobs = config.jobs
    ? createJobEngine({
        jobs: defineJobs({
          db: database.db,
          mailer: app.deps.mailer,
          rateFeed,
          limits: {
            idleTimeoutSeconds: config.idleTimeoutSeconds,
            absoluteTimeoutSeconds: config.absoluteTimeoutSeconds,
            staffTimeouts: config.staffTimeouts,
          },
          purgeEverySeconds: config.purgeEverySeconds,
          mailRetryEverySeconds: config.mailRetryEverySeconds,
          ratesEverySeconds: config.exchangeRatesRefreshMinutes * 60,
        }),
        metrics,
        log: app.log,
        ...(database.pool ? { pool: database.pool } : {}),
      })
    : null;
  await rateFeed.start(jobs !== null);
  app.addHook('onClose', async () => rateFeed.stop());
  if (jobs) {
    app.addHook('onReady', async () => jobs.start());
    app.addHook('preClose', async () => jobs.stop());
  }

  // Each merchant's consent script origin, parsed once (the CSP names it on every response).
  const consentOrigins = new Map(
    merchants.all.flatMap((merchant) => {
      const url = merchant.configuration.branding.consentScriptUrl;
      return url ? [[merchant, new URL(url).origin] as const] : [];
    }),
  );
  await app.register(errorHandler);
  await app.register(metricsPlugin, { metrics, port: config.metricsPort, host: config.host });
  await app.register(security, {
    redis: options.redis ?? null,
    scale: config.rateLimitScale,
    consentScriptOrigin: (host) => consentOrigins.get(merchants.forHost(host)),
  });
  // Before any route: @fastify/compress hooks onto each route as it is declared.
  await app.register(compression);
  await app.register(sessionPlugin, {
    store: createSessionStore(database.db, config),
    cookieName: sessionCookieName(config.secureCookies),
    secureCookies: config.secureCookies,
  });

  await app.register(rulesPlugin, { source: rules });
  await app.register(staffSessionPlugin, {
    store: createStaffSessionStore(database.db, config.staffTimeouts),
    cookieName: staffSessionCookieName(config.secureCookies),
    secureCookies: config.secureCookies,
  });

  await app.register(docsRoutes);
  await app.register(healthRoutes, { prefix: '/master' });
  await app.register(authPageRoutes);
  await app.register(principalRoutes, { prefix: '/master/auth-app/v1' });
  await app.register(configRoutes, { prefix: '/master/funnel/v1' });
  await app.register(profileRoutes, { prefix: '/master/funnel/v1' });
  await app.register(languageRoutes, { prefix: '/master/funnel/v1' });
  await app.register(guardianRoutes, { prefix: '/master/funnel/v1' });
  await app.register(tokenRoutes, { prefix: '/master/funnel/v1' });
  await app.register(claimRoutes, { prefix: '/master/funnel/v1' });
  await app.register(paymentMethodRoutes, { prefix: '/master/funnel/v1/payment-methods' });
  // The PayPal simulator's endpoints exist only while PayPal is simulated: in production, only
  // when ALLOW_SIMULATORS names it (assertSimulatorsAllowed).
  if (paypalSimulator)
    await app.register(paypalSimulator.routes, { prefix: PAYPAL_SIMULATOR_PREFIX });
  // A hosted provider's signed decisions (none with the simulator, which decides at once).
  if (identity.readWebhook)
    await app.register(identityWebhookRoutes, { prefix: '/master/identity/v1/webhooks' });
  await app.register(adminRoutes, { prefix: '/master/admin/v1' });
  await app.register(consoleRoutes, { prefix: '/master/console/v1' });
  await app.register(validatorRoutes, { prefix: '/master/rules' });
  // Every mail's codes and links: only when the operator asked for it (DEV_OUTBOX=1, never production).
  if (config.devOutbox) await app.register(devRoutes, { prefix: '/master/dev/v1' });
  await app.register(webRoutes);
  return app;
}

// Builds the API server: external plugins, then app plugins (deps, sessions), then routes by folder.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/client';
import './context';
import { createAjv } from '../core/validation/ajv';
import errorHandler from './plugins/error-handler';
import security from './plugins/security';
import sessionPlugin from './plugins/session';
import { createMailer } from './services/mailer';
import { loadMerchants } from './services/merchants';
import { createFormService } from './services/forms';
import { createExchange } from './services/exchange-rates';
import { simulatedIdentityProofing, type IdentityProofing } from './services/identity-proofing';
import { createSessionStore } from './services/sessions';
import { createSealer, loadEncryptionKey } from './services/encryption';
import { createEmbeddedCardVault } from './services/card-vault';
import { simulatedPaypal } from './services/paypal';
import paymentMethodRoutes from './routes/funnel/payment-methods';
import paypalSimulatorRoutes from './routes/paypal-sim/connect';
import healthRoutes from './routes/health';
import authPageRoutes from './routes/auth/pages';
import principalRoutes from './routes/auth-app/principal';
import configRoutes from './routes/funnel/configs';
import profileRoutes from './routes/funnel/profile';
import guardianRoutes from './routes/funnel/guardians';
import tokenRoutes from './routes/funnel/tokens';
import claimRoutes from './routes/funnel/claims';
import adminRoutes from './routes/admin/admin';
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
  proofing?: IdentityProofing;
  logger?: boolean | object;
}

/** Log redaction: cookies, keys and tokens never reach the log. */
const REDACT = [
  'req.headers.cookie',
  'req.headers["x-admin-key"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: 64 * 1024,
    trustProxy: true,
    // Route schemas compile with the shared ajv (same keywords and options as the forms).
    ajv: { customOptions: {} },
  });
  // Every route with its access rule, for the route-inventory test and the docs.
  const inventory: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      inventory.push({
        method,
        url: route.url,
        public: Boolean(route.config?.public),
        admin: Boolean(route.config?.admin),
      });
    }
  });
  app.decorate('routeInventory', inventory);
  const routeAjv = createAjv();
  app.setValidatorCompiler(({ schema }) => routeAjv.compile(schema));

  const merchants = loadMerchants(config.merchantsDir);
  const sealer = createSealer(
    loadEncryptionKey(config.encryptionKey, config.dataDir, (m) => app.log.warn(m)),
  );
  app.decorate('deps', {
    config,
    db: database.db,
    mailer: createMailer(database.db, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      production: config.production,
      log: app.log,
    }),
    merchants,
    forms: createFormService(),
    exchange: createExchange(),
    proofing: options.proofing ?? simulatedIdentityProofing,
    sealer,
    cardVault: createEmbeddedCardVault(sealer),
    paypal: simulatedPaypal,
  });
  app.addHook('onClose', async () => app.deps.mailer.close());

  await app.register(errorHandler);
  await app.register(security, { redis: options.redis ?? null, scale: config.rateLimitScale });
  await app.register(sessionPlugin, { store: createSessionStore(database.db, config) });

  await app.register(docsRoutes);
  await app.register(healthRoutes, { prefix: '/master' });
  await app.register(authPageRoutes);
  await app.register(principalRoutes, { prefix: '/master/auth-app/v1' });
  await app.register(configRoutes, { prefix: '/master/funnel/v1' });
  await app.register(profileRoutes, { prefix: '/master/funnel/v1' });
  await app.register(guardianRoutes, { prefix: '/master/funnel/v1' });
  await app.register(tokenRoutes, { prefix: '/master/funnel/v1' });
  await app.register(claimRoutes, { prefix: '/master/funnel/v1' });
  await app.register(paymentMethodRoutes, { prefix: '/master/funnel/v1/payment-methods' });
  await app.register(paypalSimulatorRoutes, { prefix: '/master/paypal-sim' });
  await app.register(adminRoutes, { prefix: '/master/admin/v1' });
  if (!config.production) await app.register(devRoutes, { prefix: '/master/dev/v1' });
  await app.register(webRoutes);
  return app;
}

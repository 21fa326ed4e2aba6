// What routes reach through `app.deps`: the database, mail, merchants, forms, rates, identity.
import type { Redis } from 'ioredis';
import type { Database } from './db/client';
import type { ServerConfig } from './config';
import type { Mailer } from './services/mailer';
import type { MerchantDirectory } from './services/merchants';
import type { FormService } from './services/forms';
import type { Exchange } from './services/exchange-rates';
import type { IdentityProvider } from './services/identity/provider';
import type { Sealer } from './services/encryption';
import type { CardVault } from './services/card-vault';
import type { PaypalClient } from './services/paypal';
import type { Metrics } from './services/metrics';

export interface AppDeps {
  config: ServerConfig;
  db: Database;
  /** Shares rate limits between processes (REDIS_URL); null runs them per process. */
  redis: Redis | null;
  mailer: Mailer;
  merchants: MerchantDirectory;
  forms: FormService;
  exchange: Exchange;
  /** Identity proofing: the simulator, or a provider with a hosted flow and webhooks. */
  identity: IdentityProvider;
  sealer: Sealer;
  cardVault: CardVault;
  paypal: PaypalClient;
  /** This app's Prometheus metrics (services/metrics.ts). */
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

// Server settings from the environment, read once at start. Defaults run the product out of the
// box: embedded PostgreSQL (PGlite) under ./data, development outbox on, generated admin key.
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../core/schemas/catalog';

export interface ServerConfig {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  /** null: embedded PGlite under dataDir; "memory://" for an in-memory PGlite. */
  databaseUrl: string | null;
  redisUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  adminApiKey: string;
  /** True when the admin key was generated because ADMIN_API_KEY is unset. */
  adminKeyGenerated: boolean;
  encryptionKey: string | null;
  /** The public base URL used in links sent by mail. */
  publicUrl: string;
  merchantsDir: string;
  webDir: string;
  logLevel: string;
  /** Multiplies every rate limit (tests raise it; the limits themselves are tested at 1). */
  rateLimitScale: number;
  /** Access sessions are short so that the portal's refresh-and-retry path runs for real. */
  accessTtlSeconds: number;
  idleTimeoutSeconds: number;
  absoluteTimeoutSeconds: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const production = env.NODE_ENV === 'production';
  const adminKey = env.ADMIN_API_KEY || undefined;
  if (production && !adminKey)
    throw new Error('ADMIN_API_KEY must be set when NODE_ENV=production');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    production,
    dataDir: resolve(env.DATA_DIR ?? join(REPO_ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Payee Portal <no-reply@payee-portal.local>',
    adminApiKey: adminKey ?? randomBytes(24).toString('base64url'),
    adminKeyGenerated: !adminKey,
    encryptionKey: env.APP_ENCRYPTION_KEY ?? null,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    merchantsDir: resolve(env.MERCHANTS_DIR ?? join(REPO_ROOT, 'config/merchants')),
    webDir: join(REPO_ROOT, 'dist/web'),
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimitScale: Number(env.RATE_LIMIT_SCALE ?? 1),
    accessTtlSeconds: Number(env.ACCESS_TTL_SECONDS ?? 300),
    idleTimeoutSeconds: Number(env.IDLE_TIMEOUT_SECONDS ?? 30 * 60),
    absoluteTimeoutSeconds: Number(env.ABSOLUTE_TIMEOUT_SECONDS ?? 12 * 60 * 60),
  };
}

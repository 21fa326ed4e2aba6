// Server settings from the environment, read once at start. Defaults run the product out of the
// box: embedded PostgreSQL (PGlite) under ./data, generated admin key. The development outbox is
// on only with DEV_OUTBOX=1 (which `npm start` sets for development) and never in production.
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../core/schemas/catalog';

export interface StaffTimeouts {
  idleSeconds: number;
  absoluteSeconds: number;
}

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
  /**
   * Every key that opens the admin API, by name: ADMIN_API_KEY (named by ADMIN_API_KEY_NAME, default
   * `admin-key`) and ADMIN_API_KEYS (`name:key,name:key`). The audit log names the key of each change.
   */
  adminKeys: readonly AdminKey[];
  /**
   * The development outbox route, which shows every mail's codes and links (DEV_OUTBOX=1; never in
   * production, whatever DEV_OUTBOX says).
   */
  devOutbox: boolean;
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
  /** Rules console staff sessions: 15 min idle, 8 h in all (STAFF_IDLE_SECONDS, STAFF_ABSOLUTE_SECONDS). */
  staffTimeouts: StaffTimeouts;
  /** How often a process checks for newly published rules (RULES_CHECK_MS, default 2000). */
  rulesCheckMs: number;
  /** How long a superseded rules version is still accepted (RULES_GRACE_MINUTES, default 30). */
  rulesGraceMinutes: number;
  /**
   * The rules console's worker threads: RULES_WORKERS (default one fewer than the machine's
   * threads, 1 to 4), RULES_QUEUE jobs waiting at most (16), RULES_CHECKS_PER_STAFF in flight per
   * staff member (2), RULES_CHECK_TIMEOUT_MS before a job's thread is ended (60000).
   */
  rulesWorkers: { workers?: number; queue: number; perStaff: number; timeoutMs: number };
  /**
   * Which proxies may set X-Forwarded-For (TRUST_PROXY): false (default) takes the socket address,
   * so a header cannot mint new client addresses for the rate limits.
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Secure cookies (COOKIE_SECURE; on by default in production, whatever the Host header). */
  secureCookies: boolean;
  /** Invitation and guardian tokens expire after this many days (INVITATION_TTL_DAYS). */
  invitationTtlDays: number;
  /** Keys that still open older sealed values (APP_ENCRYPTION_PREVIOUS_KEYS, comma list). */
  previousEncryptionKeys: string[];
  /** Simulators production may run with, named explicitly (ALLOW_SIMULATORS, comma list). */
  allowedSimulators: ReadonlySet<Simulator>;
  /**
   * The reference rate feed in the ECB's XML (EXCHANGE_RATES_URL: http(s)://, file:// or a path);
   * null reads the bundled development file as a simulated feed (services/rate-feed.ts).
   */
  exchangeRatesUrl: string | null;
  /** How often the feed is fetched, by one process (EXCHANGE_RATES_REFRESH_MINUTES, default 60). */
  exchangeRatesRefreshMinutes: number;
  /** Rates more than this many days old are refused (EXCHANGE_RATES_MAX_AGE_DAYS, default 4). */
  exchangeRatesMaxAgeDays: number;
  /**
   * Log in with PayPal (PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET of a PayPal REST app); null
   * runs the development simulator on this server (routes/paypal-sim).
   */
  paypal: PaypalSettings | null;
  /**
   * Prometheus metrics on a port of their own (METRICS_PORT, GET /metrics, no key: keep the port
   * inside the cluster network); null when unset. /master/admin/v1/metrics serves them either way.
   */
  metricsPort: number | null;
  /**
   * The periodic jobs (jobs/engine.ts: purge, rate fetch, mail retries): JOBS=on|off, on unless
   * NODE_ENV=test (tests start many apps in one process and turn them on where they test them).
   */
  jobs: boolean;
  /** How often expired sessions, tokens, codes and unknown sign-ins are purged (PURGE_EVERY_SECONDS, 3600). */
  purgeEverySeconds: number;
  /** How often undelivered mail is sent again (MAIL_RETRY_EVERY_SECONDS, 60). */
  mailRetryEverySeconds: number;
  /** Who proofs identities (IDENTITY_PROVIDER, services/identity/): the simulator by default. */
  identity: IdentityConfig;
}

/**
 * IDENTITY_PROVIDER=simulator (default) or stripe: Stripe Identity with STRIPE_IDENTITY_API_KEY,
 * STRIPE_IDENTITY_WEBHOOK_SECRET and STRIPE_IDENTITY_API_URL (default https://api.stripe.com).
 */
export type IdentityConfig =
  | { provider: 'simulator' }
  | { provider: 'stripe'; apiKey: string; webhookSecret: string; apiUrl: string };

export function parseIdentityConfig(env: NodeJS.ProcessEnv): IdentityConfig {
  const provider = env.IDENTITY_PROVIDER || 'simulator';
  if (provider === 'simulator') return { provider };
  if (provider !== 'stripe')
    throw new Error(`IDENTITY_PROVIDER must be simulator or stripe (not ${provider.slice(0, 32)})`);
  const apiKey = env.STRIPE_IDENTITY_API_KEY ?? '';
  const webhookSecret = env.STRIPE_IDENTITY_WEBHOOK_SECRET ?? '';
  if (!apiKey || !webhookSecret)
    throw new Error(
      'IDENTITY_PROVIDER=stripe needs STRIPE_IDENTITY_API_KEY and STRIPE_IDENTITY_WEBHOOK_SECRET',
    );
  const apiUrl = env.STRIPE_IDENTITY_API_URL || 'https://api.stripe.com';
  if (!/^https?:\/\//i.test(apiUrl))
    throw new Error('STRIPE_IDENTITY_API_URL must be an http(s) URL');
  return { provider, apiKey, webhookSecret, apiUrl };
}

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  /** The page the browser is sent to (PAYPAL_AUTHORIZE_URL, else by PAYPAL_ENV). */
  authorizeUrl: string;
  /** The REST API's origin, for the token and user-info calls (PAYPAL_API_URL, else by PAYPAL_ENV). */
  apiUrl: string;
}

/** PayPal's documented endpoints per environment (PAYPAL_ENV=sandbox, the default, or live). */
export const PAYPAL_ENVIRONMENTS = {
  sandbox: {
    authorizeUrl: 'https://www.sandbox.paypal.com/signin/authorize',
    apiUrl: 'https://api-m.sandbox.paypal.com',
  },
  live: {
    authorizeUrl: 'https://www.paypal.com/signin/authorize',
    apiUrl: 'https://api-m.paypal.com',
  },
} as const;

/** PAYPAL_*: both credentials or neither; the endpoints of PAYPAL_ENV unless given one by one. */
export function parsePaypal(env: NodeJS.ProcessEnv): PaypalSettings | null {
  const clientId = env.PAYPAL_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.PAYPAL_CLIENT_SECRET?.trim() ?? '';
  const name = env.PAYPAL_ENV?.trim() || 'sandbox';
  if (name !== 'sandbox' && name !== 'live')
    throw new Error(`PAYPAL_ENV must be sandbox or live (got "${name.slice(0, 20)}")`);
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret)
    throw new Error('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set together (or neither)');
  const defaults = PAYPAL_ENVIRONMENTS[name];
  const url = (variable: string, fallback: string): string => {
    const value = env[variable]?.trim() || fallback;
    if (!/^https?:\/\//.test(value)) throw new Error(`${variable} must be an http(s) URL`);
    return value.replace(/\/$/, '');
  };
  return {
    clientId,
    clientSecret,
    authorizeUrl: url('PAYPAL_AUTHORIZE_URL', defaults.authorizeUrl),
    apiUrl: url('PAYPAL_API_URL', defaults.apiUrl),
  };
}

/** The shortest ADMIN_API_KEY production starts with. */
export const ADMIN_KEY_MIN_LENGTH = 32;

export const SIMULATORS = ['identity-proofing', 'paypal', 'card-vault', 'exchange-rates'] as const;
export type Simulator = (typeof SIMULATORS)[number];

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** ALLOW_SIMULATORS names only known simulators, so a typo cannot pass silently. */
function parseSimulators(value: string | undefined): ReadonlySet<Simulator> {
  const names = list(value);
  const unknown = names.filter((n) => !(SIMULATORS as readonly string[]).includes(n));
  if (unknown.length)
    throw new Error(
      `ALLOW_SIMULATORS names unknown simulators: ${unknown.join(', ')} (known: ${SIMULATORS.join(', ')})`,
    );
  return new Set(names as Simulator[]);
}

export interface AdminKey {
  name: string;
  key: string;
}

const ADMIN_KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * ADMIN_API_KEY under its name, then ADMIN_API_KEYS. Names must be unique (the audit tells keys
 * apart by them), and so must keys. Errors name the variable and the key's name, never a key.
 */
export function parseAdminKeys(
  env: NodeJS.ProcessEnv,
  mainKey: string,
  production: boolean,
): AdminKey[] {
  const keys: AdminKey[] = [{ name: env.ADMIN_API_KEY_NAME || 'admin-key', key: mainKey }];
  for (const entry of list(env.ADMIN_API_KEYS)) {
    const colon = entry.indexOf(':');
    const name = colon > 0 ? entry.slice(0, colon).trim() : '';
    const key = colon > 0 ? entry.slice(colon + 1).trim() : '';
    if (!name || !key)
      throw new Error(`ADMIN_API_KEYS entries are name:key (an entry has no name or no key)`);
    keys.push({ name, key });
  }
  const names = new Set<string>();
  const values = new Set<string>();
  for (const { name, key } of keys) {
    if (!ADMIN_KEY_NAME.test(name))
      throw new Error(
        `admin key name "${name.slice(0, 64)}" must be letters, digits, '.', '_' or '-' (at most 64)`,
      );
    if (names.has(name)) throw new Error(`admin key name "${name}" is used twice`);
    if (values.has(key)) throw new Error(`admin key "${name}" is the same key as another one`);
    if (production && key.length < ADMIN_KEY_MIN_LENGTH)
      throw new Error(
        `admin key "${name}" (ADMIN_API_KEYS) must be at least ${ADMIN_KEY_MIN_LENGTH} characters when NODE_ENV=production`,
      );
    names.add(name);
    values.add(key);
  }
  return keys;
}

/** TRUST_PROXY: unset/false, true, a hop count, or a comma list of addresses and CIDR ranges. */
export function parseTrustProxy(
  value: string | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  const text = (value ?? '').trim();
  if (!text || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : value === 'true' || value === '1';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const production = env.NODE_ENV === 'production';
  const adminKey = env.ADMIN_API_KEY || undefined;
  if (production && !adminKey)
    throw new Error('ADMIN_API_KEY must be set when NODE_ENV=production');
  // The admin key opens every profile and claim: a short one can be guessed (the generated key has 32).
  if (production && adminKey && adminKey.length < ADMIN_KEY_MIN_LENGTH)
    throw new Error(
      `ADMIN_API_KEY must be at least ${ADMIN_KEY_MIN_LENGTH} characters when NODE_ENV=production ` +
        '(generate one with: openssl rand -base64 32)',
    );
  // A generated key on the server's disk is for development only: production data must be sealed
  // under a key the operator holds (and can rotate).
  if (production && !env.APP_ENCRYPTION_KEY)
    throw new Error('APP_ENCRYPTION_KEY must be set when NODE_ENV=production');
  const adminApiKey = adminKey ?? randomBytes(24).toString('base64url');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    production,
    dataDir: resolve(env.DATA_DIR ?? join(REPO_ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Payee Portal <no-reply@payee-portal.local>',
    adminApiKey,
    adminKeys: parseAdminKeys(env, adminApiKey, production),
    adminKeyGenerated: !adminKey,
    devOutbox: !production && flag(env.DEV_OUTBOX, false),
    encryptionKey: env.APP_ENCRYPTION_KEY ?? null,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    merchantsDir: resolve(env.MERCHANTS_DIR ?? join(REPO_ROOT, 'config/merchants')),
    webDir: resolve(env.WEB_DIR ?? join(REPO_ROOT, 'dist/web')),
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimitScale: Number(env.RATE_LIMIT_SCALE ?? 1),
    accessTtlSeconds: Number(env.ACCESS_TTL_SECONDS ?? 300),
    idleTimeoutSeconds: Number(env.IDLE_TIMEOUT_SECONDS ?? 30 * 60),
    absoluteTimeoutSeconds: Number(env.ABSOLUTE_TIMEOUT_SECONDS ?? 12 * 60 * 60),
    rulesCheckMs: Number(env.RULES_CHECK_MS ?? 2000),
    rulesGraceMinutes: Number(env.RULES_GRACE_MINUTES ?? 30),
    rulesWorkers: {
      ...(env.RULES_WORKERS ? { workers: Math.max(1, Number(env.RULES_WORKERS)) } : {}),
      queue: Math.max(1, Number(env.RULES_QUEUE ?? 16)),
      perStaff: Math.max(1, Number(env.RULES_CHECKS_PER_STAFF ?? 2)),
      timeoutMs: Number(env.RULES_CHECK_TIMEOUT_MS ?? 60_000),
    },
    staffTimeouts: {
      idleSeconds: Number(env.STAFF_IDLE_SECONDS ?? 15 * 60),
      absoluteSeconds: Number(env.STAFF_ABSOLUTE_SECONDS ?? 8 * 60 * 60),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    secureCookies: flag(env.COOKIE_SECURE, production),
    invitationTtlDays: Number(env.INVITATION_TTL_DAYS ?? 30),
    previousEncryptionKeys: list(env.APP_ENCRYPTION_PREVIOUS_KEYS),
    allowedSimulators: parseSimulators(env.ALLOW_SIMULATORS),
    exchangeRatesUrl: env.EXCHANGE_RATES_URL || null,
    exchangeRatesRefreshMinutes: Number(env.EXCHANGE_RATES_REFRESH_MINUTES || 60),
    exchangeRatesMaxAgeDays: Number(env.EXCHANGE_RATES_MAX_AGE_DAYS || 4),
    paypal: parsePaypal(env),
    metricsPort: env.METRICS_PORT ? Number(env.METRICS_PORT) : null,
    jobs: flag(
      env.JOBS === 'on' ? '1' : env.JOBS === 'off' ? '0' : env.JOBS,
      env.NODE_ENV !== 'test',
    ),
    purgeEverySeconds: Math.max(1, Number(env.PURGE_EVERY_SECONDS || 3600)),
    mailRetryEverySeconds: Math.max(1, Number(env.MAIL_RETRY_EVERY_SECONDS || 60)),
    identity: parseIdentityConfig(env),
  };
}

// The real server for attack tests: the app built as `npm start` builds it, listening on a free
// loopback port, on PGlite or PostgreSQL. Attacks go over real HTTP (node:http, so every header,
// Host and X-Forwarded-For included, is the attacker's to choose), never through `inject`.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type ServerConfig } from '../../../src/server/config';
import type { DatabaseHandle } from '../../../src/server/db/client';
import { openTestDatabase, type DatabaseKind } from '../../api/support/databases';
import { PERSON, US_ADDRESS } from '../../fixtures/people';
import { checkResponses, type ResponseChecker } from '../../support/openapi-responses';

export { DATABASE_KINDS } from '../../api/support/databases';
export const ADMIN_KEY = 'security-admin-key-0123456789-abcdef';
export const PASSWORD = 'Sunrise-42-river';
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');

export interface LiveServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: ServerConfig;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the app on a free port. Rate limits are at their real figures (RATE_LIMIT_SCALE 1) unless
 * `env` says otherwise; pass the same `database` to reuse one across servers of one test file, and
 * a `redis` connection to share rate limits through it.
 */
export async function startLiveServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  database?: DatabaseHandle,
  redis: Redis | null = null,
): Promise<LiveServer> {
  const db = database ?? (await openTestDatabase(kind));
  try {
    return await listen(db, database === undefined, env, redis);
  } catch (error) {
    // A server that failed to start leaves no test database behind.
    if (!database) await db.close().catch(() => undefined);
    throw error;
  }
}

async function listen(
  db: DatabaseHandle,
  ownsDatabase: boolean,
  env: Record<string, string>,
  redis: Redis | null,
): Promise<LiveServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_API_KEY: ADMIN_KEY,
    DATA_DIR: '/tmp/payee-security-data',
    RATE_LIMIT_SCALE: '1',
    // The tests read the mailed codes and links from the development outbox.
    DEV_OUTBOX: '1',
    APP_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...env,
  });
  // Every JSON answer is checked against the API document; close() fails on any mismatch.
  let responses: ResponseChecker | undefined;
  const app = await buildApp({
    config,
    database: db,
    redis,
    logger: false,
    instrument: (instance) => (responses = checkResponses(instance)),
  });
  await app.listen({ host: '127.0.0.1', port: 0 }).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    database: db,
    config,
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    async close() {
      await app.close();
      if (ownsDatabase) await db.close();
      responses?.assertClean();
    },
  };
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: { data?: unknown; code?: number; message?: string; [key: string]: unknown } | undefined;
}

/** One HTTP request with exactly the headers given (no cookie jar, no defaults but Host). */
export function rawRequest(
  server: Pick<LiveServer, 'port'>,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        headers: {
          host: 'localhost',
          ...(body !== undefined ? { 'content-length': Buffer.byteLength(body) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: HttpResponse['json'];
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * Bytes straight onto a socket, for requests node:http refuses to send (control characters in a
 * header, broken framing). Answers the status line's code and the raw response.
 */
export function rawSocket(
  server: Pick<LiveServer, 'port'>,
  bytes: string,
): Promise<{ status: number; raw: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.end(bytes, 'latin1'));
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (raw += chunk));
    socket.on('end', () =>
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(raw)?.[1] ?? 0), raw }),
    );
    socket.on('error', reject);
    socket.setTimeout(30_000, () => socket.destroy(new Error('socket timed out')));
  });
}

/** A browser over real HTTP: keeps cookies, sends the CSRF header on writes as the portal does. */
export class HttpBrowser {
  private cookies = new Map<string, string>();
  constructor(
    private readonly server: Pick<LiveServer, 'port'>,
    readonly host = 'localhost',
    /** Extra headers on every request (an attacker's X-Forwarded-For, an Origin, ...). */
    readonly extraHeaders: Record<string, string> = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }
  /** A copy of this browser's cookies in another browser: a stolen session. */
  steal(): HttpBrowser {
    const thief = new HttpBrowser(this.server, this.host, this.extraHeaders);
    for (const [k, v] of this.cookies) thief.cookies.set(k, v);
    return thief;
  }

  private remember(setCookie: string | string[] | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = decodeURIComponent(pair!.slice(eq + 1).trim());
      const expires = attributes.find((a) => /^\s*expires=/i.test(a));
      const maxAge = attributes.find((a) => /^\s*max-age=/i.test(a));
      const gone =
        value === '' ||
        (expires && new Date(expires.split('=')[1]!).getTime() < Date.now()) ||
        (maxAge && Number(maxAge.split('=')[1]) <= 0);
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): Record<string, string> {
    return this.cookies.size
      ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
      : {};
  }

  async request(
    method: string,
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResponse> {
    const csrf = this.cookies.get('XSRF-TOKEN');
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const response = await rawRequest(
      this.server,
      method,
      path,
      {
        host: this.host,
        ...this.extraHeaders,
        ...this.cookieHeader(),
        ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body,
    );
    this.remember(response.headers['set-cookie']);
    return response;
  }

  /** A funnel call: `/master/funnel/v1` + path. */
  api(method: string, path: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request(method, `/master/funnel/v1${path}`, payload, headers);
  }

  /** Posts the sign-in form as the login page in the portal's own origin does. */
  async signIn(
    email: string,
    password = PASSWORD,
    state = '/',
    headers: Record<string, string> = {},
  ): Promise<HttpResponse> {
    const response = await rawRequest(
      this.server,
      'POST',
      '/master/auth-app/v1/login',
      {
        host: this.host,
        origin: `http://${this.host}`,
        'sec-fetch-site': 'same-origin',
        ...this.extraHeaders,
        ...this.cookieHeader(),
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      new URLSearchParams({ email, password, state }).toString(),
    );
    this.remember(response.headers['set-cookie']);
    return response;
  }
}

export async function adminCall(
  server: LiveServer,
  method: 'POST' | 'PUT' | 'GET',
  path: string,
  payload?: unknown,
): Promise<HttpResponse> {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return rawRequest(
    server,
    method,
    `/master/admin/v1${path}`,
    {
      'x-admin-key': ADMIN_KEY,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body,
  );
}

export interface CreatedClaim {
  claim: { id: string; status: string };
  tokenId: string;
  inviteUrl: string;
}

export async function createClaim(
  server: LiveServer,
  email: string,
  amount = '125.50',
  currency = 'USD',
  host = 'localhost',
): Promise<CreatedClaim> {
  const body = JSON.stringify({ email, amount, currency });
  const response = await rawRequest(
    server,
    'POST',
    '/master/admin/v1/claims',
    { host, 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json' },
    body,
  );
  if (response.status !== 201) throw new Error(`create claim: ${response.status} ${response.text}`);
  return response.json!.data as CreatedClaim;
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  otp: string | null;
  createdAt: string;
}

export async function outbox(server: LiveServer, to: string): Promise<OutboxMessage[]> {
  const response = await rawRequest(
    server,
    'GET',
    `/master/dev/v1/outbox?to=${encodeURIComponent(to)}`,
  );
  return response.json!.data as OutboxMessage[];
}

export async function latestOtp(server: LiveServer, to: string): Promise<string> {
  const message = (await outbox(server, to)).find((m) => m.otp);
  if (!message?.otp) throw new Error(`no code was sent to ${to}`);
  return message.otp;
}

let counter = 0;
/** The rows of a raw `db.execute`: node-postgres answers `{ rows }`, PGlite's driver the same or an array. */
export const rowsOf = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

export const uniqueEmail = (label = 'victim'): string =>
  `${label}.${Date.now().toString(36)}.${++counter}@example.com`;

/** Admin creates a claim; the recipient registers for it and signs in. */
export async function registeredUser(
  server: LiveServer,
  email = uniqueEmail(),
  host = 'localhost',
) {
  const created = await createClaim(server, email, '125.50', 'USD', host);
  const browser = new HttpBrowser(server, host);
  const registration = await browser.api('POST', '/me', {
    data: { email, termsAccepted: true },
    password: PASSWORD,
    claimId: created.claim.id,
  });
  if (registration.status !== 200) throw new Error(`register: ${registration.text}`);
  const signIn = await browser.signIn(email);
  if (signIn.status !== 303) throw new Error(`sign in: ${signIn.status} ${signIn.text}`);
  return {
    browser,
    email,
    claimId: created.claim.id,
    profileId: (registration.json!.data as { id: string }).id,
  };
}

/** Registered, verified, person profile saved, identity proofing passed: ACTIVATED. */
export async function activatedUser(
  server: LiveServer,
  email = uniqueEmail(),
  person: Record<string, unknown> = PERSON,
) {
  const user = await registeredUser(server, email);
  await user.browser.api('POST', '/me/verify/otp', {});
  await user.browser.api('PUT', '/me/verify', { otp: await latestOtp(server, email) });
  const saved = await user.browser.api('PATCH', '/me', {
    profileType: 'PERSON',
    person,
    addresses: [US_ADDRESS],
  });
  if (saved.status !== 200) throw new Error(`save profile: ${saved.text}`);
  const proofing = await user.browser.api('POST', '/id-proofing/start');
  return { ...user, status: (proofing.json!.data as { status: string }).status };
}

export { PERSON, US_ADDRESS };

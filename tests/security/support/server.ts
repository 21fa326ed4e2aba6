// The real server for attack tests: the app built as `npm start` builds it, listening on a free
// loopback port, on PGlite or PostgreSQL. Attacks go over real HTTP (node:http, so every header,
// Host and X-Forwarded-For included, is the attacker's to choose), never through `inject`.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { ServerConfig } from '../../../src/server/config';
import type { DatabaseHandle } from '../../../src/server/db/client';
import { openTestDatabase, type DatabaseKind } from '../../api/support/databases';
import { PERSON, US_ADDRESS } from '../../fixtures/people';
import { buildCheckedApp } from '../../support/test-app';
import * as journeys from '../../support/journeys';
import {
  PASSWORD,
  type CreatedClaim,
  type Journey,
  type OutboxMessage,
} from '../../support/journeys';
import { httpTransport } from '../../support/transport';
import { CookieJar } from '../../support/cookie-jar';

export { DATABASE_KINDS } from '../../api/support/databases';
export const ADMIN_KEY = 'security-admin-key-0123456789-abcdef';
export { PASSWORD } from '../../support/journeys';
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
  // Every JSON answer is checked against the API document; close() fails on any mismatch.
  const { app, config, assertResponses } = await buildCheckedApp(
    db,
    {
      ADMIN_API_KEY: ADMIN_KEY,
      DATA_DIR: '/tmp/payee-security-data',
      RATE_LIMIT_SCALE: '1',
      APP_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      ...env,
    },
    redis,
  );
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
      assertResponses();
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
export async function rawRequest(
  server: Pick<LiveServer, 'port'>,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<HttpResponse> {
  const response = await httpTransport(server).request(method, path, {
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  let json: HttpResponse['json'];
  try {
    json = JSON.parse(response.body);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text: response.body, json };
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
  private readonly cookies = new CookieJar();
  constructor(
    readonly server: Pick<LiveServer, 'port'>,
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
    this.cookies.remember(setCookie);
  }

  private cookieHeader(): Record<string, string> {
    return this.cookies.size ? { cookie: this.cookies.header() } : {};
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

/** The shared journeys (tests/support/journeys.ts) over real HTTP, with HttpBrowser. */
export function journeyOf(server: Pick<LiveServer, 'port'>): Journey<HttpBrowser> {
  return {
    transport: httpTransport(server),
    adminKey: ADMIN_KEY,
    browser: (host) => new HttpBrowser(server, host),
    async call(browser, method, path, payload) {
      const response = await browser.api(method, path, payload);
      return { status: response.status, json: response.json, text: response.text };
    },
    signIn: async (browser, email) => (await browser.signIn(email)).status,
  };
}

export type { CreatedClaim, OutboxMessage };

export const createClaim = (
  server: LiveServer,
  email: string,
  amount = '125.50',
  currency = 'USD',
  host = 'localhost',
): Promise<CreatedClaim> => journeys.createClaim(journeyOf(server), email, amount, currency, host);

export const outbox = (server: LiveServer, to: string): Promise<OutboxMessage[]> =>
  journeys.outbox(journeyOf(server), to);

export const latestOtp = (server: LiveServer, to: string): Promise<string> =>
  journeys.latestOtp(journeyOf(server), to);

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
  const { profile, ...user } = await journeys.registeredUser(journeyOf(server), email, { host });
  return { ...user, profileId: profile.id };
}

/** The recipient adds a bank account (the body as the portal's form sends it); answers its id. */
export const addBankAccount = (browser: HttpBrowser, account: object): Promise<string> =>
  journeys.addBankAccount(journeyOf(browser.server), browser, account);

/** Registered, verified, person profile saved, identity proofing passed: ACTIVATED. */
export async function activatedUser(
  server: LiveServer,
  email = uniqueEmail(),
  person: Record<string, unknown> = PERSON,
) {
  const { profile, ...user } = await journeys.activatedUser(journeyOf(server), email, person);
  return { ...user, profileId: profile.id };
}

export { PERSON, US_ADDRESS };

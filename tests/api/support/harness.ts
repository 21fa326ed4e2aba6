// Builds the real app on a test database and drives it like a browser would: cookies, the CSRF
// header, the sign-in form, codes read from the development outbox.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ServerConfig } from '../../../src/server/config';
import type { DatabaseHandle } from '../../../src/server/db/client';
import { openTestDatabase, type DatabaseKind } from './databases';
import { PERSON, US_ADDRESS } from '../../fixtures/people';
import { buildCheckedApp } from '../../support/test-app';
import * as journeys from '../../support/journeys';
import {
  PASSWORD,
  type CreatedClaim,
  type Journey,
  type OutboxMessage,
} from '../../support/journeys';
import { injectTransport } from '../../support/transport';
import { CookieJar } from '../../support/cookie-jar';

export const ADMIN_KEY = 'test-admin-key-0123456789-abcdefghij';
export { PASSWORD } from '../../support/journeys';
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: ServerConfig;
  close(): Promise<void>;
}

export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  // Every JSON answer is checked against the API document; close() fails on any mismatch.
  const { app, config, assertResponses } = await buildCheckedApp(database, {
    ADMIN_API_KEY: ADMIN_KEY,
    DATA_DIR: '/tmp/payee-test-data',
    PUBLIC_URL: 'http://localhost:8080',
    RATE_LIMIT_SCALE: '100',
    APP_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...env,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      assertResponses();
    },
  };
}

type Json = Record<string, unknown>;

export interface ApiResponse<T = unknown> {
  status: number;
  body: {
    data: T;
    code?: number;
    message?: string;
    errors?: { path: string; keyword: string; messageKey: string; message: string }[];
  } & Json;
  raw: LightMyRequestResponse;
}

/** A browser: keeps cookies and sends the CSRF header on writes, as the portal does. */
export class Browser {
  private readonly cookies = new CookieJar();
  constructor(
    readonly app: FastifyInstance,
    private readonly host = 'localhost',
  ) {}

  private remember(response: LightMyRequestResponse): void {
    this.cookies.remember(response.headers['set-cookie']);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request<T = unknown>(
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const csrf = this.cookies.get('XSRF-TOKEN');
    const response = await this.app.inject({
      method: method as 'GET',
      url,
      headers: {
        host: this.host,
        cookie: this.cookies.header(),
        ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload: payload as Json } : {}),
    });
    this.remember(response);
    let body: ApiResponse<T>['body'];
    try {
      body = response.json();
    } catch {
      body = { data: undefined as T, text: response.body };
    }
    return { status: response.statusCode, body, raw: response };
  }

  get<T = unknown>(url: string) {
    return this.request<T>('GET', url);
  }
  api<T = unknown>(method: string, path: string, payload?: unknown) {
    return this.request<T>(method, `/master/funnel/v1${path}`, payload);
  }

  /** Posts the sign-in form of the login page. */
  async signIn(email: string, password = PASSWORD, state = '/'): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method: 'POST',
      url: '/master/auth-app/v1/login',
      headers: {
        host: this.host,
        // The login page's own origin, as a browser posting its form sends it (login CSRF).
        origin: `http://${this.host}`,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: this.cookies.header(),
      },
      payload: new URLSearchParams({ email, password, state }).toString(),
    });
    this.remember(response);
    return response;
  }
}

export async function admin<T = unknown>(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  payload: Json,
): Promise<ApiResponse<T>> {
  const response = await app.inject({
    method,
    url: `/master/admin/v1${url}`,
    headers: { 'x-admin-key': ADMIN_KEY },
    payload,
  });
  return { status: response.statusCode, body: response.json(), raw: response };
}

/** The shared journeys (tests/support/journeys.ts) in process, with this harness's Browser. */
export function journeyOf(app: FastifyInstance): Journey<Browser> {
  return {
    transport: injectTransport(app),
    adminKey: ADMIN_KEY,
    browser: (host) => new Browser(app, host),
    async call(browser, method, path, payload) {
      const response = await browser.api(method, path, payload);
      return { status: response.status, json: response.body, text: response.raw.body };
    },
    signIn: async (browser, email) => (await browser.signIn(email)).statusCode,
  };
}

export type { CreatedClaim, OutboxMessage };

export const createClaim = (
  app: FastifyInstance,
  email: string,
  amount = '125.50',
  currency = 'USD',
): Promise<CreatedClaim> => journeys.createClaim(journeyOf(app), email, amount, currency);

export const outbox = (app: FastifyInstance, to: string): Promise<OutboxMessage[]> =>
  journeys.outbox(journeyOf(app), to);

export const latestOtp = (app: FastifyInstance, to: string): Promise<string> =>
  journeys.latestOtp(journeyOf(app), to);

let counter = 0;
/** A unique email per call, so tests sharing a database never collide. */
export const uniqueEmail = (label = 'user'): string =>
  `${label}.${Date.now().toString(36)}.${++counter}@example.com`;

/** Admin creates a claim, the recipient registers for it and signs in. */
export async function registeredUser(app: FastifyInstance, email = uniqueEmail()) {
  const { profile, ...user } = await journeys.registeredUser(journeyOf(app), email);
  return { ...user, profileId: profile.id };
}

export { PERSON, US_ADDRESS };

/** Registered, verified with the emailed code, person profile saved, proofing passed: ACTIVATED. */
export async function activatedUser(
  app: FastifyInstance,
  email = uniqueEmail(),
  person: Json = PERSON,
) {
  const { profile, ...user } = await journeys.activatedUser(journeyOf(app), email, person);
  return { ...user, profileId: profile.id };
}

/**
 * Saves the person's details again, as the profile form does: changed identity data sends a proofed
 * profile back to VERIFIED (a date of birth under 18 makes it a minor). With `proof`, identity
 * proofing runs next and the simulator decides by the last name (Pending, Fail, Mismatch,
 * Relationship, Final; any other activates). Answers the status the profile ends in.
 */
export const changeIdentity = (browser: Browser, person: Json, proof = true): Promise<string> =>
  journeys.changeIdentity(journeyOf(browser.app), browser, person, proof);

/** The recipient adds a bank account (the body as the portal's form sends it); answers its id. */
export const addBankAccount = (browser: Browser, account: object): Promise<string> =>
  journeys.addBankAccount(journeyOf(browser.app), browser, account);

/** A minor (VERIFIED, or waiting) invites a guardian: GUARDIAN_CONSENT_PENDING. */
export const inviteGuardian = (browser: Browser, guardianEmail: string): Promise<string> =>
  journeys.inviteGuardian(journeyOf(browser.app), browser, guardianEmail);

/**
 * The guardian invited at `guardianEmail` registers from the mailed link, verifies, is proofed and
 * decides for the minor (a refusal: GUARDIAN_CONSENT_REJECTED). Answers the minor's status.
 */
export const guardianDecides = (
  app: FastifyInstance,
  minorId: string,
  guardianEmail: string,
  consent: boolean,
): Promise<string> => journeys.guardianDecides(journeyOf(app), minorId, guardianEmail, consent);

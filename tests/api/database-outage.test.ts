// PostgreSQL goes away under a running server (a TCP proxy the test cuts): every call that needs
// the database answers a clean, fast 503 {code, message} with Retry-After, readiness says 503,
// liveness stays 200, and once the database is back the same process serves again by itself.
// PostgreSQL only: the embedded PGlite cannot be unreachable (runs when DATABASE_URL is set).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import {
  createClaim,
  HttpBrowser,
  PASSWORD,
  rawRequest,
  registeredUser,
  startLiveServer,
  uniqueEmail,
  type HttpResponse,
  type LiveServer,
} from '../security/support/server';
import { TcpProxy } from './support/tcp-proxy';

const SERVER_URL = process.env.DATABASE_URL;
/** A fault must be answered well inside a client's 30 s timeout. */
const FAST_MS = 10_000;

async function timed(call: () => Promise<HttpResponse>): Promise<[HttpResponse, number]> {
  const started = performance.now();
  const response = await call();
  return [response, performance.now() - started];
}

function expectUnavailable(response: HttpResponse, elapsedMs: number): void {
  expect(response.status).toBe(503);
  expect(response.json).toMatchObject({ code: 503 });
  expect(response.json?.message).toMatch(/^ServiceUnavailable: /);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(elapsedMs).toBeLessThan(FAST_MS);
}

describe.runIf(SERVER_URL)('PostgreSQL outage', () => {
  const name = `payee_outage_${randomBytes(6).toString('hex')}`;
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let server: LiveServer;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(SERVER_URL ?? '');
    proxy = await TcpProxy.start(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(target.toString());
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${name}`;
    database = await openDatabase({ url: viaProxy.toString() });
    server = await startLiveServer('postgres', { RATE_LIMIT_SCALE: '100' }, database);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
    await proxy?.close();
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const ready = () => rawRequest(server, 'GET', '/master/health/ready');
  const live = () => rawRequest(server, 'GET', '/master/health');

  it('answers 503 fast while the database is unreachable and recovers without a restart', async () => {
    expect((await ready()).status).toBe(200);
    const user = await registeredUser(server);
    const newcomer = uniqueEmail('newcomer');
    const claim = await createClaim(server, newcomer);
    const register = () =>
      new HttpBrowser(server).api('POST', '/me', {
        data: { email: newcomer, termsAccepted: true },
        password: PASSWORD,
        claimId: claim.claim.id,
      });

    for (const fault of ['cut', 'blackhole'] as const) {
      // cut: connections refused at once; blackhole: accepted and never answered (the pool's
      // connection timeout must end the wait).
      await proxy[fault]();
      const [me, meMs] = await timed(() => user.browser.api('GET', '/me'));
      expectUnavailable(me, meMs);
      const [registration, registrationMs] = await timed(register);
      expectUnavailable(registration, registrationMs);
      // The sign-in form answers a page that keeps the email and says to try again, not JSON.
      const [signIn, signInMs] = await timed(() => new HttpBrowser(server).signIn(user.email));
      expect(signIn.status).toBe(503);
      expect(signIn.headers['content-type']).toMatch(/^text\/html/);
      expect(Number(signIn.headers['retry-after'])).toBeGreaterThan(0);
      expect(signIn.text).toContain('try again in a moment');
      expect(signIn.text).toContain(`value="${user.email}"`);
      expect(signInMs).toBeLessThan(FAST_MS);
      const [readiness, readinessMs] = await timed(ready);
      expect(readiness.status).toBe(503);
      expect(readiness.json).toMatchObject({ code: 503, database: 'down' });
      expect(readiness.json?.message).toMatch(/^ServiceUnavailable: /);
      expect(readinessMs).toBeLessThan(3_000);
      // Liveness: the process is fine, an orchestrator must not restart it.
      const liveness = await live();
      expect(liveness.status).toBe(200);
      // Session cookies do not make liveness touch the database either.
      expect((await user.browser.request('GET', '/master/health')).status).toBe(200);

      await proxy.restore();
      await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(200);
      expect((await user.browser.api('GET', '/me')).status).toBe(200);
    }
    // Nothing was half-written during the outage: the registration goes through now, once.
    expect((await register()).status).toBe(200);
    expect((await register()).status).toBe(409);
  }, 60_000);
});

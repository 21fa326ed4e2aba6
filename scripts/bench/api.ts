// The API measures: signed-in reads against the anchor on PostgreSQL, /me on PGlite, and the two
// writes (adding a bank account, accepting a claim with its one-time code).
import {
  achAccount,
  activatedUser,
  addPayoutMethods,
  check,
  type ApiClient,
  type BenchUser,
} from './client';
import { failed, measureLoad, type LoadResult } from './load';
import type { BenchOptions } from './options';
import type { AnchorServer, PortalServer } from './servers';
import { percentile } from './stats';

export const FUNNEL = '/master/funnel/v1';

export interface ReadResults {
  anchor: LoadResult;
  me: LoadResult;
  paymentMethods: LoadResult;
}

/** The signed-in reader: ACTIVATED, with a bank account and a paper check to list. */
export async function readerOn(server: PortalServer): Promise<BenchUser> {
  const user = await activatedUser(server.origin, server.admin, 'bench.reader');
  await addPayoutMethods(user);
  return user;
}

async function signedInLoad(
  client: ApiClient,
  url: string,
  options: BenchOptions,
): Promise<LoadResult> {
  // A fresh access window for each measure (ACCESS_TTL_SECONDS keeps its default of 5 minutes).
  await client.refreshAccess();
  return measureLoad({
    url,
    headers: { cookie: client.cookieHeader() },
    connections: options.connections,
    duration: options.seconds,
    warmupSeconds: options.warmupSeconds,
  });
}

/** GET /me and GET /payment-methods on the portal and the anchor route, same settings. */
export async function measureReads(
  server: PortalServer,
  anchor: AnchorServer,
  user: BenchUser,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<ReadResults> {
  log(`  anchor ${anchor.path} (${options.seconds} s, ${options.connections} connections)`);
  const anchorResult = await signedInLoad(user.client, `${anchor.origin}${anchor.path}`, options);
  log('  portal GET /me');
  const me = await signedInLoad(user.client, `${server.origin}${FUNNEL}/me`, options);
  log('  portal GET /payment-methods');
  const paymentMethods = await signedInLoad(
    user.client,
    `${server.origin}${FUNNEL}/payment-methods`,
    options,
  );
  return { anchor: anchorResult, me, paymentMethods };
}

export async function measureMe(
  server: PortalServer,
  user: BenchUser,
  options: BenchOptions,
): Promise<LoadResult> {
  return signedInLoad(user.client, `${server.origin}${FUNNEL}/me`, options);
}

// ---- writes -------------------------------------------------------------------------------------

export interface SequentialResult {
  count: number;
  p50: number;
  p99: number;
  max: number;
  requestsPerSecond: number;
  failures: number;
}

/**
 * POST /payment-methods/bank-accounts, each a valid US ACH account with its own number, by one
 * ACTIVATED writer (bank accounts have no per-user cap), with the read measures' connections.
 */
export async function measureAddBankAccount(
  server: PortalServer,
  options: BenchOptions,
): Promise<LoadResult> {
  const writer = await activatedUser(server.origin, server.admin, 'bench.writer');
  // The first method added becomes the preferred one; concurrent first adds race for that (one
  // wins, the others answer 409 AlreadyExists), so the measure starts from one existing account.
  check(
    'add the first bank account',
    await writer.client.api('POST', '/payment-methods/bank-accounts', achAccount()),
  );
  await writer.client.refreshAccess();
  let n = 0;
  return measureLoad({
    url: `${server.origin}${FUNNEL}/payment-methods/bank-accounts`,
    method: 'POST',
    headers: { cookie: writer.client.cookieHeader(), 'x-csrf-token': writer.client.csrfToken() },
    connections: options.connections,
    duration: 0,
    amount: options.bankAccounts,
    warmupSeconds: 0,
    body: () => JSON.stringify(achAccount(`Bench ${++n}`)),
  });
}

/** Five codes per purpose per 10 minutes (src/server/services/one-time-codes.ts). */
const CODES_PER_USER = 5;

/**
 * PUT /claims/:id/accept with the one-time code: claims are created through the admin API for
 * ACTIVATED users with a bank account, each code asked for (POST .../accept/otp) and read from the
 * outbox beforehand; then the accepts alone are timed, one after the other.
 */
export async function measureAcceptClaim(
  server: PortalServer,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<SequentialResult> {
  const prepared: { client: ApiClient; claimId: string; otp: string; methodId: string }[] = [];
  const users = Math.ceil(options.claims / CODES_PER_USER);
  for (let u = 0; u < users; u++) {
    const user = await activatedUser(server.origin, server.admin, 'bench.claims');
    const methodId = await addPayoutMethods(user);
    // The registration claim plus new ones, all attached to this profile.
    const claimIds = [user.firstClaimId];
    while (claimIds.length < CODES_PER_USER && prepared.length + claimIds.length < options.claims)
      claimIds.push((await server.admin.createClaim(user.email, '80.00')).claim.id);
    for (const claimId of claimIds) {
      check(
        'ask for the acceptance code',
        await user.client.api('POST', `/claims/${claimId}/accept/otp`, {
          paymentMethodId: methodId,
        }),
        [200, 201],
      );
      prepared.push({
        client: user.client,
        claimId,
        otp: await server.admin.latestOtp(user.email),
        methodId,
      });
    }
  }
  log(`  ${prepared.length} claims with their codes ready; accepting`);
  const times: number[] = [];
  let failures = 0;
  for (const { client } of prepared) await client.refreshAccess();
  const started = performance.now();
  for (const { client, claimId, otp, methodId } of prepared) {
    const t0 = performance.now();
    const answer = await client.api('PUT', `/claims/${claimId}/accept`, {
      otp,
      paymentMethodId: methodId,
    });
    times.push(performance.now() - t0);
    if (answer.status !== 200) {
      failures++;
      log(`  accept ${claimId}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    }
  }
  const elapsed = (performance.now() - started) / 1000;
  return {
    count: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: Math.max(...times),
    requestsPerSecond: times.length / elapsed,
    failures,
  };
}

export { failed };
export type { LoadResult };

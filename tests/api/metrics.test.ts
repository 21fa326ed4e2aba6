// Prometheus metrics (issue 32 point 3): after a journey through the API, the admin key's
// /metrics shows each business counter moved and the requests by route pattern; no label carries
// an id, an email or a raw URL. METRICS_PORT serves the same text on a port of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import {
  activatedUser,
  ADMIN_KEY,
  latestOtp,
  PASSWORD,
  startTestApp,
  type TestApp,
} from './support/harness';
import { createStaff, signIn, type Staff } from './support/staff';
import { DATABASE_KINDS } from './support/databases';
import { loadCatalog } from '../../src/core/schemas/catalog';

/** One sample's value: `name{labels} value` (labels in the order given, as prom-client writes). */
function sample(text: string, name: string, labels = ''): number {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(labels ? `${name}{${labels}} ` : `${name} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

async function scrape(t: TestApp): Promise<string> {
  const response = await t.app.inject({
    url: '/master/admin/v1/metrics',
    headers: { 'x-admin-key': ADMIN_KEY },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  return response.body;
}

describe.each(DATABASE_KINDS)('metrics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('are behind the admin key', async () => {
    expect((await t.app.inject({ url: '/master/admin/v1/metrics' })).statusCode).toBe(401);
  });

  it('count registrations, payout methods, accepted claims, sign-in failures and locks, publications, and requests per route', async () => {
    const before = await scrape(t);
    const user = await activatedUser(t.app);
    const check = await user.browser.api<{ physicalCheck: { id: string } }>(
      'POST',
      '/payment-methods/physical-checks',
      { preferred: true },
    );
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    const methodId = check.body.data.physicalCheck.id;
    const asked = await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
      paymentMethodId: methodId,
      targetCurrency: 'USD',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const accept = {
      otp: await latestOtp(t.app, user.email),
      paymentMethodId: methodId,
      targetCurrency: 'USD',
    };
    expect((await user.browser.api('PUT', `/claims/${user.claimId}/accept`, accept)).status).toBe(
      200,
    );
    // A repeated accept answers the first one: counted once.
    await user.browser.api('PUT', `/claims/${user.claimId}/accept`, accept);

    // Six wrong passwords: the fifth failure locks for a while, the sixth meets the lock (refused
    // before its password is checked, so not a failure of its own).
    for (let i = 0; i < 6; i++) await user.browser.signIn(user.email, `${PASSWORD}-wrong`);

    const editor: Staff = await createStaff(t.app, 'editor');
    const approver: Staff = await createStaff(t.app, 'approver');
    expect((await signIn(t.app, editor, 0, '000000')).response.status).toBe(401);
    const { browser: editing } = await signIn(t.app, editor);
    const { browser: approving } = await signIn(t.app, approver);
    const drafted = await editing.request('POST', '/countries/GB/drafts', {
      rules: loadCatalog().rules.GB,
    });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
    const id = (drafted.body.data as { id: number }).id;
    expect((await approving.request('POST', `/versions/${id}/approve`, {})).status).toBe(200);
    const published = await approving.request('POST', `/versions/${id}/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const after = await scrape(t);
    const moved = (name: string, labels = '') =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('payee_registrations_total')).toBe(1);
    expect(moved('payee_payout_methods_added_total', 'type="PHYSICAL_CHECK"')).toBe(1);
    expect(moved('payee_claims_accepted_total')).toBe(1);
    expect(moved('payee_sign_in_failures_total', 'door="recipients"')).toBe(5);
    expect(moved('payee_sign_in_locks_total', 'door="recipients",kind="temporary"')).toBe(1);
    expect(moved('payee_sign_in_failures_total', 'door="staff"')).toBe(1);
    expect(moved('payee_rules_published_total')).toBe(1);
    // Requests by route pattern, method and status class.
    expect(
      moved(
        'http_request_duration_seconds_count',
        'route="/master/funnel/v1/claims/:id/accept",method="PUT",status_class="2xx"',
      ),
    ).toBe(2);
    if (kind === 'postgres') expect(sample(after, 'db_pool_max_connections')).toBe(10);
    // No label value is an id, an email or a query string.
    const labels = [...after.matchAll(/\{([^}]*)\}/g)].map((m) => m[1] ?? '').join('\n');
    expect(labels).not.toContain(user.claimId);
    expect(labels).not.toContain(user.email);
    expect(labels).not.toContain('@');
    expect(labels).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(labels).not.toContain('?');
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics on its own port while the app listens, and closes it with the app', async () => {
    // A free port, asked of the OS first (the metrics server needs a port to be scraped at).
    const probe = await import('node:net').then(
      (net) =>
        new Promise<number>((resolve) => {
          const server = net.createServer().listen(0, '127.0.0.1', () => {
            const { port } = server.address() as AddressInfo;
            server.close(() => resolve(port));
          });
        }),
    );
    const live = await startTestApp('pglite', { METRICS_PORT: String(probe), HOST: '127.0.0.1' });
    try {
      await live.app.listen({ host: '127.0.0.1', port: 0 });
      const response = await fetch(`http://127.0.0.1:${probe}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
      // Process metrics come with the port of their own.
      expect(text).toContain('process_cpu_user_seconds_total');
      expect((await fetch(`http://127.0.0.1:${probe}/other`)).status).toBe(404);
    } finally {
      await live.close();
    }
    await expect(fetch(`http://127.0.0.1:${probe}/metrics`)).rejects.toThrow();
  });
});

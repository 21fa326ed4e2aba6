// Attacks on the admin API's status route (issue 29 point 5), over real HTTP: walking a freshly
// registered profile to ACTIVATED with the state machine's own steps, a block and an unblock to
// another status, a hold of a profile that was never proofed, and skipping a pending document
// review or a guardian's consent. Operations may only hold, release, lock, deactivate and unblock;
// each such move lands in the admin audit log under the name of the key that made it.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { PROFILE_STATUSES } from '../../src/core/types/statuses';
import {
  activatedUser,
  adminCall,
  DATABASE_KINDS,
  latestOtp,
  PERSON,
  rawRequest,
  registeredUser,
  startLiveServer,
  uniqueEmail,
  US_ADDRESS,
  type HttpBrowser,
  type HttpResponse,
  type LiveServer,
} from './support/server';

/** A second operations key, named, next to ADMIN_API_KEY (named admin-key by default). */
const ALICE_KEY = 'alice-ops-key-0123456789-abcdefghijkl';
const OPERATOR_STATUSES: readonly string[] = ['ON_HOLD', 'LOCKED', 'DEACTIVATED'];

interface AuditRecord {
  actor: string;
  action: string;
  subject: string | null;
  detail: { from?: string; to?: string; decision?: string; profileId?: string } | null;
}

describe.each(DATABASE_KINDS)('the admin status route on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind, {
      RATE_LIMIT_SCALE: '20',
      ADMIN_API_KEYS: `ops-alice:${ALICE_KEY}`,
    });
  });
  afterAll(async () => server?.close());

  const move = (profileId: string, status: string, key?: string): Promise<HttpResponse> => {
    const path = `/profiles/${profileId}/status`;
    if (!key) return adminCall(server, 'PUT', path, { status });
    return rawRequest(
      server,
      'PUT',
      `/master/admin/v1${path}`,
      { 'x-admin-key': key, 'content-type': 'application/json' },
      JSON.stringify({ status }),
    );
  };
  const statusOf = async (browser: HttpBrowser): Promise<string> =>
    ((await browser.api('GET', '/me/status')).json!.data as { status: string }).status;
  const auditOf = async (subject: string): Promise<AuditRecord[]> => {
    const answer = await adminCall(server, 'GET', `/audit?subject=${subject}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.json!.data as AuditRecord[];
  };
  const expectRefused = (answer: HttpResponse, label: string) => {
    expect(answer.status, `${label}: ${answer.text}`).toBe(409);
    expect(answer.json!.message, label).toMatch(/^IllegalStatusTransition: /);
  };

  it('cannot walk a freshly registered profile to ACTIVATED, nor to any status but a block', async () => {
    const fresh = await registeredUser(server, uniqueEmail('fresh'));
    // The state machine's own path: email verified, proofing started, proofing passed.
    for (const step of ['VERIFIED', 'ID_PROOFING_PENDING', 'ACTIVATED'])
      expectRefused(await move(fresh.profileId, step), step);
    for (const status of PROFILE_STATUSES.filter((s) => !OPERATOR_STATUSES.includes(s)))
      expectRefused(await move(fresh.profileId, status), status);
    // A hold is for a proofed profile only: ON_HOLD may add payout methods.
    expectRefused(await move(fresh.profileId, 'ON_HOLD'), 'hold of a CREATED profile');
    expect(await statusOf(fresh.browser)).toBe('CREATED');
    expect(await auditOf(fresh.profileId)).toEqual([]);
  });

  it('unblocks only to the status before the block: no ACTIVATED through LOCKED or DEACTIVATED', async () => {
    const fresh = await registeredUser(server, uniqueEmail('blocked'));
    expect((await move(fresh.profileId, 'LOCKED')).status).toBe(200);
    for (const status of ['ACTIVATED', 'VERIFIED', 'ON_HOLD'])
      expectRefused(await move(fresh.profileId, status), `LOCKED to ${status}`);
    expect((await move(fresh.profileId, 'DEACTIVATED')).status).toBe(200);
    expectRefused(await move(fresh.profileId, 'ACTIVATED'), 'DEACTIVATED to ACTIVATED');
    expectRefused(await move(fresh.profileId, 'LOCKED'), 'DEACTIVATED to LOCKED');
    const back = await move(fresh.profileId, 'CREATED');
    expect(back.status, back.text).toBe(200);
    expect(back.json!.data).toEqual({ id: fresh.profileId, status: 'CREATED' });
    // Back where it was, and still nothing but a block from there.
    expectRefused(await move(fresh.profileId, 'ACTIVATED'), 'CREATED to ACTIVATED again');
    expect(await statusOf(fresh.browser)).toBe('CREATED');
  });

  it('cannot hold a profile waiting for proofing and release it to ACTIVATED', async () => {
    const pending = await activatedUser(server, uniqueEmail('pending'), {
      ...PERSON,
      lastName: 'Pending',
    });
    expect(pending.status).toBe('ID_PROOFING_PENDING');
    expectRefused(await move(pending.profileId, 'ON_HOLD'), 'hold of ID_PROOFING_PENDING');
    expectRefused(await move(pending.profileId, 'ACTIVATED'), 'release of what is not held');
    expect((await move(pending.profileId, 'LOCKED')).status).toBe(200);
    expectRefused(await move(pending.profileId, 'ACTIVATED'), 'unlock to ACTIVATED');
    expect((await move(pending.profileId, 'ID_PROOFING_PENDING')).status).toBe(200);
    expect(await statusOf(pending.browser)).toBe('ID_PROOFING_PENDING');
  });

  /** A recipient whose identity check failed, with photo-ID documents waiting for review. */
  const inReview = async (label: string) => {
    const failed = await activatedUser(server, uniqueEmail(label), {
      ...PERSON,
      lastName: 'Fail',
    });
    expect(failed.status).toBe('ID_PROOFING_FAILED');
    const image = async (background: string) => ({
      contentType: 'image/png',
      data: (
        await sharp({ create: { width: 8, height: 8, channels: 3, background } })
          .png()
          .toBuffer()
      ).toString('base64'),
    });
    const sent = await failed.browser.api('POST', '/id-proofing/documents', {
      front: await image('#2a7'),
      back: await image('#a27'),
      selfie: await image('#27a'),
    });
    expect(sent.status, sent.text.slice(0, 300)).toBe(200);
    const documentsId = (sent.json!.data as { id: string }).id;
    return { failed, documentsId };
  };
  const decide = (documentsId: string, key: string) =>
    rawRequest(
      server,
      'PUT',
      `/master/admin/v1/id-documents/${documentsId}/decision`,
      { 'x-admin-key': key, 'content-type': 'application/json' },
      JSON.stringify({ decision: 'APPROVED' }),
    );

  it('cannot skip a pending document review; only the decision activates', async () => {
    const { failed, documentsId } = await inReview('documents');
    expect(await statusOf(failed.browser)).toBe('ID_PROOFING_PENDING');

    expectRefused(await move(failed.profileId, 'ACTIVATED'), 'review skipped');
    expectRefused(await move(failed.profileId, 'ON_HOLD'), 'hold while in review');
    expect((await move(failed.profileId, 'LOCKED')).status).toBe(200);
    expectRefused(await move(failed.profileId, 'ACTIVATED'), 'unlock past the review');
    expect((await move(failed.profileId, 'ID_PROOFING_PENDING')).status).toBe(200);
    const waiting = await adminCall(server, 'GET', '/id-documents?status=PENDING');
    expect((waiting.json!.data as { id: string }[]).map((d) => d.id)).toContain(documentsId);

    // The review itself, by a named key: the decision activates, and says who decided.
    const decided = await decide(documentsId, ALICE_KEY);
    expect(decided.status, decided.text).toBe(200);
    expect(await statusOf(failed.browser)).toBe('ACTIVATED');
    expect(await auditOf(documentsId)).toEqual([
      {
        id: expect.any(String),
        actor: 'admin:ops-alice',
        action: 'id-documents.decide',
        subject: documentsId,
        detail: {
          profileId: failed.profileId,
          decision: 'APPROVED',
          from: 'ID_PROOFING_PENDING',
          to: 'ACTIVATED',
        },
        at: expect.any(String),
      },
    ]);
  });

  it('unlocks a profile decided while locked to the decision, not to the review', async () => {
    const { failed, documentsId } = await inReview('decided-locked');
    expect((await move(failed.profileId, 'LOCKED')).status).toBe(200);
    expect((await decide(documentsId, ALICE_KEY)).status).toBe(200);
    expect(await statusOf(failed.browser)).toBe('LOCKED');
    expectRefused(
      await move(failed.profileId, 'ID_PROOFING_PENDING'),
      'back to a review that is over',
    );
    expect((await move(failed.profileId, 'ACTIVATED')).status).toBe(200);
    expect(await statusOf(failed.browser)).toBe('ACTIVATED');
  });

  it("cannot skip a guardian's consent", async () => {
    const minor = await registeredUser(server, uniqueEmail('minor'));
    await minor.browser.api('POST', '/me/verify/otp', {});
    await minor.browser.api('PUT', '/me/verify', { otp: await latestOtp(server, minor.email) });
    const saved = await minor.browser.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: { ...PERSON, firstName: 'Leo', dob: `${new Date().getFullYear() - 15}-03-04` },
      addresses: [US_ADDRESS],
    });
    expect(saved.status, saved.text).toBe(200);
    const invited = await minor.browser.api('POST', '/me/guardian/invite', {
      firstName: 'Maria',
      lastName: 'Lima',
      guardianEmail: uniqueEmail('guardian'),
      relationship: 'PARENT',
    });
    expect(invited.status, invited.text).toBe(200);
    expect(await statusOf(minor.browser)).toBe('GUARDIAN_CONSENT_PENDING');
    for (const status of ['VERIFIED', 'ID_PROOFING_PENDING', 'ACTIVATED', 'ON_HOLD'])
      expectRefused(await move(minor.profileId, status), `consent skipped to ${status}`);
    expect((await move(minor.profileId, 'DEACTIVATED')).status).toBe(200);
    expectRefused(await move(minor.profileId, 'VERIFIED'), 'reactivated past the consent');
    expect((await move(minor.profileId, 'GUARDIAN_CONSENT_PENDING')).status).toBe(200);
    expect(await statusOf(minor.browser)).toBe('GUARDIAN_CONSENT_PENDING');
  });

  it("records each operations move with the key's name, and nothing for a refused one", async () => {
    const user = await activatedUser(server, uniqueEmail('audited'));
    expect(user.status).toBe('ACTIVATED');
    const steps: [status: string, key: string | undefined][] = [
      ['ON_HOLD', undefined],
      ['LOCKED', ALICE_KEY],
      ['ON_HOLD', undefined],
      ['ACTIVATED', ALICE_KEY],
      ['DEACTIVATED', undefined],
      ['ACTIVATED', ALICE_KEY],
    ];
    for (const [status, key] of steps) {
      const answer = await move(user.profileId, status, key);
      expect(answer.status, `${status}: ${answer.text}`).toBe(200);
    }
    expectRefused(await move(user.profileId, 'VERIFIED'), 'not a move');
    const wrongKey = await move(user.profileId, 'ON_HOLD', `${ALICE_KEY}x`);
    expect(wrongKey.status).toBe(401);

    const audit = (await auditOf(user.profileId)).reverse();
    expect(audit.map(({ actor, action, detail }) => ({ actor, action, ...detail }))).toEqual([
      { actor: 'admin:admin-key', action: 'profile.hold', from: 'ACTIVATED', to: 'ON_HOLD' },
      { actor: 'admin:ops-alice', action: 'profile.lock', from: 'ON_HOLD', to: 'LOCKED' },
      { actor: 'admin:admin-key', action: 'profile.unblock', from: 'LOCKED', to: 'ON_HOLD' },
      { actor: 'admin:ops-alice', action: 'profile.release', from: 'ON_HOLD', to: 'ACTIVATED' },
      {
        actor: 'admin:admin-key',
        action: 'profile.deactivate',
        from: 'ACTIVATED',
        to: 'DEACTIVATED',
      },
      { actor: 'admin:ops-alice', action: 'profile.unblock', from: 'DEACTIVATED', to: 'ACTIVATED' },
    ]);
    expect(await statusOf(user.browser)).toBe('ACTIVATED');

    // The audit is the operators' alone.
    const signedOut = await rawRequest(server, 'GET', '/master/admin/v1/audit');
    expect(signedOut.status).toBe(401);
    const latest = await adminCall(server, 'GET', '/audit?limit=1');
    expect(latest.json!.data).toHaveLength(1);
  });

  it('records the claims an admin key creates', async () => {
    const email = uniqueEmail('claimed');
    const created = await rawRequest(
      server,
      'POST',
      '/master/admin/v1/claims',
      { 'x-admin-key': ALICE_KEY, 'content-type': 'application/json' },
      JSON.stringify({ email, amount: '12.50', currency: 'USD' }),
    );
    expect(created.status, created.text).toBe(201);
    const claimId = (created.json!.data as { claim: { id: string } }).claim.id;
    expect(await auditOf(claimId)).toMatchObject([
      {
        actor: 'admin:ops-alice',
        action: 'claim.create',
        detail: { amount: '12.50', currency: 'USD' },
      },
    ]);
  });
});

describe('named admin keys', () => {
  it('names ADMIN_API_KEY admin-key (or ADMIN_API_KEY_NAME) and reads ADMIN_API_KEYS', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      ADMIN_API_KEY: 'main-key',
      ADMIN_API_KEYS: 'ops-alice:alice-key, ops-bob:bob-key',
    });
    expect(config.adminKeys).toEqual([
      { name: 'admin-key', key: 'main-key' },
      { name: 'ops-alice', key: 'alice-key' },
      { name: 'ops-bob', key: 'bob-key' },
    ]);
    expect(
      loadConfig({ ADMIN_API_KEY: 'k', ADMIN_API_KEY_NAME: 'ops-main' }).adminKeys[0]?.name,
    ).toBe('ops-main');
  });

  it('refuses keys the audit could not tell apart, and short ones in production', () => {
    const base = { NODE_ENV: 'test', ADMIN_API_KEY: 'main-key' };
    expect(() => loadConfig({ ...base, ADMIN_API_KEYS: 'a:one,a:two' })).toThrow(/used twice/);
    expect(() => loadConfig({ ...base, ADMIN_API_KEYS: 'a:main-key' })).toThrow(/same key/);
    expect(() => loadConfig({ ...base, ADMIN_API_KEYS: 'no-name' })).toThrow(/name:key/);
    expect(() => loadConfig({ ...base, ADMIN_API_KEYS: 'bad name:k' })).toThrow(/letters/);
    const production = {
      NODE_ENV: 'production',
      ADMIN_API_KEY: 'm'.repeat(32),
      APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    expect(() => loadConfig({ ...production, ADMIN_API_KEYS: 'ops:short' })).toThrow(
      /"ops".* at least 32 characters/,
    );
    // The message never shows the key.
    expect(() => loadConfig({ ...production, ADMIN_API_KEYS: 'ops:short' })).not.toThrow(/short/);
    expect(
      loadConfig({ ...production, ADMIN_API_KEYS: `ops:${'o'.repeat(32)}` }).adminKeys,
    ).toHaveLength(2);
  });
});

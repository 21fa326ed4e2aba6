// Identity proofing at a hosted provider (issue 31 point 3): the server runs its real Stripe
// Identity client against a local stand-in of Stripe's endpoints (tests/support/stripe-identity-fake.ts),
// the person is sent to the session's hosted flow, and the decision comes back as a signed webhook
// to the live server. Each outcome lands on the profile status the lifecycle allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_KEY,
  DATABASE_KINDS,
  latestOtp,
  PERSON,
  rawRequest,
  registeredUser,
  startLiveServer,
  US_ADDRESS,
  type LiveServer,
} from '../security/support/server';
import {
  startStripeIdentityFake,
  type SignedDelivery,
  type StripeIdentityFake,
} from '../support/stripe-identity-fake';

const API_KEY = 'sk_test_identity_fake_key';
const WEBHOOK_SECRET = 'whsec_identity_fake_secret';
const WEBHOOK = '/master/identity/v1/webhooks/stripe';

describe.each(DATABASE_KINDS)('identity proofing at Stripe Identity on %s', (kind) => {
  let fake: StripeIdentityFake;
  let server: LiveServer;

  beforeAll(async () => {
    fake = await startStripeIdentityFake({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
    server = await startLiveServer(kind, {
      IDENTITY_PROVIDER: 'stripe',
      STRIPE_IDENTITY_API_KEY: API_KEY,
      STRIPE_IDENTITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_IDENTITY_API_URL: fake.url,
      PUBLIC_URL: 'https://payees.example.com',
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const deliver = (delivery: SignedDelivery) =>
    rawRequest(
      server,
      'POST',
      WEBHOOK,
      { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      delivery.body,
    );

  /** Registered, verified, profile complete: VERIFIED, ready for proofing. */
  async function readyForProofing() {
    const user = await registeredUser(server);
    await user.browser.api('POST', '/me/verify/otp', {});
    await user.browser.api('PUT', '/me/verify', { otp: await latestOtp(server, user.email) });
    const saved = await user.browser.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: PERSON,
      addresses: [US_ADDRESS],
    });
    expect(saved.status, saved.text).toBe(200);
    const status = async () =>
      ((await user.browser.api('GET', '/me/status')).json!.data as { status: string }).status;
    const start = async () => {
      const response = await user.browser.api('POST', '/id-proofing/start');
      return { status: response.status, data: response.json!.data as Record<string, string> };
    };
    return { ...user, status, start };
  }

  it('creates a session for the profile and sends the person to its hosted flow', async () => {
    const user = await readyForProofing();
    expect(await user.status()).toBe('VERIFIED');
    const started = await user.start();
    expect(started.status).toBe(200);
    const [session] = fake.sessionsOf(user.profileId);
    expect(started.data).toEqual({
      status: 'ID_PROOFING_PENDING',
      verificationUrl: expect.stringMatching(new RegExp(`^${fake.url}/verify/${session!.id}/`)),
    });
    const created = fake.requests.find(
      (r) => r.method === 'POST' && r.form.client_reference_id === user.profileId,
    );
    expect(created?.form).toMatchObject({
      type: 'document',
      'metadata[profile_id]': user.profileId,
      return_url: 'https://payees.example.com/id-proofing',
    });
    expect(await user.status()).toBe('ID_PROOFING_PENDING');
  });

  it('activates the profile on identity.verification_session.verified', async () => {
    const user = await readyForProofing();
    await user.start();
    const [session] = fake.sessionsOf(user.profileId);
    // Processing decides nothing yet.
    const processing = await deliver(fake.event(session!.id, 'processing'));
    expect(processing.status).toBe(200);
    expect(processing.json!.data).toEqual({ result: 'ignored' });
    expect(await user.status()).toBe('ID_PROOFING_PENDING');
    const verified = await deliver(fake.event(session!.id, 'verified'));
    expect(verified.status, verified.text).toBe(200);
    expect(verified.json!.data).toEqual({ result: 'applied' });
    expect(await user.status()).toBe('ACTIVATED');
  });

  it('fails the proofing on requires_input, and the retry continues the same session', async () => {
    const user = await readyForProofing();
    await user.start();
    const [session] = fake.sessionsOf(user.profileId);
    await deliver(fake.event(session!.id, 'requires_input', { lastErrorCode: 'document_expired' }));
    expect(await user.status()).toBe('ID_PROOFING_FAILED');

    const retried = await user.start();
    expect(retried.data.status).toBe('ID_PROOFING_PENDING');
    expect(retried.data.verificationUrl).toMatch(new RegExp(`/verify/${session!.id}/`));
    expect(fake.sessionsOf(user.profileId)).toHaveLength(1);
    await deliver(fake.event(session!.id, 'verified'));
    expect(await user.status()).toBe('ACTIVATED');
  });

  it('maps an identity number that does not match the person to NAME_MATCH_FAILED', async () => {
    const user = await readyForProofing();
    await user.start();
    const [session] = fake.sessionsOf(user.profileId);
    await deliver(
      fake.event(session!.id, 'requires_input', { lastErrorCode: 'id_number_mismatch' }),
    );
    expect(await user.status()).toBe('NAME_MATCH_FAILED');
  });

  it('gives a person who left the flow a fresh URL for the same session', async () => {
    const user = await readyForProofing();
    const first = await user.start();
    // The status tells the portal that the hosted flow can be continued (no dead end while pending).
    const current = await user.browser.api('GET', '/me/status');
    expect(current.json!.data).toEqual({ status: 'ID_PROOFING_PENDING', hostedCheckOpen: true });
    const again = await user.start();
    expect(again.status).toBe(200);
    expect(again.data.status).toBe('ID_PROOFING_PENDING');
    expect(again.data.verificationUrl).not.toBe(first.data.verificationUrl);
    expect(fake.sessionsOf(user.profileId)).toHaveLength(1);
    // Once the provider is processing, there is nothing to go back to: 409, still pending.
    const [session] = fake.sessionsOf(user.profileId);
    await deliver(fake.event(session!.id, 'processing'));
    expect((await user.start()).status).toBe(409);
    expect(await user.status()).toBe('ID_PROOFING_PENDING');
  });

  it("ignores a session's decision once the profile started a newer one", async () => {
    const user = await readyForProofing();
    await user.start();
    const [first] = fake.sessionsOf(user.profileId);
    // The person starts over after Stripe canceled the first session.
    await deliver(fake.event(first!.id, 'canceled'));
    expect(await user.status()).toBe('ID_PROOFING_FAILED');
    await user.start();
    expect(fake.sessionsOf(user.profileId)).toHaveLength(2);
    const late = await deliver(fake.event(first!.id, 'verified'));
    expect(late.json!.data).toEqual({ result: 'ignored' });
    expect(await user.status()).toBe('ID_PROOFING_PENDING');
  });

  it('lets production run Stripe without naming the identity simulator, and not the simulator', async () => {
    const production = {
      NODE_ENV: 'production',
      ADMIN_API_KEY: ADMIN_KEY,
      ALLOW_SIMULATORS: 'paypal,card-vault,exchange-rates',
    };
    const stripe = await startLiveServer(kind, {
      ...production,
      IDENTITY_PROVIDER: 'stripe',
      STRIPE_IDENTITY_API_KEY: API_KEY,
      STRIPE_IDENTITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_IDENTITY_API_URL: fake.url,
    });
    await stripe.close();
    await expect(startLiveServer(kind, production)).rejects.toThrow(
      /simulators wired in \(identity-proofing\)/,
    );
  });

  it('answers 503 and leaves the profile as it was when Stripe refuses the call', async () => {
    const wrongKey = await startLiveServer(kind, {
      IDENTITY_PROVIDER: 'stripe',
      STRIPE_IDENTITY_API_KEY: 'sk_test_not_the_key',
      STRIPE_IDENTITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_IDENTITY_API_URL: fake.url,
    });
    const saved = server;
    server = wrongKey;
    try {
      const user = await readyForProofing();
      const started = await user.start();
      expect(started.status).toBe(503);
      expect(await user.status()).toBe('VERIFIED');
    } finally {
      server = saved;
      await wrongKey.close();
    }
  });
});

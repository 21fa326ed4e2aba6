// Attacks on the identity provider's webhook, over real HTTP against a live server running the
// Stripe Identity adapter (its API is a local stand-in, tests/support/stripe-identity-fake.ts):
// a decision signed with another secret, a body changed after signing, a signature without a
// timestamp or too old or too far ahead, and a genuine delivery replayed within the tolerance.
// None may move the victim's profile; the genuine delivery, byte for byte, does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activatedUser,
  DATABASE_KINDS,
  rawRequest,
  startLiveServer,
  type LiveServer,
} from './support/server';
import {
  startStripeIdentityFake,
  type SignedDelivery,
  type StripeIdentityFake,
} from '../support/stripe-identity-fake';
import { createHmac } from 'node:crypto';

const API_KEY = 'sk_test_identity_attack_key';
const WEBHOOK_SECRET = 'whsec_identity_attack_secret';
const WEBHOOK = '/master/identity/v1/webhooks/stripe';

const sign = (body: string, secret: string, t: number): string =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

describe.each(DATABASE_KINDS)('identity webhook attacks on %s', (kind) => {
  let fake: StripeIdentityFake;
  let server: LiveServer;

  beforeAll(async () => {
    fake = await startStripeIdentityFake({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
    server = await startLiveServer(kind, {
      IDENTITY_PROVIDER: 'stripe',
      STRIPE_IDENTITY_API_KEY: API_KEY,
      STRIPE_IDENTITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_IDENTITY_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const post = (body: string, headers: Record<string, string>) =>
    rawRequest(server, 'POST', WEBHOOK, { 'content-type': 'application/json', ...headers }, body);
  const deliver = (delivery: SignedDelivery) =>
    post(delivery.body, { 'stripe-signature': delivery.signature });

  /** A victim whose proofing waits at Stripe: ID_PROOFING_PENDING with one session. */
  async function pendingVictim() {
    const user = await activatedUser(server);
    expect(user.status).toBe('ID_PROOFING_PENDING');
    const [session] = fake.sessionsOf(user.profileId);
    const status = async () =>
      ((await user.browser.api('GET', '/me/status')).json!.data as { status: string }).status;
    return { ...user, sessionId: session!.id, status };
  }

  it('refuses a decision signed with another secret, or with no signature at all', async () => {
    const victim = await pendingVictim();
    const forged = fake.event(victim.sessionId, 'verified', { secret: 'whsec_guessed' });
    const refused = await deliver(forged);
    expect(refused.status).toBe(400);
    expect(refused.json?.message).toMatch(/^WebhookRefused: signature does not match/);
    for (const signature of [
      undefined,
      '',
      `t=${Math.floor(Date.now() / 1000)}`,
      forged.signature.replace('v1=', 'v0='),
      forged.signature.replace(/v1=[0-9a-f]+/, 'v1=00'),
    ]) {
      const response = await post(
        forged.body,
        signature === undefined ? {} : { 'stripe-signature': signature },
      );
      expect(response.status, String(signature)).toBe(400);
    }
    expect(await victim.status()).toBe('ID_PROOFING_PENDING');
  });

  it('refuses a body changed after it was signed', async () => {
    const victim = await pendingVictim();
    const genuine = fake.event(victim.sessionId, 'requires_input');
    const tampered = genuine.body.replace(
      'identity.verification_session.requires_input',
      'identity.verification_session.verified',
    );
    expect(tampered).not.toBe(genuine.body);
    expect((await post(tampered, { 'stripe-signature': genuine.signature })).status).toBe(400);
    expect(await victim.status()).toBe('ID_PROOFING_PENDING');
  });

  it('refuses a genuine signature whose timestamp is outside the 300 s tolerance', async () => {
    const victim = await pendingVictim();
    const now = Math.floor(Date.now() / 1000);
    for (const signedAt of [now - 301, now - 86_400, now + 301]) {
      const stale = fake.event(victim.sessionId, 'verified', { signedAt });
      const response = await deliver(stale);
      expect(response.status, String(signedAt - now)).toBe(400);
      expect(response.json?.message).toMatch(/outside the tolerance/);
    }
    expect(await victim.status()).toBe('ID_PROOFING_PENDING');
  });

  it('applies an event id once: a replay within the tolerance changes nothing', async () => {
    const victim = await pendingVictim();
    const failed = fake.event(victim.sessionId, 'requires_input');
    expect((await deliver(failed)).json!.data).toEqual({ result: 'applied' });
    expect(await victim.status()).toBe('ID_PROOFING_FAILED');
    // The victim retries the same session (Stripe takes input on it again): pending.
    const retried = await victim.browser.api('POST', '/id-proofing/start');
    expect((retried.json!.data as { status: string }).status).toBe('ID_PROOFING_PENDING');
    // The attacker replays the captured failure, signature and all, seconds later.
    const replayed = await deliver(failed);
    expect(replayed.status).toBe(200);
    expect(replayed.json!.data).toEqual({ result: 'duplicate' });
    expect(await victim.status()).toBe('ID_PROOFING_PENDING');
    // So does a copy re-signed under a fresh timestamp: the event id is what counts.
    const resigned = sign(failed.body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000));
    expect((await post(failed.body, { 'stripe-signature': resigned })).json!.data).toEqual({
      result: 'duplicate',
    });
    expect(await victim.status()).toBe('ID_PROOFING_PENDING');
  });

  it('checks the bytes as sent: a signed body with its own spacing is accepted as signed', async () => {
    const victim = await pendingVictim();
    const event = fake.event(victim.sessionId, 'verified');
    // Re-serialized, the body would differ: only the raw bytes match the signature.
    const spaced = JSON.stringify(JSON.parse(event.body), null, 2);
    const response = await post(spaced, {
      'stripe-signature': sign(spaced, WEBHOOK_SECRET, Math.floor(Date.now() / 1000)),
    });
    expect(response.status, response.text).toBe(200);
    expect(await victim.status()).toBe('ACTIVATED');
  });

  it('takes JSON only, and no session makes a delivery valid', async () => {
    const victim = await pendingVictim();
    const event = fake.event(victim.sessionId, 'verified');
    const asText = await rawRequest(
      server,
      'POST',
      WEBHOOK,
      { 'content-type': 'text/plain', 'stripe-signature': event.signature },
      event.body,
    );
    expect(asText.status).toBe(415);
    // The victim's own signed-in browser cannot post a decision either.
    const fromBrowser = await victim.browser.request('POST', WEBHOOK, JSON.parse(event.body));
    expect(fromBrowser.status).toBe(400);
    expect(await victim.status()).toBe('ID_PROOFING_PENDING');
  });
});

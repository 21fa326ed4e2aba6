// The identity adapters without HTTP: Stripe's signature check (Stripe-Signature, HMAC-SHA256 of
// "<t>.<raw body>", 300 s tolerance, any v1 of a rolled secret), what each VerificationSession
// event decides, the simulator's outcomes by last name, and IDENTITY_PROVIDER's configuration.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createStripeIdentity,
  stripeOutcome,
  verifyStripeSignature,
} from '../../../src/server/services/identity/stripe';
import { WebhookRefused } from '../../../src/server/services/identity/provider';
import { simulatedIdentityProvider } from '../../../src/server/services/identity/simulator';
import { parseIdentityConfig } from '../../../src/server/config';

const SECRET = 'whsec_unit_secret';
const NOW = new Date('2026-03-02T10:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);
const v1 = (body: string, t = T, secret = SECRET) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

describe('Stripe-Signature', () => {
  const body = '{"id":"evt_1","type":"identity.verification_session.verified"}';
  const check = (header: string | undefined, payload = body) =>
    verifyStripeSignature(header, Buffer.from(payload), SECRET, NOW);

  it('accepts the HMAC of "<t>.<body>" and answers its timestamp', () => {
    expect(check(`t=${T},v1=${v1(body)}`)).toBe(T);
    // While a secret is rolled Stripe signs with both: either may match, in any order.
    expect(check(`t=${T},v1=${v1(body, T, 'whsec_old')},v1=${v1(body)}`)).toBe(T);
    // Other schemes (v0, the test-mode scheme) are ignored, not trusted.
    expect(check(`t=${T},v0=${'0'.repeat(64)},v1=${v1(body)}`)).toBe(T);
  });

  it.each([
    ['no header', undefined, /no Stripe-Signature/],
    ['no timestamp', `v1=${v1(body)}`, /no timestamp/],
    ['two timestamps', `t=${T},t=${T},v1=${v1(body)}`, /two timestamps/],
    ['no v1', `t=${T},v0=${v1(body)}`, /no v1/],
    ['a short v1', `t=${T},v1=${v1(body).slice(2)}`, /no v1/],
    ['another secret', `t=${T},v1=${v1(body, T, 'whsec_other')}`, /does not match/],
    ['another timestamp than signed', `t=${T + 1},v1=${v1(body)}`, /does not match/],
    ['301 s old', `t=${T - 301},v1=${v1(body, T - 301)}`, /outside the tolerance/],
    ['301 s ahead', `t=${T + 301},v1=${v1(body, T + 301)}`, /outside the tolerance/],
  ])('refuses %s', (_label, header, message) => {
    expect(() => check(header)).toThrow(WebhookRefused);
    expect(() => check(header)).toThrow(message);
  });

  it('refuses a body changed by a byte, and takes 300 s as still fresh', () => {
    expect(() => check(`t=${T},v1=${v1(body)}`, `${body} `)).toThrow(/does not match/);
    expect(check(`t=${T - 300},v1=${v1(body, T - 300)}`)).toBe(T - 300);
  });
});

describe('what a VerificationSession event decides', () => {
  it.each([
    ['identity.verification_session.verified', null, 'ACTIVATED'],
    ['identity.verification_session.requires_input', 'document_expired', 'ID_PROOFING_FAILED'],
    ['identity.verification_session.requires_input', 'selfie_face_mismatch', 'ID_PROOFING_FAILED'],
    ['identity.verification_session.requires_input', 'abandoned', 'ID_PROOFING_FAILED'],
    ['identity.verification_session.requires_input', 'id_number_mismatch', 'NAME_MATCH_FAILED'],
    ['identity.verification_session.canceled', null, 'ID_PROOFING_FAILED'],
    ['identity.verification_session.processing', null, null],
    ['identity.verification_session.created', null, null],
    ['identity.verification_session.redacted', null, null],
  ])('%s (%s) → %s', (type, lastErrorCode, outcome) => {
    expect(stripeOutcome({ type, lastErrorCode })).toBe(outcome);
  });

  const stripe = createStripeIdentity({
    apiKey: 'sk_test_x',
    webhookSecret: SECRET,
    apiUrl: 'http://127.0.0.1:9',
  });
  const read = (event: unknown) => {
    const body = JSON.stringify(event);
    return stripe.readWebhook!(
      Buffer.from(body),
      { 'stripe-signature': `t=${T},v1=${v1(body)}` },
      NOW,
    );
  };

  it('reads the event id, the session, when it was created and the decision', () => {
    expect(
      read({
        id: 'evt_1',
        type: 'identity.verification_session.requires_input',
        created: T - 5,
        data: { object: { id: 'vs_1', last_error: { code: 'id_number_mismatch' } } },
      }),
    ).toEqual({
      eventId: 'evt_1',
      sessionId: 'vs_1',
      createdAt: new Date((T - 5) * 1000),
      outcome: 'NAME_MATCH_FAILED',
    });
  });

  it('acknowledges another kind of event without a session, and refuses a malformed one', () => {
    expect(
      read({ id: 'evt_2', type: 'charge.succeeded', created: T, data: { object: { id: 'ch_1' } } }),
    ).toMatchObject({ eventId: 'evt_2', sessionId: null, outcome: null });
    expect(() => read({ type: 'identity.verification_session.verified', created: T })).toThrow(
      WebhookRefused,
    );
    expect(() =>
      read({
        id: 'evt_3',
        type: 'identity.verification_session.verified',
        created: T,
        data: { object: { id: 'vs_1; drop table' } },
      }),
    ).toThrow(/no VerificationSession/);
  });
});

describe('the simulator', () => {
  const outcome = async (lastName: string, profileType = 'PERSON') =>
    simulatedIdentityProvider.start(
      { profileId: 'p', profileType, person: { lastName }, company: { name: lastName } },
      'http://localhost/id-proofing',
    );

  it.each([
    ['Fail', 'ID_PROOFING_FAILED'],
    ['Pending', 'ID_PROOFING_PENDING'],
    ['Mismatch', 'NAME_MATCH_FAILED'],
    ['Relationship', 'RELATIONSHIP_VERIFICATION_FAILED'],
    ['Final', 'RELATIONSHIP_VERIFICATION_FAILED_FINAL'],
    ['Smith', 'ACTIVATED'],
    ['constructor', 'ACTIVATED'],
  ])('decides a last name %s at once: %s', async (lastName, status) => {
    expect(await outcome(lastName)).toEqual({ kind: 'decided', outcome: status });
  });

  it('fails a company whose name contains Fail', async () => {
    expect(await outcome('Acme Fail Ltd', 'COMPANY')).toEqual({
      kind: 'decided',
      outcome: 'ID_PROOFING_FAILED',
    });
    expect(simulatedIdentityProvider.simulated).toBe(true);
    expect(simulatedIdentityProvider.readWebhook).toBeUndefined();
  });
});

describe('IDENTITY_PROVIDER', () => {
  it('is the simulator unless configured', () => {
    expect(parseIdentityConfig({})).toEqual({ provider: 'simulator' });
  });

  it('needs the key and the webhook secret for Stripe, and defaults its API URL', () => {
    expect(() => parseIdentityConfig({ IDENTITY_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_IDENTITY_API_KEY and STRIPE_IDENTITY_WEBHOOK_SECRET/,
    );
    expect(
      parseIdentityConfig({
        IDENTITY_PROVIDER: 'stripe',
        STRIPE_IDENTITY_API_KEY: 'sk_test_1',
        STRIPE_IDENTITY_WEBHOOK_SECRET: 'whsec_1',
      }),
    ).toEqual({
      provider: 'stripe',
      apiKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiUrl: 'https://api.stripe.com',
    });
    expect(() => parseIdentityConfig({ IDENTITY_PROVIDER: 'onfido' })).toThrow(
      /simulator or stripe/,
    );
  });
});

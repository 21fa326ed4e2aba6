// The identity proofing domain module without HTTP (issue 30): the person registers, verifies and
// saves their profile through the API as in life, the hosted provider is the real Stripe adapter
// against its local stand-in, and domain/identity-proofing.ts is called directly, as its routes do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyVerificationEvent,
  currentStatus,
  startProofing,
  type ProofingDeps,
} from '../../../src/server/domain/identity-proofing';
import {
  latestOtp,
  PERSON,
  registeredUser,
  startTestApp,
  US_ADDRESS,
  type TestApp,
} from '../../api/support/harness';
import {
  startStripeIdentityFake,
  type StripeIdentityFake,
} from '../../support/stripe-identity-fake';

const API_KEY = 'sk_test_identity_domain_key';
const WEBHOOK_SECRET = 'whsec_identity_domain_secret';
const RETURN_URL = 'https://payees.example.com/id-proofing';

describe('domain/identity-proofing at a hosted provider', () => {
  let fake: StripeIdentityFake;
  let t: TestApp;
  let deps: ProofingDeps;
  beforeAll(async () => {
    fake = await startStripeIdentityFake({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
    t = await startTestApp('pglite', {
      IDENTITY_PROVIDER: 'stripe',
      STRIPE_IDENTITY_API_KEY: API_KEY,
      STRIPE_IDENTITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_IDENTITY_API_URL: fake.url,
    });
    const { db, identity, sealer, merchants } = t.app.deps;
    deps = { db, provider: identity, sealer, merchants };
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** Registered, verified, profile complete: VERIFIED, ready for proofing. */
  async function readyForProofing(): Promise<string> {
    const user = await registeredUser(t.app);
    await user.browser.api('POST', '/me/verify/otp', {});
    await user.browser.api('PUT', '/me/verify', { otp: await latestOtp(t.app, user.email) });
    const saved = await user.browser.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: PERSON,
      addresses: [US_ADDRESS],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return user.profileId;
  }

  it('says a hosted check is open only while it waits for the person', async () => {
    const profileId = await readyForProofing();
    expect(await currentStatus(deps, profileId)).toEqual({ status: 'VERIFIED' });

    const started = await startProofing(deps, profileId, RETURN_URL);
    expect(started.status).toBe('ID_PROOFING_PENDING');
    expect(started.verificationUrl).toMatch(/\/verify\//);
    expect(await currentStatus(deps, profileId)).toEqual({
      status: 'ID_PROOFING_PENDING',
      hostedCheckOpen: true,
    });

    // The provider's decision, as its signed webhook delivers it, closes the check.
    const [session] = fake.sessionsOf(profileId);
    const delivery = fake.event(session!.id, 'requires_input', {
      lastErrorCode: 'document_expired',
    });
    const event = deps.provider.readWebhook!(
      Buffer.from(delivery.body),
      { 'stripe-signature': delivery.signature },
      new Date(),
    );
    expect(await applyVerificationEvent(deps.db, deps.provider.name, event)).toMatchObject({
      result: 'applied',
      status: 'ID_PROOFING_FAILED',
    });
    expect(await currentStatus(deps, profileId)).toEqual({ status: 'ID_PROOFING_FAILED' });
  });
});

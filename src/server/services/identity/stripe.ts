// Stripe Identity as its API documents it (docs.stripe.com/identity, /api/identity/verification_sessions,
// /webhooks#verify-events): a VerificationSession of type `document` is created for the profile
// (client_reference_id), the person completes Stripe's hosted flow at the session's `url`, and the
// decision comes as `identity.verification_session.*` events to our webhook, signed in the
// `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body">>` under
// the endpoint's signing secret (several v1 while a secret is rolled). The API base URL is
// configuration, so the tests run this client against a local stand-in of these endpoints.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  WebhookRefused,
  type IdentityProvider,
  type ProofingOutcome,
  type VerificationEvent,
} from './provider';

export interface StripeIdentityOptions {
  /** The secret API key (`sk_test_…` in test mode, `sk_live_…` live). */
  apiKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** https://api.stripe.com, or a stand-in's URL. */
  apiUrl: string;
  /** Signatures older (or further ahead) than this are refused: Stripe's default is 300 s. */
  toleranceSeconds?: number;
  timeoutMs?: number;
}

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * Checks a `Stripe-Signature` header over the raw body: one of its v1 signatures must be the
 * HMAC-SHA256 of `<t>.<body>` (compared in constant time), and `t` within the tolerance of now.
 * Answers the signed timestamp; throws WebhookRefused otherwise.
 */
export function verifyStripeSignature(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  now: Date,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): number {
  if (!header || header.length > 4096) throw new WebhookRefused('no Stripe-Signature header');
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't') {
      if (timestamp !== undefined) throw new WebhookRefused('two timestamps in the signature');
      timestamp = value;
    } else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) {
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp))
    throw new WebhookRefused('no timestamp in the signature');
  if (!signatures.length) throw new WebhookRefused('no v1 signature');
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  // Every candidate is compared, so the time taken does not tell which one came close.
  let matched = false;
  for (const signature of signatures) matched = timingSafeEqual(signature, expected) || matched;
  if (!matched) throw new WebhookRefused('signature does not match');
  const signedAt = Number(timestamp);
  if (Math.abs(now.getTime() / 1000 - signedAt) > toleranceSeconds)
    throw new WebhookRefused('signature timestamp outside the tolerance');
  return signedAt;
}

/** The parts of a VerificationSession event this adapter reads. */
export interface StripeSessionEvent {
  type: string;
  /** The session's `last_error.code`, when it has one. */
  lastErrorCode?: string | null;
}

/**
 * What a VerificationSession event decides for the profile (docs: "Handle verification
 * outcomes"): `verified` activates; `requires_input` failed a check (`last_error.code` says
 * which): the identity number not matching the person's name and details is a name match
 * failure, anything else (document, selfie, abandoned, declined) a failed proofing the person
 * may retry; `canceled` ends the session, a failed proofing. `processing`, `created` and other
 * events decide nothing (null).
 */
export function stripeOutcome({ type, lastErrorCode }: StripeSessionEvent): ProofingOutcome | null {
  switch (type) {
    case 'identity.verification_session.verified':
      return 'ACTIVATED';
    case 'identity.verification_session.requires_input':
      return lastErrorCode === 'id_number_mismatch' ? 'NAME_MATCH_FAILED' : 'ID_PROOFING_FAILED';
    case 'identity.verification_session.canceled':
      return 'ID_PROOFING_FAILED';
    default:
      return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stripe ids are short ASCII: `evt_…`, `vs_…`. */
const STRIPE_ID = /^[A-Za-z0-9_]{3,255}$/;

const httpUrl = (value: unknown): string | null =>
  typeof value === 'string' && /^https?:\/\//i.test(value) ? value : null;

export function createStripeIdentity(options: StripeIdentityOptions): IdentityProvider {
  const apiUrl = options.apiUrl.replace(/\/$/, '');
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    form?: URLSearchParams,
  ): Promise<Record<string, unknown>> {
    const response = await fetch(`${apiUrl}${path}`, {
      method,
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok || !isRecord(body)) {
      // Stripe's error object names the problem; never the key.
      const error = isRecord(body) && isRecord(body.error) ? body.error : {};
      throw new Error(
        `Stripe Identity ${method} ${path} answered ${response.status}: ${String(error.message ?? error.code ?? 'no error object')}`,
      );
    }
    return body;
  }

  return {
    name: 'stripe',
    simulated: false,
    async start(subject, returnUrl) {
      const form = new URLSearchParams({
        type: 'document',
        client_reference_id: subject.profileId,
        'metadata[profile_id]': subject.profileId,
        'options[document][require_matching_selfie]': 'true',
        return_url: returnUrl,
      });
      const session = await call('POST', '/v1/identity/verification_sessions', form);
      const url = httpUrl(session.url);
      if (typeof session.id !== 'string' || !STRIPE_ID.test(session.id) || !url)
        throw new Error('Stripe Identity created a session without an id or a url');
      return { kind: 'hosted', sessionId: session.id, url };
    },
    async resume(sessionId) {
      // Only a session waiting for input can be completed again; Stripe gives a fresh url on read.
      const session = await call(
        'GET',
        `/v1/identity/verification_sessions/${encodeURIComponent(sessionId)}`,
      );
      return session.status === 'requires_input' ? httpUrl(session.url) : null;
    },
    readWebhook(rawBody, headers, now): VerificationEvent {
      const header = headers[STRIPE_SIGNATURE_HEADER];
      verifyStripeSignature(
        typeof header === 'string' ? header : undefined,
        rawBody,
        options.webhookSecret,
        now,
        tolerance,
      );
      let event: unknown;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRefused('the signed body is not JSON');
      }
      if (
        !isRecord(event) ||
        typeof event.id !== 'string' ||
        !STRIPE_ID.test(event.id) ||
        typeof event.type !== 'string' ||
        typeof event.created !== 'number'
      )
        throw new WebhookRefused('the signed body is not a Stripe event');
      const createdAt = new Date(event.created * 1000);
      // Other events sent to this endpoint are acknowledged and change nothing.
      if (!event.type.startsWith('identity.verification_session.'))
        return { eventId: event.id, sessionId: null, createdAt, outcome: null };
      const session = isRecord(event.data) ? event.data.object : undefined;
      if (!isRecord(session) || typeof session.id !== 'string' || !STRIPE_ID.test(session.id))
        throw new WebhookRefused('the event has no VerificationSession');
      const lastError = isRecord(session.last_error) ? session.last_error : {};
      return {
        eventId: event.id,
        sessionId: session.id,
        createdAt,
        outcome: stripeOutcome({
          type: event.type,
          lastErrorCode: typeof lastError.code === 'string' ? lastError.code : null,
        }),
      };
    },
  };
}

// The recipient's journeys every test harness needs — a claim created by the admin API, the
// development outbox, a registered, an activated recipient, a guardian's decision — written once
// over a Transport. Each harness (tests/api/support/harness.ts over `inject`,
// tests/security/support/server.ts over HTTP) supplies its own browser kind through a Journey and
// keeps its exported names.
import { PERSON, US_ADDRESS } from '../fixtures/people';
import type { OutboxMessage } from '../../src/server/repositories/outbox';
import type { Transport } from './transport';

export const PASSWORD = 'Sunrise-42-river';

export interface JourneyReply {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
  text: string;
}

/** What the journeys need from a harness: its transport, admin key and browser kind. */
export interface Journey<B> {
  /** Admin and development calls: no cookies. */
  transport: Transport;
  adminKey: string;
  /** A new browser (cookie jar, CSRF header on writes) for `host` (the harness's default when unset). */
  browser(host?: string): B;
  /** A funnel call: `/master/funnel/v1` + path, through the browser. */
  call(browser: B, method: string, path: string, payload?: unknown): Promise<JourneyReply>;
  /** Posts the login page's form; answers the status (303 when signed in). */
  signIn(browser: B, email: string): Promise<number>;
}

type Json = Record<string, unknown>;

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const dataOf = <T>(reply: JourneyReply): T => (reply.json as { data: T }).data;

function expectStatus(label: string, reply: JourneyReply, ok: number[]): JourneyReply {
  if (!ok.includes(reply.status)) throw new Error(`${label}: ${reply.status} ${reply.text}`);
  return reply;
}

export interface CreatedClaim {
  claim: { id: string; status: string };
  tokenId: string;
  inviteUrl: string;
}

/** The admin API creates a claim for `email` (on the portal `host` when given). */
export async function createClaim<B>(
  journey: Journey<B>,
  email: string,
  amount = '125.50',
  currency = 'USD',
  host?: string,
): Promise<CreatedClaim> {
  const response = await journey.transport.request('POST', '/master/admin/v1/claims', {
    headers: {
      ...(host !== undefined ? { host } : {}),
      'x-admin-key': journey.adminKey,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email, amount, currency }),
  });
  const reply = { status: response.status, text: response.body, json: parse(response.body) };
  return dataOf<CreatedClaim>(expectStatus('create claim', reply, [201]));
}

/** A message as the development outbox answers it (the server's own type). */
export type { OutboxMessage };

/** The mails sent to `to`, newest first, from the development outbox. */
export async function outbox<B>(journey: Journey<B>, to: string): Promise<OutboxMessage[]> {
  const response = await journey.transport.request(
    'GET',
    `/master/dev/v1/outbox?to=${encodeURIComponent(to)}`,
  );
  return (JSON.parse(response.body) as { data: OutboxMessage[] }).data;
}

export async function latestOtp<B>(journey: Journey<B>, to: string): Promise<string> {
  const message = (await outbox(journey, to)).find((m) => m.otp);
  if (!message?.otp) throw new Error(`no code was sent to ${to}`);
  return message.otp;
}

export interface RegisteredUser<B> {
  browser: B;
  email: string;
  claimId: string;
  profile: { id: string; status: string };
}

/**
 * Admin creates a claim and the recipient registers for it (CREATED); with `signIn` (the default)
 * the browser then signs in.
 */
export async function registeredUser<B>(
  journey: Journey<B>,
  email: string,
  { host, signIn = true }: { host?: string; signIn?: boolean } = {},
): Promise<RegisteredUser<B>> {
  const created = await createClaim(journey, email, '125.50', 'USD', host);
  const browser = journey.browser(host);
  const registration = expectStatus(
    'register',
    await journey.call(browser, 'POST', '/me', {
      data: { email, termsAccepted: true },
      password: PASSWORD,
      claimId: created.claim.id,
    }),
    [200],
  );
  if (signIn) {
    const status = await journey.signIn(browser, email);
    if (status !== 303) throw new Error(`sign in: ${status}`);
  }
  return {
    browser,
    email,
    claimId: created.claim.id,
    profile: dataOf<{ id: string; status: string }>(registration),
  };
}

/** A signed-in browser verifies its email with the mailed code. */
async function verifyEmail<B>(journey: Journey<B>, browser: B, email: string): Promise<void> {
  expectStatus(
    'send code',
    await journey.call(browser, 'POST', '/me/verify/otp', {}),
    [200, 201, 204],
  );
  expectStatus(
    'verify',
    await journey.call(browser, 'PUT', '/me/verify', { otp: await latestOtp(journey, email) }),
    [200, 204],
  );
}

/**
 * Saves the person's details, as the profile form does: changed identity data sends a proofed
 * profile back to VERIFIED (a date of birth under 18 makes it a minor). With `proof`, identity
 * proofing runs next and the simulator decides by the last name (Pending, Fail, Mismatch,
 * Relationship, Final; any other activates). Answers the status the profile ends in.
 */
export async function changeIdentity<B>(
  journey: Journey<B>,
  browser: B,
  person: Json,
  proof = true,
): Promise<string> {
  expectStatus(
    'save profile',
    await journey.call(browser, 'PATCH', '/me', {
      profileType: 'PERSON',
      person,
      addresses: [US_ADDRESS],
    }),
    [200],
  );
  const answer = proof
    ? expectStatus(
        'id proofing',
        await journey.call(browser, 'POST', '/id-proofing/start'),
        [200, 201],
      )
    : await journey.call(browser, 'GET', '/me/status');
  return dataOf<{ status: string }>(answer).status;
}

/**
 * Registered, signed in, verified with the mailed code, person profile saved, proofing passed:
 * ACTIVATED (or what the identity simulator says for `person`, e.g. the last name Fail).
 */
export async function activatedUser<B>(
  journey: Journey<B>,
  email: string,
  person: Json = PERSON,
  host?: string,
): Promise<RegisteredUser<B> & { status: string }> {
  const user = await registeredUser(journey, email, { host });
  await verifyEmail(journey, user.browser, email);
  return { ...user, status: await changeIdentity(journey, user.browser, person) };
}

/** A minor (VERIFIED, or waiting) invites a guardian: GUARDIAN_CONSENT_PENDING. */
/** The recipient adds a bank account (the body as the portal's form sends it); answers its id. */
export async function addBankAccount<B>(
  journey: Journey<B>,
  browser: B,
  account: object,
): Promise<string> {
  const added = expectStatus(
    'add bank account',
    await journey.call(browser, 'POST', '/payment-methods/bank-accounts', account),
    [200],
  );
  return dataOf<{ bankAccount: { id: string } }>(added).bankAccount.id;
}

export async function inviteGuardian<B>(
  journey: Journey<B>,
  browser: B,
  guardianEmail: string,
): Promise<string> {
  const invited = expectStatus(
    'invite guardian',
    await journey.call(browser, 'POST', '/me/guardian/invite', {
      firstName: 'Maria',
      lastName: 'Lima',
      guardianEmail,
      relationship: 'PARENT',
    }),
    [200],
  );
  return dataOf<{ status: string }>(invited).status;
}

/**
 * The guardian invited at `guardianEmail` registers from the mailed link, verifies, is proofed and
 * decides for the minor (a refusal: GUARDIAN_CONSENT_REJECTED). Answers the minor's status.
 */
export async function guardianDecides<B>(
  journey: Journey<B>,
  minorId: string,
  guardianEmail: string,
  consent: boolean,
): Promise<string> {
  const invitation = (await outbox(journey, guardianEmail))[0];
  const tokenId = /user_id=([\w-]+)/.exec(invitation?.text ?? '')?.[1];
  if (!tokenId) throw new Error(`no guardian invitation was sent to ${guardianEmail}`);
  const guardian = journey.browser();
  expectStatus(
    'guardian registers',
    await journey.call(guardian, 'POST', '/me/confirm', {
      tokenId,
      password: PASSWORD,
      preferredContact: 'EMAIL_ONLY',
    }),
    [200],
  );
  const signedIn = await journey.signIn(guardian, guardianEmail);
  if (signedIn !== 303) throw new Error(`guardian sign in: ${signedIn}`);
  await verifyEmail(journey, guardian, guardianEmail);
  const proofed = await changeIdentity(journey, guardian, { ...PERSON, firstName: 'Maria' });
  if (proofed !== 'ACTIVATED') throw new Error(`guardian proofing: ${proofed}`);
  const decided = expectStatus(
    'guardian decision',
    await journey.call(guardian, 'POST', `/me/guardian/confirm-consent/${minorId}`, { consent }),
    [200],
  );
  return dataOf<{ minorStatus: string }>(decided).minorStatus;
}

// Identity proofing of a profile, whichever provider runs it (services/identity/provider.ts):
// - a profile is proofed once complete (details and an address) and, for a minor, with a
//   guardian's consent; it goes through ID_PROOFING_PENDING (profile-lifecycle.ts);
// - a provider that decides at once (the simulator) sets its outcome in the same request; one
//   with a hosted flow leaves the profile pending and the person is sent to the flow's URL;
// - a pending profile asking again gets a fresh URL for its session, if the provider still takes
//   input on it (the person closed the tab): nobody is stuck pending without a way back;
// - a webhook decision applies once per event id, to the profile's latest session only, never
//   older than the decision it would override, and only as the lifecycle allows from the
//   profile's status (a profile locked meanwhile stays locked).
// The provider is called outside any transaction: an HTTP call never holds a row lock (or, on
// PGlite, the whole database); the status is then set only if nobody changed it meanwhile.
import type { Database } from '../db/client';
import { getProfile, hasAddress, setStatus } from '../repositories/profiles';
import {
  findVerificationSession,
  latestVerificationSession as latestSession,
  recordVerificationDecision,
  recordVerificationSession,
  recordWebhookEvent,
  reopenVerificationSession,
} from '../repositories/identity-verifications';
import { assertTransition, canTransition } from './profile-lifecycle';
import { badRequest, conflict, serviceUnavailable } from '../errors';
import type { Sealer } from '../services/encryption';
import type { MerchantDirectory } from '../services/merchants';
import type {
  IdentityProvider,
  ProofingSubject,
  VerificationEvent,
} from '../services/identity/provider';
import type { ProfileStatus } from '../../core/types/entities/profile-status';
import { DEFAULT_MINIMUM_AGE } from '../../core/schemas/compose';
import { minorHasConsent } from './guardians';
import { isMinorBy, openIdentity } from './profile';
import { HOSTED_CHECK_STATUS } from '../../core/profile/status-answer';

/** The provider's answer, or 503 (the portal offers a retry); the provider's error is the cause. */
async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw Object.assign(
      serviceUnavailable(
        'ServiceUnavailable: the identity provider cannot be reached; retry shortly',
      ),
      { cause: error },
    );
  }
}

export interface ProofingDeps {
  db: Database;
  provider: IdentityProvider;
  sealer: Sealer;
  merchants: MerchantDirectory;
}

export interface ProofingStarted {
  status: ProfileStatus;
  /** The provider's hosted flow, where the portal sends the person (hosted providers only). */
  verificationUrl?: string;
}

/**
 * Whether a pending profile has a hosted check still open (started, left before the end, not
 * decided): the portal then offers a way back into the provider's flow instead of only waiting.
 */
async function hostedCheckOpen(
  deps: Pick<ProofingDeps, 'db' | 'provider'>,
  profileId: string,
): Promise<boolean> {
  if (!deps.provider.resume) return false;
  const session = await latestSession(deps.db, deps.provider.name, profileId);
  return Boolean(session && !session.outcome);
}

/** The profile's status (GET /me/status), with `hostedCheckOpen` while a hosted check waits. */
export async function currentStatus(
  deps: Pick<ProofingDeps, 'db' | 'provider'>,
  profileId: string,
): Promise<{ status: ProfileStatus; hostedCheckOpen?: true }> {
  const status = (await getProfile(deps.db, profileId)).status;
  return status === HOSTED_CHECK_STATUS && (await hostedCheckOpen(deps, profileId))
    ? { status, hostedCheckOpen: true }
    : { status };
}

/** Checks that the profile may be proofed now and reads what proofing verifies. */
async function proofingSubject(
  { db, sealer, merchants }: ProofingDeps,
  profileId: string,
): Promise<{ from: ProfileStatus; subject: ProofingSubject }> {
  const row = await getProfile(db, profileId);
  const from = row.status;
  assertTransition(from, 'ID_PROOFING_PENDING');
  const addressed = await hasAddress(db, profileId);
  const hasDetails =
    row.profileType === 'COMPANY'
      ? Boolean(row.company)
      : row.profileType === 'PERSON' && Boolean(row.person);
  if (!hasDetails || !addressed)
    throw badRequest(
      'ProfileIncomplete: complete the profile and an address before identity proofing',
    );
  const minimumAge =
    merchants.byId(row.merchantId)?.configuration.businessRules.minimumAge ?? DEFAULT_MINIMUM_AGE;
  if (row.isMinor || isMinorBy(row.person?.dob, minimumAge)) {
    // Withdrawn invitations (replaced by the minor) do not count: domain/guardians.ts.
    if (!(await minorHasConsent(db, profileId))) {
      throw conflict('GuardianConsentRequired: a guardian must consent before identity proofing');
    }
  }
  // Proofing reads the identity numbers in clear: the stored record with its sealed numbers.
  const numbers = openIdentity(sealer, row.id, row.identitySealed);
  return {
    from,
    subject: {
      profileId,
      profileType: row.profileType,
      person: row.person ? { ...row.person, ...(numbers.person ?? {}) } : row.person,
      company: row.company ? { ...row.company, ...(numbers.company ?? {}) } : row.company,
    },
  };
}

/**
 * POST /id-proofing/start: proofs the profile (simulator), or starts or resumes a hosted
 * verification and answers its URL.
 */
export async function startProofing(
  deps: ProofingDeps,
  profileId: string,
  returnUrl: string,
): Promise<ProofingStarted> {
  const { db, provider } = deps;
  const current = (await getProfile(db, profileId)).status;
  const resume = provider.resume?.bind(provider);
  const session = resume ? await latestSession(db, provider.name, profileId) : undefined;
  if (resume && session) {
    // Pending: the person left the hosted flow; a fresh URL for the session still undecided.
    if (current === 'ID_PROOFING_PENDING' && !session.outcome) {
      const url = await askProvider(() => resume(session.id, returnUrl));
      if (url) return { status: current, verificationUrl: url };
    }
    // Failed by this session: the person retries it while the provider still takes input on it.
    if (current === session.outcome && canTransition(current, 'ID_PROOFING_PENDING')) {
      await proofingSubject(deps, profileId);
      const url = await askProvider(() => resume(session.id, returnUrl));
      if (url) {
        await setStatusIfUnchanged(db, profileId, current, 'ID_PROOFING_PENDING', (tx) =>
          reopenVerificationSession(tx, session.id),
        );
        return { status: 'ID_PROOFING_PENDING', verificationUrl: url };
      }
    }
  }
  const { from, subject } = await proofingSubject(deps, profileId);
  const started = await askProvider(() => provider.start(subject, returnUrl));
  if (started.kind === 'decided') {
    await setStatusIfUnchanged(db, profileId, from, started.outcome);
    return { status: started.outcome };
  }
  await setStatusIfUnchanged(db, profileId, from, 'ID_PROOFING_PENDING', (tx) =>
    recordVerificationSession(tx, { id: started.sessionId, provider: provider.name, profileId }),
  );
  return { status: 'ID_PROOFING_PENDING', verificationUrl: started.url };
}

/**
 * Sets the status in one transaction, locking the profile, if it is still `from` (a concurrent
 * start, an operator's lock or an identity edit meanwhile answers 409 and changes nothing).
 */
async function setStatusIfUnchanged(
  db: Database,
  profileId: string,
  from: ProfileStatus,
  to: ProfileStatus,
  alsoInTransaction?: (tx: Database) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await getProfile(tx, profileId, true);
    if (row.status !== from)
      throw conflict(
        `IllegalStatusTransition: the profile changed to ${row.status} during identity proofing`,
      );
    await setStatus(tx, profileId, to);
    await alsoInTransaction?.(tx);
  });
}

export type WebhookResult =
  | { result: 'applied'; profileId: string; status: ProfileStatus }
  | { result: 'duplicate' }
  | { result: 'ignored'; reason: string };

/** Applies a verified webhook event, in one transaction, once per event id. */
export async function applyVerificationEvent(
  db: Database,
  provider: string,
  event: VerificationEvent,
): Promise<WebhookResult> {
  return db.transaction(async (tx): Promise<WebhookResult> => {
    if (!(await recordWebhookEvent(tx, provider, event.eventId))) return { result: 'duplicate' };
    const { outcome, sessionId } = event;
    if (!outcome || !sessionId) return { result: 'ignored', reason: 'the event decides nothing' };
    const session = await findVerificationSession(tx, provider, sessionId);
    if (!session) return { result: 'ignored', reason: 'not a session we started' };
    // Lock the profile first: its latest session and its status are read under the lock.
    const profile = await getProfile(tx, session.profileId, true);
    const latest = await latestSession(tx, provider, session.profileId);
    if (latest?.id !== session.id) return { result: 'ignored', reason: 'a newer session exists' };
    if (session.decidedAt && event.createdAt < session.decidedAt)
      return { result: 'ignored', reason: 'older than the decision already applied' };
    const from = profile.status;
    if (from !== 'ID_PROOFING_PENDING' || !canTransition(from, outcome))
      return { result: 'ignored', reason: `the profile is ${from}` };
    await setStatus(tx, profile.id, outcome);
    await recordVerificationDecision(tx, session.id, { outcome, decidedAt: event.createdAt });
    return { result: 'applied', profileId: profile.id, status: outcome };
  });
}

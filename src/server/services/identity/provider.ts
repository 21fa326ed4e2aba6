// Identity proofing behind one interface (issue 31 point 3). A provider either decides at once
// (the simulator) or starts a verification the person completes in the provider's hosted flow,
// whose decision arrives later by a signed webhook. Providers only report what they decided, as a
// profile status; whether the profile may take it is domain/identity-proofing.ts's rule.
import type { ProfileStatus } from '../../../core/types/entities/profile-status';

export type IdentityProviderName = 'simulator' | 'stripe';

/** What proofing reads of a profile: its identity, identity numbers in clear. */
export interface ProofingSubject {
  profileId: string;
  profileType: string;
  person?: Record<string, unknown> | null;
  company?: Record<string, unknown> | null;
}

/** The statuses a proofing decision may set (profile-lifecycle.ts: from ID_PROOFING_PENDING). */
export type ProofingOutcome = Extract<
  ProfileStatus,
  | 'ACTIVATED'
  | 'ID_PROOFING_PENDING'
  | 'ID_PROOFING_FAILED'
  | 'NAME_MATCH_FAILED'
  | 'RELATIONSHIP_VERIFICATION_FAILED'
  | 'RELATIONSHIP_VERIFICATION_FAILED_FINAL'
>;

/** A decision now, or a session at the provider and the hosted-flow URL to send the person to. */
export type VerificationStart =
  | { kind: 'decided'; outcome: ProofingOutcome }
  | { kind: 'hosted'; sessionId: string; url: string };

/** A webhook event whose signature held, read into what it decides. */
export interface VerificationEvent {
  /** The provider's event id: each is applied once (identity_webhook_events). */
  eventId: string;
  /** The provider's session the event is about (identity_verifications.id); null: another kind of event. */
  sessionId: string | null;
  /** When the provider created the event; an older event never overrides a newer decision. */
  createdAt: Date;
  /** The decision, or null when the event decides nothing (the session is processing). */
  outcome: ProofingOutcome | null;
}

/** A webhook delivery refused before its body is read: bad or missing signature, stale timestamp. */
export class WebhookRefused extends Error {}

export interface IdentityProvider {
  readonly name: IdentityProviderName;
  /** A simulator: production runs it only when ALLOW_SIMULATORS names it. */
  readonly simulated: boolean;
  /** Starts a verification; `returnUrl` is where the hosted flow sends the person back. */
  start(subject: ProofingSubject, returnUrl: string): Promise<VerificationStart>;
  /**
   * A fresh hosted-flow URL for a session the person may still complete (left the flow, or the
   * provider asked for new input), or null when the session cannot be used again.
   */
  resume?(sessionId: string, returnUrl: string): Promise<string | null>;
  /**
   * Checks a webhook delivery's signature over its raw body and reads the event, or throws
   * WebhookRefused. Providers without webhooks (they decide at once) do not have it.
   */
  readWebhook?(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): VerificationEvent;
}

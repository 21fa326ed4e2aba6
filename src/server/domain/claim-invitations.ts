// A new claim and the invitation of its recipient (operations' POST /master/admin/v1/claims): the
// claim is created, audited with the admin key's name, and its recipient mailed a link to the
// merchant's portal (the register page, or the portal itself when the email has an account). The
// claim's own id opens the register page as long as its invitation token lives.
import type { Claim } from '../../core/types/entities/claim';
import type { AppDeps } from '../context';
import { ApiError } from '../errors';
import { composeInvitation, recipientLocale } from '../mail/compose';
import { recordAdminAudit } from '../repositories/admin-audit';
import { insertClaim, toClaimDto } from '../repositories/claims';
import { findProfileByEmail } from '../repositories/profiles';
import {
  insertInvitationToken,
  invitationExpiry,
  newInvitationTokenId,
} from '../repositories/tokens';
import { portalOrigin } from '../services/merchants';

export type ClaimInvitationDeps = Pick<
  AppDeps,
  'db' | 'mailer' | 'merchants' | 'config' | 'exchange'
>;

export interface NewClaimRequest {
  email: string;
  /** A decimal string (the route's pattern). */
  amount: string;
  currency: string;
  /** The merchant the claim is from; by default the one of the request's host. */
  merchantId?: string;
}

export interface CreatedClaim {
  claim: Claim;
  tokenId: string;
  inviteUrl: string;
}

/**
 * Creates the claim in a currency of the rate table and mails the invitation; `actor` is the
 * audit log's `admin:<key name>`, `host` names the merchant when the request does not.
 */
export async function createClaimWithInvitation(
  deps: ClaimInvitationDeps,
  request: NewClaimRequest,
  actor: string,
  host: string,
): Promise<CreatedClaim> {
  const { db, mailer, merchants, config, exchange } = deps;
  if (!exchange.currencies.includes(request.currency)) {
    throw new ApiError(400, `UnsupportedCurrency: ${request.currency} is not in the rate table`);
  }
  const merchant =
    (request.merchantId && merchants.byId(request.merchantId)) || merchants.forHost(host);
  const tokenId = newInvitationTokenId();
  const result = await db.transaction(async (tx) => {
    const existing = await findProfileByEmail(tx, request.email);
    const expiresAt = invitationExpiry(config.invitationTtlDays);
    const claim = await insertClaim(tx, {
      email: request.email,
      amount: request.amount,
      currency: request.currency,
      status: 'CLAIM_CREATED',
      merchantId: merchant.id,
      profileId: existing?.id ?? null,
    });
    await recordAdminAudit(tx, {
      actor,
      action: 'claim.create',
      subject: claim.id,
      detail: { amount: request.amount, currency: request.currency, merchantId: merchant.id },
    });
    await insertInvitationToken(tx, {
      id: tokenId,
      email: request.email,
      purpose: 'CLAIM_INVITE',
      claimId: claim.id,
      expiresAt,
    });
    const origin = portalOrigin(config.publicUrl, merchant);
    const inviteUrl = existing ? `${origin}/` : `${origin}/auth/register?claim_id=${claim.id}`;
    const invitation = composeInvitation(
      recipientLocale(existing?.preferredLanguage, merchant),
      merchant,
      {
        amount: request.amount,
        currency: request.currency,
        url: inviteUrl,
        expiresAt,
        existing: Boolean(existing),
      },
    );
    await mailer.enqueue(tx, { to: request.email, ...invitation });
    return { claim: toClaimDto(claim, merchants), tokenId, inviteUrl };
  });
  await mailer.flush();
  return result;
}

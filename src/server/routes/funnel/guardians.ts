// Minors and guardians (spec section 4): a minor invites a guardian; each guardian consents or
// refuses per minor; a minor has consent when every standing guardian said true. A new invitation
// may replace a stuck one (`replaces`, and every refusal): the rules are in domain/guardians.ts.
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { composeGuardianRequest, recipientLocale } from '../../mail/compose';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { guardians, tokens } from '../../db/schema';
import { invitationExpiry } from '../../repositories/tokens';
import { getProfile, setStatus, readProfileDto } from '../../repositories/profiles';
import { portalOrigin } from '../../services/merchants';
import { assertTransition } from '../../domain/profile-lifecycle';
import { assertMay } from '../../domain/status-policy';
import type { ProfileStatus } from '../../../core/types/entities/profile-status';
import { data, entity, exact, RESPONSES, uuid } from '../../openapi/responses';
import { formDocumentation } from '../../openapi/form-schemas';
import {
  recordInvitation,
  splitInviteBody,
  standingGuardiansOf,
  standingLinkOf,
  statusAfterDecision,
  type GuardianInvite,
} from '../../domain/guardians';

const guardianRoutes: FastifyPluginAsync = async (app) => {
  const { db, mailer, forms, config, merchants } = app.deps;
  const me = (request: FastifyRequest) => request.session?.profileId ?? '';

  app.post(
    '/me/guardian/invite',
    {
      config: { rateLimit: app.limit(10, 'account') },
      schema: {
        tags: ['guardians'],
        body: { type: 'object' },
        documentedBody: formDocumentation().form('guardian-invite', {
          replaces: {
            type: 'string',
            format: 'uuid',
            description:
              'The pending or refused invitation this one replaces (a corrected guardian): it is withdrawn. Refused invitations are withdrawn by any new invitation.',
          },
        }),
        response: { 200: RESPONSES.profile },
      },
    },
    async (request) => {
      const { form, replaces } = splitInviteBody(request.body);
      forms.assertValid('guardian-invite', form);
      const invite = form as unknown as GuardianInvite;
      const minorId = me(request);
      await db.transaction(async (tx) => {
        const minor = await getProfile(tx, minorId, true);
        const { guardian, existing } = await recordInvitation(tx, minor, invite, replaces);
        // The guardian is sent to the minor's merchant portal, in its branding.
        const merchant = merchants.byId(minor.merchantId) ?? merchants.forHost(request.host);
        const origin = portalOrigin(config.publicUrl, merchant);
        let link: string;
        if (existing) {
          link = `${origin}/settings/guardian-consent/${minorId}`;
        } else {
          const tokenId = randomBytes(18).toString('base64url');
          await tx.insert(tokens).values({
            id: tokenId,
            email: invite.guardianEmail,
            purpose: 'GUARDIAN_INVITE',
            guardianId: guardian.id,
            expiresAt: invitationExpiry(config.invitationTtlDays),
          });
          link = `${origin}/auth/register?user_id=${tokenId}`;
        }
        if (minor.status !== 'GUARDIAN_CONSENT_PENDING') {
          assertTransition(minor.status as ProfileStatus, 'GUARDIAN_CONSENT_PENDING');
          await setStatus(tx, minorId, 'GUARDIAN_CONSENT_PENDING');
        }
        const minorName =
          [minor.person?.firstName, minor.person?.lastName].filter(Boolean).join(' ') ||
          minor.email;
        await mailer.enqueue(tx, {
          to: invite.guardianEmail,
          // In the guardian's own language when they have an account, else in the minor's (who
          // wrote it), else the merchant's.
          ...composeGuardianRequest(
            recipientLocale(existing?.preferredLanguage ?? minor.preferredLanguage, merchant),
            merchant,
            {
              firstName: invite.firstName,
              minorName,
              relationship: invite.relationship,
              url: link,
            },
          ),
        });
      });
      await mailer.flush();
      return { data: await readProfileDto(db, minorId) };
    },
  );

  app.post(
    '/me/guardian/confirm-consent/:minorId',
    {
      schema: {
        tags: ['guardians'],
        params: {
          type: 'object',
          properties: { minorId: { type: 'string', format: 'uuid' } },
          required: ['minorId'],
        },
        body: {
          type: 'object',
          properties: { consent: { type: 'boolean' } },
          required: ['consent'],
        },
        response: {
          200: data(
            exact({
              minorId: uuid,
              consent: { type: 'string', enum: ['true', 'false'] },
              minorStatus: entity('profile-status'),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { minorId } = request.params as { minorId: string };
      const { consent } = request.body as { consent: boolean };
      const guardianId = me(request);
      const status = await db.transaction(async (tx) => {
        const guardian = await getProfile(tx, guardianId);
        assertMay(guardian.status, 'consentAsGuardian');
        // The minor's row first: a replacement of this invitation waits for, or is seen by, us.
        const minor = await getProfile(tx, minorId, true);
        const link = await standingLinkOf(tx, minorId, guardianId);
        await tx
          .update(guardians)
          .set({ consent: String(consent), decidedAt: new Date() })
          .where(eq(guardians.id, link.id));
        const next = statusAfterDecision(await standingGuardiansOf(tx, minorId), link.id, consent);
        if (next && minor.status === 'GUARDIAN_CONSENT_PENDING') {
          assertTransition('GUARDIAN_CONSENT_PENDING', next);
          await setStatus(tx, minorId, next);
          return next;
        }
        return minor.status;
      });
      return { data: { minorId, consent: String(consent), minorStatus: status } };
    },
  );
};
export default guardianRoutes;

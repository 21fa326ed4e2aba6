// Minors and guardians (spec section 4): a minor invites a guardian; each guardian consents or
// refuses per minor; a minor has consent when every guardian said true.
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { composeGuardianRequest, recipientLocale } from '../../mail/compose';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { guardians, tokens } from '../../db/schema';
import { invitationExpiry } from '../../repositories/tokens';
import { conflict, notFound } from '../../errors';
import {
  findProfileByEmail,
  getProfile,
  setStatus,
  readProfileDto,
} from '../../repositories/profiles';
import { portalOrigin } from '../../services/merchants';
import { assertTransition } from '../../services/profile-lifecycle';
import { assertMay } from '../../domain/status-policy';
import type { ProfileStatus } from '../../../core/types/entities/profile-status';
import { data, entity, exact, RESPONSES, uuid } from '../../openapi/responses';
import { formDocumentation } from '../../openapi/form-schemas';

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
        documentedBody: formDocumentation().form('guardian-invite'),
        response: { 200: RESPONSES.profile },
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      forms.assertValid('guardian-invite', body);
      const invite = body as {
        firstName: string;
        lastName: string;
        guardianEmail: string;
        relationship: string;
      };
      const minorId = me(request);
      await db.transaction(async (tx) => {
        const minor = await getProfile(tx, minorId, true);
        if (!minor.isMinor) throw conflict('NotAMinor: only a minor invites a guardian');
        if (invite.guardianEmail.toLowerCase() === minor.email.toLowerCase()) {
          throw conflict('GuardianIsSelf: the guardian must be another person');
        }
        const [guardian] = await tx
          .insert(guardians)
          .values({
            minorProfileId: minorId,
            email: invite.guardianEmail,
            firstName: invite.firstName,
            lastName: invite.lastName,
            relationship: invite.relationship,
          })
          .returning();
        if (!guardian) throw new Error('guardian insert returned nothing');
        const existing = await findProfileByEmail(tx, invite.guardianEmail);
        // The guardian is sent to the minor's merchant portal, in its branding.
        const merchant = merchants.byId(minor.merchantId) ?? merchants.forHost(request.host);
        const origin = portalOrigin(config.publicUrl, merchant);
        let link: string;
        if (existing) {
          await tx
            .update(guardians)
            .set({ guardianProfileId: existing.id })
            .where(eq(guardians.id, guardian.id));
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
        const [link] = await tx
          .select()
          .from(guardians)
          .where(
            and(eq(guardians.minorProfileId, minorId), eq(guardians.guardianProfileId, guardianId)),
          );
        if (!link) throw notFound('MinorNotFound: you are not a guardian of this minor');
        await tx
          .update(guardians)
          .set({ consent: String(consent), decidedAt: new Date() })
          .where(eq(guardians.id, link.id));
        const minor = await getProfile(tx, minorId, true);
        const all = await tx.select().from(guardians).where(eq(guardians.minorProfileId, minorId));
        let next: ProfileStatus | null = null;
        if (!consent) next = 'GUARDIAN_CONSENT_REJECTED';
        else if (all.every((g) => (g.id === link.id ? consent : g.consent === 'true')))
          next = 'VERIFIED';
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

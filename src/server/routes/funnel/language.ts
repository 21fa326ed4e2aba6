// The person's language: one stored value (profiles.preferred_language) that the portal switches
// to at sign-in and every mail to them is written in (mail/compose.ts recipientLocale). The header
// menu stores a choice here in any signed-in status but the blocked ones (the session gate refuses
// LOCKED and DEACTIVATED); the person form stores it with PATCH /me, registration with POST /me.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { LOCALES, type Locale } from '../../../core/i18n/messages';
import { profiles } from '../../db/schema';
import { notFound } from '../../errors';
import { data, entity, exact } from '../../openapi/responses';

const languageRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;
  app.put(
    '/me/language',
    {
      // Before the merchant's access code too: the access-code mail then speaks the language.
      config: { beforeAccessCode: true, rateLimit: app.limit(30, 'account') },
      schema: {
        tags: ['profile'],
        summary: "Store the person's language",
        description:
          'The language the portal shows and every mail is written in. Allowed in every signed-in status except LOCKED and DEACTIVATED.',
        body: {
          type: 'object',
          properties: { language: { type: 'string', enum: [...LOCALES] } },
          required: ['language'],
          additionalProperties: false,
        },
        response: {
          200: data(
            exact({ preferredLanguage: entity('locale') }),
            'The language now stored for the person.',
          ),
        },
      },
    },
    async (request) => {
      const { language } = request.body as { language: Locale };
      const [row] = await db
        .update(profiles)
        .set({ preferredLanguage: language, updatedAt: new Date() })
        .where(eq(profiles.id, request.session?.profileId ?? ''))
        .returning({ id: profiles.id });
      if (!row) throw notFound('ProfileMissing: Profile is missing');
      return { data: { preferredLanguage: language } };
    },
  );
};
export default languageRoutes;

// The person's language: one stored value (profiles.preferred_language) that the portal switches
// to at sign-in and every mail to them is written in (mail/compose.ts recipientLocale). The header
// menu stores a choice here in any signed-in status but the blocked ones (the session gate refuses
// LOCKED and DEACTIVATED); the person form stores it with PATCH /me, registration with POST /me.
import { LOCALES } from '../../../core/i18n/messages';
import { profileDomain } from '../../domain/profile';
import { data, entity, exact } from '../../openapi/responses';
import type { TypedRoutes } from '../typed';

const languageRoutes: TypedRoutes = async (app) => {
  const profiles = profileDomain(app.deps);
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
    async (request) => ({
      data: {
        preferredLanguage: await profiles.setLanguage(
          request.session?.profileId ?? '',
          request.body.language,
        ),
      },
    }),
  );
};
export default languageRoutes;

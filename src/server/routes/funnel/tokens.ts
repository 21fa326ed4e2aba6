// Token info for the register page: the email an invitation was sent to. A token is either an
// invitation token (user_id in the invite link) or the id of a claim not yet registered (claim_id).
import { registrationDomain } from '../../domain/registration';
import { data, entity } from '../../openapi/responses';
import type { TypedRoutes } from '../typed';

const tokenRoutes: TypedRoutes = async (app) => {
  const registration = registrationDomain(app.deps);
  app.get(
    '/tokens/:id',
    {
      config: { public: true, rateLimit: app.limit(30) },
      schema: {
        tags: ['profile'],
        params: {
          type: 'object',
          properties: { id: { type: 'string', maxLength: 128 } },
          required: ['id'],
        },
        response: { 200: data(entity('token-info'), 'The email the invitation was sent to.') },
      },
    },
    async (request) => ({ data: { email: await registration.invitedEmail(request.params.id) } }),
  );
};
export default tokenRoutes;

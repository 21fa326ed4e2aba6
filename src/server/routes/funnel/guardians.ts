// Minors and guardians (spec section 4): a minor invites a guardian; each guardian consents or
// refuses per minor; a minor has consent when every standing guardian said true. A new invitation
// may replace a stuck one (`replaces`, and every refusal): the rules are in domain/guardians.ts.
import type { FastifyRequest } from 'fastify';
import { guardiansDomain } from '../../domain/guardians';
import { data, entity, exact, oneOfValues, RESPONSES, uuid } from '../../openapi/responses';
import { formDocumentation } from '../../openapi/form-schemas';
import { routeDefaults } from '../defaults';
import type { TypedRoutes } from '../typed';

const guardianRoutes: TypedRoutes = async (app) => {
  routeDefaults(app, { tags: ['guardians'] });
  const guardians = guardiansDomain(app.deps);
  const me = (request: FastifyRequest) => request.session?.profileId ?? '';

  app.post(
    '/me/guardian/invite',
    {
      config: { rateLimit: app.limit(10, 'account') },
      schema: {
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
    async (request) => ({ data: await guardians.invite(me(request), request.body, request.host) }),
  );

  app.post(
    '/me/guardian/confirm-consent/:minorId',
    {
      schema: {
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
              consent: oneOfValues(['true', 'false']),
              minorStatus: entity('profile-status'),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { minorId } = request.params;
      const { consent } = request.body;
      const minorStatus = await guardians.decide(me(request), minorId, consent);
      return {
        data: { minorId, consent: consent ? ('true' as const) : ('false' as const), minorStatus },
      };
    },
  );
};
export default guardianRoutes;

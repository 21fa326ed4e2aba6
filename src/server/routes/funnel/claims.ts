// Claims: list, attach, quote, accept with a one-time code (exactly once), cancel.
import type { FastifyRequest } from 'fastify';
import { routeDefaults } from '../defaults';
import type { TypedRoutes } from '../typed';
import { claimsDomain } from '../../domain/claims';
import {
  data,
  dateTime,
  entity,
  exact,
  int,
  listOf,
  oneOf,
  RESPONSES,
  str,
  uuid,
} from '../../openapi/responses';

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' } },
  required: ['id'],
} as const;
const currency = { type: 'string', pattern: '^[A-Z]{3}$' } as const;

const claimRoutes: TypedRoutes = async (app) => {
  routeDefaults(app, { tags: ['claims'] });
  const claims = claimsDomain(app.deps);
  const me = (request: FastifyRequest) => request.session?.profileId ?? '';

  app.get('/claims', { schema: { response: { 200: RESPONSES.claims } } }, async (request) => ({
    data: await claims.list(me(request)),
  }));

  app.post(
    '/claims',
    {
      schema: {
        body: {
          type: 'object',
          properties: { claimId: { type: 'string', format: 'uuid' } },
          required: ['claimId'],
        },
        response: { 200: RESPONSES.claim },
      },
    },
    async (request) => {
      const { claimId } = request.body;
      return { data: await claims.attach(me(request), claimId) };
    },
  );

  app.post(
    '/claims/confirm',
    {
      schema: {
        body: {
          type: 'object',
          properties: { tokenId: { type: 'string', maxLength: 128 } },
          required: ['tokenId'],
        },
        response: { 200: RESPONSES.claim },
      },
    },
    async (request) => {
      const { tokenId } = request.body;
      return { data: await claims.attachByInvitation(me(request), tokenId) };
    },
  );

  app.get(
    '/claim/status',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { claimId: { type: 'string', format: 'uuid' } },
        },
        response: {
          200: data(
            oneOf(
              exact({ claimId: uuid, status: entity('claim-status') }),
              exact({ total: { ...int, minimum: 0 }, acceptable: { ...int, minimum: 0 } }),
            ),
            "With claimId: that claim's status; without: how many claims the profile has and how many can be accepted.",
          ),
        },
      },
    },
    async (request) => {
      const { claimId } = request.query;
      return { data: await claims.status(me(request), claimId) };
    },
  );

  // The conversion shown before acceptance.
  app.get(
    '/claims/:id/quote',
    {
      schema: {
        params: idParams,
        querystring: {
          type: 'object',
          properties: {
            targetCurrency: currency,
            paymentMethodId: { type: 'string', format: 'uuid' },
          },
          required: ['targetCurrency'],
        },
        response: {
          200: data(
            exact(
              {
                sourceCurrency: str,
                targetCurrency: str,
                sourceAmount: str,
                rate: str,
                targetAmount: str,
                asOf: dateTime,
                rateDate: {
                  ...str,
                  format: 'date',
                  description:
                    "The rate's publication date: the older of the two currencies' latest reference rates.",
                },
                source: str,
                sourceCode: {
                  ...str,
                  description:
                    "Who published the rate, as a code the portal names in the user's language (`ECB`; `source` names it in English).",
                },
                currencies: listOf(str),
              },
              ['sourceCode'],
            ),
            'The amount in the target currency at the current rate (decimal strings), and the currencies the method can receive.',
          ),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { targetCurrency, paymentMethodId } = request.query;
      return { data: await claims.quote(me(request), id, targetCurrency, paymentMethodId) };
    },
  );

  app.post(
    '/claims/:id/accept/otp',
    {
      config: { rateLimit: app.limit(10, 'account') },
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: {
            claimId: { type: 'string' },
            prefix: { type: 'string', pattern: '^\\d{4}$' },
            paymentMethodId: { type: 'string', format: 'uuid' },
            targetCurrency: currency,
          },
          required: ['paymentMethodId'],
        },
        response: { 200: RESPONSES.codeSent },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { prefix, paymentMethodId, targetCurrency } = request.body;
      return claims.sendAcceptanceCode(
        me(request),
        id,
        { prefix, paymentMethodId, targetCurrency },
        request.host,
      );
    },
  );

  app.put(
    '/claims/:id/accept',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: {
            otp: { type: 'string' },
            paymentMethodId: { type: 'string', format: 'uuid' },
            targetCurrency: currency,
          },
          required: ['otp', 'paymentMethodId'],
        },
        response: { 200: RESPONSES.claim },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const profileId = me(request);
      const { claim, acceptedNow } = await claims.accept(profileId, id, body);
      if (acceptedNow)
        request.log.info(
          { event: 'claim_accepted', claimId: claim.id, profileId },
          'claim accepted',
        );
      return { data: claim };
    },
  );

  app.put(
    '/claims/:id/cancel',
    { schema: { params: idParams, response: { 200: RESPONSES.claim } } },
    async (request) => {
      const { id } = request.params;
      return { data: await claims.cancel(me(request), id) };
    },
  );
};
export default claimRoutes;

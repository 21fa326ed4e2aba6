// Payout methods (spec section 7): bank accounts per country and transfer method, debit cards,
// PayPal, Zelle and paper checks. Bodies are validated with the composed form schemas; account
// data is encrypted at rest and masked in every response; card numbers live only in the vault.
// The rules are in domain/payout-methods; these routes parse, call it and answer.
import type { FastifyRequest } from 'fastify';
import { routeDefaults } from '../defaults';
import type { TypedRoutes } from '../typed';
import { ApiError } from '../../errors';
import { payoutMethodsDomain } from '../../domain/payout-methods';
import { formDocumentation } from '../../openapi/form-schemas';
import { data, entity, exact, int, listOf, orNull, RESPONSES, str } from '../../openapi/responses';
import { errorNameOf } from '../../../core/errors/error-names';

const objectBody = { type: 'object' } as const;
/** `{ id }` of a payment method: the path of a delete, the body of prefer and card update. */
const idObject = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' } },
  required: ['id'],
} as const;

const paymentMethodRoutes: TypedRoutes = async (app) => {
  routeDefaults(app, { tags: ['payout methods'] });
  const methods = payoutMethodsDomain(app.deps);
  const me = (request: FastifyRequest) => request.session?.profileId ?? '';
  const sessionOf = (request: FastifyRequest) => {
    const session = request.session;
    if (!session) throw new Error('the session gate let a request without a session through');
    return session;
  };

  // ---- list, available types, preferred ----------------------------------------------------

  const docs = formDocumentation();
  const PREFERRED = {
    preferred: { type: 'boolean', description: 'Make it the preferred method.' },
  } as const;
  const oneMethod = { 200: RESPONSES.paymentMethod };
  const allMethods = { 200: RESPONSES.paymentMethods };

  app.get('/', { schema: { response: allMethods } }, async (request) => ({
    data: await methods.list(me(request)),
  }));

  app.get(
    '/available-types',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { claimID: { type: 'string', format: 'uuid' } },
        },
        response: {
          200: {
            ...exact({
              data: listOf(
                exact({
                  type: entity('payment-method-type'),
                  maxCount: { ...orNull(int), minimum: 1 },
                  count: { ...int, minimum: 0 },
                }),
              ),
              residency: entity('country-code'),
            }),
            description:
              "The payout types the profile may still add (its residency's rules, narrowed by the merchant), with how many it holds.",
          },
        },
      },
    },
    async (request) => {
      const { claimID } = request.query;
      return methods.availableTypes(me(request), claimID);
    },
  );

  app.post(
    '/preferred',
    {
      schema: {
        body: idObject,
        response: allMethods,
      },
    },
    async (request) => {
      const { id } = request.body;
      return { data: await methods.prefer(me(request), id) };
    },
  );

  // ---- bank accounts ------------------------------------------------------------------------

  // The BIC of an IBAN's bank where a national directory knows it, for the bank-account form to
  // suggest and the user to confirm. POST, so the IBAN stays out of URLs and access logs.
  app.post(
    '/bic-lookup',
    {
      config: { rateLimit: app.limit(30, 'account') },
      schema: {
        body: {
          type: 'object',
          properties: { iban: { type: 'string', maxLength: 64 } },
          required: ['iban'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: { bic: { type: ['string', 'null'] } },
                required: ['bic'],
              },
            },
            required: ['data'],
          },
        },
      },
    },
    async (request) => ({
      data: { bic: methods.suggestBic(request.body.iban) },
    }),
  );

  app.post(
    '/bank-accounts',
    {
      schema: {
        body: objectBody,
        documentedBody: docs.bankAccount(),
        response: oneMethod,
      },
    },
    async (request) => ({
      data: await methods.addBankAccount(me(request), request.body, request.rulesValidator),
    }),
  );

  app.put(
    '/bank-accounts/:id',
    {
      schema: {
        params: idObject,
        body: objectBody,
        description:
          'Numbers not sent again (they are only ever answered masked) keep their stored value when the country stays the same.',
        documentedBody: docs.bankAccount(),
        response: oneMethod,
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      return {
        data: await methods.changeBankAccount(me(request), id, body, request.rulesValidator),
      };
    },
  );

  app.delete(
    '/bank-accounts/:id',
    { schema: { params: idObject, response: allMethods } },
    async (request) => {
      const { id } = request.params;
      return { data: await methods.removeBankAccount(me(request), id) };
    },
  );

  // ---- debit cards ----------------------------------------------------------------------------

  app.post(
    '/debit-card',
    {
      schema: {
        body: objectBody,
        documentedBody: docs.form('debit-card', PREFERRED),
        response: oneMethod,
      },
    },
    async (request) => ({ data: await methods.addDebitCard(me(request), request.body) }),
  );

  app.put(
    '/debit-card',
    {
      schema: {
        body: idObject,
      },
    },
    async (request) => {
      const { id } = request.body;
      return methods.changeDebitCard(me(request), id);
    },
  );

  app.delete(
    '/debit-card/:id',
    { schema: { params: idObject, response: allMethods } },
    async (request) => {
      const { id } = request.params;
      return { data: await methods.removeDebitCard(me(request), id) };
    },
  );

  // ---- PayPal ---------------------------------------------------------------------------------
  // Log in with PayPal (services/paypal.ts): the portal asks for the authorization URL and sends
  // the person there; PayPal returns the browser to the callback, which spends the state, exchanges
  // the code and adds the account's verified email, then returns to the portal's /paypal screen.

  app.post(
    '/paypal/authorization-url',
    {
      config: { rateLimit: app.limit(20, 'account') },
      schema: {
        summary: 'Where to send the person to connect PayPal (Log in with PayPal)',
        response: {
          200: data(
            exact({ url: { ...str, minLength: 1 } }),
            "PayPal's authorization URL with a state bound to this session (valid 10 minutes, once).",
          ),
        },
      },
    },
    async (request) => ({
      data: { url: await methods.paypalAuthorizationUrl(sessionOf(request)) },
    }),
  );

  app.get(
    '/paypal/callback',
    {
      // A browser navigation back from PayPal: the state proves this session started it minutes
      // ago, so a lapsed access window (the person took a while at PayPal) does not end it.
      config: { allowLapsedAccess: true, rateLimit: app.limit(20, 'account') },
      schema: {
        summary: "PayPal's return (the Return URL): adds the account, back to /paypal",
        description:
          'Redirects (303) to /paypal when the account was added, or to /paypal?error=<Name> ' +
          '(PaypalStateMismatch, PaypalStateReused, PaypalEmailUnverified, ' +
          'PaypalAuthorizationFailed, PaypalUnavailable, MaxCountReached, ...).',
        querystring: {
          type: 'object',
          properties: {
            code: { type: 'string', maxLength: 2048 },
            state: { type: 'string', maxLength: 128 },
            error: { type: 'string', maxLength: 128 },
            error_description: { type: 'string', maxLength: 1024 },
          },
        },
        response: { 303: { description: 'Back to the portal.', type: 'null' } },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { code = '', state = '', error } = request.query;
      try {
        await methods.connectPaypal(session, { code, state, error });
        return reply.redirect('/paypal', 303);
      } catch (failure) {
        if (!(failure instanceof ApiError)) throw failure;
        const name = errorNameOf(failure.message) ?? 'PaypalAuthorizationFailed';
        request.log.info({ refused: name }, 'paypal connection refused');
        return reply.redirect(`/paypal?${new URLSearchParams({ error: name }).toString()}`, 303);
      }
    },
  );

  app.delete('/paypal', { schema: { response: allMethods } }, async (request) => ({
    data: await methods.removePaypal(me(request)),
  }));

  // ---- Zelle ------------------------------------------------------------------------------------

  // A new or changed token awaits its code: it cannot be preferred or used until verified.
  app.post(
    '/zelle',
    {
      schema: {
        body: objectBody,
        documentedBody: docs.form('zelle'),
        response: oneMethod,
      },
    },
    async (request) => ({ data: await methods.addZelle(me(request), request.body) }),
  );

  const zelleChange = {
    description: 'A changed token awaits its code again.',
    body: objectBody,
    documentedBody: docs.form('zelle'),
    response: oneMethod,
  };
  app.put('/zelle', { schema: zelleChange }, async (request) => ({
    data: await methods.changeZelle(me(request), request.body),
  }));

  app.delete('/zelle', { schema: { response: allMethods } }, async (request) => ({
    data: await methods.removeZelle(me(request)),
  }));

  app.post(
    '/zelle/verify/otp',
    {
      config: { rateLimit: app.limit(10, 'account') },
      schema: {
        body: {
          type: 'object',
          properties: { otpPrefix: { type: 'string', pattern: '^\\d{4}$' } },
        },
        response: { 200: RESPONSES.codeSent },
      },
    },
    async (request) => {
      const { otpPrefix } = request.body ?? {};
      return methods.sendZelleCode(me(request), otpPrefix, request.host);
    },
  );

  app.put(
    '/zelle/verify',
    {
      config: { rateLimit: app.limit(20, 'account') },
      schema: {
        body: { type: 'object', properties: { otp: { type: 'string' } }, required: ['otp'] },
        response: oneMethod,
      },
    },
    async (request) => {
      const { otp } = request.body;
      return { data: await methods.verifyZelle(me(request), otp) };
    },
  );

  // ---- physical checks --------------------------------------------------------------------------

  app.post(
    '/physical-checks',
    {
      schema: {
        body: objectBody,
        documentedBody: docs.form('physical-check', PREFERRED),
        response: oneMethod,
      },
    },
    async (request) => ({
      data: await methods.addPhysicalCheck(me(request), request.body ?? {}),
    }),
  );

  app.delete('/physical-checks', { schema: { response: allMethods } }, async (request) => ({
    data: await methods.removePhysicalCheck(me(request)),
  }));
};
export default paymentMethodRoutes;

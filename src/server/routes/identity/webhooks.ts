// The identity provider's webhook (Stripe Identity: POST /master/identity/v1/webhooks/stripe).
// The signature covers the exact bytes sent, so this scope keeps JSON bodies as the raw buffer;
// the provider verifies them (timestamped HMAC), then the decision is applied in one transaction,
// once per event id (domain/identity-proofing.ts). Public, without a session: the signature is
// the authentication. Refusals answer 400, which the provider retries; a duplicate answers 200.
import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../errors';
import { applyVerificationEvent } from '../../domain/identity-proofing';
import { WebhookRefused } from '../../services/identity/provider';
import { data, exact, oneOfValues } from '../../openapi/responses';

/** Provider events are small (a VerificationSession without its verified outputs). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const identityWebhookRoutes: FastifyPluginAsync = async (app) => {
  const { db, identity } = app.deps;
  const readWebhook = identity.readWebhook?.bind(identity);
  if (!readWebhook) return;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    `/${identity.name}`,
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      config: { public: true, sessionless: true },
      schema: {
        tags: ['identity proofing'],
        summary: "The identity provider's signed decisions (Stripe-Signature, raw JSON body)",
        response: {
          200: data(
            exact({ result: oneOfValues(['applied', 'duplicate', 'ignored']) }),
            'Received: applied, a duplicate of an event already received, or ignored.',
          ),
        },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = (() => {
        try {
          return readWebhook(raw, request.headers, new Date());
        } catch (error) {
          if (!(error instanceof WebhookRefused)) throw error;
          request.log.warn(
            { event: 'identity_webhook_refused', provider: identity.name, reason: error.message },
            'identity webhook refused',
          );
          throw badRequest(`WebhookRefused: ${error.message}`);
        }
      })();
      const applied = await applyVerificationEvent(db, identity.name, event);
      request.log.info(
        {
          event: 'identity_webhook',
          provider: identity.name,
          eventId: event.eventId,
          ...applied,
        },
        'identity webhook received',
      );
      return { data: { result: applied.result } };
    },
  );
};
export default identityWebhookRoutes;

// Development outbox (DESIGN.md section 5): every message the server would send, newest first.
// Registered only with DEV_OUTBOX=1 (config.devOutbox; `npm start` sets it for development) and
// never in production: anyone who can reach it reads every code and reset link.
import { data, dateTime, exact, listOf, orNull, str } from '../../openapi/responses';
import type { TypedRoutes } from '../typed';

const devRoutes: TypedRoutes = async (app) => {
  app.get(
    '/outbox',
    {
      config: { public: true },
      schema: {
        tags: ['development'],
        // No NUL: PostgreSQL refuses it in text (a 500 otherwise).
        querystring: {
          type: 'object',
          properties: { to: { type: 'string', maxLength: 320, pattern: '^[^\\u0000]*$' } },
        },
        response: {
          200: data(
            listOf(
              exact({
                to: str,
                subject: str,
                text: str,
                html: orNull(str),
                otp: orNull(str),
                createdAt: dateTime,
              }),
            ),
            'Every message the server would send (one-time codes included), newest first.',
          ),
        },
      },
    },
    async (request) => ({ data: await app.deps.mailer.outbox(request.query.to) }),
  );
};
export default devRoutes;

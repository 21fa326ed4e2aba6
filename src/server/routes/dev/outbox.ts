// Development outbox (DESIGN.md section 5): every message the server would send, newest first.
// Registered only with DEV_OUTBOX=1 (config.devOutbox; `npm start` sets it for development) and
// never in production: anyone who can reach it reads every code and reset link.
import { desc, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { outbox } from '../../db/schema';
import { data, dateTime, exact, listOf, str } from '../../openapi/responses';

const devRoutes: FastifyPluginAsync = async (app) => {
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
                html: { type: ['string', 'null'] },
                otp: { type: ['string', 'null'] },
                createdAt: dateTime,
              }),
            ),
            'Every message the server would send (one-time codes included), newest first.',
          ),
        },
      },
    },
    async (request) => {
      const { to } = request.query as { to?: string };
      const rows = await app.deps.db
        .select()
        .from(outbox)
        .where(to ? sql`lower(${outbox.recipient}) = ${to.toLowerCase()}` : undefined)
        .orderBy(desc(outbox.createdAt))
        .limit(200);
      return {
        data: rows.map((r) => ({
          to: r.recipient,
          subject: r.subject,
          text: r.body,
          html: r.html,
          otp: r.otp,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );
};
export default devRoutes;

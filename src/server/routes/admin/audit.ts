// GET /master/admin/v1/audit: the admin API's audit log, newest first: every change made with an
// admin key (status moves, document decisions, claims), by the key's name.
import { auditLog } from '../../domain/admin-audit';
import { data, dateTime, exact, listOf, str, uuid } from '../../openapi/responses';
import type { TypedRoutes } from '../typed';

const auditRecord = exact({
  id: uuid,
  actor: str,
  action: str,
  subject: { type: ['string', 'null'] },
  detail: { type: ['object', 'null'] },
  at: dateTime,
});

const auditRoutes: TypedRoutes = async (app) => {
  const { db } = app.deps;

  app.get(
    '/audit',
    {
      schema: {
        summary: 'The audit log of admin key changes, newest first (optionally of one subject)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            subject: { type: 'string', maxLength: 100 },
            limit: { type: 'string', pattern: '^([1-9][0-9]?|[1-4][0-9]{2}|500)$' },
          },
        },
        response: { 200: data(listOf(auditRecord)) },
      },
    },
    async (request) => {
      const { subject, limit } = request.query;
      return { data: await auditLog(db, { subject, limit: limit ? Number(limit) : undefined }) };
    },
  );
};
export default auditRoutes;

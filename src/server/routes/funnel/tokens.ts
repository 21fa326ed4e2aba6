// Token info for the register page: the email an invitation was sent to. A token is either an
// invitation token (user_id in the invite link) or the id of a claim not yet registered (claim_id).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { claims, tokens } from '../../db/schema';
import { notFound } from '../../errors';
import {
  assertClaimInvitationLive,
  assertTokenLive,
  isTokenShaped,
} from '../../repositories/tokens';
import { data, entity } from '../../openapi/responses';

const tokenRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;
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
    async (request) => {
      const { id } = request.params as { id: string };
      if (!isTokenShaped(id)) throw notFound('TokenNotFound: no such invitation');
      const [token] = await db
        .select()
        .from(tokens)
        .where(and(eq(tokens.id, id), isNull(tokens.usedAt)));
      if (token) {
        await assertTokenLive(db, token);
        return { data: { email: token.email } };
      }
      const [claim] = await db
        .select({ id: claims.id, email: claims.email })
        .from(claims)
        .where(and(sql`${claims.id}::text = ${id}`, isNull(claims.profileId)));
      if (claim) {
        await assertClaimInvitationLive(db, claim.id);
        return { data: { email: claim.email } };
      }
      // The id is not echoed: tokens stay out of responses and logs.
      throw notFound('TokenNotFound: no such invitation');
    },
  );
};
export default tokenRoutes;

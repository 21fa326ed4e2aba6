// Token info for the register page: the email an invitation was sent to. A token is either an
// invitation token (user_id in the invite link) or the id of a claim not yet registered (claim_id).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { claims, tokens } from '../../db/schema';
import { notFound } from '../../errors';

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
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const [token] = await db
        .select()
        .from(tokens)
        .where(and(eq(tokens.id, id), isNull(tokens.usedAt)));
      if (token) return { data: { email: token.email } };
      const [claim] = await db
        .select({ email: claims.email })
        .from(claims)
        .where(and(sql`${claims.id}::text = ${id}`, isNull(claims.profileId)));
      if (claim) return { data: { email: claim.email } };
      throw notFound(`TokenNotFound: token ${id} does not exist`);
    },
  );
};
export default tokenRoutes;

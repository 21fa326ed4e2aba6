import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { config: { public: true }, schema: { tags: ['health'] } }, async () => {
    await app.deps.db.execute(sql`select 1`);
    return { data: { status: 'ok' } };
  });
};
export default healthRoutes;

import type { FastifyPluginAsync } from 'fastify';

const principalRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/principal',
    {
      config: { beforeAccessCode: true, whileBlocked: true },
      schema: { tags: ['identity'], security: [{ session: [] }] },
    },
    async (request) => ({
      data: { id: request.session?.profileId },
    }),
  );
};
export default principalRoutes;

import type { FastifyPluginAsync } from 'fastify';

const configRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/configs',
    { config: { public: true }, schema: { tags: ['configuration'] } },
    async (request) => ({
      data: app.deps.merchants.forHost(request.host).configuration,
    }),
  );
};
export default configRoutes;

import type { FastifyPluginAsync } from 'fastify';
import { data, entity } from '../../openapi/responses';

const configRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/configs',
    {
      config: { public: true },
      schema: {
        tags: ['configuration'],
        response: { 200: data(entity('configuration'), "The merchant of the request's host.") },
      },
    },
    async (request) => ({
      data: app.deps.merchants.forHost(request.host).configuration,
    }),
  );
};
export default configRoutes;

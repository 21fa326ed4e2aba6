import type { FastifyPluginAsync } from 'fastify';
import { data, entity } from '../../openapi/responses';

const principalRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/principal',
    {
      config: { beforeAccessCode: true, whileBlocked: true },
      schema: { tags: ['identity'], response: { 200: data(entity('principal')) } },
    },
    async (request) => ({
      data: { id: request.session?.profileId },
    }),
  );
};
export default principalRoutes;

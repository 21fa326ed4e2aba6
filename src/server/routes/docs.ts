// OpenAPI document generated from the route schemas, served at /master/docs.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';

export default fp(async function docsRoutes(app) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Payee Portal funnel API',
        version: '1.0.0',
        description: 'Spec section 7. Responses are {data}; errors are {code, message[, errors]}.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'pp_session' },
          adminKey: { type: 'apiKey', in: 'header', name: 'x-admin-key' },
        },
      },
    },
  });
  app.get('/master/docs', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});

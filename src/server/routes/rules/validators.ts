// The precompiled validators of published country rules, for the portal (issue 16): which form
// variants the current rules version changed, and each one's module under a content-hashed URL.
// Public: rules are not secret, and the registration forms need them before any session.
// A published version's modules are built once at publication and stored (issue 29 point 3,
// services/stored-validators.ts): a module request is one lookup by the version and the exact file
// name of its URL, and anything not stored is a 404 with no work. Previews stay in memory.
import type { TypedRoutes } from '../typed';
import { notFound } from '../../errors';
import { VALIDATORS_PATH } from '../../services/published-validators';
import { data, exact, int, listOf, str } from '../../openapi/responses';

export const servedVariant = exact(
  { formId: str, country: str, method: str, methodName: str, url: str },
  ['country', 'method', 'methodName'],
);

const countryTransferMethods = exact({ country: str, methods: listOf(str) });

const validatorRoutes: TypedRoutes = async (app) => {
  const { validatorModules: previews, storedValidators: stored } = app;

  app.get(
    '/validators',
    {
      config: { public: true },
      schema: {
        tags: ['rules'],
        summary:
          'The form variants the published rules changed since the portal was built, each with its precompiled validator module, and the transfer methods of the countries whose bank accounts the published rules offer other methods than the build',
        response: {
          200: data(
            exact({
              rulesVersion: int,
              variants: listOf(servedVariant),
              transferMethods: listOf(countryTransferMethods),
            }),
          ),
        },
      },
    },
    async () => ({ data: await stored.published() }),
  );

  app.get(
    '/validators/:scope/:file',
    {
      config: { public: true, sessionless: true },
      schema: {
        tags: ['rules'],
        summary: 'A precompiled validator module (JavaScript; the URL carries its content hash)',
        params: {
          type: 'object',
          required: ['scope', 'file'],
          properties: {
            scope: { type: 'string', pattern: '^(preview|[1-9][0-9]{0,8})$' },
            file: { type: 'string', pattern: '^[\\w.-]{1,160}\\.js$' },
          },
        },
        response: { 200: str },
      },
    },
    async (request, reply) => {
      const { scope, file } = request.params;
      const source =
        scope === 'preview'
          ? previews.source(`${VALIDATORS_PATH}/preview/${file}`)
          : await stored.source(Number(scope), file);
      if (source === undefined) throw notFound(`NotFound: no validator module ${file}`);
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(source);
    },
  );
};
export default validatorRoutes;

// Route plugins whose request data (body, params, querystring, headers) is typed from the route's
// own JSON Schema by json-schema-to-ts: the schema that validates the request at run time is the
// type the handler reads, so no handler casts the request's body, params or query. Schemas kept in constants need
// `as const` for their literal types to be seen.
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';

export type TypedRoutes = FastifyPluginAsyncJsonSchemaToTs;

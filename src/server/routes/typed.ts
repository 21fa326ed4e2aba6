// Route plugins whose request data (body, params, querystring, headers) is typed from the route's
// own JSON Schema by json-schema-to-ts: the schema that validates the request at run time is the
// type the handler reads, so no handler casts the request's body, params or query. Schemas kept in
// constants need `as const` for their literal types to be seen.
// Answers are typed from the route's response schemas: one built with the helpers of
// openapi/responses.ts carries its answer's type (an entity's is generated from its schema), so a
// handler's return value or `reply.send(x)` is checked against it; any other response schema is
// read by json-schema-to-ts as the request's are.
import type { FastifyPluginAsync, FastifyTypeProvider, RawServerDefault } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { AnswerOf, Schema } from '../openapi/responses';

/** What json-schema-to-ts reads from a schema, for a request (validator) or an answer (serializer). */
type FromJsonSchema<S, Side extends 'validator' | 'serializer'> = (JsonSchemaToTsProvider & {
  schema: S;
})[Side];

export interface RouteTypeProvider extends FastifyTypeProvider {
  validator: FromJsonSchema<this['schema'], 'validator'>;
  serializer: this['schema'] extends Schema<unknown>
    ? AnswerOf<this['schema']>
    : FromJsonSchema<this['schema'], 'serializer'>;
}

export type TypedRoutes = FastifyPluginAsync<
  Record<never, never>,
  RawServerDefault,
  RouteTypeProvider
>;

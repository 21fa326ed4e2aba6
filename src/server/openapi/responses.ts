// Response schemas of the routes, built from the entity schemas of schemas/entities (added once
// with app.addSchema, referenced by their $id): the API document shows them, and the API tests
// validate every response against the document. They do not filter what is sent: the app
// serializes with JSON.stringify (app.ts), so a field missing here is a failing test, never a
// field silently dropped.
import type { FastifyInstance } from 'fastify';
import { loadEntitySchemas } from '../../core/schemas/catalog';
import type { JsonSchema } from '../../core/schemas/json-schema';
import type { EntityTypes } from '../../core/types/entity-types';

/** Adds every entity schema as a shared schema (once per app). */
export function addEntitySchemas(app: FastifyInstance): void {
  for (const schema of Object.values(loadEntitySchemas())) {
    const { $schema: _draft, ...rest } = schema;
    app.addSchema(rest);
  }
}

declare const answers: unique symbol;
/**
 * A response schema that also carries, for the compiler only, the type of the answers it
 * describes: the helpers below build both together (an entity's type is generated from its
 * schema, `npm run gen:types`), and routes/typed.ts checks each handler's answer against it.
 */
export type Schema<T> = JsonSchema & { readonly [answers]: T };
/** The type of the answers a response schema describes; `unknown` for a schema without one. */
export type AnswerOf<S> = S extends { readonly [answers]: infer T } ? T : unknown;
/** A JSON Schema said to describe `T` (only the helpers here, which build the two together). */
const describing = <T>(schema: JsonSchema): Schema<T> => schema as Schema<T>;

/** A reference to an entity schema by its file name, e.g. `entity('claim')`. */
export const entity = <N extends keyof EntityTypes>(name: N): Schema<EntityTypes[N]> =>
  describing({ $ref: `${name}.schema.json#` });

/** The `{data}` envelope every JSON answer has. */
export const data = <S extends JsonSchema>(
  schema: S,
  description?: string,
): Schema<{ data: AnswerOf<S> }> =>
  describing({
    type: 'object',
    ...(description ? { description } : {}),
    properties: { data: schema },
    required: ['data'],
    additionalProperties: false,
  });

export const listOf = <S extends JsonSchema>(schema: S): Schema<AnswerOf<S>[]> =>
  describing({ type: 'array', items: schema });

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type ExactAnswer<P, O extends keyof P> = Simplify<
  { [K in Exclude<keyof P, O>]: AnswerOf<P[K]> } & { [K in O]?: AnswerOf<P[K]> }
>;

/** An object with exactly these properties, all required unless listed in `optional`. */
export const exact = <P extends Record<string, JsonSchema>, O extends keyof P & string = never>(
  properties: P,
  optional: readonly O[] = [],
): Schema<ExactAnswer<P, O>> =>
  describing({
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => !optional.includes(k as O)),
    additionalProperties: false,
  });

/** One of these schemas (the answer is of one of their types). */
export const oneOf = <S extends JsonSchema[]>(...schemas: S): Schema<AnswerOf<S[number]>> =>
  describing({ oneOf: schemas });

/** A schema of one JSON type that also allows null, e.g. `orNull(exact({...}))`. */
export const orNull = <S extends JsonSchema>(schema: S): Schema<AnswerOf<S> | null> =>
  describing({ ...schema, type: [...[schema.type ?? []].flat(), 'null'] });

/** A string of one of these values. */
export const oneOfValues = <const V extends readonly string[]>(values: V): Schema<V[number]> =>
  describing({ type: 'string', enum: [...values] });

export const none: Schema<null> = describing({ type: 'null' });
export const str: Schema<string> = describing({ type: 'string' });
export const bool: Schema<boolean> = describing({ type: 'boolean' });
export const int: Schema<number> = describing({ type: 'integer' });
export const uuid: Schema<string> = describing({ type: 'string', format: 'uuid' });
export const dateTime: Schema<string> = describing({ type: 'string', format: 'date-time' });

/** The answer to "send me a code": the prefix it is shown with and when it expires. */
export const codeSent = data({
  ...exact({ prefix: { ...str, pattern: '^\\d{4}$' }, expiresAt: dateTime }),
  description: 'A one-time code was sent (valid 10 minutes); the prefix identifies it.',
});

const nullableString = orNull(str);
const profileStatus = entity('profile-status');

/** Named answers shared by several routes. */
export const RESPONSES = {
  profile: data(entity('profile'), 'The profile.'),
  profileStatus: data(exact({ status: profileStatus }), 'The profile status.'),
  /** GET /me/status: with a hosted identity provider, whether its flow can be continued. */
  currentStatus: data(
    exact({ status: profileStatus, hostedCheckOpen: bool }, ['hostedCheckOpen']),
    'The profile status; `hostedCheckOpen` while a hosted identity check waits for the person.',
  ),
  deleted: data(exact({ deleted: { ...bool, const: true } }), 'Deleted.'),
  claim: data(entity('claim'), 'The claim.'),
  claims: data(listOf(entity('claim')), 'The claims of the profile.'),
  paymentMethod: data(entity('payment-method'), 'The payout method, numbers masked.'),
  paymentMethods: data(
    listOf(entity('payment-method')),
    'Every payout method of the profile, numbers masked.',
  ),
  codeSent,
  documentSummary: exact({
    id: uuid,
    profileId: uuid,
    status: oneOfValues(['PENDING', 'APPROVED', 'REJECTED']),
    createdAt: dateTime,
    reviewedAt: { ...nullableString, format: 'date-time' },
    note: nullableString,
  }),
} satisfies Record<string, JsonSchema>;

// Response schemas of the routes, built from the entity schemas of schemas/entities (added once
// with app.addSchema, referenced by their $id): the API document shows them, and the API tests
// validate every response against the document. They do not filter what is sent: the app
// serializes with JSON.stringify (app.ts), so a field missing here is a failing test, never a
// field silently dropped.
import type { FastifyInstance } from 'fastify';
import { loadEntitySchemas } from '../../core/schemas/catalog';
import type { JsonSchema } from '../../core/schemas/json-schema';

/** Adds every entity schema as a shared schema (once per app). */
export function addEntitySchemas(app: FastifyInstance): void {
  for (const schema of Object.values(loadEntitySchemas())) {
    const { $schema: _draft, ...rest } = schema;
    app.addSchema(rest);
  }
}

/** A reference to an entity schema by its file name, e.g. `entity('claim')`. */
export const entity = (name: string): JsonSchema => ({ $ref: `${name}.schema.json#` });

/** The `{data}` envelope every JSON answer has. */
export const data = (schema: JsonSchema, description?: string): JsonSchema =>
  ({
    type: 'object',
    ...(description ? { description } : {}),
    properties: { data: schema },
    required: ['data'],
    additionalProperties: false,
  }) as JsonSchema;

export const listOf = (schema: JsonSchema): JsonSchema => ({ type: 'array', items: schema });

/** An object with exactly these properties, all required unless listed in `optional`. */
export const exact = (
  properties: Record<string, JsonSchema>,
  optional: string[] = [],
): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  additionalProperties: false,
});

export const str: JsonSchema = { type: 'string' };
export const bool: JsonSchema = { type: 'boolean' };
export const int: JsonSchema = { type: 'integer' };
export const uuid: JsonSchema = { type: 'string', format: 'uuid' };
export const dateTime: JsonSchema = { type: 'string', format: 'date-time' };

/** The answer to "send me a code": the prefix it is shown with and when it expires. */
export const codeSent: JsonSchema = data({
  ...exact({ prefix: { type: 'string', pattern: '^\\d{4}$' }, expiresAt: dateTime }),
  description: 'A one-time code was sent (valid 10 minutes); the prefix identifies it.',
});

const nullableString: JsonSchema = { type: ['string', 'null'] };
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
  deleted: data(exact({ deleted: { type: 'boolean', const: true } }), 'Deleted.'),
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
    status: { type: 'string', enum: ['PENDING', 'APPROVED', 'REJECTED'] },
    createdAt: dateTime,
    reviewedAt: { ...nullableString, format: 'date-time' },
    note: nullableString,
  }),
} satisfies Record<string, JsonSchema>;

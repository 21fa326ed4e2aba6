// Answers typed from their response schemas (routes/typed.ts, openapi/responses.ts). The compiler
// half: a handler whose answer does not match its route's response schema does not compile; each
// `@ts-expect-error` below is such a handler, so `tsc` fails the day one of them compiles. The
// run-time half: the helpers write the same JSON Schemas as before they carried types.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TypedRoutes } from '../../../src/server/routes/typed';
import {
  addEntitySchemas,
  data,
  entity,
  exact,
  int,
  listOf,
  oneOf,
  oneOfValues,
  orNull,
  RESPONSES,
  str,
} from '../../../src/server/openapi/responses';
import type { Claim } from '../../../src/core/types/entities/claim';

const CLAIM: Claim = { id: 'c1', status: 'CLAIM_CREATED', amount: '1.00', currency: 'USD' };

/** Routes as the funnel writes them: right answers compile, wrong ones do not. */
const routes: TypedRoutes = async (app) => {
  app.get('/claim', { schema: { response: { 200: RESPONSES.claim } } }, async () => ({
    data: CLAIM,
  }));
  app.get(
    '/claim-without-status',
    { schema: { response: { 200: RESPONSES.claim } } },
    // @ts-expect-error a claim needs its status
    async () => ({ data: { id: 'c1', amount: '1.00', currency: 'USD' } }),
  );
  app.get(
    '/claims-unwrapped',
    { schema: { response: { 200: RESPONSES.claims } } },
    // @ts-expect-error every answer is {data}
    async () => [CLAIM],
  );
  app.get('/status', { schema: { response: { 200: RESPONSES.currentStatus } } }, (_, reply) =>
    // @ts-expect-error a profile status is one of the entity's values
    reply.send({ data: { status: 'SLEEPING' } }),
  );
  app.get(
    '/methods',
    { schema: { response: { 200: RESPONSES.paymentMethods } } },
    // @ts-expect-error payout methods are a list
    async () => ({ data: { id: 'm1' } }),
  );
  app.get(
    '/profile',
    { schema: { response: { 200: RESPONSES.profile } } },
    // @ts-expect-error a profile is not a claim
    async () => ({ data: CLAIM }),
  );
  const counts = exact({ total: int, note: orNull(str) }, ['note']);
  app.get('/counts', { schema: { response: { 200: data(counts) } } }, async () => ({
    data: { total: 2 },
  }));
  app.get(
    '/counts-as-text',
    { schema: { response: { 200: data(oneOf(counts, exact({ id: str }))) } } },
    // @ts-expect-error a count is a number
    async () => ({ data: { total: '2' } }),
  );
};

describe('typed answers', () => {
  it('serve what their handlers answer', async () => {
    const app = Fastify();
    addEntitySchemas(app);
    await app.register(routes);
    expect((await app.inject({ url: '/claim' })).json()).toEqual({ data: CLAIM });
    expect((await app.inject({ url: '/counts' })).json()).toEqual({ data: { total: 2 } });
    await app.close();
  });

  it('are described by the same JSON Schemas as before they carried types', () => {
    expect(orNull(str)).toEqual({ type: ['string', 'null'] });
    expect(orNull(exact({ id: str }))).toMatchObject({ type: ['object', 'null'] });
    expect(oneOfValues(['PENDING', 'APPROVED'])).toEqual({
      type: 'string',
      enum: ['PENDING', 'APPROVED'],
    });
    expect(exact({ a: str, b: int }, ['b'])).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
      required: ['a'],
      additionalProperties: false,
    });
    expect(data(listOf(entity('claim')), 'Claims.')).toEqual({
      type: 'object',
      description: 'Claims.',
      properties: { data: { type: 'array', items: { $ref: 'claim.schema.json#' } } },
      required: ['data'],
      additionalProperties: false,
    });
  });
});

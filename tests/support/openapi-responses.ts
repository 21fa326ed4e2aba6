// Checks every JSON answer of a test server against the API documents the server publishes
// (its own /master/docs/openapi.json and /master/admin/docs/openapi.json), so the documents cannot
// drift from what the server sends. The test harnesses install it with `checkResponses(app)`
// before `ready()`; each violation names the route, the status and the failing path, is printed
// at once and is thrown again when the harness closes the app.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { splitDocument, type OpenApiDocument } from '../../src/server/openapi/documents';

export interface ResponseChecker {
  /** Every violation seen so far. */
  violations: string[];
  /** Throws when any answer did not match the document. */
  assertClean(): void;
}

const escapePointer = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** `/a/:id/b` (Fastify) → `/a/{id}/b` (OpenAPI). */
const openApiPath = (url: string): string =>
  url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/(.)\/$/, '$1');

export function createDocumentValidator(documents: Record<string, OpenApiDocument>) {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  for (const [id, document] of Object.entries(documents)) ajv.addSchema(document, id);
  const cache = new Map<string, ValidateFunction | null>();

  /** The documented schema of an answer, by exact status, then its range (4XX), then default. */
  function responsePointer(method: string, path: string, status: number): string | null {
    for (const [id, document] of Object.entries(documents)) {
      const operation = document.paths[path]?.[method] as
        | { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }
        | undefined;
      if (!operation) continue;
      const responses = operation.responses ?? {};
      const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k]);
      if (!key) return null;
      if (!responses[key]?.content?.['application/json']?.schema) return null;
      return `${id}#/paths/${escapePointer(path)}/${method}/responses/${key}/content/application~1json/schema`;
    }
    return null;
  }

  function hasOperation(method: string, path: string): boolean {
    return Object.values(documents).some((d) => Boolean(d.paths[path]?.[method]));
  }

  /** Null when the answer matches the document, else what is wrong. */
  function check(method: string, routeUrl: string, status: number, body: unknown): string | null {
    const path = openApiPath(routeUrl);
    const verb = method.toLowerCase();
    if (!hasOperation(verb, path))
      return `${method} ${path} answered ${status} but the route is not in the API document`;
    const key = `${verb} ${path} ${status}`;
    let validate = cache.get(key);
    if (validate === undefined) {
      const pointer = responsePointer(verb, path, status);
      validate = pointer ? ajv.compile({ $ref: pointer }) : null;
      cache.set(key, validate);
    }
    if (!validate)
      return `${method} ${path} answered ${status}, a status the document does not list`;
    if (validate(body)) return null;
    const errors = (validate.errors ?? [])
      .slice(0, 8)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
      .join('; ');
    return `${method} ${path} answered ${status} off the document: ${errors}`;
  }

  return { check };
}

/** Installs the check on every answer of `app` (call before `ready()`). */
export function checkResponses(app: FastifyInstance): ResponseChecker {
  const violations: string[] = [];
  let validator: ReturnType<typeof createDocumentValidator> | undefined;
  const validatorOf = () => {
    if (!validator) {
      const { public: funnel, admin } = splitDocument(app.swagger() as unknown as OpenApiDocument);
      validator = createDocumentValidator({ 'openapi:funnel': funnel, 'openapi:admin': admin });
    }
    return validator;
  };
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') || typeof payload !== 'string') return payload;
    const config = request.routeOptions.config as { staticFiles?: boolean };
    if (config.staticFiles) return payload;
    // Routes kept out of the document on purpose (the PayPal simulator, the portal's files).
    const schema = request.routeOptions.schema as { hide?: boolean } | undefined;
    if (!request.is404 && schema?.hide) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      violations.push(`${request.method} ${request.url} answered invalid JSON`);
      return payload;
    }
    // An unmatched path answers from the not-found handler: the error shape of the document.
    const url = request.is404 ? null : request.routeOptions.url;
    const problem = url
      ? validatorOf().check(request.method, url, reply.statusCode, body)
      : validatorOf().check('GET', '/master/funnel/v1/me', reply.statusCode, body);
    if (problem) {
      violations.push(problem);
      console.error(`[openapi] ${problem}\n  body: ${payload.slice(0, 400)}`);
    }
    return payload;
  });
  return {
    violations,
    assertClean() {
      if (violations.length)
        throw new Error(
          `${violations.length} answer(s) did not match the API document:\n${[...new Set(violations)].join('\n')}`,
        );
    },
  };
}

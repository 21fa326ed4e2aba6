// The API documents: what /master/docs/openapi.json says (every route, bodies from the composed
// forms, bank accounts per country and transfer method, the error shape, the security schemes),
// the interactive reference under the strict CSP, the operations document kept apart (behind the
// admin key in production), and a TypeScript client generated from the document that type-checks
// a register → sign in → add a bank account → accept a claim script.
// (Every answer of the API and security tests is also checked against the document by the
// harnesses: tests/support/openapi-responses.ts.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, startTestApp, type TestApp } from './support/harness';
import { loadCatalog, REPO_ROOT } from '../../src/core/schemas/catalog';
import { createComposer } from '../../src/core/schemas/compose';
import type { OpenApiDocument } from '../../src/server/openapi/documents';

interface Operation {
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, string[]>[];
}

const operations = (doc: OpenApiDocument): [string, string, Operation][] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => [method, path, op as Operation] as const),
  ) as [string, string, Operation][];

describe('the API documents', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let adminDoc: OpenApiDocument;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    doc = (await t.app.inject({ url: '/master/docs/openapi.json' })).json();
    adminDoc = (await t.app.inject({ url: '/master/admin/docs/openapi.json' })).json();
  });
  afterAll(async () => t?.close());

  it('is OpenAPI 3.1 and lists every API route, the operations API apart', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set(
      [...operations(doc), ...operations(adminDoc)].map(([m, p]) => `${m.toUpperCase()} ${p}`),
    );
    // The docs themselves and the PayPal simulator's page (not part of the API) are left out.
    const routes = t.app.routeInventory.filter(
      (r) =>
        r.url.startsWith('/master/') &&
        !r.url.includes('/docs') &&
        !r.url.startsWith('/master/paypal-sim/'),
    );
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');
      expect(documented, `${route.method} ${path}`).toContain(`${route.method} ${path}`);
    }
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/master/admin/'))).toBe(false);
    expect(Object.keys(adminDoc.paths)).toEqual(
      expect.arrayContaining(['/master/admin/v1/claims', '/master/admin/v1/profiles/{id}/status']),
    );
  });

  it('gives every JSON operation a success schema and the error shape', () => {
    // Always refused: a debit card cannot be edited (409), only replaced.
    const noSuccess = new Set(['put /master/funnel/v1/payment-methods/debit-card']);
    for (const [method, path, op] of [...operations(doc), ...operations(adminDoc)]) {
      const key = `${method} ${path}`;
      expect(op.responses['4XX']?.content?.['application/json']?.schema, key).toEqual({
        $ref: '#/components/schemas/ApiError',
      });
      if (noSuccess.has(key) || path.startsWith('/master/auth-app/v1/login')) continue;
      if (path === '/master/auth-app/v1/logout') continue;
      // PayPal's return: a browser navigation, answered with a redirect to the portal.
      if (key === 'get /master/funnel/v1/payment-methods/paypal/callback') continue;
      const success = Object.entries(op.responses).find(([status]) => /^2/.test(status));
      expect(success?.[1].content?.['application/json']?.schema, key).toBeDefined();
    }
    const error = (doc.components as { schemas: Record<string, { required: string[] }> }).schemas
      .ApiError;
    expect(error?.required).toEqual(['code', 'message']);
    expect(Object.keys((error as unknown as { properties: object }).properties)).toEqual([
      'code',
      'message',
      'params',
      'errors',
    ]);
  });

  it('names the session and CSRF schemes, per the access rule of each route', () => {
    const schemes = (doc.components as { securitySchemes: Record<string, { name: string }> })
      .securitySchemes;
    expect(schemes.session?.name).toBe(t.app.sessionCookie);
    expect(schemes.csrf?.name).toBe('x-csrf-token');
    const op = (method: string, path: string) => doc.paths[path]?.[method] as Operation;
    expect(op('post', '/master/funnel/v1/payment-methods/bank-accounts').security).toEqual([
      { session: [], csrf: [] },
    ]);
    expect(op('get', '/master/funnel/v1/me').security).toEqual([{ session: [] }]);
    expect(op('get', '/master/funnel/v1/configs').security).toEqual([]);
    expect(
      (adminDoc.paths['/master/admin/v1/claims']?.post as Operation | undefined)?.security,
    ).toEqual([{ adminKey: [] }]);
  });

  it('shows a bank-account variant per country and transfer method, each rule file example valid in exactly one', () => {
    const body = (doc.paths['/master/funnel/v1/payment-methods/bank-accounts']?.post as Operation)
      .requestBody!.content['application/json']!.schema as {
      oneOf: {
        properties: { countryCode: { enum?: string[] }; transferMethod: { enum: string[] } };
      }[];
    };
    const catalog = loadCatalog();
    const expected = createComposer(catalog)
      .allVariants()
      .filter((v) => v.formId === 'bank-account');
    expect(body.oneOf).toHaveLength(expected.length);
    const pairs = body.oneOf.map(
      (v) => `${v.properties.countryCode.enum?.[0] ?? '*'}:${v.properties.transferMethod.enum[0]}`,
    );
    expect(pairs).toEqual(expect.arrayContaining(['GB:WIRE', 'US:ACH', 'DE:WIRE', '*:WIRE']));
    // Plain JSON Schema (custom checks are x- annotations): each valid example picks one variant.
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(body);
    let tried = 0;
    for (const [name, rule] of Object.entries(catalog.rules)) {
      for (const example of rule.examples ?? []) {
        if (example.form !== 'bank-account' || !example.valid) continue;
        const data = {
          countryCode: example.country ?? name,
          ...(example.method ? { transferMethod: example.method } : {}),
          ...example.data,
        };
        if (!data.transferMethod) continue;
        tried++;
        expect(
          validate(data),
          `${name}: ${example.description} ${ajv.errorsText(validate.errors)}`,
        ).toBe(true);
      }
    }
    expect(tried).toBeGreaterThan(10);
    const gb = body.oneOf.find((v) => v.properties.countryCode.enum?.[0] === 'GB') as {
      examples?: unknown[];
    };
    expect(gb.examples?.length).toBeGreaterThan(0);
  });

  it('serves the interactive reference from this server under the strict CSP', async () => {
    const page = await t.app.inject({ url: '/master/docs', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/unsafe-eval/);
    // No inline script: every script is a file of this server.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/master/docs/')).toBe(true);
      const file = await t.app.inject({ url: src });
      expect(file.statusCode, src).toBe(200);
    }
    const json = await t.app.inject({ url: '/master/docs/json' });
    expect(json.json().paths).toEqual(doc.paths);
  });

  it('keeps the operations document behind the admin key in production', async () => {
    const production = await startTestApp('pglite', {
      NODE_ENV: 'production',
      ALLOW_SIMULATORS: 'identity-proofing,paypal,card-vault,exchange-rates',
    });
    try {
      const url = '/master/admin/docs/openapi.json';
      expect((await production.app.inject({ url })).statusCode).toBe(401);
      const keyed = await production.app.inject({ url, headers: { 'x-admin-key': ADMIN_KEY } });
      expect(keyed.statusCode).toBe(200);
      expect(Object.keys(keyed.json().paths)).toContain('/master/admin/v1/claims');
      // The development outbox does not exist in production, nor in its document.
      expect(Object.keys(keyed.json().paths)).not.toContain('/master/dev/v1/outbox');
      expect((await production.app.inject({ url: '/master/docs/openapi.json' })).statusCode).toBe(
        200,
      );
    } finally {
      await production.close();
    }
  });

  it('generates a TypeScript client that type-checks register, sign-in, a bank account and accepting a claim', async () => {
    const types = astToString(await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]));
    // Under node_modules so the script resolves openapi-fetch like any project file.
    const base = join(REPO_ROOT, 'node_modules/.cache');
    mkdirSync(base, { recursive: true });
    const dir = mkdtempSync(join(base, 'openapi-client-'));
    try {
      writeFileSync(join(dir, 'api.d.ts'), types);
      writeFileSync(
        join(dir, 'journey.ts'),
        `import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: 'http://localhost:8080' });

export async function journey(claimId: string, email: string, password: string, csrf: string) {
  const registered = await client.POST('/master/funnel/v1/me', {
    body: { data: { email, termsAccepted: true }, password, claimId },
  });
  const profileId: string | undefined = registered.data?.data.id;
  const refused: string | undefined = registered.error?.message;

  await client.POST('/master/auth-app/v1/login', {
    body: { email, password, state: '/' },
    bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
  });

  const headers = { 'x-csrf-token': csrf };
  const added = await client.POST('/master/funnel/v1/payment-methods/bank-accounts', {
    headers,
    body: {
      countryCode: 'GB',
      transferMethod: 'WIRE',
      nickname: 'Main',
      accountNumber: '31926819',
      accountNumberConfirmation: '31926819',
      sortCode: '60-16-13',
      // An international wire names the beneficiary's address (GB's rule file).
      addressLine1: '10 Downing Street',
      addressCity: 'London',
      addressCountryCode: 'GB',
      preferred: true,
    },
  });
  const method = added.data?.data;
  const paymentMethodId = method && 'bankAccount' in method ? method.bankAccount.id : '';
  const fieldErrors: string[] = (added.error?.errors ?? []).map((e) => e.path);

  const code = await client.POST('/master/funnel/v1/claims/{id}/accept/otp', {
    headers,
    params: { path: { id: claimId } },
    body: { paymentMethodId, targetCurrency: 'GBP' },
  });
  const prefix: string | undefined = code.data?.data.prefix;

  const accepted = await client.PUT('/master/funnel/v1/claims/{id}/accept', {
    headers,
    params: { path: { id: claimId } },
    body: { otp: '123456', paymentMethodId, targetCurrency: 'GBP' },
  });
  const status: string | undefined = accepted.data?.data.status;
  return { profileId, refused, paymentMethodId, fieldErrors, prefix, status };
}

export async function wrongCalls(claimId: string) {
  // @ts-expect-error a bank account needs its country, transfer method and nickname
  await client.POST('/master/funnel/v1/payment-methods/bank-accounts', { body: { iban: 'x' } });
  // @ts-expect-error the accept call takes the code and the payout method
  await client.PUT('/master/funnel/v1/claims/{id}/accept', { params: { path: { id: claimId } }, body: {} });
  // @ts-expect-error no such path
  await client.GET('/master/funnel/v1/nowhere');
}
`,
      );
      const program = ts.createProgram([join(dir, 'journey.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        skipLibCheck: true,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
        const where = d.file
          ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
          : '';
        return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

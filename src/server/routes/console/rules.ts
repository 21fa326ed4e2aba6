// The rules console's rules API: countries with their status, a country's rules, drafts with
// their readable changes and example results, four-eyes review, publication, versions, restore;
// a new country from a template and the retirement of a country's file (issue 33 point 2).
// The business rules are in domain/rules-console.ts. The routes that run rule checks or build
// modules (in worker threads) are limited per staff member, whatever their address.
import { RULE_CHANGE_CODES } from '../../../core/rules/console-types';
import { RULE_FINDING_CODES } from '../../../core/rules/finding-codes';
import { VERSION_STATUSES } from '../../../core/types/statuses';
import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../typed';
import {
  countryTemplate,
  getCountry,
  getVersion,
  listCountries,
  listVersions,
  publish,
  restore,
  review,
  previewDraft,
  retire,
  saveDraft,
} from '../../domain/rules-console';
import { loadMetaSchema } from '../../../core/rules/check-rules';
import { COUNTRY_TEMPLATES } from '../../../core/rules/country-templates';
import { inlineRuleSchema } from '../../../core/rules/editor-schema';
import { schemaModule } from '../../services/published-validators';
import { servedVariant } from '../rules/validators';
import { staffOf } from '../../plugins/staff-session';
import {
  bool,
  data,
  dateTime,
  exact,
  int,
  listOf,
  none,
  oneOf,
  oneOfValues,
  orNull,
  str,
} from '../../openapi/responses';

const countryParams = {
  type: 'object',
  required: ['country'],
  properties: { country: { type: 'string', pattern: '^([A-Z]{2}|_[a-z]+)$' } },
} as const;
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } },
} as const;
const summaryFields = {
  id: int,
  country: str,
  status: oneOfValues(VERSION_STATUSES),
  file: {
    ...bool,
    description:
      "Whether the version's rules are a file of the country's own; false: no file (a retirement, or the seed of a country that followed the shared rules)",
  },
  author: str,
  createdAt: dateTime,
  basedOn: int,
  baseVersion: orNull(int),
  approvedBase: orNull(int),
  restoredFrom: orNull(int),
  reviewer: orNull(str),
  reviewComment: orNull(str),
  reviewedAt: orNull(str),
  publishedAt: orNull(str),
};
const versionSummary = exact(summaryFields);
const ruleFile = {
  type: 'object',
  description: 'A whole rule file, as in country-rules/<country>.json.',
} as const;
const ruleFileOrNone = {
  ...orNull({ type: 'object' }),
  description:
    'A whole rule file, as in country-rules/<country>.json; null: no file of its own (the country follows the shared rules: _default, or a shared rule listing it)',
};
/** A finding of the rules check as a stable code with its values, beside its English sentence. */
const finding = exact({
  code: {
    type: 'string',
    enum: [...RULE_FINDING_CODES],
    description:
      'What the check found (src/core/rules/finding-codes.ts); the console says it in the staff member’s language',
  },
  params: {
    type: 'object',
    additionalProperties: { type: ['string', 'number'] },
    description: 'The values of its sentence (paths, patterns, codes; lists joined)',
  },
  problem: {
    ...str,
    description: 'The finding in English, as npm run rules:check says it',
  },
});
const checked = {
  changes: listOf(
    exact(
      {
        code: oneOfValues(RULE_CHANGE_CODES),
        path: str,
        change: oneOfValues(['added', 'removed', 'changed']),
        from: {},
        to: {},
      },
      ['from', 'to'],
    ),
  ),
  examples: listOf(
    exact({
      description: str,
      form: str,
      expected: oneOfValues(['pass', 'fail']),
      ok: bool,
      problems: listOf(str),
      findings: listOf(finding),
    }),
  ),
  problems: listOf(str),
  findings: listOf(finding),
};
const versionDetail = exact({
  ...summaryFields,
  publishedVersion: orNull(int),
  rules: ruleFileOrNone,
  ...checked,
});
/** The country's published version the staff member's page showed (null = its file). */
const baseVersion = {
  type: ['integer', 'null'],
  minimum: 1,
  description:
    "The country's published version the page showed (null: its file); refused with 409 DraftBaseMoved when another has been published since",
} as const;

const rulesRoutes: TypedRoutes = async (app) => {
  const ctx = { db: app.deps.db, rules: app.rules };
  const versionId = (params: { id: string }): number => Number(params.id);
  /** `max` requests a minute per staff member (staff routes have a session before the limit). */
  const perStaff = (max: number) => ({
    ...app.limit(max),
    keyGenerator: (request: FastifyRequest) =>
      request.staff ? `staff:${request.staff.staffId}` : request.ip,
  });

  app.get(
    '/countries',
    {
      schema: {
        summary: 'Every rule file with its status: published version, drafts, last change',
        response: {
          200: data(
            listOf(
              exact({
                country: str,
                name: str,
                file: bool,
                publishedVersion: orNull(int),
                drafts: int,
                lastChange: oneOf(none, exact({ action: str, by: str, at: dateTime })),
              }),
            ),
          ),
        },
      },
    },
    async () => ({ data: await listCountries(ctx) }),
  );

  app.get(
    '/countries/:country',
    {
      schema: {
        summary:
          "A country's rules as the server validates with them now: its own file, or none (rules null) and the shared rule that governs it",
        params: countryParams,
        response: {
          200: data(
            exact({
              country: str,
              name: str,
              rulesVersion: int,
              publishedVersion: orNull(int),
              rules: ruleFileOrNone,
              governedBy: str,
            }),
          ),
        },
      },
    },
    async (request) => ({
      data: await getCountry(ctx, request.params.country),
    }),
  );

  app.post(
    '/countries/:country/drafts',
    {
      config: { rateLimit: perStaff(30) },
      // One rule file with its examples (the largest is about 12 kB today).
      bodyLimit: 256 * 1024,
      schema: {
        summary: 'Save a draft (checked like npm run rules:check; unsafe patterns refused)',
        params: countryParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['rules'],
          properties: { rules: ruleFile, baseVersion },
        },
        response: { 201: data(versionSummary) },
      },
    },
    async (request, reply) => {
      const { country } = request.params;
      const { rules, baseVersion: madeFrom } = request.body;
      const saved = await saveDraft(ctx, staffOf(request), country, rules, null, madeFrom);
      return reply.status(201).send({ data: saved });
    },
  );

  app.post(
    '/countries/:country/preview',
    {
      // An editor's preview is asked 400 ms after the last change: 120 a minute is typing without
      // a pause; a repeated preview is answered from the checks' cache.
      config: { rateLimit: perStaff(120) },
      bodyLimit: 256 * 1024,
      schema: {
        summary:
          'Check a draft without saving: changes, problems, example results, and its forms as precompiled validator modules for the live preview',
        params: countryParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['rules'],
          properties: { rules: ruleFile },
        },
        response: { 200: data(exact({ ...checked, variants: listOf(servedVariant) })) },
      },
    },
    async (request) => {
      const { country } = request.params;
      const { rules } = request.body;
      const { modules, ...preview } = await previewDraft(ctx, staffOf(request), country, rules);
      return { data: { ...preview, variants: app.validatorModules.keep(modules) } };
    },
  );

  app.get(
    '/countries/:country/templates/:template',
    {
      schema: {
        summary:
          'A rule file for a country with no file of its own, made from a template (an IBAN country, a SWIFT-only wire, a national clearing code) with its source and examples; not saved',
        params: {
          type: 'object',
          required: ['country', 'template'],
          properties: {
            country: { type: 'string', pattern: '^[A-Z]{2}$' },
            template: { type: 'string', enum: [...COUNTRY_TEMPLATES] },
          },
        },
        response: { 200: data(ruleFile) },
      },
    },
    async (request) => {
      const { country, template } = request.params;
      return { data: countryTemplate(ctx, country, template) };
    },
  );

  app.post(
    '/countries/:country/retirement',
    {
      config: { rateLimit: perStaff(30) },
      schema: {
        summary:
          "Save a draft that retires the country's own file: once published, the country follows the shared rules again (_default, or a shared rule listing it)",
        params: countryParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { baseVersion },
        },
        response: { 201: data(versionSummary) },
      },
    },
    async (request, reply) => {
      const { country } = request.params;
      const { baseVersion: madeFrom } = request.body ?? {};
      const saved = await retire(ctx, staffOf(request), country, madeFrom);
      return reply.status(201).send({ data: saved });
    },
  );

  // The editor form's schema and validator, compiled here once (the browser compiles nothing).
  let editor: ReturnType<typeof schemaModule> | undefined;
  app.get(
    '/editor-schema',
    {
      schema: {
        summary:
          'The rule file schema (definitions inlined) as a precompiled validator module for the rule editor form',
        response: { 200: data(exact({ url: str })) },
      },
    },
    async () => {
      editor ??= schemaModule(
        'urn:payee-portal:console:country-rules',
        inlineRuleSchema(loadMetaSchema()),
        'preview',
      );
      app.validatorModules.keep([editor]);
      return { data: { url: editor.variant.url } };
    },
  );

  app.get(
    '/countries/:country/versions',
    {
      schema: { params: countryParams, response: { 200: data(listOf(versionSummary)) } },
    },
    async (request) => ({
      data: await listVersions(ctx, request.params.country),
    }),
  );

  app.get(
    '/versions/:id',
    {
      config: { rateLimit: perStaff(60) },
      schema: {
        summary: 'A version: its rules, its changes against the published rules, example results',
        params: idParams,
        response: { 200: data(versionDetail) },
      },
    },
    async (request) => ({
      data: await getVersion(ctx, staffOf(request), versionId(request.params)),
    }),
  );

  const reviewBody = <const R extends readonly string[], const E extends object>(
    required: R,
    extra: E,
  ) =>
    ({
      type: 'object',
      additionalProperties: false,
      required,
      properties: { comment: { type: 'string', maxLength: 2000 }, ...extra },
    }) as const;
  app.post(
    '/versions/:id/approve',
    {
      schema: {
        summary:
          'Approve a draft (an approver other than its author), against the version of its country published now',
        params: idParams,
        body: reviewBody([], { baseVersion }),
        response: { 200: data(versionSummary) },
      },
    },
    async (request) => {
      const { comment, baseVersion: against } = request.body ?? {};
      return {
        data: await review(
          ctx,
          staffOf(request),
          versionId(request.params),
          'approve',
          comment ?? null,
          against,
        ),
      };
    },
  );
  app.post(
    '/versions/:id/send-back',
    {
      schema: {
        summary: 'Send a draft back to its author with a comment',
        params: idParams,
        body: reviewBody(['comment'], {}),
        response: { 200: data(versionSummary) },
      },
    },
    async (request) => {
      const { comment } = request.body;
      return {
        data: await review(ctx, staffOf(request), versionId(request.params), 'send-back', comment),
      };
    },
  );
  app.post(
    '/versions/:id/publish',
    {
      config: { rateLimit: perStaff(30) },
      schema: {
        summary:
          'Publish an approved version (after the whole check); it takes effect at once. Refused with 409 DraftBaseMoved, the approval withdrawn, when it was approved against a version of its country no longer published',
        params: idParams,
        response: {
          200: data({
            ...versionSummary,
            properties: { ...versionSummary.properties, rulesVersion: int },
            required: [...(versionSummary.required ?? []), 'rulesVersion'],
          }),
        },
      },
    },
    async (request) => {
      const published = await publish(ctx, staffOf(request), versionId(request.params));
      app.deps.metrics.rulesPublished();
      return { data: published };
    },
  );
  app.post(
    '/versions/:id/restore',
    {
      config: { rateLimit: perStaff(30) },
      schema: {
        summary: 'Restore a published version: a new draft with its rules, needing approval again',
        params: idParams,
        response: { 201: data(versionSummary) },
      },
    },
    async (request, reply) => {
      const restored = await restore(ctx, staffOf(request), versionId(request.params));
      return reply.status(201).send({ data: restored });
    },
  );
};
export default rulesRoutes;

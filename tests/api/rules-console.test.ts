// The rules console's rules API (issue 16): drafts checked like rules:check with unsafe input
// refused, four-eyes review, publication after the whole check taking effect without a restart,
// the grace period of the previous rules version, restore, and the audit log of it all.
import type { RuleChange } from '../../src/core/rules/console-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases';
import { activatedUser, admin, ADMIN_KEY, startTestApp, type TestApp } from './support/harness';
import { buildApp } from '../../src/server/app';
import { createRulesSource } from '../../src/server/services/rules-source';
import { createStaff, signIn, StaffBrowser } from './support/staff';
import { loadCatalog } from '../../src/core/schemas/catalog';
import type { CountryRules } from '../../src/core/schemas/country-rules';
import { gbWithSortCodesOf08 } from '../fixtures/country-rules';
import type {
  PrecompiledModule,
  PrecompiledValidate,
  ServedVariant,
} from '../../src/core/validation/precompiled';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const GB = loadCatalog().rules.GB as CountryRules;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** GB with sort codes tightened to 08xxxx: the examples with other sort codes must now fail. */
const tightenedGb = () => gbWithSortCodesOf08();

/** A GB account that the files accept and the tightened rule refuses (sort code 20-11-47). */
const BARCLAYS = GB.examples.find(
  (e) => e.form === 'bank-account' && e.valid && e.data.sortCode === '201147',
)!.data;

type Version = { id: number; status: string; author: string };

const moduleDir = mkdtempSync(join(tmpdir(), 'served-validators-'));
/**
 * Fetches a served validator module and runs it as the portal does (src/web/lib/
 * published-validators.ts): imported as an ES module, bound to the runtime modules.
 */
async function loadServed(app: FastifyInstance, url: string): Promise<PrecompiledModule> {
  const response = await app.inject({ url });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/javascript/);
  expect(response.headers['cache-control']).toContain('immutable');
  expect(response.body).not.toMatch(/^\s*import\b/m);
  const file = join(moduleDir, `${randomUUID()}.mjs`);
  writeFileSync(file, response.body);
  const bound = (await import(pathToFileURL(file).href)) as {
    key: string;
    schema: PrecompiledModule['schema'];
    bind(...runtimes: unknown[]): PrecompiledValidate;
  };
  const runtimes = await Promise.all([
    import('../../src/core/validation/runtime'),
    import('../../src/core/validation/runtime-uk'),
    import('../../src/core/validation/runtime-tax-id'),
    import('../../src/core/validation/runtime-iban'),
    import('../../src/core/validation/runtime-card'),
  ]);
  return { key: bound.key, schema: bound.schema, validate: bound.bind(...runtimes) };
}

const gbBankVariants = (variants: ServedVariant[]) =>
  variants.filter((v) => v.formId === 'bank-account' && v.country === 'GB');

describe.each(DATABASE_KINDS)('rules console on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  let editor2: StaffBrowser;
  let approver: StaffBrowser;
  let approver2: StaffBrowser;
  beforeAll(async () => {
    t = await startTestApp(kind, { RULES_GRACE_MINUTES: '30' });
    editor = (await signIn(t.app, await createStaff(t.app, 'editor'))).browser;
    editor2 = (await signIn(t.app, await createStaff(t.app, 'editor'))).browser;
    approver = (await signIn(t.app, await createStaff(t.app, 'approver'))).browser;
    approver2 = (await signIn(t.app, await createStaff(t.app, 'approver'))).browser;
  }, 120_000);
  afterAll(async () => t?.close());

  const draft = async (who: StaffBrowser, country: string, rules: unknown) =>
    who.request('POST', `/countries/${country}/drafts`, { rules });

  it('lists countries and a country’s rules for signed-in staff only', async () => {
    const countries = await editor.request('GET', '/countries');
    expect(countries.status).toBe(200);
    const gb = (countries.body.data as { country: string; drafts: number }[]).find(
      (c) => c.country === 'GB',
    );
    expect(gb).toMatchObject({ country: 'GB', publishedVersion: null, drafts: 0 });
    const rules = await editor.request('GET', '/countries/GB');
    expect(rules.body.data).toMatchObject({ country: 'GB', rulesVersion: 0 });
    const anonymous = await t.app.inject({ url: '/master/console/v1/countries' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses unsafe or failing rules with messages naming the field', async () => {
    const cases: [string, (r: CountryRules) => void, RegExp][] = [
      [
        'backtracking',
        (r) => (r.bankAccount!.fields!.sortCode = { pattern: '^(\\d+)+$' }),
        /sortCode\/pattern .*catastrophically/,
      ],
      [
        'unanchored',
        (r) => (r.bankAccount!.fields!.sortCode = { pattern: '\\d{6}' }),
        /sortCode\/pattern .*not anchored/,
      ],
      [
        'invalid',
        (r) => (r.bankAccount!.fields!.sortCode = { pattern: '^(\\d{6}$' }),
        /sortCode\/pattern/,
      ],
      [
        'message key',
        (r) => {
          const field = r.bankAccount!.fields!.sortCode;
          if (field) field.messages = { pattern: 'sortCode.nowhere' };
        },
        /sortCode\/messages\/pattern names the message "sortCode.nowhere", which is missing in en, es, fr, pt, de/,
      ],
      [
        'example',
        (r) => (r.bankAccount!.fields!.sortCode = { required: true, pattern: '^08\\d{4}$' }),
        /should pass, but \/sortCode failed "pattern"/,
      ],
    ];
    // Each refusal also names what was found as a stable code and its values, for the console.
    const codes: Record<string, string> = {
      backtracking: 'pattern.backtracks',
      unanchored: 'pattern.unanchored',
      invalid: 'pattern.invalid',
      'message key': 'message.missing',
      example: 'example.shouldPass',
    };
    for (const [label, change, expected] of cases) {
      const rules = clone(GB);
      change(rules);
      const refused = await draft(editor, 'GB', rules);
      expect(refused.status, label).toBe(400);
      const messages = (refused.body.errors as { path: string; message: string }[]).map(
        (e) => e.message,
      );
      expect(messages.join('\n'), label).toMatch(expected);
      const found = (refused.body.errors as { params: { finding?: string; values?: object } }[])
        .map((e) => e.params)
        .find((p) => p.finding === codes[label]);
      expect(found?.values, label).toBeInstanceOf(Object);
      if (label !== 'example')
        expect((refused.body.errors as { path: string }[])[0]?.path, label).toMatch(
          /^\/rules\/bankAccount\/fields\/sortCode/,
        );
    }
    const versions = await editor.request('GET', '/countries/GB/versions');
    expect(versions.body.data).toEqual([]);
  }, 120_000);

  it('previews a draft without saving: changes, example results, and its forms as served validator modules', async () => {
    const preview = await editor.request('POST', '/countries/GB/preview', { rules: tightenedGb() });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const { changes, examples, problems, variants } = preview.body.data as {
      changes: RuleChange[];
      examples: { ok: boolean }[];
      problems: string[];
      variants: ServedVariant[];
    };
    expect(changes).toContainEqual({
      code: 'rule.changed',
      path: '/bankAccount/fields/sortCode/pattern',
      change: 'changed',
      from: '^\\d{6}$',
      to: '^08\\d{4}$',
    });
    expect(problems).toEqual([]);
    expect(examples.every((e) => e.ok)).toBe(true);
    // Every form of the country is there for the preview, bank accounts per transfer method.
    const bank = gbBankVariants(variants);
    expect(bank.length).toBeGreaterThan(0);
    expect(variants.some((v) => v.formId === 'address' && v.country === 'GB')).toBe(true);
    const module = await loadServed(t.app, bank[0]!.url);
    expect(module.validate({ ...BARCLAYS, transferMethod: bank[0]!.method })).toBe(false);
    expect(module.validate.errors?.map((e) => e.instancePath)).toContain('/sortCode');
    // Nothing was saved, and a draft with a backtracking pattern gets no module to run.
    expect((await editor.request('GET', '/countries/GB/versions')).body.data).toEqual([]);
    const evil = tightenedGb();
    const evilSortCode = evil.bankAccount?.fields?.sortCode;
    if (!evilSortCode) throw new Error('GB has no sortCode rule');
    evilSortCode.pattern = '^(\\d+)+$';
    const refused = await editor.request('POST', '/countries/GB/preview', { rules: evil });
    expect((refused.body.data as { variants: unknown[] }).variants).toEqual([]);
    const checked = refused.body.data as {
      problems: string[];
      findings: { code: string; params: Record<string, unknown>; problem: string }[];
    };
    expect(checked.problems.join()).toMatch(/backtrack/);
    expect(checked.findings).toContainEqual({
      code: 'pattern.backtracks',
      params: expect.objectContaining({
        path: '/bankAccount/fields/sortCode/pattern',
        pattern: '^(\\d+)+$',
      }),
      problem: expect.stringMatching(/backtrack/),
    });
    // The rule editor's own form: the rule file schema with a precompiled validator.
    const editorForm = await editor.request('GET', '/editor-schema');
    const form = await loadServed(t.app, (editorForm.body.data as { url: string }).url);
    expect(form.validate(GB)).toBe(true);
    expect(JSON.stringify(form.schema)).not.toContain('$ref');
    expect(form.validate({ ...GB, country: 'gb' })).toBe(false);
    // Recipients and anonymous visitors get neither.
    expect((await t.app.inject({ url: '/master/console/v1/editor-schema' })).statusCode).toBe(401);
  });

  it('four eyes: editors cannot approve, nobody approves their own draft; publish swaps the rules at once, grace keeps the previous version, restore needs approval again', async () => {
    const recipient = await activatedUser(t.app);
    const before = await recipient.browser.api('POST', '/payment-methods/bank-accounts', BARCLAYS);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.raw.headers['x-rules-version']).toBe('0');

    const saved = await draft(editor, 'GB', tightenedGb());
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const version = saved.body.data as Version;
    expect(version.status).toBe('draft');

    const detail = await approver.request('GET', `/versions/${version.id}`);
    expect(detail.status).toBe(200);
    const { changes, examples } = detail.body.data as {
      changes: RuleChange[];
      examples: { ok: boolean; expected: string }[];
    };
    expect(changes).toContainEqual({
      code: 'rule.changed',
      path: '/bankAccount/fields/sortCode/pattern',
      change: 'changed',
      from: '^\\d{6}$',
      to: '^08\\d{4}$',
    });
    expect(examples.every((e) => e.ok)).toBe(true);
    expect(examples.some((e) => e.expected === 'fail')).toBe(true);

    // Editors never approve; nobody approves their own draft; publishing needs approval first.
    expect((await editor2.request('POST', `/versions/${version.id}/approve`, {})).status).toBe(403);
    expect((await approver.request('POST', `/versions/${version.id}/publish`)).status).toBe(409);
    const own = await draft(approver2, 'GB', tightenedGb());
    expect(own.status).toBe(201);
    const ownId = (own.body.data as Version).id;
    const selfApproval = await approver2.request('POST', `/versions/${ownId}/approve`, {});
    expect(selfApproval.status).toBe(403);
    expect(selfApproval.body.message).toMatch(/^FourEyes:/);
    // Sent back with a comment (a comment is required).
    expect((await approver.request('POST', `/versions/${ownId}/send-back`, {})).status).toBe(400);
    const sentBack = await approver.request('POST', `/versions/${ownId}/send-back`, {
      comment: 'one change at a time',
    });
    expect(sentBack.body.data).toMatchObject({ status: 'sent_back', reviewer: expect.any(String) });

    const approved = await approver.request('POST', `/versions/${version.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect((approved.body.data as Version).status).toBe('approved');
    expect((await editor.request('POST', `/versions/${version.id}/publish`)).status).toBe(403);
    // A second server process on the same database (a staff session is valid there too), which
    // checks for publications on every request here.
    const other = await buildApp({
      config: { ...t.config, rulesCheckMs: 0 },
      database: t.database,
      logger: false,
    });
    const otherStaff = new StaffBrowser(other);
    otherStaff.cookies = new Map(editor.cookies);
    const otherBefore = await otherStaff.request('GET', '/countries/GB');
    expect(otherBefore.body.data).toMatchObject({ rulesVersion: 0 });

    const published = await approver2.request('POST', `/versions/${version.id}/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const rulesVersion = (published.body.data as { rulesVersion: number }).rulesVersion;
    expect(rulesVersion).toBeGreaterThan(0);

    // The portal's validators: the variants the publication changed, served as modules that
    // refuse what the new rule refuses; another process serves the same URLs (made again from the
    // database); the unchanged forms keep their built validators.
    const list = await t.app.inject({ url: '/master/rules/validators' });
    const listed = list.json().data as { rulesVersion: number; variants: ServedVariant[] };
    expect(listed.rulesVersion).toBe(rulesVersion);
    expect(gbBankVariants(listed.variants).length).toBeGreaterThan(0);
    expect(listed.variants.filter((v) => v.country !== 'GB').map((v) => v.url)).toEqual([]);
    const servedGb = gbBankVariants(listed.variants)[0]!;
    expect(servedGb.url).toMatch(new RegExp(`^/master/rules/validators/${rulesVersion}/`));
    for (const app of [t.app, other]) {
      const served = await loadServed(app, servedGb.url);
      expect(served.validate({ ...BARCLAYS, transferMethod: servedGb.method })).toBe(false);
    }
    expect(
      (await t.app.inject({ url: servedGb.url.replace(/\.[\w-]+\.js$/, '.forged.js') })).statusCode,
    ).toBe(404);

    // Hot swap: the same server, no restart, refuses what it accepted a moment ago.
    const after = await recipient.browser.api('POST', '/payment-methods/bank-accounts', BARCLAYS);
    expect(after.status).toBe(400);
    expect(after.body.errors?.[0]).toMatchObject({ path: '/sortCode', keyword: 'pattern' });
    expect(after.raw.headers['x-rules-version']).toBe(String(rulesVersion));

    // Grace: a form that started under rules version 0 is still accepted with that version.
    const grace = await recipient.browser.request(
      'POST',
      '/master/funnel/v1/payment-methods/bank-accounts',
      BARCLAYS,
      { 'x-rules-version': '0' },
    );
    expect(grace.status, JSON.stringify(grace.body)).toBe(200);
    // An unknown (future) version validates with the current rules.
    const unknown = await recipient.browser.request(
      'POST',
      '/master/funnel/v1/payment-methods/bank-accounts',
      BARCLAYS,
      { 'x-rules-version': '999' },
    );
    expect(unknown.status).toBe(400);

    // Another server process on the same database picked the publication up without a restart.
    const seen = await otherStaff.request('GET', '/countries/GB');
    expect(seen.body.data).toMatchObject({ rulesVersion, publishedVersion: version.id });

    // Rollback: the seed (the file's rules) is restored as a new draft, approved, published.
    const versions = (await editor.request('GET', '/countries/GB/versions')).body.data as Version[];
    const seed = versions.find((v) => v.status === 'seed');
    expect(seed).toBeDefined();
    const restored = await editor.request('POST', `/versions/${seed!.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(201);
    const restoredId = (restored.body.data as Version).id;
    expect((await approver.request('POST', `/versions/${restoredId}/approve`, {})).status).toBe(
      200,
    );
    expect((await approver.request('POST', `/versions/${restoredId}/publish`)).status).toBe(200);
    const again = await recipient.browser.api('POST', '/payment-methods/bank-accounts', BARCLAYS);
    expect(again.status).toBe(200);
    // The restored rules are the files' again: the portal's built validators apply.
    const restoredList = (await t.app.inject({ url: '/master/rules/validators' })).json().data as {
      variants: ServedVariant[];
    };
    expect(restoredList.variants).toEqual([]);

    const countries = await editor.request('GET', '/countries');
    const gb = (countries.body.data as { country: string }[]).find((c) => c.country === 'GB');
    expect(gb).toMatchObject({ publishedVersion: restoredId, lastChange: { action: 'publish' } });

    // Every step is in the audit log, with country and version.
    const audit = await approver.request('GET', '/audit?country=GB&limit=100');
    const actions = (audit.body.data as { action: string; version: number | null }[]).map(
      (e) => `${e.action}:${e.version ?? ''}`,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        `draft.save:${version.id}`,
        `draft.approve:${version.id}`,
        `publish:${version.id}`,
        `draft.send-back:${ownId}`,
        `draft.restore:${restoredId}`,
        `publish:${restoredId}`,
        'draft.refused:',
      ]),
    );
    await other.close();

    // The grace period ends: with none left, the previous rules version is not accepted.
    const noGrace = createRulesSource(t.database.db, loadCatalog(), {
      checkEveryMs: 0,
      graceMinutes: 0,
    });
    await noGrace.refresh();
    expect(noGrace.current.id).toBeGreaterThan(rulesVersion);
    expect(await noGrace.graceVersion(rulesVersion)).toBeNull();
    const withGrace = createRulesSource(t.database.db, loadCatalog(), {
      checkEveryMs: 0,
      graceMinutes: 30,
    });
    await withGrace.refresh();
    expect((await withGrace.graceVersion(rulesVersion))?.id).toBe(rulesVersion);
    expect(await withGrace.graceVersion(withGrace.current.id + 1)).toBeNull();
  }, 240_000);

  it('publishes one version at a time: a second concurrent publish is refused, nothing published twice', async () => {
    const saved = await draft(editor, 'GB', tightenedGb());
    const id = (saved.body.data as Version).id;
    expect((await approver.request('POST', `/versions/${id}/approve`, {})).status).toBe(200);
    const both = await Promise.all([
      approver.request('POST', `/versions/${id}/publish`),
      approver2.request('POST', `/versions/${id}/publish`),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const audit = await approver.request('GET', '/audit?country=GB&limit=500');
    const publishes = (audit.body.data as { action: string; version: number | null }[]).filter(
      (e) => e.action === 'publish' && e.version === id,
    );
    expect(publishes).toHaveLength(1);
    // Back to the files' rules for the tests after this one.
    const versions = (await editor.request('GET', '/countries/GB/versions')).body.data as Version[];
    const seed = versions.find((v) => v.status === 'seed')!;
    const restored = (await editor.request('POST', `/versions/${seed.id}/restore`)).body
      .data as Version;
    expect((await approver.request('POST', `/versions/${restored.id}/approve`, {})).status).toBe(
      200,
    );
    expect((await approver.request('POST', `/versions/${restored.id}/publish`)).status).toBe(200);
  }, 60_000);

  it('takes a message the rules write themselves in every language, refuses one a language lacks, and answers with it once published', async () => {
    const KEY = 'sortCode.gbConsole';
    const TEXTS = {
      en: '{{field}}: UK sort codes never start with 9.',
      es: '{{field}}: los sort codes británicos nunca empiezan por 9.',
      fr: '{{field}} : les sort codes britanniques ne commencent jamais par 9.',
      pt: '{{field}}: os sort codes britânicos nunca começam por 9.',
      de: '{{field}}: britische Sort Codes beginnen nie mit 9.',
    };
    const rules = clone(GB);
    const sortCode = rules.bankAccount?.fields?.sortCode;
    if (!sortCode) throw new Error('GB has no sortCode rule');
    sortCode.pattern = '^[0-8]\\d{5}$';
    sortCode.messages = { ...sortCode.messages, pattern: KEY };
    // Without the texts the draft is refused, naming the key and the languages that lack it.
    const missing = await draft(editor, 'GB', rules);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/sortCode\.gbConsole.*missing in en, es, fr, pt, de/);
    // One language short is refused by the rule file's schema.
    const { de: _de, ...fourLanguages } = TEXTS;
    const short = await draft(editor, 'GB', { ...rules, translations: { [KEY]: fourLanguages } });
    expect(short.status).toBe(400);
    const withTexts = { ...rules, translations: { [KEY]: TEXTS } };
    // The preview's form carries the texts with the field that names them.
    const preview = await editor.request('POST', '/countries/GB/preview', { rules: withTexts });
    const variant = gbBankVariants(
      (preview.body.data as { variants: ServedVariant[] }).variants,
    )[0]!;
    const module = await loadServed(t.app, variant.url);
    const field = (module.schema.properties as Record<string, Record<string, unknown>>).sortCode;
    expect(field?.['x-message-texts']).toEqual({ [KEY]: TEXTS });
    const saved = await draft(editor, 'GB', withTexts);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = (saved.body.data as Version).id;
    expect((await approver.request('POST', `/versions/${id}/approve`, {})).status).toBe(200);
    expect((await approver.request('POST', `/versions/${id}/publish`)).status).toBe(200);
    try {
      const recipient = await activatedUser(t.app);
      const refused = await recipient.browser.api('POST', '/payment-methods/bank-accounts', {
        ...BARCLAYS,
        sortCode: '938611',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.find((e) => e.path === '/sortCode')).toMatchObject({
        path: '/sortCode',
        messageKey: KEY,
        message: 'Sort code: UK sort codes never start with 9.',
      });
    } finally {
      const versions = (await editor.request('GET', '/countries/GB/versions')).body
        .data as Version[];
      const seed = versions.find((v) => v.status === 'seed')!;
      const restored = (await editor.request('POST', `/versions/${seed.id}/restore`)).body
        .data as Version;
      await approver.request('POST', `/versions/${restored.id}/approve`, {});
      await approver.request('POST', `/versions/${restored.id}/publish`);
    }
  }, 60_000);

  it('exports the published rules and imports files as drafts that still need an approver', async () => {
    const exported = await t.app.inject({
      url: '/master/admin/v1/rules/published',
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(exported.statusCode).toBe(200);
    const { rules } = (exported.json() as { data: { rules: Record<string, unknown> } }).data;
    // GB was published (and rolled back to its file); other countries stay with their files.
    expect(Object.keys(rules)).toEqual(['GB']);
    expect(rules.GB).toEqual(GB);

    // An import is a named staff member's draft (issue 29): here an approver's, who then cannot
    // approve it.
    const author = await createStaff(t.app, 'approver');
    const unnamed = await admin(t.app, 'POST', '/rules/drafts', { rules: { GB: tightenedGb() } });
    expect(unnamed.status).toBe(400);
    const unknown = await admin(t.app, 'POST', '/rules/drafts', {
      rules: { GB: tightenedGb() },
      authorEmail: `nobody-${randomUUID()}@example.com`,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^ImportAuthorUnknown/);

    const unsafe = clone(GB);
    unsafe.bankAccount!.fields!.sortCode = { pattern: '^(a|a)*$' };
    const refused = await admin(t.app, 'POST', '/rules/drafts', {
      rules: { GB: unsafe },
      authorEmail: author.email,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^RulesInvalid: country-rules\/GB.json: \/bankAccount/);

    const imported = await admin<{
      drafts: { country: string; id: number }[];
      unchanged: string[];
    }>(t.app, 'POST', '/rules/drafts', {
      rules: {
        GB: tightenedGb(),
        DE: loadCatalog().rules.DE as unknown as Record<string, unknown>,
      },
      authorEmail: author.email,
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.data.unchanged).toEqual(['DE']);
    const [gbDraft] = imported.body.data.drafts;
    expect(gbDraft?.country).toBe('GB');
    const version = await approver.request('GET', `/versions/${gbDraft!.id}`);
    expect(version.body.data).toMatchObject({ status: 'draft', author: author.email });
    const byAuthor = (await signIn(t.app, author)).browser;
    const own = await byAuthor.request('POST', `/versions/${gbDraft!.id}/approve`, {});
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/^FourEyes/);
    expect((await approver.request('POST', `/versions/${gbDraft!.id}/approve`, {})).status).toBe(
      200,
    );
  }, 120_000);
});

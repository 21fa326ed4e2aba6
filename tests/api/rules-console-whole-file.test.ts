// The whole rule file through the rules console API (issue 33 point 2), each change with four
// eyes and published without a restart: a country that had no file is created from a template
// (with its source, examples and a message of its own) and recipients' bank accounts there follow
// it; a field rule the file did not set is added, a field turned off, and the rule removed again;
// a country's file is retired back to the shared rules, and a restore brings it back.
import type { RuleChange } from '../../src/core/rules/console-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases';
import { KENYAN_WIRE } from './support/kenya';
import { activatedUser, ADMIN_KEY, startTestApp, type TestApp } from './support/harness';
import {
  approveAndPublish as publishVersion,
  consoleTeam,
  type ConsoleTeam,
  type StaffBrowser,
} from './support/staff';
import { loadCatalog } from '../../src/core/schemas/catalog';
import type { CountryRules } from '../../src/core/schemas/country-rules';
import type { ServedVariant } from '../../src/core/validation/precompiled';

type Version = { id: number; status: string; author: string };
type Json = Record<string, unknown>;

const NG = loadCatalog().rules.NG as CountryRules;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const MESSAGE_KEY = 'bankCode.keConsole';
const MESSAGE = {
  en: '{{field}}: a Kenyan bank code has 6 digits.',
  es: '{{field}}: un código bancario keniano tiene 6 dígitos.',
  fr: '{{field}} : un code bancaire kényan a 6 chiffres.',
  pt: '{{field}}: um código bancário queniano tem 6 dígitos.',
  de: '{{field}}: eine kenianische Bankleitzahl hat 6 Ziffern.',
};

const genericKe = KENYAN_WIRE;
/** The same account under the national clearing code template: bank code, digits only. */
const clearingKe = (sortCode: string) => ({
  ...genericKe,
  bic: undefined,
  sortCode,
  accountNumber: '1234567890',
  accountNumberConfirmation: '1234567890',
});
const nigerian = (extra: Json) => ({
  countryCode: 'NG',
  transferMethod: 'WIRE',
  nickname: 'Lagos',
  accountNumber: '0123456789',
  accountNumberConfirmation: '0123456789',
  addressLine1: '3 Marina',
  addressCity: 'Lagos',
  addressCountryCode: 'NG',
  ...extra,
});

describe.each(DATABASE_KINDS)('the whole rule file in the console on %s', (kind) => {
  let t: TestApp;
  let team: ConsoleTeam;
  let editor: StaffBrowser;
  let approver: StaffBrowser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    team = await consoleTeam(t.app);
    ({ editor, approver } = team);
  }, 120_000);
  afterAll(async () => t?.close());

  const approveAndPublish = (id: number): Promise<number> => publishVersion(team, id);
  const addAccount = async (body: Json) => {
    const recipient = await activatedUser(t.app);
    return recipient.browser.api('POST', '/payment-methods/bank-accounts', body);
  };
  const versionsOf = async (country: string) =>
    (await editor.request('GET', `/countries/${country}/versions`)).body.data as Version[];

  it('creates a country that had no file from a template, publishes it, and retires it again', async () => {
    // Kenya has no file: it follows the generic rule.
    const before = await editor.request('GET', '/countries/KE');
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      country: 'KE',
      name: 'Kenya',
      rules: null,
      governedBy: '_default',
      publishedVersion: null,
    });
    expect((await addAccount(genericKe)).status).toBe(200);

    // The templates: an IBAN country only where IBANs exist, never over an existing file.
    expect((await editor.request('GET', '/countries/KE/templates/iban')).body.message).toMatch(
      /^IbanUnknown/,
    );
    expect((await editor.request('GET', '/countries/GB/templates/wire')).status).toBe(409);
    const iban = await editor.request('GET', '/countries/PL/templates/iban');
    expect(iban.body.data).toMatchObject({ country: 'PL', name: 'Poland', extends: '_iban' });
    const polish = await editor.request('POST', '/countries/PL/preview', { rules: iban.body.data });
    expect(polish.body.data).toMatchObject({ problems: [] });
    expect((polish.body.data as { examples: { ok: boolean }[] }).examples).toEqual([
      expect.objectContaining({ ok: true, expected: 'pass' }),
      expect.objectContaining({ ok: true, expected: 'fail' }),
    ]);
    const wire = await editor.request('GET', '/countries/KE/templates/wire');
    expect(wire.body.data).toMatchObject({ bankAccount: { fields: { bic: { required: true } } } });

    // The national clearing code template, with a message of its own in every language.
    const template = await editor.request('GET', '/countries/KE/templates/clearing');
    expect(template.status).toBe(200);
    const rules = template.body.data as CountryRules;
    expect(rules).toMatchObject({ country: 'KE', name: 'Kenya', source: expect.any(String) });
    expect(rules.examples.length).toBeGreaterThanOrEqual(3);
    const bankCode = rules.bankAccount?.fields?.sortCode;
    if (!bankCode) throw new Error('the clearing template has no bank code');
    bankCode.messages = { pattern: MESSAGE_KEY };
    rules.translations = { ...rules.translations, [MESSAGE_KEY]: MESSAGE };

    const saved = await editor.request('POST', '/countries/KE/drafts', {
      rules,
      baseVersion: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const created = saved.body.data as Version;
    const detail = await approver.request('GET', `/versions/${created.id}`);
    const { changes, examples } = detail.body.data as {
      changes: RuleChange[];
      examples: { ok: boolean }[];
    };
    expect(changes[0]).toEqual({
      code: 'file.created',
      path: '',
      change: 'added',
      from: '_default',
      to: 'KE',
    });
    expect(changes).toContainEqual({
      code: 'rule.added',
      path: '/bankAccount/fields/sortCode/pattern',
      change: 'added',
      to: '^\\d{6}$',
    });
    expect(examples.every((e) => e.ok)).toBe(true);
    // Its seed is "no file", kept so that a restore can go back to it.
    expect(await versionsOf('KE')).toEqual([
      expect.objectContaining({ id: created.id, status: 'draft', file: true }),
      expect.objectContaining({ status: 'seed', file: false }),
    ]);

    const rulesVersion = await approveAndPublish(created.id);
    // The portal's validators list the new country's variants.
    const listed = (await t.app.inject({ url: '/master/rules/validators' })).json().data as {
      variants: ServedVariant[];
    };
    expect(listed.variants.some((v) => v.formId === 'bank-account' && v.country === 'KE')).toBe(
      true,
    );
    // Recipients get the new rules without a restart, with the message written in the console.
    const refused = await addAccount(clearingKe('12345'));
    expect(refused.status).toBe(400);
    expect(refused.raw.headers['x-rules-version']).toBe(String(rulesVersion));
    expect(refused.body.errors?.find((e) => e.path === '/sortCode')).toMatchObject({
      messageKey: MESSAGE_KEY,
      message: 'Bank code: a Kenyan bank code has 6 digits.',
    });
    expect((await addAccount(clearingKe('250655'))).status).toBe(200);
    const countries = (await editor.request('GET', '/countries')).body.data as Json[];
    expect(countries.find((c) => c.country === 'KE')).toMatchObject({
      name: 'Kenya',
      file: true,
      publishedVersion: created.id,
    });

    // Retirement: refused for a country without a file and for a shared rule.
    expect((await editor.request('POST', '/countries/ZA/retirement', {})).body.message).toMatch(
      /^NothingToRetire/,
    );
    expect((await editor.request('POST', '/countries/_default/retirement', {})).status).toBe(409);
    const retired = await editor.request('POST', '/countries/KE/retirement', {
      baseVersion: created.id,
    });
    expect(retired.status, JSON.stringify(retired.body)).toBe(201);
    const retirement = retired.body.data as Version;
    const retiredDetail = (await approver.request('GET', `/versions/${retirement.id}`)).body
      .data as { rules: unknown; changes: RuleChange[]; problems: string[] };
    expect(retiredDetail.rules).toBeNull();
    expect(retired.body.data).toMatchObject({ file: false });
    expect(retiredDetail.problems).toEqual([]);
    expect(retiredDetail.changes[0]).toEqual({
      code: 'file.retired',
      path: '',
      change: 'removed',
      from: 'KE',
      to: '_default',
    });
    await approveAndPublish(retirement.id);
    expect((await editor.request('GET', '/countries/KE')).body.data).toMatchObject({
      rules: null,
      governedBy: '_default',
      publishedVersion: retirement.id,
    });
    expect((await addAccount(genericKe)).status).toBe(200);
    expect((await addAccount(clearingKe('250655'))).status).toBe(400);

    // A restore of the published file brings the country back, approved again.
    const restored = await editor.request('POST', `/versions/${created.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(201);
    await approveAndPublish((restored.body.data as Version).id);
    expect((await addAccount(clearingKe('250655'))).status).toBe(200);
    // And the restore of its seed ("no file") retires it again.
    const seed = (await versionsOf('KE')).find((v) => v.status === 'seed')!;
    const back = await editor.request('POST', `/versions/${seed.id}/restore`);
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    await approveAndPublish((back.body.data as Version).id);
    expect((await editor.request('GET', '/countries/KE')).body.data).toMatchObject({
      rules: null,
    });

    const audit = await approver.request('GET', '/audit?country=KE&limit=100');
    const actions = (audit.body.data as { action: string }[]).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['draft.save', 'draft.retire', 'draft.restore', 'publish']),
    );
  }, 240_000);

  it('adds a rule to a field the file did not set, turns a field off, and removes the rule again', async () => {
    // NG's file sets nothing about bank accounts: the generic rule asks a BIC, no bank name.
    expect(NG.bankAccount?.fields).toBeUndefined();
    expect((await addAccount(nigerian({}))).status).toBe(400);
    expect((await addAccount(nigerian({ bic: 'FBNINGLA' }))).status).toBe(200);

    const added = clone(NG);
    added.bankAccount = {
      ...added.bankAccount,
      fields: {
        bankName: { required: true, source: 'Judgement: Nigerian payouts name the bank' },
        bic: false,
      },
    };
    const saved = await editor.request('POST', '/countries/NG/drafts', {
      rules: added,
      baseVersion: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = (saved.body.data as Version).id;
    const changes = (
      (await approver.request('GET', `/versions/${id}`)).body.data as {
        changes: RuleChange[];
      }
    ).changes;
    expect(changes).toEqual(
      expect.arrayContaining([
        {
          code: 'rule.added',
          path: '/bankAccount/fields/bankName/required',
          change: 'added',
          to: true,
        },
        { code: 'rule.added', path: '/bankAccount/fields/bic', change: 'added', to: false },
      ]),
    );
    await approveAndPublish(id);
    const noBankName = await addAccount(nigerian({}));
    expect(noBankName.status).toBe(400);
    expect(noBankName.body.errors?.map((e) => `${e.path} ${e.keyword}`)).toEqual([
      '/bankName required',
    ]);
    // The BIC is off: the form has no such field any more.
    expect((await addAccount(nigerian({ bankName: 'First Bank', bic: 'FBNINGLA' }))).status).toBe(
      400,
    );
    expect((await addAccount(nigerian({ bankName: 'First Bank' }))).status).toBe(200);

    // The rule removed again (the file as it was): the generic rule's fields are back.
    const removed = await editor.request('POST', '/countries/NG/drafts', {
      rules: NG,
      baseVersion: id,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(201);
    const removedId = (removed.body.data as Version).id;
    const removedChanges = (
      (await approver.request('GET', `/versions/${removedId}`)).body.data as {
        changes: RuleChange[];
      }
    ).changes;
    expect(removedChanges).toContainEqual({
      code: 'rule.removed',
      path: '/bankAccount/fields/bankName/required',
      change: 'removed',
      from: true,
    });
    await approveAndPublish(removedId);
    expect((await addAccount(nigerian({ bic: 'FBNINGLA' }))).status).toBe(200);

    // A file of the repository retired: the portal's build has the country's own variants, so
    // the generic ones are served under its code (with the generic rule's postcode).
    const retired = await editor.request('POST', '/countries/NG/retirement', {
      baseVersion: removedId,
    });
    expect(retired.status, JSON.stringify(retired.body)).toBe(201);
    await approveAndPublish((retired.body.data as Version).id);
    const listed = (await t.app.inject({ url: '/master/rules/validators' })).json().data as {
      variants: ServedVariant[];
    };
    const served = listed.variants.filter((v) => v.country === 'NG').map((v) => v.formId);
    expect(served).toEqual(expect.arrayContaining(['address', 'bank-account']));
    // npm run rules:export learns that the repository's file is retired (and deletes it).
    const exported = (
      await t.app.inject({
        url: '/master/admin/v1/rules/published',
        headers: { 'x-admin-key': ADMIN_KEY },
      })
    ).json() as { data: { retired: string[]; rules: Record<string, unknown> } };
    expect(exported.data.retired).toEqual(['NG']);
    expect(exported.data.rules).not.toHaveProperty('NG');
    const seed = (await versionsOf('NG')).find((v) => v.status === 'seed')!;
    const back = await editor.request('POST', `/versions/${seed.id}/restore`);
    await approveAndPublish((back.body.data as Version).id);
    expect((await editor.request('GET', '/countries/NG')).body.data).toMatchObject({ rules: NG });
  }, 240_000);
});

// The transfer methods a bank account may use follow the published rules (issue 33): a country
// created in the rules console whose rules list ACH and RTP only is offered those two in what the
// portal's form asks for (GET /master/rules/validators), and the API refuses a WIRE account there,
// on /transferMethod, even from a form opened under the rules before (its grace period); restoring
// the country's seed gives it the generic rule's WIRE again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases';
import { KENYAN_WIRE } from './support/kenya';
import { activatedUser, startTestApp, type TestApp } from './support/harness';
import { approveAndPublish, consoleTeam, type ConsoleTeam } from './support/staff';
import type { CountryRules, RuleExample } from '../../src/core/schemas/country-rules';
import type { ServedVariant } from '../../src/core/validation/precompiled';

type Version = { id: number; status: string };
type Json = Record<string, unknown>;
interface Validators {
  rulesVersion: number;
  variants: ServedVariant[];
  transferMethods: { country: string; methods: string[] }[];
}

/** The same bank by its national clearing code, paid by ACH. */
const achKe = {
  countryCode: 'KE',
  transferMethod: 'ACH',
  nickname: 'Salary',
  sortCode: '250655',
  accountNumber: '1234567890',
  accountNumberConfirmation: '1234567890',
};
const WIRE_ONLY = ['addressLine1', 'addressCity', 'addressCountryCode'];

/** The clearing template's examples paid by ACH, without the wire's beneficiary address. */
const byAch = (example: RuleExample): RuleExample => ({
  ...example,
  method: 'ACH',
  data: Object.fromEntries(
    Object.entries({ ...example.data, transferMethod: 'ACH' }).filter(
      ([field]) => !WIRE_ONLY.includes(field),
    ),
  ),
});

describe.each(DATABASE_KINDS)('transfer methods of the published rules on %s', (kind) => {
  let t: TestApp;
  let team: ConsoleTeam;
  beforeAll(async () => {
    t = await startTestApp(kind);
    team = await consoleTeam(t.app);
  }, 120_000);
  afterAll(async () => t?.close());

  const validators = async () =>
    (await t.app.inject({ url: '/master/rules/validators' })).json().data as Validators;
  const kenyanMethods = (listed: Validators) => ({
    offered: listed.transferMethods.find((c) => c.country === 'KE')?.methods,
    served: listed.variants
      .filter((v) => v.formId === 'bank-account' && v.country === 'KE')
      .map((v) => v.method),
  });

  it('offers and accepts only the methods the published rules list', async () => {
    const recipient = await activatedUser(t.app);
    const add = (body: Json, headers: Record<string, string> = {}) =>
      recipient.browser.request(
        'POST',
        '/master/funnel/v1/payment-methods/bank-accounts',
        body,
        headers,
      );

    // Before: Kenya has no file, the generic rule's WIRE is offered and taken.
    const before = await validators();
    expect(kenyanMethods(before).offered).toBeUndefined();
    expect((await add(KENYAN_WIRE)).status).toBe(200);

    // A compliance editor creates Kenya from the national clearing template, by ACH and RTP only.
    const template = await team.editor.request('GET', '/countries/KE/templates/clearing');
    expect(template.status).toBe(200);
    const rules = template.body.data as CountryRules;
    rules.bankAccount = { ...rules.bankAccount, transferMethods: ['ACH', 'RTP'] };
    rules.examples = rules.examples.map(byAch);
    const saved = await team.editor.request('POST', '/countries/KE/drafts', {
      rules,
      baseVersion: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const rulesVersion = await approveAndPublish(team, (saved.body.data as Version).id);

    // What the portal's bank-account form asks for: ACH and RTP, no WIRE.
    const after = await validators();
    expect(after.rulesVersion).toBe(rulesVersion);
    expect(kenyanMethods(after)).toEqual({ offered: ['ACH', 'RTP'], served: ['ACH', 'RTP'] });

    // The API refuses a WIRE account, naming the field and the methods offered…
    const refused = await add(KENYAN_WIRE);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        path: '/transferMethod',
        keyword: 'enum',
        messageKey: 'enum',
        params: { allowedValues: ['ACH', 'RTP'] },
        message: expect.stringContaining('Transfer method') as string,
      },
    ]);
    // …also from a form opened under the rules before (within their grace period), whose formats
    // still apply but which cannot bring back a method the published rules do not offer.
    const opened = { 'x-rules-version': String(before.rulesVersion) };
    const late = await add(KENYAN_WIRE, opened);
    expect(late.status).toBe(400);
    expect(late.body.errors?.map((e) => e.path)).toEqual(['/transferMethod']);
    expect((await add(achKe)).status).toBe(200);
    expect((await add({ ...achKe, transferMethod: 'RTP' })).status).toBe(200);

    // Restored to its seed (no file), Kenya follows the generic rule again: WIRE is back.
    const versions = (await team.editor.request('GET', '/countries/KE/versions')).body
      .data as Version[];
    const seed = versions.find((v) => v.status === 'seed');
    if (!seed) throw new Error('Kenya has no seed version');
    const restore = await team.editor.request('POST', `/versions/${seed.id}/restore`);
    expect(restore.status, JSON.stringify(restore.body)).toBe(201);
    await approveAndPublish(team, (restore.body.data as Version).id);
    expect(kenyanMethods(await validators()).offered).toBeUndefined();
    expect((await add(KENYAN_WIRE)).status).toBe(200);
    expect((await add(achKe)).status).toBe(400);
  }, 240_000);
});

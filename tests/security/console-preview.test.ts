// Issue 29 (also found): the console's live preview built and publicly served validator modules for
// drafts that fail the rule file schema. Over real HTTP against the server as `npm start` builds
// it: such a preview is refused as a draft save refuses it (400 RulesInvalid, the paths named),
// and none of the modules it would have made is served; a valid draft's preview still is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantModules } from '../../src/server/services/published-validators';
import { loadCatalog } from '../../src/core/schemas/catalog';
import type { CountryRules } from '../../src/core/schemas/country-rules';
import {
  DATABASE_KINDS,
  rawRequest,
  startLiveServer,
  type HttpBrowser,
  type HttpResponse,
  type LiveServer,
} from './support/server';
import { CONSOLE, signedInStaff } from './support/staff';

const CATALOG = loadCatalog();

/** GB with sort codes 07xxxx: forms that differ from every published one. */
function tightenedGb(): CountryRules {
  const rules = structuredClone(CATALOG.rules.GB) as CountryRules;
  const sortCode = rules.bankAccount?.fields?.sortCode;
  if (!sortCode) throw new Error('GB has no sortCode rule');
  sortCode.pattern = '^07\\d{4}$';
  return rules;
}

/** The same with a key the rule file schema does not know on the sort code's rule. */
function schemaInvalidGb(): Record<string, unknown> {
  const rules = tightenedGb();
  const sortCode = rules.bankAccount?.fields?.sortCode as Record<string, unknown>;
  sortCode.colour = 'red';
  return rules as unknown as Record<string, unknown>;
}

/** The GB modules a preview of `rules` would serve, as the server names them. */
const wouldServe = (rules: object): string[] =>
  variantModules(
    CATALOG,
    { ...CATALOG, rules: { ...CATALOG.rules, GB: rules as CountryRules } },
    'preview',
    'GB',
  )
    .filter((m) => m.variant.country === 'GB')
    .map((m) => m.variant.url);

describe.each(DATABASE_KINDS)('rules console preview on %s', (kind) => {
  let server: LiveServer;
  let editor: HttpBrowser;
  beforeAll(async () => {
    server = await startLiveServer(kind);
    editor = (await signedInStaff(server, 'editor')).browser;
  }, 120_000);
  afterAll(async () => server?.close());

  const preview = (rules: unknown): Promise<HttpResponse> =>
    editor.request(
      'POST',
      `${CONSOLE}/countries/GB/preview`,
      { rules },
      { 'x-csrf-token': editor.cookie('STAFF-XSRF-TOKEN') ?? '' },
    );
  const anonymousGet = (url: string) => rawRequest(server, 'GET', url);

  it('a draft failing the rule file schema gets no preview modules, built or served', async () => {
    const invalid = schemaInvalidGb();
    const urls = wouldServe(invalid);
    expect(urls.length).toBeGreaterThan(0);

    const refused = await preview(invalid);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json?.message).toMatch(/^RulesInvalid: /);
    expect(refused.json?.data).toBeUndefined();
    expect(refused.text).not.toContain('/master/rules/validators/preview/');
    const errors = refused.json?.errors as { path: string; message: string }[];
    expect(errors.map((e) => e.path)).toContain('/rules/bankAccount/fields/sortCode');
    expect(errors.map((e) => e.message).join('\n')).toMatch(/additional properties \("colour"\)/);
    // The same answer a draft save of that file gets, and nothing is saved.
    const save = await editor.request(
      'POST',
      `${CONSOLE}/countries/GB/drafts`,
      { rules: invalid },
      { 'x-csrf-token': editor.cookie('STAFF-XSRF-TOKEN') ?? '' },
    );
    expect(save.status).toBe(400);
    expect(save.json?.message).toBe(refused.json?.message);
    // None of the modules the preview would have made is there to fetch.
    for (const url of urls) expect((await anonymousGet(url)).status, url).toBe(404);
  }, 120_000);

  it('a valid draft is still previewed, its modules served', async () => {
    const valid = tightenedGb();
    const answered = await preview(valid);
    expect(answered.status, answered.text).toBe(200);
    const variants = (answered.json?.data as { variants: { country?: string; url: string }[] })
      .variants;
    const gb = variants.filter((v) => v.country === 'GB').map((v) => v.url);
    expect(gb.sort()).toEqual(wouldServe(valid).sort());
    for (const url of gb) expect((await anonymousGet(url)).status, url).toBe(200);
  }, 120_000);
});

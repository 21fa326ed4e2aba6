// The validator modules a process keeps in memory: previews only, the last few hundred. Published
// versions' modules are stored in the database at publication (issue 29 point 3), never rebuilt on
// a request: see tests/security/validator-modules.test.ts.
import { describe, expect, it } from 'vitest';
import {
  changedTransferMethods,
  createValidatorStore,
} from '../../../src/server/services/published-validators';
import type { RuleCatalog } from '../../../src/core/schemas/catalog';
import type { CountryRules } from '../../../src/core/schemas/country-rules';
import { buildVersionModules } from '../../../src/server/services/stored-validators';
import { catalog } from '../../support/validator';

const preview = (name: string) => ({
  file: `${name}.js`,
  source: `/* ${name} */`,
  variant: { formId: name, url: `/master/rules/validators/preview/${name}.js` },
});

describe('validator store', () => {
  it('keeps the previews made last and lets the oldest go', () => {
    const store = createValidatorStore({ previewLimit: 2 });
    store.keep([preview('a'), preview('b')]);
    store.keep([preview('a')]); // kept again: now the newest
    store.keep([preview('c')]);
    const source = (name: string) => store.source(`/master/rules/validators/preview/${name}.js`);
    expect(['a', 'b', 'c'].map(source)).toEqual(['/* a */', undefined, '/* c */']);
  });

  it('builds no module for a version whose rules are the files the portal was built from', () => {
    expect(buildVersionModules(catalog, catalog)).toEqual([]);
  });
});

describe('transfer methods the published rules changed', () => {
  const withRules = (rules: Record<string, CountryRules | undefined>): RuleCatalog => ({
    forms: catalog.forms,
    rules: Object.fromEntries(
      Object.entries({ ...catalog.rules, ...rules }).filter(([, rule]) => rule !== undefined),
    ) as Record<string, CountryRules>,
  });
  const generic = catalog.rules._default as CountryRules;

  it('lists none for the files, and a created country, a retired one and the generic rule', () => {
    expect(changedTransferMethods(catalog, catalog)).toEqual([]);
    const ke: CountryRules = {
      country: 'KE',
      name: 'Kenya',
      bankAccount: { transferMethods: ['ACH', 'RTP'] },
      examples: [],
    };
    // Kenya created with ACH and RTP; the US retired to the generic rule (WIRE only).
    expect(changedTransferMethods(catalog, withRules({ KE: ke, US: undefined }))).toEqual([
      { country: 'KE', methods: ['ACH', 'RTP'] },
      { country: 'US', methods: ['WIRE'] },
    ]);
    // A created country with the generic rule's methods is not listed: the portal finds them
    // under _default, until _default changes.
    const wireOnly = { ...ke, bankAccount: { transferMethods: ['WIRE' as const] } };
    expect(changedTransferMethods(catalog, withRules({ KE: wireOnly }))).toEqual([]);
    const both = {
      ...generic,
      bankAccount: { ...generic.bankAccount, transferMethods: ['WIRE', 'RTP'] },
    };
    expect(
      changedTransferMethods(catalog, withRules({ KE: wireOnly, _default: both as CountryRules })),
    ).toEqual(
      expect.arrayContaining([
        { country: '_default', methods: ['WIRE', 'RTP'] },
        { country: 'KE', methods: ['WIRE'] },
      ]),
    );
  });
});

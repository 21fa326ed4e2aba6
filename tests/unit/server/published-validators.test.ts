// The validator modules a process keeps in memory: previews only, the last few hundred. Published
// versions' modules are stored in the database at publication (issue 29 point 3), never rebuilt on
// a request: see tests/security/validator-modules.test.ts.
import { describe, expect, it } from 'vitest';
import { createValidatorStore } from '../../../src/server/services/published-validators';
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

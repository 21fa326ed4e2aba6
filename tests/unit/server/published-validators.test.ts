// The validator modules a process keeps: only the rules versions used last (any process generates
// an evicted one again from the database), so months of publications do not pile up in memory.
import { describe, expect, it } from 'vitest';
import { createValidatorStore } from '../../../src/server/services/published-validators';
import { catalog } from '../../support/validator';

describe('validator store', () => {
  it('keeps the versions used last and lets the one used longest ago go', () => {
    const store = createValidatorStore({ versionLimit: 2 });
    // The same rules as the build: no module differs, so nothing is compiled here.
    store.forVersion(1, catalog, catalog);
    store.forVersion(2, catalog, catalog);
    store.forVersion(1, catalog, catalog); // used again: now the newest
    store.forVersion(3, catalog, catalog);
    expect([1, 2, 3].map((id) => store.has(id))).toEqual([true, false, true]);
    // Asked again, an evicted version is generated again.
    expect(store.forVersion(2, catalog, catalog)).toEqual([]);
    expect(store.has(2)).toBe(true);
    expect(store.has(1)).toBe(false);
  });
});

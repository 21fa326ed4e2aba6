// The portal's UI strings (locales/<lng>/common.json): every language has every English key, each
// with the same placeholders, and none of them is an English copy of a whole section.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type MessageTree } from '../../../src/core/i18n/messages';
import { REPO_ROOT } from '../../../src/core/schemas/catalog';

const load = (locale: string): MessageTree =>
  JSON.parse(
    readFileSync(join(REPO_ROOT, 'locales', locale, 'common.json'), 'utf8'),
  ) as MessageTree;
const leaves = (tree: MessageTree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\d+)>/g)].map((m) => m[0]).sort();

describe('UI strings', () => {
  const english = new Map(leaves(load('en')));
  it.each(LOCALES.filter((l) => l !== 'en').map((l) => [l]))(
    '%s/common.json has every English key, translated',
    (locale) => {
      const theirs = new Map(leaves(load(locale)));
      expect([...theirs.keys()].sort()).toEqual([...english.keys()].sort());
      let identical = 0;
      for (const [key, text] of english) {
        expect(placeholders(theirs.get(key) ?? ''), `${locale}: ${key}`).toEqual(
          placeholders(text),
        );
        if (theirs.get(key) === text) identical++;
      }
      expect(identical / english.size).toBeLessThan(0.15);
    },
  );
});

// One glossary per language (locales/glossary.json): the domain words (claim, payout method,
// preferred) are the same on every screen. A text using a word the glossary says to avoid fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Entry = { use: string; avoid: string[] };
const glossary = JSON.parse(readFileSync('locales/glossary.json', 'utf8')) as Record<
  string,
  Record<string, Entry> | string
>;
type Tree = { [key: string]: string | Tree };
const texts = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : texts(value, `${prefix}${key}.`),
  );

const locales = Object.keys(glossary).filter((k) => !k.startsWith('$'));

describe.each(locales)('%s glossary', (locale) => {
  const terms = glossary[locale] as Record<string, Entry>;
  const all = ['common', 'fields', 'validation'].flatMap((ns) =>
    texts(JSON.parse(readFileSync(`locales/${locale}/${ns}.json`, 'utf8')) as Tree, `${ns}:`),
  );

  it.each(Object.entries(terms))('says "%s" one way', (_term, entry) => {
    const strays = all.filter(([, text]) =>
      entry.avoid.some((word) => text.toLowerCase().includes(word.toLowerCase())),
    );
    expect(strays.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    expect(all.some(([, text]) => text.toLowerCase().includes(entry.use.toLowerCase()))).toBe(true);
  });
});

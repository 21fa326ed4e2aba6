// Every text a user reads uses typographic apostrophes (’), never the typewriter one, in every
// language and namespace: "Didn’t", "l’adresse". A straight quote slipped into a translation fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const LOCALES = ['en', 'es', 'fr', 'pt', 'de'];
const NAMESPACES = ['common', 'fields', 'validation'];

type Tree = { [key: string]: string | Tree };
const texts = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : texts(value, `${prefix}${key}.`),
  );

describe.each(LOCALES)('%s texts', (locale) => {
  it.each(NAMESPACES)('%s uses typographic apostrophes and quotes', (ns) => {
    const tree = JSON.parse(readFileSync(`locales/${locale}/${ns}.json`, 'utf8')) as Tree;
    const straight = texts(tree).filter(
      ([, text]) => /\p{L}'\p{L}/u.test(text) || /(^|\s)"|"(\s|$|[.,;:!?])/u.test(text),
    );
    expect(straight.map(([key]) => key)).toEqual([]);
  });
});

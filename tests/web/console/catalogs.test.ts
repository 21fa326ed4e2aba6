// The rules console's catalogs (src/web/console/catalogs): every language has every text English
// has, of the same kind (a text, or a function of the same arguments), translated rather than
// copied, with typographic apostrophes and quotes; and choosing a language puts the console's
// texts in it, read through the same objects the screens hold.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/core/i18n/locales';
import { de } from '../../../src/web/console/catalogs/de';
import { en, type ConsoleTexts } from '../../../src/web/console/catalogs/en';
import { es } from '../../../src/web/console/catalogs/es';
import { fr } from '../../../src/web/console/catalogs/fr';
import { pt } from '../../../src/web/console/catalogs/pt';
import { consoleLocale, loadCatalog, texts } from '../../../src/web/console/texts';

const catalogs: Record<string, ConsoleTexts> = { en, es, fr, pt, de };

type Leaf = string | ((...args: never[]) => string);
type Tree = { [key: string]: Leaf | Tree };

const leaves = (tree: Tree, prefix = ''): [string, Leaf][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' ? leaves(value, `${prefix}${key}.`) : [[prefix + key, value]],
  );

/** An argument that reads as a name, a number or a list of names ("7"). */
const sample = (): unknown => Object.assign(['7'], { toLowerCase: () => '7' });

/** A text as a reader sees it: a function called with sample arguments. */
const read = (leaf: Leaf): string =>
  typeof leaf === 'string'
    ? leaf
    : (leaf as (...args: unknown[]) => string)(...Array.from({ length: leaf.length }, sample));

describe('console catalogs', () => {
  const english = leaves(en as unknown as Tree);

  it('covers every language the portal speaks', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s has exactly the English texts, each of the same kind, translated',
    (locale) => {
      const theirs = new Map(leaves(catalogs[locale] as unknown as Tree));
      expect([...theirs.keys()].sort()).toEqual(english.map(([key]) => key).sort());
      let identical = 0;
      for (const [key, ours] of english) {
        const translated = theirs.get(key);
        expect(typeof translated, key).toBe(typeof ours);
        if (typeof ours === 'function')
          expect((translated as (...a: never[]) => string).length, key).toBe(ours.length);
        const text = read(translated as Leaf);
        expect(text.trim(), `${locale}:${key}`).not.toBe('');
        // The message placeholder staff write ({{field}}) is kept as it is.
        expect(text.match(/\{\{\w+\}\}/g), `${locale}:${key}`).toEqual(
          read(ours).match(/\{\{\w+\}\}/g),
        );
        if (text === read(ours)) identical++;
      }
      // Names such as "Format", "Status" or "IBAN" may stay the same; a copied catalog does not.
      expect(identical / english.length).toBeLessThan(0.15);
    },
  );

  it.each(LOCALES)('%s uses typographic apostrophes and quotes', (locale) => {
    const straight = leaves(catalogs[locale] as unknown as Tree).filter(([, leaf]) => {
      const text = read(leaf);
      return /\p{L}'\p{L}/u.test(text) || /(^|\s)"|"(\s|$|[.,;:!?])/u.test(text);
    });
    expect(straight.map(([key]) => key)).toEqual([]);
  });

  it('puts the console in the chosen language through the objects the screens hold', async () => {
    const country = texts.country;
    expect(country.save).toBe('Save draft');
    await loadCatalog('de');
    expect(consoleLocale()).toBe('de');
    expect(country.save).toBe('Entwurf speichern');
    expect(texts.version.heading(3, 'GB')).toBe('Version 3 von GB');
    await loadCatalog('en');
    expect(country.save).toBe('Save draft');
  });
});

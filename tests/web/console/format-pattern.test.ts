// The rule editor's format builder (src/web/console/format-pattern.ts): plain terms write an
// anchored pattern, the patterns the builder can say open in it again, and its samples pass and
// fail as the pattern does.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  accepts,
  CHARACTER_SETS,
  readPattern,
  samplesOf,
  writePattern,
  type Format,
} from '../../../src/web/console/format-pattern';

/** Every pattern a shipped rule file sets (not the message keys named `pattern`). */
function shippedPatterns(): string[] {
  const dir = join(__dirname, '../../../country-rules');
  const patterns = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === 'messages' || key === 'examples' || key === 'translations') continue;
        if (key === 'pattern' && typeof value === 'string') patterns.add(value);
        else collect(value);
      }
  };
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && !f.includes('.schema.')))
    collect(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  return [...patterns].sort();
}

/**
 * The shipped patterns the builder cannot say, and why. Any other shipped pattern must open in
 * the builder; a pattern that newly opens must be taken off this list (the count is checked).
 */
const NOT_IN_PLAIN_TERMS: Record<string, string> = {
  '^([A-HJ-NP-Z]\\d{4}[A-Z]{3}|\\d{4})$': 'two shapes, and a class with exceptions (AR)',
  '^(0[1-9]|[1-4]\\d|5[0-2])\\d{3}$': 'a numeric range (ES province codes)',
  '^(GIR ?0AA|[A-PR-UWYZ](\\d{1,2}|[A-HK-Y]\\d{1,2}|\\d[A-HJKPSTUW]|[A-HK-Y]\\d[ABEHMNPRVWXY]) ?\\d[ABD-HJLNP-UW-Z]{2})$':
    'UK postcodes: several shapes with letter exceptions',
  '^(?:(?!000|666)[0-8]\\d{2}-?(?!00)\\d{2}-?(?!0000)\\d{4}|9\\d{2}-?(?:5\\d|6[0-5]|7\\d|8[0-8]|9[0-2]|9[4-9])-?\\d{4})$':
    'US SSN/ITIN: exclusions and ranges',
  '^[1-9]\\d{3} ?(?!SA|SD|SS)[A-Z]{2}$': 'a first digit from 1 and excluded letter pairs (NL)',
  '^[1-9]\\d{5}$': 'a first digit from 1 (IN)',
  '^[A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9]$': 'inner characters that may not end the value',
  '^[ABCEGHJ-NPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z] ?\\d[ABCEGHJ-NPRSTV-Z]\\d$':
    'Canadian postcodes: letters with exceptions',
  '^\\d{5}(-\\d{4})?$': 'an optional group (ZIP+4)',
};

describe('format builder patterns', () => {
  it('writes character sets and lengths', () => {
    expect(writePattern({ kind: 'characters', set: 'digits', min: 9, max: 12 })).toBe(
      '^[0-9]{9,12}$',
    );
    expect(writePattern({ kind: 'characters', set: 'upper', min: 2, max: 2 })).toBe('^[A-Z]{2}$');
    expect(writePattern({ kind: 'characters', set: 'lettersDigits', min: 1, max: 35 })).toBe(
      '^[A-Za-z0-9]{1,35}$',
    );
  });

  it('writes one of these values, escaping what a pattern would read', () => {
    const pattern = writePattern({ kind: 'oneOf', values: ['CHECKING', 'SAVINGS', 'A.B|C'] });
    expect(pattern).toBe('^(?:CHECKING|SAVINGS|A\\.B\\|C)$');
    expect(accepts(pattern, 'A.B|C')).toBe(true);
    expect(accepts(pattern, 'AxB')).toBe(false);
    expect(accepts(pattern, 'CHECKINGS')).toBe(false);
  });

  it('writes a fixed shape from its mask: 9 a digit, A an upper-case letter, others themselves', () => {
    expect(writePattern({ kind: 'mask', mask: '99-99-99' })).toBe('^[0-9]{2}-[0-9]{2}-[0-9]{2}$');
    expect(writePattern({ kind: 'mask', mask: 'AA999999' })).toBe('^[A-Z]{2}[0-9]{6}$');
    // X an upper-case letter or digit, a any letter, x any letter or digit.
    expect(writePattern({ kind: 'mask', mask: 'AAAA0XXXXXX' })).toBe('^[A-Z]{4}0[A-Z0-9]{6}$');
    expect(writePattern({ kind: 'mask', mask: 'a.x' })).toBe('^[A-Za-z]\\.[A-Za-z0-9]$');
    // A backslash makes a mask character itself; "?" makes the character before it optional.
    expect(writePattern({ kind: 'mask', mask: '\\9\\A 99' })).toBe('^9A [0-9]{2}$');
    expect(writePattern({ kind: 'mask', mask: '99999-?999' })).toBe('^[0-9]{5}-?[0-9]{3}$');
    const shape = writePattern({ kind: 'mask', mask: '99-99-99' });
    expect(accepts(shape, '40-47-84')).toBe(true);
    expect(accepts(shape, '404784')).toBe(false);
    expect(accepts(shape, '40-47-8A')).toBe(false);
    // What a pattern would read in a separator is escaped, and the result compiles in unicode mode.
    for (const mask of ['99.99', '99/99', '(999) 999', '99+9', 'A$9', '99-99'])
      expect(() => new RegExp(writePattern({ kind: 'mask', mask }), 'u'), mask).not.toThrow();
    expect(accepts(writePattern({ kind: 'mask', mask: '(999) 999' }), '(555) 123')).toBe(true);
  });

  it('writes "starts with one of …" then characters and length', () => {
    expect(
      writePattern({ kind: 'prefix', prefixes: ['971', '972'], set: 'digits', min: 2, max: 2 }),
    ).toBe('^(?:971|972)[0-9]{2}$');
    expect(writePattern({ kind: 'prefix', prefixes: ['0'], set: 'digits', min: 8, max: 8 })).toBe(
      '^0[0-9]{8}$',
    );
    const pattern = writePattern({
      kind: 'prefix',
      prefixes: ['GB', 'IM'],
      set: 'upperDigits',
      min: 4,
      max: 6,
    });
    expect(accepts(pattern, 'IM12AB')).toBe(true);
    expect(accepts(pattern, 'JE12AB')).toBe(false);
  });

  it('reads back every format it writes (round trip)', () => {
    const formats: Format[] = [
      ...CHARACTER_SETS.map((set) => ({ kind: 'characters' as const, set, min: 3, max: 8 })),
      { kind: 'characters', set: 'digits', min: 6, max: 6 },
      { kind: 'characters', set: 'upper', min: 1, max: 1 },
      { kind: 'oneOf', values: ['01', '02', 'x.y', '(a)'] },
      { kind: 'oneOf', values: ['ONLY'] },
      { kind: 'mask', mask: '99-99-99' },
      { kind: 'mask', mask: 'AA999999' },
      { kind: 'mask', mask: 'AAAA0XXXXXX' },
      { kind: 'mask', mask: '999 aaa xxx' },
      { kind: 'mask', mask: '99999-?999' },
      { kind: 'mask', mask: '99.9\\9' },
      ...CHARACTER_SETS.map((set) => ({
        kind: 'prefix' as const,
        prefixes: ['971', '97.2'],
        set,
        min: 1,
        max: 4,
      })),
      { kind: 'prefix', prefixes: ['0'], set: 'digits', min: 8, max: 8 },
    ];
    for (const format of formats) expect(readPattern(writePattern(format))).toEqual(format);
  });

  it('reads a mask that starts with a text as a beginning, which writes the same pattern', () => {
    const pattern = writePattern({ kind: 'mask', mask: 'GB99' });
    expect(readPattern(pattern)).toEqual({
      kind: 'prefix',
      prefixes: ['GB'],
      set: 'digits',
      min: 2,
      max: 2,
    });
    expect(writePattern(readPattern(pattern) as Format)).toBe(pattern);
  });

  it('opens hand-written patterns it can say, and no other', () => {
    expect(readPattern('^\\d{8}$')).toEqual({ kind: 'characters', set: 'digits', min: 8, max: 8 });
    expect(readPattern('^[a-zA-Z]{2,4}$')).toEqual({
      kind: 'characters',
      set: 'letters',
      min: 2,
      max: 4,
    });
    expect(readPattern('^(01|02|03)$')).toEqual({ kind: 'oneOf', values: ['01', '02', '03'] });
    expect(readPattern('^973\\d{2}$')).toEqual({
      kind: 'prefix',
      prefixes: ['973'],
      set: 'digits',
      min: 2,
      max: 2,
    });
    expect(readPattern('^[A-Z]{2}\\d{6}$')).toEqual({ kind: 'mask', mask: 'AA999999' });
    expect(readPattern('^\\d{3}-?\\d{4}$')).toEqual({ kind: 'mask', mask: '999-?9999' });
    for (const other of [
      '^[0-9]+$',
      '^[0-8][0-9]{5}$',
      '^(?!00)[0-9]{6}$',
      '^[0-9]{9,}$',
      '^[0-9]{5,3}$',
      '^[0-9]{2,3}-[0-9]{2}$',
      '^[0-9]?$',
      '[0-9]{6}',
      '^[0-9]{6}',
      '^$',
      '^(a|.*)$',
      '^(?:AB|CD)|[0-9]$',
    ])
      expect(readPattern(other), other).toBeNull();
  });

  it("opens every shipped rule file's pattern it can say, each accepting the builder's samples as the file's pattern does", () => {
    const patterns = shippedPatterns();
    const opened = patterns.filter((p) => readPattern(p) !== null);
    const closed = patterns.filter((p) => readPattern(p) === null);
    // Every pattern not listed as beyond plain terms opens in the builder …
    expect(closed).toEqual(Object.keys(NOT_IN_PLAIN_TERMS).sort());
    // … which is most of them (28 of the 37 distinct patterns when this was written).
    expect(opened.length).toBe(patterns.length - Object.keys(NOT_IN_PLAIN_TERMS).length);
    expect(opened.length).toBeGreaterThanOrEqual(28);
    for (const pattern of opened) {
      const format = readPattern(pattern) as Format;
      const { accepted, refused } = samplesOf(format);
      for (const value of accepted)
        expect(accepts(pattern, value), `${pattern} ${value}`).toBe(true);
      for (const value of refused)
        expect(accepts(pattern, value), `${pattern} ${value}`).toBe(false);
      // The builder's own pattern for it says the same about every sample.
      for (const value of [...accepted, ...refused])
        expect(accepts(writePattern(format), value), `${pattern} ${value}`).toBe(
          accepts(pattern, value),
        );
    }
  });

  it('samples values that pass and values that fail', () => {
    const formats: Format[] = [
      { kind: 'characters', set: 'digits', min: 9, max: 12 },
      { kind: 'characters', set: 'lettersDigits', min: 1, max: 31 },
      { kind: 'oneOf', values: ['CHECKING', 'SAVINGS'] },
      { kind: 'mask', mask: '99-99-99' },
      { kind: 'mask', mask: 'AAAA0XXXXXX' },
      { kind: 'mask', mask: '99999-?999' },
      { kind: 'mask', mask: '\\9\\99' },
      { kind: 'prefix', prefixes: ['971', '972'], set: 'digits', min: 2, max: 2 },
      { kind: 'prefix', prefixes: ['0'], set: 'upper', min: 1, max: 3 },
    ];
    for (const format of formats) {
      const pattern = writePattern(format);
      const { accepted, refused } = samplesOf(format);
      expect(accepted.length, pattern).toBeGreaterThan(0);
      expect(refused.length, pattern).toBeGreaterThan(0);
      expect(refused, pattern).not.toContain('');
      for (const value of accepted)
        expect(accepts(pattern, value), `${pattern} ${value}`).toBe(true);
      for (const value of refused)
        expect(accepts(pattern, value), `${pattern} ${value}`).toBe(false);
    }
    const digits = samplesOf({ kind: 'characters', set: 'digits', min: 9, max: 12 });
    expect(digits.accepted.map((v) => v.length)).toEqual([9, 12]);
    expect(digits.refused.map((v) => v.length)).toEqual([8, 13, 12]);
    // A shape's samples: with and without its optional characters, and without its separators.
    expect(samplesOf({ kind: 'mask', mask: '99999-?999' }).accepted).toEqual([
      '48291-630',
      '16305748',
    ]);
    expect(samplesOf({ kind: 'mask', mask: '99-99-99' }).refused).toContain('482916');
    expect(samplesOf({ kind: 'mask', mask: '99-99-99' }).accepted[0]).toBe('48-29-16');
  });
});

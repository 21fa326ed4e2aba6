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

  it('reads back every format it writes', () => {
    const formats: Format[] = [
      ...CHARACTER_SETS.map((set) => ({ kind: 'characters' as const, set, min: 3, max: 8 })),
      { kind: 'characters', set: 'digits', min: 6, max: 6 },
      { kind: 'oneOf', values: ['01', '02', 'x.y', '(a)'] },
      { kind: 'oneOf', values: ['ONLY'] },
    ];
    for (const format of formats) expect(readPattern(writePattern(format))).toEqual(format);
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
    for (const other of [
      '^[0-9]+$',
      '^[A-Z]{2}[0-9]{6}$',
      '^[0-8][0-9]{5}$',
      '^(?!00)[0-9]{6}$',
      '^[0-9]{9,}$',
      '^[0-9]{5,3}$',
      '[0-9]{6}',
      '^$',
      '^(a|.*)$',
    ])
      expect(readPattern(other), other).toBeNull();
  });

  it("reads the rule files' patterns it opens as patterns that accept the same values", () => {
    const dir = join(__dirname, '../../../country-rules');
    const patterns = new Set<string>();
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node))
          if (key === 'pattern' && typeof value === 'string') patterns.add(value);
          else collect(value);
    };
    for (const file of readdirSync(dir).filter(
      (f) => f.endsWith('.json') && !f.includes('.schema.'),
    ))
      collect(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    let opened = 0;
    for (const pattern of patterns) {
      const format = readPattern(pattern);
      if (!format) continue;
      opened++;
      const { accepted, refused } = samplesOf(format);
      for (const value of [...accepted, ...refused])
        expect(accepts(writePattern(format), value), `${pattern} ${value}`).toBe(
          accepts(pattern, value),
        );
    }
    expect(opened).toBeGreaterThan(0);
  });

  it('samples values that pass and values that fail', () => {
    const digits: Format = { kind: 'characters', set: 'digits', min: 9, max: 12 };
    const { accepted, refused } = samplesOf(digits);
    expect(accepted.map((v) => v.length)).toEqual([9, 12]);
    expect(refused.map((v) => v.length)).toEqual([8, 13, 12]);
    for (const value of accepted) expect(accepts(writePattern(digits), value)).toBe(true);
    for (const value of refused) expect(accepts(writePattern(digits), value)).toBe(false);
    const choice: Format = { kind: 'oneOf', values: ['CHECKING', 'SAVINGS'] };
    expect(samplesOf(choice).accepted).toEqual(['CHECKING', 'SAVINGS']);
    for (const value of samplesOf(choice).refused)
      expect(accepts(writePattern(choice), value)).toBe(false);
  });
});

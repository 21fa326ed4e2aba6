import { describe, expect, it } from 'vitest';
import {
  isValidAbaRouting,
  isValidCbu,
  isValidClabe,
} from '../../../src/core/validation/checksums';
import { loadVectors } from '../../support/vectors';

const cases = [
  ['ABA routing number', 'aba', isValidAbaRouting],
  ['CLABE', 'clabe', isValidClabe],
  ['CBU', 'cbu', isValidCbu],
] as const;

describe.each(cases)('%s checksum', (_name, file, check) => {
  const vectors = loadVectors(file);
  it('has passing and failing public vectors', () => {
    expect(vectors.some((v) => v.valid)).toBe(true);
    expect(vectors.some((v) => !v.valid)).toBe(true);
  });
  it.each(vectors.map((v) => [v.value, v.valid, v.reason] as const))(
    '%s → %s (%s)',
    (value, valid) => {
      expect(check(value)).toBe(valid);
    },
  );
});

describe('check digit positions', () => {
  it('rejects a CBU whose first block check digit is off while the second is right', () => {
    const valid = '2850590940090418135201';
    const badFirst = valid.slice(0, 7) + String((Number(valid[7]) + 1) % 10) + valid.slice(8);
    expect(isValidCbu(valid)).toBe(true);
    expect(isValidCbu(badFirst)).toBe(false);
  });
  it('rejects every single-digit change of a valid CLABE check digit', () => {
    const valid = '002010077777777771';
    for (let d = 0; d <= 9; d++) {
      const candidate = valid.slice(0, 17) + d;
      expect(isValidClabe(candidate)).toBe(candidate === valid);
    }
  });
});

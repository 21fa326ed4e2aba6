// Loads the public test vectors of tests/fixtures/vectors (each cites its source).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/core/schemas/catalog';

export interface Vector {
  value: string;
  valid: boolean;
  reason: string;
  source: string;
  ibantoolsErrors?: number[];
  expected?: 'valid' | 'luhn' | 'cardBrand' | 'pattern';
  brand?: string | null;
  luhn?: boolean;
  /** uk-modulus vectors: the sort code the account number (`value`) is checked with. */
  sortCode?: string;
}

export const loadVectors = (
  name: 'iban' | 'bic' | 'card' | 'aba' | 'clabe' | 'cbu' | 'uk-modulus',
): Vector[] =>
  (
    JSON.parse(readFileSync(join(REPO_ROOT, 'tests/fixtures/vectors', `${name}.json`), 'utf8')) as {
      vectors: Vector[];
    }
  ).vectors;

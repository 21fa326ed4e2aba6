// The precompiled (standalone) validators the browser uses must agree with run-time compilation
// on every rule-file example and every public test vector.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VALIDATORS_DIR } from '../../../src/core/build/build-validators';
import type {
  PrecompiledModule,
  ValidatorManifestEntry,
} from '../../../src/core/validation/precompiled';
import { catalog, formValidator } from '../../support/validator';
import { loadVectors } from '../../support/vectors';

const manifest = JSON.parse(
  readFileSync(join(VALIDATORS_DIR, 'manifest.json'), 'utf8'),
) as ValidatorManifestEntry[];
const modules = new Map<string, PrecompiledModule>();
for (const entry of manifest) {
  modules.set(entry.key, (await import(join(VALIDATORS_DIR, entry.file))) as PrecompiledModule);
}

/** Records to try: each rule example plus every vector placed in each field it fits. */
function records(): {
  formId: string;
  country?: string;
  method?: string;
  data: Record<string, unknown>;
}[] {
  const out: {
    formId: string;
    country?: string;
    method?: string;
    data: Record<string, unknown>;
  }[] = [];
  for (const [name, rule] of Object.entries(catalog.rules)) {
    for (const ex of rule.examples) {
      out.push({
        formId: ex.form,
        country: ex.country ?? (name.startsWith('_') ? undefined : name),
        method: ex.method,
        data: ex.data,
      });
    }
  }
  const fields: [
    string,
    'iban' | 'bic' | 'aba' | 'clabe' | 'cbu' | 'card',
    string,
    string?,
    string?,
  ][] = [
    ['iban', 'iban', 'bank-account', 'DE', 'WIRE'],
    ['bic', 'bic', 'bank-account', 'KE', 'WIRE'],
    ['routingNumber', 'aba', 'bank-account', 'US', 'ACH'],
    ['accountNumber', 'clabe', 'bank-account', 'MX', undefined],
    ['accountNumber', 'cbu', 'bank-account', 'AR', undefined],
    ['pan', 'card', 'debit-card'],
  ];
  for (const [field, file, formId, country, method] of fields) {
    for (const v of loadVectors(file)) {
      out.push({
        formId,
        country,
        method,
        data: { countryCode: country, [field]: v.value, accountNumberConfirmation: v.value },
      });
    }
  }
  for (const v of loadVectors('uk-modulus')) {
    out.push({
      formId: 'bank-account',
      country: 'GB',
      method: 'WIRE',
      data: { countryCode: 'GB', sortCode: v.sortCode, accountNumber: v.value },
    });
  }
  return out;
}

describe('precompiled validators', () => {
  it('import the UK modulus table only where the ukModulus keyword is used (GB bank accounts)', () => {
    const importing = manifest
      .filter((e) => readFileSync(join(VALIDATORS_DIR, e.file), 'utf8').includes('runtime-uk'))
      .map((e) => e.file);
    expect(importing).toEqual(['bank-account.GB.WIRE.js']);
  });

  it('exist for every variant, each with exactly the schema that was composed', () => {
    const variants = formValidator.allVariants();
    expect(modules.size).toBe(variants.length);
    for (const v of variants) expect(modules.get(v.key)?.schema).toEqual(v.schema);
  });

  it('contain no run-time compilation', () => {
    for (const entry of manifest) {
      const source = readFileSync(join(VALIDATORS_DIR, entry.file), 'utf8');
      expect(source).not.toMatch(/new Function|\beval\(|require\(/);
    }
  });

  it('give the same verdict and errors as run-time compiled ones on every example and vector', () => {
    let compared = 0;
    for (const r of records()) {
      let runtime;
      try {
        runtime = formValidator.validate(r.formId, r.data, {
          country: r.country,
          method: r.method as never,
        });
      } catch {
        continue; // a variant that does not exist has nothing to compare
      }
      const precompiled = modules.get(runtime.variant.key);
      if (!precompiled) throw new Error(`no precompiled validator for ${runtime.variant.key}`);
      const valid = precompiled.validate(r.data);
      const summarize = (errors: { instancePath: string; keyword: string }[] | null | undefined) =>
        (errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`).sort();
      expect(valid).toBe(runtime.valid);
      expect(summarize(precompiled.validate.errors)).toEqual(
        summarize(formValidator.compile(runtime.variant).errors),
      );
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });
});

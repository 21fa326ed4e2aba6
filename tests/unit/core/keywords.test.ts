// Every custom keyword, through ajv exactly as forms use it, with passing and failing values.
import { describe, expect, it, vi, afterEach } from 'vitest';
import { createAjv } from '../../../src/core/validation/ajv';
import { loadVectors } from '../../support/vectors';

const ajv = createAjv();
const check = (property: object, value: unknown, extra: Record<string, unknown> = {}): string[] => {
  const validate = ajv.compile({
    type: 'object',
    properties: { v: property, other: { type: 'string' } },
  });
  validate({ v: value, ...extra });
  return (validate.errors ?? []).map((e) =>
    e.params.reason ? `${e.keyword}:${String(e.params.reason)}` : e.keyword,
  );
};

describe('iban', () => {
  const vectors = loadVectors('iban');
  it.each(vectors.map((v) => [v.value, v.valid, v.ibantoolsErrors ?? []] as const))(
    '%s → valid %s',
    (value, valid, codes) => {
      const errors = check({ type: 'string', iban: true }, value);
      expect(errors.length === 0).toBe(valid);
      // ibantools error 6: mod-97 passes, the national bank/branch/account check does not.
      if (codes.length === 1 && codes[0] === 6) expect(errors).toEqual(['iban:national']);
      if (codes.includes(5)) expect(errors).toEqual(['iban:checksum']);
    },
  );
  it('has at least three IBANs failing only the national check', () => {
    expect(
      vectors.filter((v) => v.ibantoolsErrors?.length === 1 && v.ibantoolsErrors[0] === 6).length,
    ).toBeGreaterThanOrEqual(3);
  });
  it('restricts the country when given a list', () => {
    expect(check({ type: 'string', iban: ['DE'] }, 'DE89370400440532013000')).toEqual([]);
    expect(check({ type: 'string', iban: ['DE'] }, 'NL91ABNA0417164300')).toEqual(['iban:country']);
  });
});

describe('bic', () => {
  it.each(loadVectors('bic').map((v) => [v.value, v.valid] as const))(
    '%s → valid %s',
    (value, valid) => {
      expect(check({ type: 'string', bic: true }, value).length === 0).toBe(valid);
    },
  );
  it('refuses wrong lengths and digits in the first six', () => {
    for (const bad of ['DEUTDEF', 'DEUTDEFF1', 'DEUTDEFF12', 'DEU1DEFF', '12345678']) {
      expect(check({ type: 'string', bic: true }, bad)).toEqual(['bic']);
    }
  });
});

describe('card number: pattern, luhn, cardBrand', () => {
  const schema = {
    type: 'string',
    pattern: '^\\d{16}$',
    luhn: true,
    cardBrand: ['visa', 'mastercard'],
  };
  it.each(loadVectors('card').map((v) => [v.value, v.expected] as const))(
    '%s → %s',
    (value, expected) => {
      const errors = check(schema, value);
      if (expected === 'valid') expect(errors).toEqual([]);
      else expect(errors[0]).toBe(expected);
    },
  );
  it('reports the brand for a Luhn-valid Discover number', () => {
    expect(check(schema, '6011111111111117')).toEqual(['cardBrand']);
  });
});

describe('expiry MM/YY', () => {
  afterEach(() => vi.useRealTimers());
  const schema = { type: 'string', expiryMonth: true, expiryNotPast: true };
  it('refuses month 00 and 13 with the month error', () => {
    expect(check(schema, '00/30')).toEqual(['expiryMonth']);
    expect(check(schema, '13/30')).toEqual(['expiryMonth']);
  });
  it('accepts this month and refuses last month with the year error', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 21) });
    expect(check(schema, '11/26')).toEqual([]);
    expect(check(schema, '10/26')).toEqual(['expiryNotPast']);
    expect(check(schema, '12/25')).toEqual(['expiryNotPast']);
    expect(check(schema, '01/27')).toEqual([]);
  });
});

describe('national checksums as keywords', () => {
  it.each([
    ['abaRouting', 'aba'],
    ['clabe', 'clabe'],
    ['cbu', 'cbu'],
  ] as const)('%s', (keyword, file) => {
    for (const v of loadVectors(file)) {
      expect(check({ type: 'string', [keyword]: true }, v.value).length === 0, v.value).toBe(
        v.valid,
      );
    }
  });
});

describe('nonBlank', () => {
  it('refuses only-space values', () => {
    expect(check({ type: 'string', nonBlank: true }, '   ')).toEqual(['nonBlank']);
    expect(check({ type: 'string', nonBlank: true }, '\t\n')).toEqual(['nonBlank']);
    expect(check({ type: 'string', nonBlank: true }, ' a ')).toEqual([]);
  });
});

describe('notEqual and isSameValue compare with a sibling', () => {
  it('notEqual fails when the confirmation differs', () => {
    expect(check({ type: 'string', notEqual: 'other' }, 'abc', { other: 'abc' })).toEqual([]);
    expect(check({ type: 'string', notEqual: 'other' }, 'abc', { other: 'abd' })).toEqual([
      'notEqual',
    ]);
    expect(check({ type: 'string', notEqual: 'other' }, 'abc')).toEqual(['notEqual']);
  });
  it('isSameValue fails when equal ignoring case', () => {
    expect(
      check({ type: 'string', isSameValue: 'other' }, 'Bob@Example.com', {
        other: 'bob@example.COM',
      }),
    ).toEqual(['isSameValue']);
    expect(
      check({ type: 'string', isSameValue: 'other' }, 'secret123', { other: 'bob@example.com' }),
    ).toEqual([]);
  });
});

describe('ukModulus checks an account number with its sibling sort code', () => {
  const vectors = loadVectors('uk-modulus');
  it.each(vectors.map((v) => [v.sortCode, v.value, v.valid] as const))(
    'sort code %s, account %s: valid %s (VocaLink test case)',
    (sortCode, account, valid) => {
      expect(check({ type: 'string', ukModulus: 'other' }, account, { other: sortCode })).toEqual(
        valid ? [] : ['ukModulus'],
      );
    },
  );
  it('covers the 34 cases VocaLink publishes, passing and failing', () => {
    expect(vectors).toHaveLength(34);
    expect(vectors.filter((v) => !v.valid).length).toBeGreaterThanOrEqual(8);
  });
  it('leaves values not yet in shape to the patterns', () => {
    const schema = { type: 'string', ukModulus: 'other' };
    expect(check(schema, '66374959')).toEqual([]);
    expect(check(schema, '66374959', { other: '08-99-99' })).toEqual([]);
    expect(check(schema, '6637495', { other: '089999' })).toEqual([]);
  });
  it('names the sibling in its error', () => {
    const validate = ajv.compile({
      type: 'object',
      properties: { v: { type: 'string', ukModulus: 'other' }, other: { type: 'string' } },
    });
    validate({ v: '88837493', other: '107999' });
    expect(validate.errors?.[0]).toMatchObject({
      keyword: 'ukModulus',
      params: { otherField: 'other' },
    });
  });
});

describe('minimumAge', () => {
  afterEach(() => vi.useRealTimers());
  it('counts the birthday itself as reached', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 21) });
    const schema = { type: 'string', minimumAge: 18 };
    expect(check(schema, '2008-11-21')).toEqual([]);
    expect(check(schema, '2008-11-22')).toEqual(['minimumAge']);
    expect(check({ type: 'string', minimumAge: 21 }, '2008-11-21')).toEqual(['minimumAge']);
  });
});

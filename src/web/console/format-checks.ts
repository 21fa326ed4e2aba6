// The checks the rules engine has beside patterns (src/core/validation/keywords.ts), as the format
// builder offers them: choosing one sets the field rule's keyword (`abaRouting: true`,
// `taxId: "FR.nif"`), never a regular expression. Each comes with values that should pass and
// values that should fail, which the builder checks against the draft's compiled rule.
import { composeIBAN, countrySpecs, isValidBBAN } from 'ibantools';
import { readPattern, samplesOf } from './format-pattern';

export type Check =
  /** true: an IBAN of the country whose rule it is; a list: IBANs of these countries. */
  | { keyword: 'iban'; countries: true | string[] }
  | { keyword: 'bic' }
  | { keyword: 'abaRouting' }
  | { keyword: 'clabe' }
  | { keyword: 'cbu' }
  /** The UK modulus check of an account number against the sort code in `field`. */
  | { keyword: 'ukModulus'; field: string }
  | { keyword: 'taxId'; scheme: string };
export type CheckKeyword = Check['keyword'];

export const CHECK_KEYWORDS: readonly CheckKeyword[] = [
  'iban',
  'bic',
  'abaRouting',
  'clabe',
  'cbu',
  'ukModulus',
  'taxId',
];

/** The tax number checks (the meta-schema's `taxId` enum; a unit test keeps them equal). */
export const TAX_ID_SCHEMES = [
  'AR.cuit',
  'BR.cpf',
  'CA.sin',
  'DE.idnr',
  'ES.nif',
  'FR.nif',
  'GB.nino',
  'IN.pan',
  'IT.codicefiscale',
  'MX.rfc',
  'NL.bsn',
  'UA.rntrc',
] as const;

type Rule = Record<string, unknown>;

/** The check a field rule sets (the first, when a hand-edited file sets several). */
export function checkOf(rule: Rule): Check | null {
  const { iban, ukModulus, taxId } = rule;
  if (iban === true || (Array.isArray(iban) && iban.length))
    return { keyword: 'iban', countries: iban === true ? true : (iban as string[]) };
  for (const keyword of ['bic', 'abaRouting', 'clabe', 'cbu'] as const)
    if (rule[keyword] === true) return { keyword };
  if (typeof ukModulus === 'string') return { keyword: 'ukModulus', field: ukModulus };
  if (typeof taxId === 'string') return { keyword: 'taxId', scheme: taxId };
  return null;
}

/** The rule with `check` as its only check (none for null); its other properties kept. */
export function withCheck(rule: Rule, check: Check | null): Rule {
  const out = Object.fromEntries(
    Object.entries(rule).filter(([key]) => !(CHECK_KEYWORDS as readonly string[]).includes(key)),
  );
  if (!check) return out;
  switch (check.keyword) {
    case 'iban':
      return { ...out, iban: check.countries };
    case 'ukModulus':
      return { ...out, ukModulus: check.field };
    case 'taxId':
      return { ...out, taxId: check.scheme };
    default:
      return { ...out, [check.keyword]: true };
  }
}

/** The check a keyword stands for when staff choose it (its defaults). */
export function defaultCheck(keyword: CheckKeyword): Check {
  switch (keyword) {
    case 'iban':
      return { keyword, countries: true };
    case 'ukModulus':
      return { keyword, field: 'sortCode' };
    case 'taxId':
      return { keyword, scheme: TAX_ID_SCHEMES[0] };
    default:
      return { keyword };
  }
}

/** A value to try, with the other fields of the record it needs (the sort code of UK modulus). */
export interface Sample {
  value: string;
  with?: Record<string, string>;
}

// Valid numbers of each tax check (tests/web/console/format-checks.test.ts runs them through the
// engine's check), and a look-alike each with a wrong check digit or letter.
const TAX_ID_SAMPLES: Record<(typeof TAX_ID_SCHEMES)[number], [string, string]> = {
  'AR.cuit': ['20267565393', '20267565394'],
  'BR.cpf': ['39053344705', '39053344706'],
  'CA.sin': ['046454286', '046454287'],
  'DE.idnr': ['36574261809', '36574261808'],
  'ES.nif': ['54362315K', '54362315A'],
  'FR.nif': ['3023217600053', '3023217600054'],
  'GB.nino': ['AB123456C', 'BG123456C'],
  'IN.pan': ['ACUPA7085R', 'ACUPA70851'],
  'IT.codicefiscale': ['RCCMNL83S18D969H', 'RCCMNL83S18D969A'],
  'MX.rfc': ['GODE561231GR8', 'GODE561231GR9'],
  'NL.bsn': ['111222333', '111222334'],
  'UA.rntrc': ['1759013776', '1759013775'],
};

/** The digit after `d` (9 → 0): a look-alike whose check digit is wrong. */
const nextDigit = (value: string): string =>
  value.slice(0, -1) + ((Number(value.slice(-1)) + 1) % 10).toString();

// The IBAN registry's examples of the countries whose national check digits are not at the end
// of the account part (where trying the last two digits finds no valid one).
const REGISTRY_EXAMPLES: Readonly<Record<string, string>> = {
  BA: 'BA391290079401028494',
  CZ: 'CZ6508000000192000145399',
  EG: 'EG380019000500000000263180002',
  ES: 'ES9121000418450200051332',
  HR: 'HR1210010051863000160',
  HU: 'HU42117730161111101800000000',
  ME: 'ME25505000012345678951',
  MK: 'MK07250120000058984',
  PL: 'PL61109010140000071219812874',
  RS: 'RS35260005601001611379',
  SK: 'SK3112000000198742637541',
  VA: 'VA59001123000012345678',
  YE: 'YE15CBYE0001018861234567891234',
};

/**
 * A valid IBAN of a country, made from the IBAN registry's shape of its national part (a BBAN
 * whose last two characters are tried until the national check, where there is one, passes).
 */
export function ibanOf(country: string): string | null {
  if (Object.hasOwn(REGISTRY_EXAMPLES, country)) return REGISTRY_EXAMPLES[country] as string;
  const shape = countrySpecs[country]?.bban_regexp?.replace(/^\^?/, '^').replace(/\$?$/, '$');
  const format = shape ? readPattern(shape) : null;
  if (!format) return null;
  const base = samplesOf(format).accepted[0];
  if (!base) return null;
  for (let n = 0; n < 100; n++) {
    const tail = n.toString().padStart(2, '0');
    const digits: string = /[0-9]{2}$/.test(base) ? base.slice(0, -2) + tail : base;
    if (isValidBBAN(digits, country)) return composeIBAN({ countryCode: country, bban: digits });
    if (digits === base) break;
  }
  return null;
}

/** Flips one character of an IBAN's account part: the checksum no longer holds. */
const brokenIban = (iban: string): string => nextDigit(iban.replace(/[A-Z]$/, '0'));

/**
 * Values that should pass and values that should fail a check, for a rule of `country` (a rule
 * file's country code: "GB", or a shared rule's "_iban").
 */
export function checkSamples(
  check: Check,
  country: string,
): { accepted: Sample[]; refused: Sample[] } {
  const plain = (accepted: string[], refused: string[]) => ({
    accepted: accepted.map((value) => ({ value })),
    refused: refused.map((value) => ({ value })),
  });
  switch (check.keyword) {
    case 'iban': {
      // `true` in a shared rule (_iban) is any country's IBAN; in a country's, that country's.
      const anyCountry = check.countries === true && country.startsWith('_');
      const countries = anyCountry
        ? ['DE', 'FR']
        : check.countries === true
          ? [country]
          : check.countries;
      const accepted = countries
        .slice(0, 2)
        .map(ibanOf)
        .filter((v): v is string => v !== null);
      // An IBAN of another country, when the rule names countries.
      const elsewhere = ['DE', 'GB', 'FR'].find((c) => !countries.includes(c)) ?? 'NL';
      const foreign = anyCountry ? null : ibanOf(elsewhere);
      return plain(accepted, [
        ...accepted.slice(0, 1).map(brokenIban),
        ...(foreign ? [foreign] : []),
      ]);
    }
    case 'bic':
      return plain(['DEUTDEFF', 'NWBKGB2LXXX'], ['DEUTDEF', 'DEUT12FF', 'NWBKGB2LXX']);
    case 'abaRouting':
      return plain(['021000021', '011000015'], ['021000022', '02100002']);
    case 'clabe':
      return plain(['002010077777777771'], ['002010077777777772', '00201007777777777']);
    case 'cbu':
      return plain(['2850590940090418135201'], ['2850590940090418135202', '285059094009041813520']);
    case 'ukModulus': {
      const sortCode = { [check.field]: '089999' };
      return {
        accepted: [{ value: '66374958', with: sortCode }],
        refused: [{ value: '66374959', with: sortCode }],
      };
    }
    case 'taxId': {
      const known = TAX_ID_SAMPLES[check.scheme as (typeof TAX_ID_SCHEMES)[number]];
      return known ? plain([known[0]], [known[1]]) : plain([], []);
    }
  }
}

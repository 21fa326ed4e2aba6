// A new country's rule file from a template (issue 33 point 2): the rules console creates a
// country that has no file (until then it follows the shared rules: _default, or _iban for a
// country of the IBAN registry) from one of three shapes of bank account, each with its source
// and examples, which the editor then adjusts. The file is a draft like any other: checked,
// previewed, approved by a second person and published.
import { electronicFormatIBAN, getCountrySpecifications, isValidIBAN } from 'ibantools';
import type { CountryRules, RuleExample } from '../schemas/country-rules';

export const COUNTRY_TEMPLATES = ['iban', 'wire', 'clearing'] as const;
export type CountryTemplate = (typeof COUNTRY_TEMPLATES)[number];

export class TemplateNotApplicable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateNotApplicable';
  }
}

/** The country's English name (the files' `name` is English, for readers). */
export const englishCountryName = (country: string): string =>
  new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country;

const CHARS: Record<string, string> = { '0-9': '0123456789', 'A-Z': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' };

/** The check digits of an IBAN (ISO 13616: mod 97 of the BBAN, the country and 00). */
function checkDigits(country: string, bban: string): string {
  const digits = `${bban}${country}00`
    .split('')
    .map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55)))
    .join('');
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return String(98 - rest).padStart(2, '0');
}

/**
 * A valid IBAN of the country, made from its BBAN format in the IBAN registry (ibantools): digits
 * and letters in order, tried until the country's national check digits (where it has them) pass.
 * Undefined for a country that issues no IBANs.
 */
export function sampleIban(country: string): string | undefined {
  const spec = getCountrySpecifications()[country];
  if (!spec?.IBANRegistry || !spec.bban_regexp) return undefined;
  const parts = [...spec.bban_regexp.matchAll(/\[([A-Za-z0-9-]+)\]\{(\d+)\}/g)].map((m) => ({
    set:
      (m[1] ?? '')
        .replace('a-z', '')
        .match(/0-9|A-Z/g)
        ?.map((r) => CHARS[r])
        .join('') ?? '0123456789',
    length: Number(m[2]),
  }));
  for (let attempt = 0; attempt < 5000; attempt++) {
    let seed = attempt;
    const bban = parts
      .map(({ set, length }) =>
        Array.from({ length }, (_, i) => {
          const c = set[(seed + i * 7) % set.length] ?? '0';
          seed = Math.floor(seed / 3) + i;
          return c;
        }).join(''),
      )
      .join('');
    const iban = `${country}${checkDigits(country, bban)}${bban}`;
    if (isValidIBAN(electronicFormatIBAN(iban) ?? iban)) return iban;
  }
  return undefined;
}

/** A valid-looking BIC of a bank in the country (the check is the BIC's shape). */
const sampleBic = (country: string): string => `ABCD${country}2X`;

const wireAddress = (country: string) => ({
  addressLine1: '1 Main Street',
  addressCity: 'Capital City',
  addressCountryCode: country,
});

function bankExample(
  country: string,
  description: string,
  data: Record<string, unknown>,
  errors?: RuleExample['errors'],
): RuleExample {
  return {
    description,
    form: 'bank-account',
    method: 'WIRE',
    data: { countryCode: country, transferMethod: 'WIRE', nickname: 'Salary', ...data },
    ...(errors ? { errors } : { valid: true }),
  };
}

/**
 * The message of a template's format, written with the file in every language (`translations`),
 * so that the editor words it for the country in the messages panel; {{field}} is the label.
 */
const formatMessage = (min: number, max: number) => {
  const n = (to: string) => (min === max ? `${min}` : `${min} ${to} ${max}`);
  return {
    en: `{{field}}: ${n('to')} digits, as the bank gives it.`,
    es: `{{field}}: ${n('a')} dígitos, tal como lo da el banco.`,
    fr: `{{field}} : ${n('à')} chiffres, tel que la banque le donne.`,
    pt: `{{field}}: ${n('a')} dígitos, como o banco o informa.`,
    de: `{{field}}: ${n('bis')} Ziffern, wie die Bank sie angibt.`,
  };
};

const TEMPLATE_NOTE =
  'Made in the rules console from a template: replace this source with where the rules come from.';

/** The rule file of `country` made from `template`. */
export function countryFromTemplate(
  template: CountryTemplate,
  country: string,
  name: string = englishCountryName(country),
): CountryRules {
  const head = { $schema: './country-rules.schema.json', country, name };
  const account = (accountNumber: string) => ({
    accountNumber,
    accountNumberConfirmation: accountNumber,
  });
  switch (template) {
    case 'iban': {
      const iban = sampleIban(country);
      if (!iban)
        throw new TemplateNotApplicable(
          `IbanUnknown: ${country} issues no IBANs (it is not in the SWIFT IBAN registry); choose another template`,
        );
      const mistyped = `${iban.slice(0, 2)}${iban[2] === '9' ? '0' : '9'}${iban.slice(3)}`;
      return {
        ...head,
        extends: '_iban',
        source: `SWIFT IBAN Registry: ${country} IBANs have ${iban.length} characters. ${TEMPLATE_NOTE}`,
        bankAccount: {
          fields: {
            iban: {
              required: true,
              iban: true,
              source: `SWIFT IBAN Registry: an IBAN of ${country} (its check digits and national format)`,
            },
          },
        },
        examples: [
          bankExample(country, `An IBAN of ${name} with its bank's BIC`, {
            iban,
            bic: sampleBic(country),
          }),
          bankExample(
            country,
            'An IBAN whose check digits are wrong',
            { iban: mistyped, bic: sampleBic(country) },
            [{ path: '/iban', keyword: 'iban' }],
          ),
        ],
      };
    }
    case 'wire':
      return {
        ...head,
        source: `International wire (SWIFT): the account number as the bank gives it and the bank's BIC; ${name} has no national bank code in use for payments from abroad. ${TEMPLATE_NOTE}`,
        bankAccount: {
          transferMethods: ['WIRE'],
          fields: {
            accountNumber: {
              required: true,
              pattern: '^[A-Za-z0-9]{1,31}$',
              source: 'Spec section 5: an account number of 1 to 31 letters and digits',
            },
            bic: { required: true, bic: true },
          },
        },
        examples: [
          bankExample(country, 'A wire to an account number with the BIC', {
            ...account('0123456789'),
            bic: sampleBic(country),
            ...wireAddress(country),
          }),
          bankExample(
            country,
            'An account number with punctuation',
            { ...account('0123-456789'), bic: sampleBic(country), ...wireAddress(country) },
            [{ path: '/accountNumber', keyword: 'pattern' }],
          ),
          bankExample(
            country,
            'A wire without the BIC',
            { ...account('0123456789'), ...wireAddress(country) },
            [{ path: '/bic', keyword: 'required' }],
          ),
        ],
      };
    case 'clearing': {
      const key = `bankCode.${country.toLowerCase()}`;
      const accountKey = `accountNumber.${country.toLowerCase()}`;
      return {
        ...head,
        source: `National clearing: the bank's (or branch's) code of the national clearing system and the account number. ${TEMPLATE_NOTE}`,
        bankAccount: {
          transferMethods: ['WIRE'],
          fields: {
            sortCode: {
              required: true,
              pattern: '^\\d{6}$',
              label: 'bankCode',
              messages: { pattern: key },
              source: 'The national clearing code: 6 digits (adjust to the country)',
            },
            accountNumber: {
              required: true,
              pattern: '^\\d{6,20}$',
              messages: { pattern: accountKey },
            },
            bic: { required: false },
          },
        },
        examples: [
          bankExample(country, 'A clearing code with an account number', {
            sortCode: '250655',
            ...account('1234567890'),
            ...wireAddress(country),
          }),
          bankExample(
            country,
            'A clearing code one digit short',
            { sortCode: '25065', ...account('1234567890'), ...wireAddress(country) },
            [{ path: '/sortCode', keyword: 'pattern' }],
          ),
          bankExample(
            country,
            'An account number with letters',
            { sortCode: '250655', ...account('12345ABC90'), ...wireAddress(country) },
            [{ path: '/accountNumber', keyword: 'pattern' }],
          ),
        ],
        translations: { [key]: formatMessage(6, 6), [accountKey]: formatMessage(6, 20) },
      };
    }
  }
}

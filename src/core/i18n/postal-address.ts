// One way to write an address: in its country's postal order (France "75008 Paris", the US "New
// York, NY 10118", the UK's postcode on a line of its own), then the country's name in the reader's
// language. The layouts are the `fmt` strings of Google's address metadata (libaddressinput), kept
// to the fields the portal stores: %A street lines, %C city, %S state or province, %Z postal code,
// %n a new line. Shared by the portal (side panel, settings, payout cards) and the server's mails.

/** What an address needs to be written; the profile's Address entity and payout addresses fit. */
export interface PostalAddress {
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  countryCode?: string;
}

const LAYOUTS: Record<string, string> = {
  AR: '%A%n%Z %C%n%S',
  AU: '%A%n%C %S %Z',
  BR: '%A%n%C-%S%n%Z',
  CA: '%A%n%C %S %Z',
  CN: '%A%n%C%n%S %Z',
  GB: '%A%n%C%n%Z',
  HK: '%A%n%C%n%S',
  IE: '%A%n%C%n%S%n%Z',
  IN: '%A%n%C %Z%n%S',
  IT: '%A%n%Z %C %S',
  ES: '%A%n%Z %C %S',
  JP: '%A, %S%n%Z',
  KR: '%A%n%C, %S%n%Z',
  MX: '%A%n%Z %C, %S',
  NG: '%A%n%C %Z%n%S',
  NZ: '%A%n%C %Z',
  PH: '%A%n%C%n%Z %S',
  SG: '%A%n%Z',
  UA: '%A%n%C%n%S%n%Z',
  US: '%A%n%C, %S %Z',
  ZA: '%A%n%C%n%Z',
};
// Most of Europe and many other countries write the postal code before the city.
const POSTCODE_FIRST = '%A%n%Z %C';
const POSTCODE_FIRST_COUNTRIES = [
  'AT',
  'BE',
  'CH',
  'CZ',
  'DE',
  'DK',
  'EE',
  'FI',
  'FR',
  'GF',
  'GP',
  'GR',
  'HR',
  'HU',
  'IS',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MQ',
  'NL',
  'NO',
  'PL',
  'PT',
  'RE',
  'RO',
  'SE',
  'SI',
  'SK',
  'YT',
  'GE',
];
const DEFAULT_LAYOUT = '%A%n%C %S %Z';

export function layoutOf(countryCode: string | undefined): string {
  if (!countryCode) return DEFAULT_LAYOUT;
  if (POSTCODE_FIRST_COUNTRIES.includes(countryCode)) return POSTCODE_FIRST;
  return LAYOUTS[countryCode] ?? DEFAULT_LAYOUT;
}

// One Intl.DisplayNames per language: making one loads the runtime's region names (about 50 ms
// at a phone's speed), once per page instead of once per address or option.
const regionNames = new Map<string, Intl.DisplayNames>();

/** The country's name in `locale`, or its code where the runtime has no name for it. */
export function countryName(code: string, locale: string): string {
  try {
    let names = regionNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
      regionNames.set(locale, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The address as the lines of an envelope, in the country's order, with the country's name in
 * `locale` last. Empty fields leave no gap or stray comma.
 */
export function formatAddress(address: PostalAddress | undefined, locale: string): string[] {
  if (!address) return [];
  const values: Record<string, string> = {
    A: [address.addressLine1, address.addressLine2].filter(Boolean).join('\n'),
    C: address.city ?? '',
    S: address.state ?? '',
    Z: address.postalCode ?? '',
  };
  const lines = layoutOf(address.countryCode)
    .split('%n')
    .flatMap((line) =>
      line
        .replace(/%([ACSZ])/g, (_, key: string) => values[key] ?? '')
        .split('\n')
        // A missing part leaves neither its separator nor extra spaces behind.
        .map((text) =>
          text
            .replace(/\s+/g, ' ')
            .replace(/^[\s,-]+|[\s,-]+$/g, '')
            .replace(/\s*,\s*,/g, ','),
        ),
    )
    .filter((line) => line !== '');
  if (address.countryCode) lines.push(countryName(address.countryCode, locale));
  return lines;
}

// Country options for selects: ISO 3166-1 alpha-2 codes named by Intl.DisplayNames in the page's
// language, sorted by name in that language, with the United States first and apart.
import { countryName } from '../../../core/i18n/postal-address';

/** Every officially assigned ISO 3166-1 alpha-2 code. */
export const ISO_COUNTRIES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
  'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
  'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
  'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
  'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
  'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
  'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export const FIRST_COUNTRY = 'US';

export interface CountryOption {
  code: string;
  name: string;
}

export { countryName };

/**
 * The countries to offer: `first` holds the United States when it is among them, `rest` the others
 * sorted by their name in `language`.
 */
export function countryOptions(
  codes: readonly string[] | undefined,
  language: string,
): { first: CountryOption[]; rest: CountryOption[] } {
  const unique = [...new Set((codes?.length ? codes : ISO_COUNTRIES).map((c) => c.toUpperCase()))];
  const collator = new Intl.Collator(language);
  const all = unique.map((code) => ({ code, name: countryName(code, language) }));
  return {
    first: all.filter((c) => c.code === FIRST_COUNTRY),
    rest: all
      .filter((c) => c.code !== FIRST_COUNTRY)
      .sort((a, b) => collator.compare(a.name, b.name)),
  };
}

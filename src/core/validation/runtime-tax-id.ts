// National tax identification numbers of people, checked with stdnum (a port of python-stdnum):
// format and check digits as each tax administration publishes them. Apart from ./runtime so that
// only the validators that use it (profile-person variants of countries whose rule names a check)
// import it. Each check is one small CommonJS module of stdnum, imported by its path.
import * as arCuit from 'stdnum/lib/cjs/ar/cuit.js';
import * as brCpf from 'stdnum/lib/cjs/br/cpf.js';
import * as caSin from 'stdnum/lib/cjs/ca/sin.js';
import * as deIdnr from 'stdnum/lib/cjs/de/idnr.js';
import * as esNif from 'stdnum/lib/cjs/es/nif.js';
import * as frNif from 'stdnum/lib/cjs/fr/nif.js';
import * as gbNino from 'stdnum/lib/cjs/gb/nino.js';
import * as inPan from 'stdnum/lib/cjs/in/pan.js';
import * as itCodiceFiscale from 'stdnum/lib/cjs/it/codicefiscale.js';
import * as mxRfc from 'stdnum/lib/cjs/mx/rfc.js';
import * as nlBsn from 'stdnum/lib/cjs/nl/bsn.js';
import * as uaRntrc from 'stdnum/lib/cjs/ua/rntrc.js';

interface TaxIdCheck {
  validate(value: string): { isValid: boolean };
}

/** The checks a country rule may name (`taxId`); the rule meta-schema lists the same names. */
export const TAX_ID_CHECKS: Readonly<Record<string, TaxIdCheck>> = {
  'AR.cuit': arCuit,
  'BR.cpf': brCpf,
  'CA.sin': caSin,
  'DE.idnr': deIdnr,
  'ES.nif': esNif,
  'FR.nif': frNif,
  'GB.nino': gbNino,
  'IN.pan': inPan,
  'IT.codicefiscale': itCodiceFiscale,
  'MX.rfc': mxRfc,
  'NL.bsn': nlBsn,
  'UA.rntrc': uaRntrc,
};

/**
 * Whether `value` is a valid number of the named kind. Spaces, dashes and dots people type between
 * groups are accepted (stdnum compacts them). An unknown check refuses: a misspelt rule must not
 * let every value through (rules:check reports it first).
 */
export function taxId(value: string, check: string): boolean {
  const checker = Object.hasOwn(TAX_ID_CHECKS, check) ? TAX_ID_CHECKS[check] : undefined;
  if (!checker) return false;
  try {
    return checker.validate(value).isValid;
  } catch {
    return false;
  }
}

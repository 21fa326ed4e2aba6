// IBAN and BIC checks, apart from ./runtime: ibantools (~4 KB gzipped) is loaded only by the
// validators that use it (the bank-account variants of IBAN countries, and those asking a BIC).
// Precompiled validators import this module as `ibanRuntime` when their code calls it.
import { electronicFormatIBAN, validateBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';

/** Why an IBAN is rejected, or null when it is valid (and from one of `countries` when given). */
export type IbanProblem = 'format' | 'checksum' | 'national' | 'country';
export function ibanProblem(
  value: string,
  countries: readonly string[] | true,
): IbanProblem | null {
  const iban = electronicFormatIBAN(value) ?? '';
  const { valid, errorCodes } = validateIBAN(iban);
  if (!valid) {
    if (errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum)) return 'checksum';
    if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) return 'national';
    return 'format';
  }
  if (countries !== true && !countries.includes(iban.slice(0, 2))) return 'country';
  return null;
}

/** BIC/SWIFT: 8 or 11 characters, letters in the first six, a known country in positions 5-6. */
export const bic = (value: string): boolean => validateBIC(value.trim().toUpperCase()).valid;

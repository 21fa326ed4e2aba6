// The BIC of an IBAN's bank, where a national bank directory says it: iban-to-bic carries the
// directories of AT, BE, DE, ES, FR, LU and NL (about 35 KB gzipped, so it stays on the server
// rather than in the portal's bundle). A suggestion for the user to confirm, never a check.
import ibanToBic from 'iban-to-bic';
import { electronicFormatIBAN } from 'ibantools';

/** The BIC iban-to-bic derives from a valid IBAN (spaces and case ignored), or null. */
export function bicFromIban(iban: string): string | null {
  const electronic = electronicFormatIBAN(iban);
  return (electronic && ibanToBic.ibanToBic(electronic)) || null;
}

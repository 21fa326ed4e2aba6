// iban-to-bic (MIT) ships no types.
declare module 'iban-to-bic' {
  const ibanToBic: {
    /** The BIC of a valid IBAN's bank, or undefined when invalid or not in its directories. */
    ibanToBic(iban: string): string | undefined;
    ibanIsValid(iban: string): boolean;
  };
  export default ibanToBic;
}

// What SchemaForm hands its widgets besides their own field.
export interface SchemaFormContext {
  /** Country codes a country select offers (the merchant's supportedCountries). */
  countries?: readonly string[];
  /** The form's `prefix` value: the OTP widget shows it before the code. */
  codePrefix?: string;
  /** The prefix of the form's input ids (RJSF idPrefix), so the error summary links to them. */
  idPrefix?: string;
  /**
   * Changes when the error summary takes the form's errors anew: a submit attempt, the server's
   * answer, a new language or new rules. Between two, the summary stays as it was.
   */
  summaryVersion?: number;
}

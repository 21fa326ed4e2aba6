// What SchemaForm hands its widgets besides their own field.
export interface SchemaFormContext {
  /** Country codes a country select offers (the merchant's supportedCountries). */
  countries?: readonly string[];
  /** The form's `prefix` value: the OTP widget shows it before the code. */
  codePrefix?: string;
  /** The prefix of the form's input ids (RJSF idPrefix), so the error summary links to them. */
  idPrefix?: string;
}

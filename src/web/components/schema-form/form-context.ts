// What SchemaForm hands its widgets besides their own field.
export interface SchemaFormContext {
  /** Country codes a country select offers (the merchant's supportedCountries). */
  countries?: readonly string[];
  /** The whole form's data (the OTP widget shows the code's prefix from it). */
  formData?: Record<string, unknown>;
  /** The prefix of the form's input ids (RJSF idPrefix), so the error summary links to them. */
  idPrefix?: string;
}

// The shape of a precompiled validator module written by `npm run build:validators`.
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from '../schemas/json-schema';

export interface PrecompiledValidate {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export interface PrecompiledModule {
  key: string;
  schema: JsonSchema;
  validate: PrecompiledValidate;
}

export interface ValidatorManifestEntry {
  key: string;
  file: string;
  formId: string;
  country?: string;
  method?: string;
  /** What people in the country call the transfer method (options.transferMethodName key). */
  methodName?: string;
}

/** File name of a variant's module: bank-account.US.ACH.js, address._default.js, otp.js. */
export const variantFileName = (v: { formId: string; country?: string; method?: string }): string =>
  [v.formId, v.country, v.method].filter(Boolean).join('.') + '.js';

/** A form variant whose validator the API serves (published or previewed rules), by module URL. */
export interface ServedVariant {
  formId: string;
  country?: string;
  method?: string;
  /** What people in the country call the transfer method (options.transferMethodName key). */
  methodName?: string;
  url: string;
}

/** The transfer methods of a country whose published rules offer other methods than the build. */
export interface CountryTransferMethods {
  country: string;
  methods: string[];
}

/**
 * GET /master/rules/validators: the rules version in use, the form variants it changed since the
 * portal was built, and the countries whose bank accounts it offers other transfer methods.
 */
export interface PublishedValidators {
  rulesVersion: number;
  variants: ServedVariant[];
  transferMethods: CountryTransferMethods[];
}

// The shape of a country rule file (country-rules/*.json). The meta-schema
// country-rules/country-rules.schema.json is the authority; these types mirror it for code.
import type { JsonSchema } from './json-schema';

export const TRANSFER_METHODS = ['ACH', 'WIRE', 'RTP'] as const;
export type TransferMethod = (typeof TRANSFER_METHODS)[number];

/** What a rule says about one field; keywords here become standard or custom schema keywords. */
export interface FieldRule {
  required?: boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  enum?: string[];
  label?: string;
  help?: string;
  messages?: Record<string, string>;
  iban?: boolean | string[];
  bic?: boolean;
  abaRouting?: boolean;
  clabe?: boolean;
  cbu?: boolean;
  /** UK modulus check of this account number with the sibling field it names (the sort code). */
  ukModulus?: string;
  /** National tax id check by name (runtime-tax-id's TAX_ID_CHECKS), e.g. "FR.nif". */
  taxId?: string;
  source?: string;
  description?: string;
}

/** `false` removes a field that a rule further up the chain added. */
export type FieldRules = Record<string, FieldRule | false>;

export interface FormRules {
  fields?: FieldRules;
}

export interface BankAccountRules extends FormRules {
  transferMethods?: TransferMethod[];
  methods?: Partial<Record<TransferMethod, FormRules>>;
}

export interface RuleExample {
  description: string;
  /** `payout`: what a resident may add (`data.type`) and the currencies it receives. */
  form: 'address' | 'bank-account' | 'profile-person' | 'payout';
  /** For shared rules: the country the example is tried as. */
  country?: string;
  method?: TransferMethod;
  data: Record<string, unknown>;
  valid?: true;
  errors?: { path: string; keyword: string }[];
  /** payout examples: whether `data.type` may be added in the country. */
  offered?: boolean;
  /** payout examples: the currencies `data.type` receives there, in order. */
  currencies?: string[];
}

export interface CountryRules {
  $schema?: string;
  /** ISO 3166-1 alpha-2 code, or the name of a shared rule such as "_default" or "_iban". */
  country: string;
  name: string;
  /** Shared rules only: the countries that use this rule (a listed country's own file, if any, extends it). */
  countries?: string[];
  /** Shared rule this file starts from; "_default" when absent. */
  extends?: string;
  source?: string;
  notes?: string;
  address?: FormRules;
  bankAccount?: BankAccountRules;
  /** A person's identity numbers a resident of the country is asked for (profile-person). */
  identity?: FormRules;
  /** What people in the country call a transfer method: a key under options.transferMethodName. */
  transferMethodNames?: Partial<Record<TransferMethod, string>>;
  /** Payout methods other than bank accounts a resident of the country may add. */
  payoutTypes?: OtherPayoutType[];
  /** ISO 4217 currencies each payout method can receive (see `currenciesFor`). */
  currencies?: Partial<Record<CurrencyKey, string[]>>;
  /** Messages the rules name, written with them in every language (message key → language → text). */
  translations?: Record<string, Record<'en' | 'es' | 'fr' | 'pt' | 'de', string>>;
  examples: RuleExample[];
}

/** Payout method types besides bank accounts (whose transfer methods `bankAccount` lists). */
export const OTHER_PAYOUT_TYPES = ['DEBIT_CARD', 'Paypal', 'ZELLE', 'PHYSICAL_CHECK'] as const;
export type OtherPayoutType = (typeof OTHER_PAYOUT_TYPES)[number];

export type { JsonSchema };

/** What a `currencies` list is for: bank accounts of the country, one transfer method, a type. */
export type CurrencyKey = 'bankAccount' | TransferMethod | OtherPayoutType;

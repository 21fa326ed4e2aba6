// The subset of JSON Schema (draft-07) plus our custom and annotation keywords that forms and
// country rules use. Wider than any one schema needs; narrow enough to catch typos in code.
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  not?: JsonSchema;
  enum?: (string | number | boolean | null)[];
  const?: string | number | boolean | null;
  default?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  oneOf?: JsonSchema[];
  examples?: unknown[];
  // custom keywords (src/core/validation/keywords.ts)
  nonBlank?: boolean;
  iban?: boolean | string[];
  bic?: boolean;
  abaRouting?: boolean;
  clabe?: boolean;
  cbu?: boolean;
  luhn?: boolean;
  cardBrand?: string[];
  expiryMonth?: boolean;
  expiryNotPast?: boolean;
  minimumAge?: number;
  notEqual?: string;
  isSameValue?: string;
  ukModulus?: string;
  taxId?: string;
  // annotations for the portal
  'x-label'?: string;
  'x-help'?: string;
  'x-messages'?: Record<string, string>;
  /** Texts of x-messages keys the country rules wrote themselves (`translations`), by language. */
  'x-message-texts'?: Record<string, Record<string, string>>;
  'x-rule-controlled'?: string[];
}

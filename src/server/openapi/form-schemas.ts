// Request bodies as the API document shows them: the composed form schemas the server validates
// with (src/core compose), with our custom keywords renamed to `x-` annotations so that generic
// OpenAPI tools read plain JSON Schema. The validation itself is untouched: routes still validate
// with the shared validators (forms.assertValid), this only describes what they accept.
import { loadCatalog, type RuleCatalog } from '../../core/schemas/catalog';
import { createComposer, DEFAULT_RULE, ruledCountries } from '../../core/schemas/compose';
import type { JsonSchema } from '../../core/schemas/json-schema';

/** Keywords of ours that generic tools do not know: shown as `x-<name>` annotations. */
const CUSTOM_KEYWORDS = new Set([
  'nonBlank',
  'iban',
  'bic',
  'abaRouting',
  'clabe',
  'cbu',
  'luhn',
  'cardBrand',
  'expiryMonth',
  'expiryNotPast',
  'minimumAge',
  'notEqual',
  'isSameValue',
  'ukModulus',
  'taxId',
]);
/** Keywords the document leaves out: identifiers of the validator build and portal-only hints. */
const DROPPED = new Set(['$schema', '$id', 'x-messages', 'x-message-texts', 'x-rule-controlled']);

type Json = unknown;

/** A copy of a composed schema with custom keywords as `x-` annotations. */
export function toDocumentSchema(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(toDocumentSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, toDocumentSchema(sub)]),
      );
    } else if (CUSTOM_KEYWORDS.has(key)) out[`x-${key}`] = value;
    else out[key] = toDocumentSchema(value);
  }
  return out;
}

export interface FormDocumentation {
  /** One form without country variants, e.g. "debit-card". */
  form(formId: string, extra?: Record<string, JsonSchema>): JsonSchema;
  /** The bank-account body: one variant per country and transfer method, from country-rules/. */
  bankAccount(): JsonSchema;
}

/** `extra` properties the route takes besides the form (e.g. `preferred`). */
function withProperties(schema: JsonSchema, extra: Record<string, JsonSchema>): JsonSchema {
  return { ...schema, properties: { ...schema.properties, ...extra } };
}

const PREFERRED: Record<string, JsonSchema> = {
  preferred: {
    type: 'boolean',
    description: 'Make this the preferred payout method (the first method is preferred anyway).',
  },
};

export function createFormDocumentation(catalog: RuleCatalog = loadCatalog()): FormDocumentation {
  const composer = createComposer(catalog);
  let bankAccount: JsonSchema | undefined;

  function form(formId: string, extra: Record<string, JsonSchema> = {}): JsonSchema {
    return toDocumentSchema(withProperties(composer.compose(formId).schema, extra)) as JsonSchema;
  }

  /** The records the rule files list as valid bank accounts of a country and transfer method. */
  function examplesOf(country: string, method: string): unknown[] {
    return Object.entries(catalog.rules).flatMap(([name, rule]) =>
      (rule.examples ?? [])
        .filter(
          (e) =>
            e.form === 'bank-account' &&
            e.valid &&
            (e.country ?? name) === country &&
            (e.method ?? e.data.transferMethod) === method,
        )
        .map((e) => e.data),
    );
  }

  function buildBankAccount(): JsonSchema {
    const countries = ruledCountries(catalog);
    const variants: JsonSchema[] = [];
    const mapping: Record<string, string> = {};
    for (const country of [...countries, DEFAULT_RULE]) {
      for (const method of composer.transferMethods(country)) {
        const variant = composer.compose('bank-account', { country, method });
        let schema = withProperties(variant.schema, PREFERRED);
        if (country === DEFAULT_RULE) {
          // Countries without rules of their own: any other country code.
          const countryCode = schema.properties?.countryCode ?? {};
          schema = withProperties(schema, {
            countryCode: { ...countryCode, not: { enum: countries } },
          });
        }
        const examples = examplesOf(country, method);
        const name = country === DEFAULT_RULE ? `other countries` : country;
        variants.push({
          ...(toDocumentSchema(schema) as JsonSchema),
          title: `BankAccountForm ${name} ${method}`,
          ...(examples.length ? { examples } : {}),
        });
        mapping[`${country}:${method}`] = `${variants.length - 1}`;
      }
    }
    return {
      title: 'BankAccountForm',
      description:
        'A bank account. Its fields depend on the country (`countryCode`) and the transfer method ' +
        '(`transferMethod`): one variant per pair, composed from the rule files in country-rules/ ' +
        'exactly as the server validates it. Custom checks (IBAN checksum, ABA routing, UK ' +
        'modulus, ...) appear as `x-` annotations. A country without rules of its own uses the ' +
        '"other countries" variants.',
      oneOf: variants,
      // A few records from the rule files, shown first by the reference page.
      examples: ['GB', 'US', 'DE']
        .flatMap((country) => composer.transferMethods(country).map((m) => examplesOf(country, m)))
        .flatMap((list) => list.slice(0, 1)),
      'x-variants': mapping,
    } as JsonSchema;
  }

  return {
    form,
    bankAccount: () => (bankAccount ??= buildBankAccount()),
  };
}

let shared: FormDocumentation | undefined;
/** One documentation of the forms per process (composition is deterministic). */
export const formDocumentation = (): FormDocumentation => (shared ??= createFormDocumentation());

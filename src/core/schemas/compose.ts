// compose(formId, {country, method}) = form schema x country rules x transfer method, as one plain
// JSON Schema per variant: rules become standard keywords (pattern, enum, minLength, required, ...)
// and custom ones (iban, abaRouting, ...), never if/then blocks. Deterministic and cached.
import {
  TRANSFER_METHODS,
  type CountryRules,
  type FieldRule,
  type FieldRules,
  type OtherPayoutType,
  type TransferMethod,
} from './country-rules';
import type { JsonSchema } from './json-schema';
import type { RuleCatalog } from './catalog';

export const FORM_IDS = [
  'register',
  'profile-person',
  'profile-company',
  'address',
  'phone',
  'bank-account',
  'debit-card',
  'paypal',
  'zelle',
  'physical-check',
  'guardian-invite',
  'otp',
] as const;
export type FormId = (typeof FORM_IDS)[number];

/** Forms whose fields depend on the country, and the section of a rule file that shapes them. */
const RULE_SECTIONS = {
  address: 'address',
  'bank-account': 'bankAccount',
  'profile-person': 'identity',
} as const;
type CountryFormId = keyof typeof RULE_SECTIONS;

/** The field of a record that says which country's variant validates it. */
export const COUNTRY_FIELD: Record<CountryFormId, string> = {
  address: 'countryCode',
  'bank-account': 'countryCode',
  'profile-person': 'residency',
};

export const DEFAULT_RULE = '_default';
export const DEFAULT_MINIMUM_AGE = 18;

export interface VariantOptions {
  /** ISO 3166-1 alpha-2; countries without rules of their own get the generic rule. */
  country?: string;
  method?: TransferMethod;
  /** Minimum age threshold from the merchant configuration (businessRules.minimumAge). */
  minimumAge?: number;
}

export class UnknownVariantError extends Error {
  constructor(
    message: string,
    readonly field: 'form' | 'countryCode' | 'transferMethod',
  ) {
    super(message);
    this.name = 'UnknownVariantError';
  }
}

export const isCountryForm = (formId: string): formId is CountryFormId => formId in RULE_SECTIONS;

/** Rule files from the most general to the country's own: [_default, (_iban), (CC)]. */
export function ruleChain(catalog: RuleCatalog, country: string | undefined): CountryRules[] {
  const chain: CountryRules[] = [];
  const push = (name: string, seen: Set<string>): void => {
    const rule = Object.hasOwn(catalog.rules, name) ? catalog.rules[name] : undefined;
    if (!rule) throw new Error(`country-rules/${name}.json does not exist`);
    if (seen.has(name)) throw new Error(`country-rules/${name}.json extends itself in a loop`);
    seen.add(name);
    if (name !== DEFAULT_RULE) push(rule.extends ?? DEFAULT_RULE, seen);
    chain.push(rule);
  };
  push(ruleNameFor(catalog, country), new Set());
  return chain;
}

/** Which rule file governs a country: its own, a shared rule that lists it, or the default. */
export function ruleNameFor(catalog: RuleCatalog, country: string | undefined): string {
  if (!country) return DEFAULT_RULE;
  // Own properties only: a residency typed as "__proto__" or "constructor" is no rule's name.
  if (Object.hasOwn(catalog.rules, country)) return country;
  if (country.startsWith('_')) return DEFAULT_RULE;
  const shared = Object.entries(catalog.rules).find(
    ([name, rule]) => name.startsWith('_') && rule.countries?.includes(country),
  );
  return shared ? shared[0] : DEFAULT_RULE;
}

/** Every country with rules of its own or through a shared rule, sorted. */
export function ruledCountries(catalog: RuleCatalog): string[] {
  const countries = new Set<string>();
  for (const [name, rule] of Object.entries(catalog.rules)) {
    if (!name.startsWith('_')) countries.add(name);
    for (const c of rule.countries ?? []) countries.add(c);
  }
  return [...countries].sort();
}

export function transferMethodsFor(catalog: RuleCatalog, country: string): TransferMethod[] {
  let methods: TransferMethod[] = [];
  for (const rule of ruleChain(catalog, country)) {
    methods = rule.bankAccount?.transferMethods ?? methods;
  }
  return methods;
}

/** What people in `country` call a transfer method (a translation key), from the nearest rule. */
export function transferMethodNameFor(
  catalog: RuleCatalog,
  country: string,
  method: TransferMethod,
): string | undefined {
  let name: string | undefined;
  for (const rule of ruleChain(catalog, country)) name = rule.transferMethodNames?.[method] ?? name;
  return name;
}

/** The non-bank payout types a resident of `country` may add: the nearest rule that says. */
export function payoutTypesFor(catalog: RuleCatalog, country: string): OtherPayoutType[] {
  let types: OtherPayoutType[] = [];
  for (const rule of ruleChain(catalog, country)) types = rule.payoutTypes ?? types;
  return types;
}

/**
 * The currencies a payout method can receive, from the most specific rule that says: for a bank
 * account (`method` given) the rules of the account's country, the transfer method's list before
 * `bankAccount` in each file; for another payout type the rules of the resident's country.
 */
export function currenciesFor(
  catalog: RuleCatalog,
  country: string,
  kind: TransferMethod | OtherPayoutType,
): string[] {
  const isBank = (TRANSFER_METHODS as readonly string[]).includes(kind);
  for (const rule of [...ruleChain(catalog, country)].reverse()) {
    const lists = rule.currencies ?? {};
    const found = lists[kind] ?? (isBank ? lists.bankAccount : undefined);
    if (found) return found;
  }
  return [];
}

function mergeFieldRules(layers: (FieldRules | undefined)[]): Map<string, FieldRule> {
  const merged = new Map<string, FieldRule>();
  for (const layer of layers) {
    for (const [field, rule] of Object.entries(layer ?? {})) {
      if (rule === false) merged.delete(field);
      else merged.set(field, { ...merged.get(field), ...rule });
    }
  }
  return merged;
}

const RULE_TO_SCHEMA: Partial<Record<keyof FieldRule, keyof JsonSchema>> = {
  pattern: 'pattern',
  minLength: 'minLength',
  maxLength: 'maxLength',
  enum: 'enum',
  label: 'x-label',
  help: 'x-help',
  messages: 'x-messages',
  iban: 'iban',
  bic: 'bic',
  abaRouting: 'abaRouting',
  clabe: 'clabe',
  cbu: 'cbu',
  ukModulus: 'ukModulus',
  taxId: 'taxId',
};

function applyFieldRule(base: JsonSchema, rule: FieldRule, country: string): JsonSchema {
  const out: Record<string, unknown> = { ...base };
  for (const [ruleKey, schemaKey] of Object.entries(RULE_TO_SCHEMA)) {
    const value = rule[ruleKey as keyof FieldRule];
    if (value !== undefined) out[schemaKey as string] = value;
  }
  // `iban: true` in a country's rule means an IBAN of that country.
  if (rule.iban === true && !country.startsWith('_')) out.iban = [country];
  if (rule.messages) out['x-messages'] = { ...base['x-messages'], ...rule.messages };
  return out as JsonSchema;
}

function variantId(formId: string, country?: string, method?: string, age?: number): string {
  return ['urn:payee-portal:form', formId, country, method, age && `age${age}`]
    .filter(Boolean)
    .join(':');
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

function applyMinimumAge(schema: JsonSchema, years: number): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([k, p]) => [
      k,
      p.minimumAge !== undefined ? { ...p, minimumAge: years } : p,
    ]),
  );
  return { ...schema, properties };
}

function composeCountryForm(
  catalog: RuleCatalog,
  formId: CountryFormId,
  form: JsonSchema,
  opts: VariantOptions,
): { schema: JsonSchema; country: string; method?: TransferMethod } {
  let ruleName = ruleNameFor(catalog, opts.country);
  const section = RULE_SECTIONS[formId];
  if (section === 'identity') {
    // Identity numbers are asked per country file: a residency whose file says nothing about them
    // (or that has no file) shares the generic variant, so the portal needs no copy per country.
    for (const rule of ruleChain(catalog, ruleName)) {
      if (rule.identity && rule.country.startsWith('_') && rule.country !== DEFAULT_RULE) {
        throw new Error(
          `country rule ${rule.country} is shared: identity belongs in country files`,
        );
      }
    }
    if (!catalog.rules[ruleName]?.identity) ruleName = DEFAULT_RULE;
  }
  // A country with no rule of its own shares the generic variant; shared rules keep the country.
  const country =
    ruleName === DEFAULT_RULE
      ? DEFAULT_RULE
      : section === 'identity'
        ? ruleName
        : (opts.country ?? ruleName);
  const chain = ruleChain(catalog, ruleName);
  let layers: (FieldRules | undefined)[] = chain.map((r) => r[section]?.fields);
  let method: TransferMethod | undefined;
  if (section === 'bankAccount') {
    const allowed = transferMethodsFor(catalog, ruleName);
    method = opts.method ?? allowed[0];
    if (!method || !allowed.includes(method)) {
      throw new UnknownVariantError(
        `${method ?? 'no transfer method'} is not available for bank accounts in ${opts.country ?? country} (allowed: ${allowed.join(', ')})`,
        'transferMethod',
      );
    }
    const m = method;
    layers = chain.flatMap((r) => [r.bankAccount?.fields, r.bankAccount?.methods?.[m]?.fields]);
  }
  const rules = mergeFieldRules(layers);
  const controlled = new Set(form['x-rule-controlled'] ?? []);
  const properties: Record<string, JsonSchema> = {};
  const required = new Set(form.required ?? []);
  for (const [name, base] of Object.entries(form.properties ?? {})) {
    // A confirmation field (notEqual: other) exists and is required exactly when its original is.
    const governing = base.notEqual && controlled.has(base.notEqual) ? base.notEqual : name;
    const rule = rules.get(governing);
    if (controlled.has(governing) && !rule) {
      required.delete(name);
      continue;
    }
    properties[name] = rule && governing === name ? applyFieldRule(base, rule, country) : base;
    if (rule?.required === true) required.add(name);
    if (rule?.required === false) required.delete(name);
  }
  for (const [field, rule] of rules) {
    if (!form.properties?.[field]) {
      throw new Error(
        `country rule ${ruleName} names field "${field}", which the ${formId} form does not have`,
      );
    }
    // A check against a sibling field needs that field in this variant.
    if (rule.ukModulus !== undefined && !properties[rule.ukModulus]) {
      throw new Error(
        `country rule ${ruleName} checks "${field}" against "${rule.ukModulus}", which the ${formId} form of ${country} does not have`,
      );
    }
  }
  // Messages the rules wrote themselves travel with the fields that name them, so the server and
  // the portal render them from the variant alone (no release of locales/ needed).
  const texts: Record<string, Record<string, string>> = Object.assign(
    {},
    ...chain.map((r) => r.translations ?? {}),
  );
  for (const [name, property] of Object.entries(properties)) {
    const written = Object.values(property['x-messages'] ?? {}).flatMap((k) => {
      const byLanguage = Object.hasOwn(texts, k) ? texts[k] : undefined;
      return byLanguage ? [[k, byLanguage] as const] : [];
    });
    if (written.length)
      properties[name] = { ...property, 'x-message-texts': Object.fromEntries(written) };
  }
  if (country !== DEFAULT_RULE && properties.countryCode) {
    properties.countryCode = { ...properties.countryCode, enum: [country] };
  }
  if (method && properties.transferMethod) {
    properties.transferMethod = { ...properties.transferMethod, enum: [method] };
  }
  const schema: JsonSchema = { ...form, properties, required: [...required] };
  delete schema['x-rule-controlled'];
  return { schema, country, method };
}

export interface ComposedVariant {
  key: string;
  formId: FormId;
  country?: string;
  method?: TransferMethod;
  schema: JsonSchema;
}

export function createComposer(catalog: RuleCatalog) {
  const cache = new Map<string, ComposedVariant>();

  function compose(formId: string, opts: VariantOptions = {}): ComposedVariant {
    const form = catalog.forms[formId];
    if (!form || !(FORM_IDS as readonly string[]).includes(formId)) {
      throw new UnknownVariantError(
        `unknown form "${formId}" (forms: ${FORM_IDS.join(', ')})`,
        'form',
      );
    }
    const age =
      opts.minimumAge !== undefined && opts.minimumAge !== DEFAULT_MINIMUM_AGE
        ? opts.minimumAge
        : undefined;
    let country: string | undefined;
    let method: TransferMethod | undefined;
    let schema: JsonSchema;
    if (isCountryForm(formId)) {
      ({ schema, country, method } = composeCountryForm(catalog, formId, form, opts));
    } else {
      schema = { ...form };
    }
    const key = variantId(formId, country, method, age);
    const hit = cache.get(key);
    if (hit) return hit;
    if (age !== undefined) schema = applyMinimumAge(schema, age);
    const variant: ComposedVariant = {
      key,
      formId: formId as FormId,
      country,
      method,
      schema: deepFreeze({ ...schema, $id: key }),
    };
    cache.set(key, variant);
    return variant;
  }

  /** Every variant the portal can ask for: each form, and per country and method where they apply. */
  function allVariants(): ComposedVariant[] {
    const variants: ComposedVariant[] = [];
    const countries = [DEFAULT_RULE, ...ruledCountries(catalog)];
    for (const formId of FORM_IDS) {
      if (!isCountryForm(formId)) {
        variants.push(compose(formId));
        continue;
      }
      const seen = new Set<string>();
      for (const country of countries) {
        const methods =
          formId === 'bank-account' ? transferMethodsFor(catalog, country) : [undefined];
        for (const method of methods) {
          const variant = compose(formId, { country, method });
          if (!seen.has(variant.key)) variants.push(variant);
          seen.add(variant.key);
        }
      }
    }
    return variants;
  }

  const transferMethods = (country: string): TransferMethod[] =>
    transferMethodsFor(catalog, country);
  const payoutTypes = (country: string): OtherPayoutType[] => payoutTypesFor(catalog, country);
  const currencies = (country: string, kind: TransferMethod | OtherPayoutType): string[] =>
    currenciesFor(catalog, country, kind);

  const transferMethodName = (country: string, method: TransferMethod): string | undefined =>
    transferMethodNameFor(catalog, country, method);

  return { compose, allVariants, transferMethods, payoutTypes, currencies, transferMethodName };
}

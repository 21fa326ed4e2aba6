// Custom ajv keywords for what JSON Schema cannot say. Every keyword is a `code` keyword that calls
// a function of ./runtime, referenced as `runtime.<name>` so that standalone (precompiled)
// validators can import the same function instead of embedding it: no `new Function` in the browser.
import { _, Name, type Code, type KeywordCxt, type KeywordDefinition } from 'ajv';
import * as runtime from './runtime';
import * as ukRuntime from './runtime-uk';
import * as taxIdRuntime from './runtime-tax-id';
import * as ibanRuntime from './runtime-iban';
import * as cardRuntime from './runtime-card';

/**
 * The run-time modules by the name standalone code gives them: `runtime` is imported by every
 * validator, the others only by those whose code calls them (src/core/build/build-validators.ts).
 */
const RUNTIMES = { runtime, ibanRuntime, cardRuntime } as const;
type Runtimes = typeof RUNTIMES;
type FunctionsOf<M> = {
  [K in keyof M]: M[K] extends (...args: never[]) => unknown ? K : never;
}[keyof M] &
  string;
type RuntimeFunction = {
  [M in keyof Runtimes]: readonly [M, FunctionsOf<Runtimes[M]>];
}[keyof Runtimes];

/** A scope reference to <module>.<name>, emitted as `<module>.<name>` in standalone code. */
const runtimeRef = (cxt: KeywordCxt, name: string | RuntimeFunction): Code => {
  const [module, fn] = typeof name === 'string' ? (['runtime', name] as const) : name;
  const ref = (RUNTIMES[module] as Record<string, unknown>)[fn];
  return cxt.gen.scopeValue('func', { ref, code: _`${new Name(module)}.${new Name(fn)}` });
};

/** runtime-uk.ukModulus, emitted as `ukRuntime.ukModulus`: only validators using it import it. */
const ukModulusRef = (cxt: KeywordCxt): Code =>
  cxt.gen.scopeValue('func', { ref: ukRuntime.ukModulus, code: _`ukRuntime.ukModulus` });

/** runtime-tax-id.taxId, emitted as `taxIdRuntime.taxId`: only validators using it import it. */
const taxIdRef = (cxt: KeywordCxt): Code =>
  cxt.gen.scopeValue('func', { ref: taxIdRuntime.taxId, code: _`taxIdRuntime.taxId` });

/** A string keyword failing when `runtime[fn](data, schemaValue)` is false. */
const stringCheck = (
  keyword: string,
  fn: FunctionsOf<typeof runtime> | RuntimeFunction,
  message: string,
  schemaType: KeywordDefinition['schemaType'] = 'boolean',
  withLimit = false,
): KeywordDefinition => ({
  keyword,
  type: 'string',
  schemaType,
  // A numeric schema value (the minimum age) is reported as `limit`, as ajv does for minLength.
  error: withLimit
    ? { message, params: ({ schemaCode }) => _`{limit: ${schemaCode}}` }
    : { message },
  code(cxt) {
    const { data, schema, schemaCode } = cxt;
    if (schema === false) return;
    // A boolean keyword only switches the check on; other values are the check's argument.
    const call =
      schemaType === 'boolean'
        ? _`${runtimeRef(cxt, fn)}(${data})`
        : _`${runtimeRef(cxt, fn)}(${data}, ${schemaCode})`;
    cxt.fail(_`!${call}`);
  },
});

/** Compares a string with a sibling property named by the schema value. */
const siblingCheck = (
  keyword: string,
  buildFailure: (cxt: KeywordCxt, sibling: Code) => Code,
  message: string,
): KeywordDefinition => ({
  keyword,
  type: 'string',
  schemaType: 'string',
  error: {
    message,
    params: ({ schemaCode }) => _`{otherField: ${schemaCode}}`,
  },
  code(cxt) {
    const { gen, schemaCode, it } = cxt;
    const sibling = gen.const(
      'sibling',
      _`${it.parentData} && typeof ${it.parentData} == "object" ? ${it.parentData}[${schemaCode}] : undefined`,
    );
    cxt.fail(buildFailure(cxt, sibling));
  },
});

export const customKeywords: KeywordDefinition[] = [
  stringCheck('nonBlank', 'nonBlank', 'must contain a non-space character'),
  stringCheck('bic', ['ibanRuntime', 'bic'], 'must be a valid BIC'),
  stringCheck('abaRouting', 'abaRouting', 'must be a valid ABA routing number'),
  stringCheck('clabe', 'clabe', 'must be a valid CLABE'),
  stringCheck('cbu', 'cbu', 'must be a valid CBU'),
  stringCheck('luhn', ['cardRuntime', 'luhn'], 'must pass the Luhn check'),
  stringCheck('cardBrand', ['cardRuntime', 'cardBrand'], 'must be an accepted card brand', 'array'),
  stringCheck('expiryMonth', 'expiryMonth', 'must have a month from 01 to 12'),
  stringCheck('expiryNotPast', 'expiryNotPast', 'must not be in the past'),
  stringCheck('minimumAge', 'minimumAge', 'must be old enough', 'number', true),
  {
    keyword: 'iban',
    type: 'string',
    schemaType: ['boolean', 'array'],
    error: {
      message: 'must be a valid IBAN',
      params: ({ params }) => _`{reason: ${params.reason}}`,
    },
    code(cxt) {
      const { gen, data, schema, schemaCode } = cxt;
      if (schema === false) return;
      const reason = gen.const(
        'reason',
        _`${runtimeRef(cxt, ['ibanRuntime', 'ibanProblem'])}(${data}, ${schemaCode})`,
      );
      cxt.params = { reason };
      cxt.fail(_`${reason} !== null`);
    },
  },
  // The second entry of a confirmed field must equal the first; the error is named notEqual.
  siblingCheck('notEqual', (cxt, sibling) => _`${cxt.data} !== ${sibling}`, 'must match'),
  // A value (the password) must differ from another (the email), ignoring case.
  siblingCheck(
    'isSameValue',
    (cxt, sibling) => _`${runtimeRef(cxt, 'sameIgnoringCase')}(${cxt.data}, ${sibling})`,
    'must differ from the other field',
  ),
  // A UK account number must pass the modulus check together with the sort code it names.
  siblingCheck(
    'ukModulus',
    (cxt, sibling) => _`!${ukModulusRef(cxt)}(${cxt.data}, ${sibling})`,
    'must match the sort code (UK modulus check)',
  ),
  // A national tax identification number, by the check its country rule names ("FR.nif").
  {
    keyword: 'taxId',
    type: 'string',
    schemaType: 'string',
    error: { message: 'must be a valid tax identification number' },
    code(cxt) {
      cxt.fail(_`!${taxIdRef(cxt)}(${cxt.data}, ${cxt.schemaCode})`);
    },
  },
];

/**
 * Annotation keywords carried in composed schemas for the portal: label and help translation
 * keys, per-keyword message overrides, and which properties country rules control.
 */
export const annotationKeywords = [
  'x-label',
  'x-help',
  'x-messages',
  'x-message-texts',
  'x-rule-controlled',
];

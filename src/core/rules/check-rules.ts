// The checks behind `npm run rules:check`: every rule file against the meta-schema, every composed
// variant compiled in ajv strict mode, and every example run. Findings are sentences a compliance
// reader can act on, each naming the file and, for examples, the example.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { checkSync } from 'recheck';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Lru } from '../lru';
import { loadCatalog, REPO_ROOT, type RuleCatalog } from '../schemas/catalog';
import { ruleNameFor } from '../schemas/compose';
import { loadLocale } from '../i18n/load-locales';
import { LOCALES } from '../i18n/messages';
import {
  OTHER_PAYOUT_TYPES,
  TRANSFER_METHODS,
  type CountryRules,
  type OtherPayoutType,
  type RuleExample,
  type TransferMethod,
} from '../schemas/country-rules';
import { createFormValidator } from '../validation/form-validator';
import type { FindingParams, RuleFindingCode } from './finding-codes';

export type { FindingParams, RuleFindingCode };

export interface RuleFinding {
  file: string;
  example?: string;
  /** What was found, stable (finding-codes.ts), with the values of its sentence. */
  code: RuleFindingCode;
  params: FindingParams;
  /** The finding in English, as `npm run rules:check` prints it. */
  problem: string;
}

export interface RuleCheckReport {
  files: number;
  variants: number;
  examples: number;
  findings: RuleFinding[];
}

const fileOf = (name: string): string => `country-rules/${name}.json`;
const ISO_4217 = new Set(Intl.supportedValuesOf('currency'));

/** Every regular expression of a rule file with where it sits (message keys are not patterns). */
function patternsOf(value: unknown, path = ''): { path: string; pattern: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => patternsOf(v, `${path}/${i}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => {
    if (key === 'messages' || key === 'x-messages' || key === 'examples') return [];
    if (key === 'pattern' && typeof v === 'string') return [{ path: `${path}/${key}`, pattern: v }];
    return patternsOf(v, `${path}/${key}`);
  });
}

/** How many patterns a rule file may hold (today's largest holds 8): each is analysed below. */
export const MAX_PATTERNS = 100;

/** The number of regular expressions in a rule file, as the checks below find them. */
export const patternCount = (rule: unknown): number => patternsOf(rule).length;

// A pattern's verdict never changes, and the analysis takes a while on the pure-JS backend: the
// last verdicts are kept, a bounded number (staff send patterns; memory must not grow with them).
const verdicts = new Lru<string, ReturnType<typeof checkSync>>({ maxEntries: 1000 });

/**
 * A pattern with nested or overlapping repetition ((a+)+, (a|a)*) can take exponential or
 * polynomial time on a crafted value: refuse it before it reaches the server. recheck analyses
 * the pattern itself (its pure-JS backend: nothing native to install).
 */
export function unsafePatterns(name: string, rule: unknown): RuleFinding[] {
  process.env.RECHECK_BACKEND ??= 'pure';
  return patternsOf(rule).flatMap(({ path, pattern }): RuleFinding[] => {
    let verdict = verdicts.get(pattern);
    if (!verdict) {
      verdict = checkSync(pattern, 'u');
      verdicts.set(pattern, verdict);
    }
    if (verdict.status === 'safe') return [];
    const rewrite = 'rewrite it without a repeated group inside a repetition';
    return [
      verdict.status === 'vulnerable'
        ? {
            file: fileOf(name),
            code: 'pattern.backtracks',
            params: {
              path,
              pattern,
              complexity: verdict.complexity.type,
              attack: verdict.attack.pattern,
            },
            problem: `${path} "${pattern}" can backtrack catastrophically (${verdict.complexity.type} time on a value like ${JSON.stringify(verdict.attack.pattern)}); ${rewrite}`,
          }
        : {
            file: fileOf(name),
            code: 'pattern.unproven',
            params: { path, pattern },
            problem: `${path} "${pattern}" could not be proven safe from catastrophic backtracking; ${rewrite}`,
          },
    ];
  });
}

/** country-rules/country-rules.schema.json, the meta-schema every rule file must pass. */
export const loadMetaSchema = (root: string = REPO_ROOT): object =>
  JSON.parse(readFileSync(join(root, 'country-rules/country-rules.schema.json'), 'utf8')) as object;

// The meta-schema compiled once per loaded copy of it (a compile takes far longer than a check).
const metaValidators = new WeakMap<object, ValidateFunction>();

/**
 * One rule file against the meta-schema alone (country-rules.schema.json): none of the other
 * checks of rules:check, nothing composed or compiled. Cheap enough to run before any other work
 * on a file staff sent (the console's live preview).
 */
export function schemaFindings(meta: object, name: string, rule: unknown): RuleFinding[] {
  let validate = metaValidators.get(meta);
  if (!validate) {
    const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
    addFormats(ajv, ['regex']);
    validate = ajv.compile(meta);
    metaValidators.set(meta, validate);
  }
  if (validate(rule)) return [];
  return (validate.errors ?? [])
    .filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if')
    .map((e) => ({
      file: fileOf(name),
      ...schemaCode(e),
      problem: `${e.instancePath || 'the file'} ${e.message}${e.params.additionalProperty ? ` ("${String(e.params.additionalProperty)}")` : ''}${e.params.allowedValues ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}`,
    }));
}

/** A meta-schema error's code and values (its path; the property, values or type it names). */
function schemaCode(e: ErrorObject): { code: RuleFindingCode; params: FindingParams } {
  const path = e.instancePath;
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'required')
    return { code: 'schema.required', params: { path, property: String(p.missingProperty) } };
  if (e.keyword === 'additionalProperties')
    return {
      code: 'schema.unknownProperty',
      params: { path, property: String(p.additionalProperty) },
    };
  if (e.keyword === 'enum')
    return {
      code: 'schema.enum',
      params: { path, allowed: (p.allowedValues as unknown[]).map(String).join(', ') },
    };
  if (e.keyword === 'type')
    return { code: 'schema.type', params: { path, type: [p.type].flat().join(', ') } };
  return { code: 'schema.invalid', params: { path, keyword: e.keyword } };
}

function checkMetaSchema(
  meta: object,
  rules: Record<string, CountryRules>,
  messages?: Record<string, unknown>,
  only?: string,
): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const [name, rule] of Object.entries(rules)) {
    if (only !== undefined && name !== only) continue;
    findings.push(...schemaFindings(meta, name, rule));
    findings.push(...unsafePatterns(name, rule), ...patternProblems(name, rule));
    if (messages)
      findings.push(
        ...missingMessageKeys(name, rule, messages, inheritedTranslations(rules, rule)),
      );
    for (const [kind, codes] of Object.entries(rule.currencies ?? {})) {
      for (const code of codes.filter((c) => !ISO_4217.has(c)))
        findings.push({
          file: fileOf(name),
          code: 'currency.unknown',
          params: { path: `/currencies/${kind}`, currency: code },
          problem: `/currencies/${kind} names ${code}, which is not an ISO 4217 currency code`,
        });
    }
    if (rule.country !== name) {
      findings.push({
        file: fileOf(name),
        code: 'country.misnamed',
        params: { path: '/country', country: rule.country, name },
        problem: `"country" is "${rule.country}" but the file is named ${name}.json`,
      });
    }
    if (rule.extends && !rules[rule.extends]) {
      findings.push({
        file: fileOf(name),
        code: 'extends.missing',
        params: { path: '/extends', rule: rule.extends },
        problem: `extends "${rule.extends}", but ${fileOf(rule.extends)} does not exist`,
      });
    }
    for (const c of rule.countries ?? []) {
      if (rules[c] && rules[c].extends !== name) {
        findings.push({
          file: fileOf(name),
          code: 'countries.ownFile',
          params: { path: '/countries', country: c, rule: name },
          problem: `lists ${c}, which has its own file; make ${fileOf(c)} say "extends": "${name}" or remove ${c} from the list`,
        });
      }
    }
  }
  return findings;
}

/** A payout example: whether the type is offered in the country and what it receives. */
type Found = Pick<RuleFinding, 'code' | 'params' | 'problem'>;

function payoutProblem(
  validator: ReturnType<typeof createFormValidator>,
  country: string,
  example: RuleExample,
): Found | undefined {
  const type = String(example.data.type ?? '');
  const isBank = (TRANSFER_METHODS as readonly string[]).includes(type);
  const known = isBank || (OTHER_PAYOUT_TYPES as readonly string[]).includes(type);
  if (!known)
    return {
      code: 'payout.unknownType',
      params: { type },
      problem: `data.type "${type}" is not a payout type`,
    };
  const offered = isBank
    ? validator.transferMethods(country).includes(type as TransferMethod)
    : validator.payoutTypes(country).includes(type as OtherPayoutType);
  if (example.offered !== undefined && offered !== example.offered)
    return {
      code: example.offered ? 'payout.shouldBeOffered' : 'payout.shouldNotBeOffered',
      params: { type, country },
      problem: `${type} should ${example.offered ? '' : 'not '}be offered in ${country}, but it is${offered ? '' : ' not'}`,
    };
  if (example.currencies) {
    const receives = validator.currencies(country, type as TransferMethod | OtherPayoutType);
    if (receives.join() !== example.currencies.join())
      return {
        code: 'payout.currencies',
        params: {
          type,
          country,
          expected: example.currencies.join(', '),
          received: receives.join(', '),
        },
        problem: `${type} in ${country} should receive ${example.currencies.join(', ')}, but receives ${receives.join(', ') || 'nothing'}`,
      };
  }
  return undefined;
}

/** A record's errors as the finding's value: `/zipCode (pattern), /city (required)`. */
const listErrors = (errors: { path: string; keyword: string }[]): string =>
  errors.map((e) => `${e.path} (${e.keyword})`).join(', ');

function describeErrors(errors: { path: string; keyword: string }[]): string {
  return errors.length
    ? errors.map((e) => `${e.path} failed "${e.keyword}"`).join('; ')
    : 'no errors';
}

export function checkRules(root: string = REPO_ROOT): RuleCheckReport {
  return checkCatalog(loadCatalog(root), loadMetaSchema(root), validationMessages(root));
}

/** locales/<language>/validation.json of every language, keyed by language. */
/** A root without locales/ (a copy of the rule files alone) reads the repository's. */
export function validationMessages(root: string = REPO_ROOT): Record<string, unknown> {
  const from = existsSync(join(root, 'locales')) ? root : REPO_ROOT;
  return Object.fromEntries(
    LOCALES.map((language) => [language, loadLocale(language, from).validation]),
  );
}

/**
 * The checks of `npm run rules:check` on a catalog held in memory (the rules console checks a
 * draft in place of its country's file, and every country before publishing).
 */
export function checkCatalog(
  catalog: RuleCatalog,
  meta: object,
  messages?: Record<string, unknown>,
  /** One rule file: only its own checks and examples run (every variant still compiles). */
  only?: string,
): RuleCheckReport {
  const findings = checkMetaSchema(meta, catalog.rules, messages, only);
  const report: RuleCheckReport = {
    files: Object.keys(catalog.rules).length,
    variants: 0,
    examples: 0,
    findings,
  };
  if (findings.length) return report; // composition assumes well-formed files

  const validator = createFormValidator(catalog);
  try {
    for (const variant of validator.allVariants()) {
      validator.compile(variant);
      report.variants++;
    }
  } catch (error) {
    findings.push({
      file: 'country-rules/',
      code: 'rules.notComposed',
      params: { error: (error as Error).message },
      problem: `a composed schema does not compile: ${(error as Error).message}`,
    });
    return report;
  }

  for (const [name, rule] of Object.entries(catalog.rules)) {
    if (only !== undefined && name !== only) continue;
    rule.examples.forEach((example: RuleExample, index) => {
      report.examples++;
      const label = `example ${index + 1} "${example.description}"`;
      const country = example.country ?? (name.startsWith('_') ? name : rule.country);
      if (!name.startsWith('_') && example.country && example.country !== name) {
        findings.push({
          file: fileOf(name),
          example: label,
          code: 'example.otherCountry',
          params: { country: example.country },
          problem: `tries the record as ${example.country}; examples of a country file use that country`,
        });
        return;
      }
      if (example.country && ruleNameFor(catalog, example.country) !== name) {
        findings.push({
          file: fileOf(name),
          example: label,
          code: 'example.notGoverned',
          params: { country: example.country },
          problem: `${example.country} is not governed by this rule`,
        });
        return;
      }
      if (example.form === 'payout') {
        const found = payoutProblem(validator, country, example);
        if (found) findings.push({ file: fileOf(name), example: label, ...found });
        return;
      }
      let result;
      try {
        result = validator.validate(example.form, example.data, {
          country,
          method: example.method,
        });
      } catch (error) {
        findings.push({
          file: fileOf(name),
          example: label,
          code: 'example.notRun',
          params: { error: (error as Error).message },
          problem: (error as Error).message,
        });
        return;
      }
      if (example.valid && !result.valid) {
        findings.push({
          file: fileOf(name),
          example: label,
          code: 'example.shouldPass',
          params: { errors: listErrors(result.errors) },
          problem: `should pass, but ${describeErrors(result.errors)}`,
        });
      }
      for (const expected of example.errors ?? []) {
        const path = expected.path === '' ? '/' : expected.path;
        const hit = result.errors.some((e) => e.path === path && e.keyword === expected.keyword);
        if (!hit) {
          findings.push({
            file: fileOf(name),
            example: label,
            ...(result.valid
              ? {
                  code: 'example.passedInstead' as const,
                  params: { path, keyword: expected.keyword },
                }
              : {
                  code: 'example.failedElsewhere' as const,
                  params: { path, keyword: expected.keyword, errors: listErrors(result.errors) },
                }),
            problem: `should fail at ${path} on "${expected.keyword}", but ${result.valid ? 'it passed' : `got ${describeErrors(result.errors)}`}`,
          });
        }
      }
    });
  }
  return report;
}

/** A pattern's problems beyond backtracking: it must compile (unicode mode) and be anchored. */
export function patternProblems(name: string, rule: unknown): RuleFinding[] {
  return patternsOf(rule).flatMap(({ path, pattern }): RuleFinding[] => {
    try {
      new RegExp(pattern, 'u');
    } catch (error) {
      return [
        {
          file: fileOf(name),
          code: 'pattern.invalid',
          params: { path, pattern, error: (error as Error).message },
          problem: `${path} "${pattern}" is not a valid regular expression: ${(error as Error).message}`,
        },
      ];
    }
    // Anchored: starts with ^ and ends with an unescaped $ (a value must match as a whole).
    const anchored = pattern.startsWith('^') && /(^|[^\\])(\\\\)*\$$/.test(pattern);
    return anchored
      ? []
      : [
          {
            file: fileOf(name),
            code: 'pattern.unanchored',
            params: { path, pattern },
            problem: `${path} "${pattern}" is not anchored: start it with ^ and end it with $ so the whole value must match`,
          },
        ];
  });
}

/** Every message key a rule names (`messages` of its fields), with where it sits. */
function messageKeysOf(value: unknown, path = ''): { path: string; key: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => messageKeysOf(v, `${path}/${i}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => {
    if (k === 'examples') return [];
    if (k === 'messages' && v && typeof v === 'object')
      return Object.entries(v as Record<string, unknown>).flatMap(([keyword, key]) =>
        typeof key === 'string' ? [{ path: `${path}/messages/${keyword}`, key }] : [],
      );
    return messageKeysOf(v, `${path}/${k}`);
  });
}

/**
 * The messages the rules a file extends wrote themselves (`translations`), as the composition
 * finds them: the file's fields may name them too.
 */
function inheritedTranslations(
  rules: Record<string, CountryRules>,
  rule: CountryRules,
): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  const seen = new Set<string>([rule.country]);
  let parent = rule.country === '_default' ? undefined : (rule.extends ?? '_default');
  while (parent && !seen.has(parent) && Object.hasOwn(rules, parent)) {
    seen.add(parent);
    const next: CountryRules | undefined = rules[parent];
    if (!next) break;
    for (const [key, texts] of Object.entries(next.translations ?? {}))
      if (!Object.hasOwn(found, key)) found[key] = texts;
    parent = next.country === '_default' ? undefined : (next.extends ?? '_default');
  }
  return found;
}

/**
 * Message keys the rule names that a language lacks (locales/<lng>/validation.json): every key
 * must read in every language, or a recipient would see the key itself.
 */
export function missingMessageKeys(
  name: string,
  rule: unknown,
  validation: Record<string, unknown>,
  inherited: Record<string, unknown> = {},
): RuleFinding[] {
  const has = (tree: unknown, key: string): boolean =>
    typeof key
      .split('.')
      .reduce<unknown>(
        (node, part) =>
          node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
        tree,
      ) === 'string';
  // A key the file wrote itself (`translations`) reads in every language (the meta-schema
  // requires all five).
  const own = {
    ...inherited,
    ...(rule as { translations?: Record<string, unknown> }).translations,
  };
  return messageKeysOf(rule).flatMap(({ path, key }) => {
    if (Object.hasOwn(own, key)) return [];
    const missing = Object.entries(validation)
      .filter(([, tree]) => !has(tree, key))
      .map(([language]) => language);
    return missing.length
      ? [
          {
            file: fileOf(name),
            code: 'message.missing',
            params: { path, key, languages: missing.join(', ') },
            problem: `${path} names the message "${key}", which is missing in ${missing.join(', ')} (locales/<language>/validation.json)`,
          },
        ]
      : [];
  });
}

// Precompiled validators for rules that were not built with the portal (issue 16): a published
// rules version, or a draft previewed in the console. The browser still compiles nothing: the
// server runs ajv here and serves each variant as a module with no imports (its `bind` receives
// the runtime modules the portal already bundles), under a URL that carries the hash of its
// content, so it is cached for good and never confused with another version's.
//
// Only variants whose composed schema differs from the files the portal was built from are
// listed: every other form keeps using its built module.
import standaloneCode from 'ajv/dist/standalone';
import { createHash } from 'node:crypto';
import { boundModuleSource } from '../../core/build/standalone-module';
import type { RuleCatalog } from '../../core/schemas/catalog';
import {
  createComposer,
  DEFAULT_RULE,
  ruledCountries,
  transferMethodsFor,
  type ComposedVariant,
} from '../../core/schemas/compose';
import type { TransferMethod } from '../../core/schemas/country-rules';
import { createAjv } from '../../core/validation/ajv';
import { variantFileName, type ServedVariant } from '../../core/validation/precompiled';

export const VALIDATORS_PATH = '/master/rules/validators';

export interface VariantModule {
  variant: ServedVariant;
  /** The URL's last segment: "<variant>.<content hash>.js". */
  file: string;
  source: string;
}

const hashOf = (source: string): string =>
  createHash('sha256').update(source).digest('base64url').slice(0, 22);
const sameSchema = (a: ComposedVariant | undefined, b: ComposedVariant): boolean =>
  a !== undefined && JSON.stringify(a.schema) === JSON.stringify(b.schema);

// The base's variants are the same for every preview of one rules version: composed once.
const composed = new WeakMap<RuleCatalog, Map<string, ComposedVariant>>();
function composedOf(catalog: RuleCatalog): Map<string, ComposedVariant> {
  let variants = composed.get(catalog);
  if (!variants) {
    variants = new Map(
      createComposer(catalog)
        .allVariants()
        .map((v) => [v.key, v]),
    );
    composed.set(catalog, variants);
  }
  return variants;
}

/**
 * Modules of `catalog`'s variants that differ from `base` (and, with `alsoCountry`, every variant
 * of that country, changed or not). `scope` names the URL segment: a rules version id or
 * `preview`.
 */
export function variantModules(
  base: RuleCatalog,
  catalog: RuleCatalog,
  scope: string,
  alsoCountry?: string,
): VariantModule[] {
  const before = composedOf(base);
  const composer = createComposer(catalog);
  const ajv = createAjv({ standalone: true });
  const changed = composer
    .allVariants()
    .filter(
      (v) =>
        (alsoCountry !== undefined && v.country === alsoCountry) ||
        !sameSchema(before.get(v.key), v),
    );
  const toModule = (v: ComposedVariant, servedAs = v.country): VariantModule => {
    const source = boundModuleSource(standaloneCode(ajv, ajv.compile(v.schema)), v.key, v.schema);
    const file = variantFileName({ ...v, country: servedAs }).replace(
      /\.js$/,
      `.${hashOf(source)}.js`,
    );
    const methodName =
      v.method && servedAs ? composer.transferMethodName(servedAs, v.method) : undefined;
    return {
      source,
      file,
      variant: {
        formId: v.formId,
        ...(servedAs ? { country: servedAs } : {}),
        ...(v.method ? { method: v.method } : {}),
        ...(methodName ? { methodName } : {}),
        url: `${VALIDATORS_PATH}/${scope}/${file}`,
      },
    };
  };
  return [
    ...changed.map((v) => toModule(v)),
    ...retiredVariants(base, catalog).map(([v, country]) => toModule(v, country)),
  ];
}

/**
 * A country whose own file `base` had and `catalog` retired shares the generic variants again,
 * which the portal's build lists under `_default` only: the portal would still find the country's
 * built variants by its code. Its forms are served under its code, so the portal uses them.
 */
function retiredVariants(base: RuleCatalog, catalog: RuleCatalog): [ComposedVariant, string][] {
  const now = new Set(ruledCountries(catalog));
  const composer = createComposer(catalog);
  return ruledCountries(base)
    .filter((country) => !now.has(country))
    .flatMap((country) =>
      (['address', 'bank-account', 'profile-person'] as const).flatMap((formId) =>
        (formId === 'bank-account' ? composer.transferMethods(country) : [undefined]).map(
          (method): [ComposedVariant, string] => [
            composer.compose(formId, { country, method }),
            country,
          ],
        ),
      ),
    );
}

export interface CountryTransferMethods {
  /** A country code, or `_default`: every country with no rule of its own in the portal's build. */
  country: string;
  methods: TransferMethod[];
}

const changedMethods = new WeakMap<RuleCatalog, CountryTransferMethods[]>();

/**
 * The transfer methods a bank account may use where `catalog` (a published rules version) offers
 * other methods than `base` (the files the portal was built from), so that the portal offers what
 * the published rules do, not what it was built with. The portal looks a country up in this list,
 * then in its build's own variants, then under `_default` here and in its build; so listed are:
 * `_default` when it changed, a country of the build whose methods changed, and a country the
 * build does not know whose methods are not the published `_default`'s (one created in the
 * console).
 */
export function changedTransferMethods(
  base: RuleCatalog,
  catalog: RuleCatalog,
): CountryTransferMethods[] {
  const known = changedMethods.get(catalog);
  if (known) return known;
  const built = new Set(ruledCountries(base));
  const now = (country: string) => transferMethodsFor(catalog, country);
  const differ = (a: TransferMethod[], b: TransferMethod[]) => a.join() !== b.join();
  const changed = [DEFAULT_RULE, ...new Set([...built, ...ruledCountries(catalog)])]
    .filter((country) =>
      country === DEFAULT_RULE || built.has(country)
        ? differ(now(country), transferMethodsFor(base, country))
        : differ(now(country), now(DEFAULT_RULE)),
    )
    .sort()
    .map((country) => ({ country, methods: now(country) }));
  changedMethods.set(catalog, changed);
  return changed;
}

/** A bound module of any schema the API compiled (the console's rule editor form). */
export function schemaModule(key: string, schema: object, scope: string): VariantModule {
  // Not strict: the rule file schema is written for readers and rules:check, not for ajv's
  // strict mode (a `required` naming a property of another branch).
  const ajv = createAjv({ standalone: true, strict: false });
  const source = boundModuleSource(standaloneCode(ajv, ajv.compile(schema)), key, schema);
  const name = key.replace(/[^\w-]+/g, '-');
  const file = `${name}.${hashOf(source)}.js`;
  return { source, file, variant: { formId: name, url: `${VALIDATORS_PATH}/${scope}/${file}` } };
}

/**
 * The preview modules a process has generated, by URL, kept in memory (the last few hundred). A
 * published version's modules are not here: they are built once at publication and stored in the
 * database (services/stored-validators.ts), so no request makes this process build them.
 */
export function createValidatorStore(options: { previewLimit?: number } = {}) {
  const limit = options.previewLimit ?? 400;
  const previews = new Map<string, string>();

  return {
    /** Keeps preview modules (newest last) and answers their variants. */
    keep(modules: VariantModule[]): ServedVariant[] {
      for (const m of modules) {
        previews.delete(m.variant.url);
        previews.set(m.variant.url, m.source);
      }
      while (previews.size > limit) previews.delete(previews.keys().next().value as string);
      return modules.map((m) => m.variant);
    },

    /** The source behind a preview URL, or undefined. */
    source(url: string): string | undefined {
      return previews.get(url);
    },
  };
}
export type ValidatorStore = ReturnType<typeof createValidatorStore>;

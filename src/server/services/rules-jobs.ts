// The rules console's heavy work (issue 29 point 2): the checks of `npm run rules:check` on a draft
// or on every country, and the composition and compilation of forms into validator modules. It
// takes from a few hundred milliseconds to seconds of ajv and pattern analysis, so it runs here, in
// a worker thread (services/rules-worker.ts), never on the thread that answers requests. Jobs and
// results are plain JSON data; a catalog travels as its JSON text under a key (the hash of that
// text), and a worker parses each catalog once.
import {
  checkCatalog,
  loadMetaSchema,
  schemaFindings,
  validationMessages,
  type RuleFinding,
} from '../../core/rules/check-rules';
import { Lru } from '../../core/lru';
import type { RuleCatalog } from '../../core/schemas/catalog';
import type { CountryRules } from '../../core/schemas/country-rules';
import { variantModules, type VariantModule } from './published-validators';

/** A catalog as a job carries it: its JSON text and a key naming that text. */
export interface CatalogRef {
  key: string;
  json: string;
}

/** A rules catalog with, optionally, one rule file in place of its own (null: without one). */
export interface CatalogSpec {
  base: CatalogRef;
  country?: string;
  rules?: object | null;
}

export type RulesJob =
  /** One rule file's checks in place of its current one: findings of that file only. */
  | { kind: 'check'; base: CatalogRef; country: string; rules: object | null }
  /** The same, after the rule file schema, and the composed forms of its country as modules. */
  | { kind: 'preview'; base: CatalogRef; country: string; rules: object }
  /** The whole check of every rule file (before a publication). */
  | { kind: 'check-all'; catalog: CatalogSpec }
  /** The modules of the variants that differ from the files (a published version's). */
  | { kind: 'build'; files: CatalogRef; catalog: CatalogSpec };
export type RulesJobKind = RulesJob['kind'];

export type PreviewResult =
  | { invalid: RuleFinding[] }
  | { findings: RuleFinding[]; modules: VariantModule[]; composeError: string | null };

export interface RulesJobResults {
  check: RuleFinding[];
  preview: PreviewResult;
  'check-all': RuleFinding[];
  build: VariantModule[];
}

const fileOf = (name: string): string => `country-rules/${name}.json`;

let checkInputs: { meta: object; messages: Record<string, unknown> } | undefined;
const inputs = () => (checkInputs ??= { meta: loadMetaSchema(), messages: validationMessages() });

// Parsed once per worker: a preview composes against the same base again and again (and
// published-validators keeps the base's composed variants per catalog object).
const catalogs = new Lru<string, RuleCatalog>({ maxEntries: 4 });
function catalogOf(ref: CatalogRef): RuleCatalog {
  let catalog = catalogs.get(ref.key);
  if (!catalog) {
    catalog = JSON.parse(ref.json) as RuleCatalog;
    catalogs.set(ref.key, catalog);
  }
  return catalog;
}

/** The catalog with `rule` as the file `name`; null: without that file (a retirement). */
export function withCountry(catalog: RuleCatalog, name: string, rule: object | null): RuleCatalog {
  if (rule !== null)
    return { forms: catalog.forms, rules: { ...catalog.rules, [name]: rule as CountryRules } };
  const { [name]: _retired, ...rules } = catalog.rules;
  return { forms: catalog.forms, rules };
}

const specCatalog = (spec: CatalogSpec): RuleCatalog => {
  const base = catalogOf(spec.base);
  return spec.country !== undefined && spec.rules !== undefined
    ? withCountry(base, spec.country, spec.rules)
    : base;
};

/**
 * The checks of one country's rules in place of its current ones: findings of that file only. A
 * retirement (null) is checked as every other file without it: what the retired file's absence
 * breaks elsewhere is its problem.
 */
function checkDraft(catalog: RuleCatalog, name: string, rule: object | null): RuleFinding[] {
  const { meta, messages } = inputs();
  if (rule === null) return checkCatalog(withCountry(catalog, name, null), meta, messages).findings;
  const report = checkCatalog(withCountry(catalog, name, rule), meta, messages, name);
  return report.findings.filter((f) => f.file === fileOf(name) || f.file === 'country-rules/');
}

/**
 * A draft's preview: refused early when it fails the rule file schema (nothing composed); else its
 * findings and, unless a pattern could backtrack catastrophically (the browser would run it on
 * every key), its country's forms as modules.
 */
function preview(base: RuleCatalog, country: string, rules: object): PreviewResult {
  const invalid = schemaFindings(inputs().meta, country, rules);
  if (invalid.length) return { invalid };
  const findings = checkDraft(base, country, rules);
  if (findings.some((f) => f.code === 'pattern.backtracks' || f.code === 'pattern.unproven'))
    return { findings, modules: [], composeError: null };
  try {
    const modules = variantModules(base, withCountry(base, country, rules), 'preview', country);
    return { findings, modules, composeError: null };
  } catch (error) {
    return {
      findings,
      modules: [],
      composeError: error instanceof Error ? error.message : String(error),
    };
  }
}

export function runRulesJob(job: RulesJob): RulesJobResults[RulesJobKind] {
  switch (job.kind) {
    case 'check':
      return checkDraft(catalogOf(job.base), job.country, job.rules);
    case 'preview':
      return preview(catalogOf(job.base), job.country, job.rules);
    case 'check-all': {
      const { meta, messages } = inputs();
      return checkCatalog(specCatalog(job.catalog), meta, messages).findings;
    }
    case 'build':
      // The scope in a module's URL is the version's id, added when the list is read: the file
      // name (and its content hash) does not depend on it.
      return variantModules(catalogOf(job.files), specCatalog(job.catalog), 'published');
  }
}

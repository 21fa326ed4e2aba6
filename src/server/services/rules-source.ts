// The country rules the server validates with, swappable without a restart (issue 16).
//
// The files in country-rules/ are the seed (rules version 0). Each publication in the rules
// console makes a new rules version: the files with every country's latest published version
// laid over them. How a server process learns of a publication:
// - the process that published swaps at once (`invalidate`);
// - every process checks the newest publication id with one indexed query at most every
//   RULES_CHECK_MS (default 2000 ms), from a request hook before the route runs, and swaps its
//   validators when the id changed. So with several processes, a publication takes effect
//   everywhere within that interval, with no restart and no message bus.
// A client may name the rules version its form started with (header x-rules-version); a version
// superseded less than RULES_GRACE_MINUTES (default 30) ago is still accepted, so nobody loses
// what they typed when rules change under an open form.
import { desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rulePublications, ruleVersions } from '../db/schema';
import type { RuleCatalog } from '../../core/schemas/catalog';
import type { CountryRules } from '../../core/schemas/country-rules';
import { createFormValidator, type FormValidator } from '../../core/validation/form-validator';

export interface RulesVersion {
  /** The publication id; 0 for the files alone. */
  id: number;
  catalog: RuleCatalog;
  validator: FormValidator;
}

export interface RulesSourceOptions {
  checkEveryMs: number;
  graceMinutes: number;
}

/** The published rules as of publication `id`: each country's latest version published by then. */
export async function catalogAt(
  db: Database,
  files: RuleCatalog,
  id: number,
): Promise<RuleCatalog> {
  if (id === 0) return files;
  const rows = await db
    .selectDistinctOn([rulePublications.country], {
      country: rulePublications.country,
      rules: ruleVersions.rules,
    })
    .from(rulePublications)
    .innerJoin(ruleVersions, eq(ruleVersions.id, rulePublications.versionId))
    .where(lte(rulePublications.id, id))
    .orderBy(rulePublications.country, desc(rulePublications.id));
  const rules = { ...files.rules };
  // null: the country's file was retired (or never was): it follows the shared rules.
  const retired = new Set<string>();
  for (const row of rows) {
    const rule = JSON.parse(row.rules) as CountryRules | null;
    if (rule) rules[row.country] = rule;
    else retired.add(row.country);
  }
  return {
    forms: files.forms,
    rules: Object.fromEntries(Object.entries(rules).filter(([name]) => !retired.has(name))),
  };
}

export function createRulesSource(db: Database, files: RuleCatalog, options: RulesSourceOptions) {
  const versionOf = (id: number, catalog: RuleCatalog): RulesVersion => ({
    id,
    catalog,
    validator: createFormValidator(catalog),
  });
  let current = versionOf(0, files);
  let checkedAt = 0;
  let pending: Promise<void> | null = null;
  /** Superseded versions still inside their grace period, by id. */
  const previous = new Map<number, RulesVersion>();

  const newestId = async (): Promise<number> => {
    const [row] = await db
      .select({ id: sql<number>`coalesce(max(${rulePublications.id}), 0)`.mapWith(Number) })
      .from(rulePublications);
    return row?.id ?? 0;
  };

  async function load(): Promise<void> {
    // Before the query: a database that is down is asked again only after the interval.
    checkedAt = Date.now();
    const id = await newestId();
    if (id === current.id) return;
    const next = versionOf(id, await catalogAt(db, files, id));
    previous.set(current.id, current);
    current = next;
  }

  return {
    /** The rules of the files alone (version 0), which the portal was built from. */
    files,

    /** The rules as of publication `id`, whatever its age (for serving its validators). */
    async catalogAt(id: number): Promise<RuleCatalog> {
      if (id === current.id) return current.catalog;
      return previous.get(id)?.catalog ?? catalogAt(db, files, id);
    },

    /** The rules validated with now (as of the last check). */
    get current(): RulesVersion {
      return current;
    },

    /** Checks for a newer publication when the last check is older than the interval. */
    async refresh(force = false): Promise<void> {
      if (!force && Date.now() - checkedAt < options.checkEveryMs) return;
      pending ??= load().finally(() => (pending = null));
      await pending;
    },

    /** After a publication in this process: swap at once. */
    async invalidate(): Promise<void> {
      await pending;
      await this.refresh(true);
    },

    /**
     * The rules version a client names, when it is current or was superseded less than the grace
     * period ago; null otherwise (the caller validates with the current rules).
     */
    async graceVersion(id: number): Promise<RulesVersion | null> {
      if (id === current.id) return current;
      if (id > current.id || id < 0) return null;
      const [next] = await db
        .select({ publishedAt: rulePublications.publishedAt })
        .from(rulePublications)
        .where(gt(rulePublications.id, id))
        .orderBy(rulePublications.id)
        .limit(1);
      if (!next) return null;
      if (Date.now() - next.publishedAt.getTime() > options.graceMinutes * 60_000) {
        previous.delete(id);
        return null;
      }
      let version = previous.get(id);
      if (!version) {
        version = versionOf(id, await catalogAt(db, files, id));
        previous.set(id, version);
      }
      return version;
    },
  };
}
export type RulesSource = ReturnType<typeof createRulesSource>;

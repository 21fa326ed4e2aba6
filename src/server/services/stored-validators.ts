// Published rules versions' validator modules, stored (issue 29 point 3). Building a version's
// modules runs ajv over every changed form (about 250 ms); a process that did it on request, for
// any version and any file name, let anyone signed out make it build old versions again and again.
// Now the modules are built once, at publication, and written in the publication's transaction
// (table validator_modules, keyed by rules version and file name); a request is one indexed lookup
// by the version and the exact file name from its URL, and whatever is not stored is a 404.
//
// Versions published before the table existed (rule_publications.validators_built_at null) are
// built once on first use, under the publication row's lock, and stored; from then on they are
// served like the others. Only a published version has a row to lock: no request builds a draft,
// an unknown or a future version. Builds run in the rules worker threads (services/rules-checks.ts),
// never on the thread that answers requests.
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rulePublications, validatorModules } from '../db/schema';
import type { RuleCatalog } from '../../core/schemas/catalog';
import type { PublishedValidators, ServedVariant } from '../../core/validation/precompiled';
import { serviceUnavailable } from '../errors';
import {
  changedTransferMethods,
  VALIDATORS_PATH,
  variantModules,
  type VariantModule,
} from './published-validators';
import { PoolBusyError, PoolClosedError, PoolTimeoutError, type RulesChecks } from './rules-checks';
import type { RulesSource } from './rules-source';

/**
 * The modules of a rules version (its catalog against the files the portal was built from), on the
 * calling thread: for scripts and tests; the server builds in its worker threads (rules-jobs.ts).
 */
export function buildVersionModules(files: RuleCatalog, catalog: RuleCatalog): VariantModule[] {
  // The scope in a module's URL is the version's id, added when the list is read: the file name
  // (and its content hash) does not depend on it.
  return variantModules(files, catalog, 'published');
}

/**
 * Stores a version's modules and marks it built; in the publication's transaction (or under the
 * publication row's lock for a version published before modules were stored).
 */
export async function storeVersionModules(
  tx: Database,
  rulesVersion: number,
  modules: VariantModule[],
): Promise<void> {
  if (modules.length)
    await tx.insert(validatorModules).values(
      modules.map((m, position) => ({
        rulesVersion,
        file: m.file,
        position,
        formId: m.variant.formId,
        country: m.variant.country ?? null,
        method: m.variant.method ?? null,
        methodName: m.variant.methodName ?? null,
        source: m.source,
      })),
    );
  await tx
    .update(rulePublications)
    .set({ validatorsBuiltAt: new Date() })
    .where(eq(rulePublications.id, rulesVersion));
}

export function createStoredValidators(db: Database, rules: RulesSource, checks: RulesChecks) {
  /** Builds in flight in this process, by version: concurrent first uses wait for one build. */
  const building = new Map<number, Promise<void>>();

  /** Builds and stores a version published before modules were stored, once (across processes). */
  async function buildOnce(id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ builtAt: rulePublications.validatorsBuiltAt })
        .from(rulePublications)
        .where(eq(rulePublications.id, id))
        .for('update');
      if (!row || row.builtAt) return;
      if (id === 0) return storeVersionModules(tx, id, []);
      const catalog = await rules.catalogAt(id);
      const modules = await checks
        .buildModules(null, rules.files, catalog)
        .catch((error: unknown) => {
          // Busy or stopping: nothing stored, the next request builds it.
          if (
            error instanceof PoolBusyError ||
            error instanceof PoolTimeoutError ||
            error instanceof PoolClosedError
          )
            throw serviceUnavailable(
              'ServiceUnavailable: the validators of this rules version are being prepared; retry shortly',
            );
          throw error;
        });
      await storeVersionModules(tx, id, modules);
    });
  }
  const built = (id: number): Promise<void> => {
    let pending = building.get(id);
    if (!pending) {
      pending = buildOnce(id).finally(() => building.delete(id));
      building.set(id, pending);
    }
    return pending;
  };

  /** One lookup: whether the version is published, built, and the module's source if stored. */
  const lookup = async (id: number, file: string) => {
    const [row] = await db
      .select({ builtAt: rulePublications.validatorsBuiltAt, source: validatorModules.source })
      .from(rulePublications)
      .leftJoin(
        validatorModules,
        and(
          eq(validatorModules.rulesVersion, rulePublications.id),
          eq(validatorModules.file, file),
        ),
      )
      .where(eq(rulePublications.id, id));
    return row;
  };

  /** The variants of a published version (none for version 0, the files), in stored order. */
  async function variants(id: number): Promise<ServedVariant[]> {
    if (id === 0) return [];
    const read = () =>
      db
        .select({
          file: validatorModules.file,
          formId: validatorModules.formId,
          country: validatorModules.country,
          method: validatorModules.method,
          methodName: validatorModules.methodName,
          builtAt: rulePublications.validatorsBuiltAt,
        })
        .from(rulePublications)
        .leftJoin(validatorModules, eq(validatorModules.rulesVersion, rulePublications.id))
        .where(eq(rulePublications.id, id))
        .orderBy(asc(validatorModules.position));
    let rows = await read();
    if (rows[0] && !rows[0].builtAt) {
      await built(id);
      rows = await read();
    }
    return rows.flatMap(({ file, formId, country, method, methodName }) =>
      file === null || formId === null
        ? []
        : [
            {
              formId,
              ...(country ? { country } : {}),
              ...(method ? { method } : {}),
              ...(methodName ? { methodName } : {}),
              url: `${VALIDATORS_PATH}/${id}/${file}`,
            },
          ],
    );
  }

  return {
    /**
     * The stored module of a published version, by its exact file name; undefined for a version
     * that is not published or a name it does not have (the caller answers 404).
     */
    async source(id: number, file: string): Promise<string | undefined> {
      let row = await lookup(id, file);
      if (!row) return undefined;
      if (!row.builtAt) {
        await built(id);
        row = await lookup(id, file);
      }
      return row?.source ?? undefined;
    },

    /**
     * What the portal's forms depend on in the rules in use: GET /master/rules/validators, also
     * written into a page that shows a generated form (routes/web.ts), which then asks nothing.
     */
    async published(): Promise<PublishedValidators> {
      const { id, catalog } = rules.current;
      return {
        rulesVersion: id,
        variants: await variants(id),
        // The bank-account form offers these, not its build's (a country created in the console).
        transferMethods: changedTransferMethods(rules.files, catalog),
      };
    },

    variants,
  };
}
export type StoredValidators = ReturnType<typeof createStoredValidators>;

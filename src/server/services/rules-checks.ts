// The rules console's checks and module builds, off the request thread (issue 29 point 2). A
// preview, a draft save, a restore or a version view ran the whole rules check and compiled forms
// on the server's only JavaScript thread (1-6 s each), so one editor could stall every request.
// Now the work runs in a pool of worker threads (services/worker-pool.ts, rules-jobs.ts), with:
// - a bounded queue: beyond it a check is refused at once (PoolBusyError: 503 for the caller);
// - per staff member, at most `perStaff` checks in flight (ChecksInProgressError: 429);
// - results kept per base catalog and draft content (the hash of their JSON) in a bounded LRU,
//   so the same preview asked again, or a draft saved as it was previewed, costs nothing; the
//   same check asked while it runs waits for that run.
import { createHash } from 'node:crypto';
import { Lru } from '../../core/lru';
import type { RuleFinding } from '../../core/rules/check-rules';
import type { RuleCatalog } from '../../core/schemas/catalog';
import type { VariantModule } from './published-validators';
import type {
  CatalogRef,
  CatalogSpec,
  PreviewResult,
  RulesJob,
  RulesJobKind,
  RulesJobResults,
} from './rules-jobs';
import { createWorkerPool, defaultPoolSize } from './worker-pool';

export { PoolBusyError, PoolClosedError, PoolTimeoutError } from './worker-pool';

/** A staff member (or the admin key's import) already has `limit` checks in flight. */
export class ChecksInProgressError extends Error {
  override name = 'ChecksInProgressError';
  constructor(readonly limit: number) {
    super(`${limit} checks are in flight`);
  }
}

export interface RulesChecksOptions {
  /** Worker threads (default: one fewer than the machine has, from 1 to 4). */
  workers?: number;
  /** Jobs that may wait for a thread; more are refused. */
  queue: number;
  /** Checks one staff member may have in flight (running or waiting). */
  perStaff: number;
  /** A job running longer has its thread ended. */
  timeoutMs: number;
  /** Results kept: entries, and their total size in bytes (modules' sources, findings' text). */
  cacheEntries?: number;
  cacheBytes?: number;
}

/** Who asks: a staff member's id, the admin key's import; null for work nobody in particular asked. */
export type CheckOwner = string | null;

const hashOf = (text: string): string =>
  createHash('sha256').update(text).digest('base64url').slice(0, 22);

/** What a result holds, roughly in bytes (for the cache's bound): texts and module sources. */
function sizeOf(result: unknown): number {
  if (typeof result === 'string') return result.length;
  if (Array.isArray(result)) return result.reduce<number>((n, v) => n + sizeOf(v), 16);
  if (result && typeof result === 'object')
    return Object.values(result).reduce<number>((n, v) => n + sizeOf(v), 16);
  return 8;
}

export function createRulesChecks(options: RulesChecksOptions) {
  // A plain module path beside this one: .ts from source (tsx, vitest), .js once compiled.
  const entry = new URL(
    import.meta.url.endsWith('.ts') ? './rules-worker.ts' : './rules-worker.js',
    import.meta.url,
  );
  const pool = createWorkerPool<RulesJob>({
    entry,
    size: options.workers ?? defaultPoolSize(),
    maxQueue: options.queue,
    timeoutMs: options.timeoutMs,
  });
  const results = new Lru<string, Promise<unknown>>({
    maxEntries: options.cacheEntries ?? 200,
    maxWeight: options.cacheBytes ?? 32 * 1024 * 1024,
  });
  const inFlight = new Map<string, number>();
  const completed: Record<RulesJobKind, number> = {
    check: 0,
    preview: 0,
    'check-all': 0,
    build: 0,
  };

  // A catalog's JSON and its key, made once per catalog object (a rules version's catalog is
  // shared by every request while it is current).
  const refs = new WeakMap<RuleCatalog, CatalogRef>();
  const refOf = (catalog: RuleCatalog): CatalogRef => {
    let ref = refs.get(catalog);
    if (!ref) {
      const json = JSON.stringify(catalog);
      ref = { key: hashOf(json), json };
      refs.set(catalog, ref);
    }
    return ref;
  };
  const draftKey = (base: CatalogRef, country: string, rules: object | null): string =>
    `${base.key}:${country}:${hashOf(JSON.stringify(rules))}`;

  /**
   * Runs a job for `owner`, or answers the kept result of the same job (`key`, null: never kept);
   * a job already in flight is waited for, and counts against nobody's limit again.
   */
  function run<K extends RulesJobKind>(
    owner: CheckOwner,
    key: string | null,
    job: RulesJob & { kind: K },
  ): Promise<RulesJobResults[K]> {
    const kept = key === null ? undefined : results.get(key);
    if (kept) return kept as Promise<RulesJobResults[K]>;
    if (owner !== null && (inFlight.get(owner) ?? 0) >= options.perStaff)
      return Promise.reject(new ChecksInProgressError(options.perStaff));
    if (owner !== null) inFlight.set(owner, (inFlight.get(owner) ?? 0) + 1);
    const running = pool.run<RulesJobResults[K]>(job).finally(() => {
      if (owner === null) return;
      const left = (inFlight.get(owner) ?? 1) - 1;
      if (left > 0) inFlight.set(owner, left);
      else inFlight.delete(owner);
    });
    if (key !== null) results.set(key, running, 1024);
    running.then(
      (result) => {
        completed[job.kind] += 1;
        // Weighed once known; kept only while it is still this run's entry.
        if (key !== null && results.has(key)) results.set(key, running, sizeOf(result));
      },
      () => {
        // A refusal or a failure is never kept: asking again tries again.
        if (key !== null && results.has(key)) results.delete(key);
      },
    );
    return running;
  }

  return {
    /** Threads, queue bound and per-staff limit (for the README's figures and the tests). */
    limits: { workers: pool.size, queue: pool.maxQueue, perStaff: options.perStaff },

    /** Jobs completed in threads since the start, by kind (cached answers are not counted). */
    completed: (kind: RulesJobKind): number => completed[kind],

    /** Jobs running and waiting now. */
    load: () => pool.load(),

    /** One rule file's findings with it in place of its current one in `base`. */
    checkDraft(
      owner: CheckOwner,
      base: RuleCatalog,
      country: string,
      rules: object | null,
    ): Promise<RuleFinding[]> {
      const ref = refOf(base);
      return run(owner, `check:${draftKey(ref, country, rules)}`, {
        kind: 'check',
        base: ref,
        country,
        rules,
      });
    },

    /** A draft's preview: schema findings, or its findings and its country's modules. */
    async preview(
      owner: CheckOwner,
      base: RuleCatalog,
      country: string,
      rules: object,
    ): Promise<PreviewResult> {
      const ref = refOf(base);
      const key = draftKey(ref, country, rules);
      const result = await run(owner, `preview:${key}`, {
        kind: 'preview',
        base: ref,
        country,
        rules,
      });
      // A draft saved as it was previewed needs no check of its own.
      if ('findings' in result && !results.has(`check:${key}`))
        results.set(`check:${key}`, Promise.resolve(result.findings), sizeOf(result.findings));
      return result;
    },

    /** The whole check of every rule file, `country` in place of its current rules. */
    checkAll(
      owner: CheckOwner,
      base: RuleCatalog,
      country: string,
      rules: object | null,
    ): Promise<RuleFinding[]> {
      const ref = refOf(base);
      return run(owner, `check-all:${draftKey(ref, country, rules)}`, {
        kind: 'check-all',
        catalog: { base: ref, country, rules },
      });
    },

    /**
     * The validator modules of a rules version: `base` (with `country`'s rules in place, when given)
     * against the files the portal was built from. Never kept: a version is built once and stored.
     */
    buildModules(
      owner: CheckOwner,
      files: RuleCatalog,
      base: RuleCatalog,
      country?: string,
      rules?: object | null,
    ): Promise<VariantModule[]> {
      const catalog: CatalogSpec =
        country !== undefined && rules !== undefined
          ? { base: refOf(base), country, rules }
          : { base: refOf(base) };
      return run(owner, null, { kind: 'build', files: refOf(files), catalog });
    },

    /** Ends the threads (the server is stopping). */
    close: () => pool.close(),
  };
}
export type RulesChecks = ReturnType<typeof createRulesChecks>;

// The checks a server made for its rules (plugins/rules.ts): the rules console's domain finds them
// from the rules it works on, wherever its context was made (console and admin routes).
const attached = new WeakMap<object, RulesChecks>();

export function attachRulesChecks(rules: object, checks: RulesChecks): void {
  attached.set(rules, checks);
}

export function rulesChecksOf(rules: object): RulesChecks {
  const checks = attached.get(rules);
  if (!checks) throw new Error('no rules checks attached to these rules (plugins/rules.ts)');
  return checks;
}

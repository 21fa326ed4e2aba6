// The rules console's business rules (issue 16): drafts checked like `npm run rules:check` plus
// refusals of unsafe input, four-eyes review, publication after the whole check, restore. The
// checks and module builds run in worker threads (services/rules-checks.ts, issue 29 point 2),
// never on the thread that answers requests; a draft is refused before any of that work when it
// holds more patterns or bytes than a rule file may. The whole file is a draft's unit: a country
// created from a template (it had no file), a field rule added or removed, a retirement back to the
// shared rules (issue 33 point 2). The SQL is in repositories/rule-versions.ts and staff.ts.
import type { Database } from '../db/client';
import {
  ApiError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  serviceUnavailable,
  tooManyRequests,
  type ApiFieldError,
} from '../errors';
import { lastChangeByCountry, recordAudit } from '../repositories/staff';
import { importAuthor } from './staff';
import {
  approvalOf,
  getRuleVersion,
  hasVersions,
  insertVersion,
  listRuleVersions,
  lockPublications,
  newestPublicationId,
  publishedCountries,
  publishedVersionOf,
  publishVersion,
  rulesOf,
  setReview,
  versionCounts,
  withdrawApproval,
  type RuleFile,
  type RuleVersionRow,
} from '../repositories/rule-versions';
import type { RulesSource } from '../services/rules-source';
import type { StaffSession } from '../services/staff-sessions';
import { storeVersionModules } from '../services/stored-validators';
import type { VariantModule } from '../services/published-validators';
import {
  ChecksInProgressError,
  PoolBusyError,
  PoolClosedError,
  PoolTimeoutError,
  rulesChecksOf,
  type CheckOwner,
  type RulesChecks,
} from '../services/rules-checks';
import { MAX_PATTERNS, patternCount, type RuleFinding } from '../../core/rules/check-rules';
import type { CheckFinding } from '../../core/rules/finding-codes';
import {
  countryFromTemplate,
  TemplateNotApplicable,
  type CountryTemplate,
} from '../../core/rules/country-templates';
import type { RuleCatalog } from '../../core/schemas/catalog';
import { ruleNameFor } from '../../core/schemas/compose';
import type { CountryRules } from '../../core/schemas/country-rules';
import type { RuleChange, VersionSummary } from '../../core/rules/console-types';

export type { VersionSummary, RuleFile };

/** A draft's rules: a whole rule file, or null for "no file" (the country follows shared rules). */
export type DraftRules = RuleFile | null;

const RULE_NAME = /^([A-Z]{2}|_[a-z]+)$/;
const COUNTRY_CODE = /^[A-Z]{2}$/;
const fileOf = (name: string): string => `country-rules/${name}.json`;

/** The most a rule file may weigh as JSON (today's largest, examples included, is about 12 kB). */
export const MAX_RULE_BYTES = 64 * 1024;

export interface RulesConsoleContext {
  db: Database;
  rules: RulesSource;
}

/** The checks and module builds of the server's rules, in worker threads (plugins/rules.ts). */
const checksOf = (ctx: RulesConsoleContext): RulesChecks => rulesChecksOf(ctx.rules);

/**
 * The work of the worker threads, its refusals as answers: too many checks of this staff member
 * in flight (429), every thread busy and the queue full, a check that ran too long, or the server
 * stopping (503, retry).
 */
async function checked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ChecksInProgressError)
      throw tooManyRequests(
        `ChecksInProgress: ${error.limit} of your rule checks are still running (at most ${error.limit} at a time); wait for their answers`,
      );
    if (error instanceof PoolBusyError)
      throw new ApiError(
        503,
        'RulesChecksBusy: the server is checking other rules and its queue is full; retry in a few seconds',
      );
    if (error instanceof PoolTimeoutError)
      throw new ApiError(
        503,
        'RulesCheckTimedOut: checking these rules took too long and was stopped; simplify the patterns, or retry',
      );
    if (error instanceof PoolClosedError) throw serviceUnavailable();
    throw error;
  }
}

/** Whose checks these are, for the per-staff limit: the staff member, or the admin key's import. */
const ownerOf = (author: Author): CheckOwner => author.staffId ?? `author:${author.email}`;

/**
 * Refuses, before any check, a rule file that holds more patterns or bytes than a rule file may
 * (each pattern is analysed for backtracking, each byte composed): 400 naming the limit.
 */
function assertWithinLimits(country: string, rules: object): void {
  const patterns = patternCount(rules);
  if (patterns > MAX_PATTERNS) {
    const message = `a rule file may hold at most ${MAX_PATTERNS} patterns; this draft of ${country} has ${patterns}`;
    throw badRequest(`TooManyPatterns: ${message}`, [
      {
        path: '/rules',
        keyword: 'maxPatterns',
        messageKey: 'rules',
        params: { limit: MAX_PATTERNS, patterns },
        message,
      },
    ]);
  }
  const bytes = Buffer.byteLength(JSON.stringify(rules));
  if (bytes > MAX_RULE_BYTES) {
    const message = `a rule file may be at most ${MAX_RULE_BYTES} bytes as JSON; this draft of ${country} has ${bytes}`;
    throw badRequest(`RulesTooLarge: ${message}`, [
      {
        path: '/rules',
        keyword: 'maxBytes',
        messageKey: 'rules',
        params: { limit: MAX_RULE_BYTES, bytes },
        message,
      },
    ]);
  }
}

/**
 * A finding as a field error of the request body (`/rules/...`), naming the field; its code and
 * values in `params` (`finding`, `values`) for the console to say it in the staff member's
 * language. An example's finding names the example, not a place in the file.
 */
function toFieldError(finding: RuleFinding): ApiFieldError {
  const pointer =
    !finding.example && typeof finding.params.path === 'string' ? finding.params.path : '';
  const message = `${finding.file}${finding.example ? `, ${finding.example}` : ''}: ${finding.problem}`;
  return {
    path: `/rules${pointer}`,
    keyword: 'rules',
    messageKey: 'rules',
    params: {
      file: finding.file,
      ...(finding.example ? { example: finding.example } : {}),
      finding: finding.code,
      values: finding.params,
    },
    message,
  };
}

/** A finding as the console's API answers it: its code, its values and its English sentence. */
const answered = ({ code, params, problem }: RuleFinding): CheckFinding => ({
  code,
  params,
  problem,
});

/** The checks of one country's rules in place of its current ones: findings of that file only. */
const checkDraft = (
  ctx: RulesConsoleContext,
  owner: CheckOwner,
  catalog: RuleCatalog,
  name: string,
  rules: DraftRules,
): Promise<RuleFinding[]> => checked(() => checksOf(ctx).checkDraft(owner, catalog, name, rules));

function refuse(code: string, findings: RuleFinding[]): never {
  const errors = findings.map(toFieldError);
  throw badRequest(`${code}: ${errors[0]?.message ?? 'the rules are invalid'}`, errors);
}

export const summary = (row: RuleVersionRow): VersionSummary => ({
  id: row.id,
  country: row.country,
  // The column holds only these (written here, checked by the route's response schema).
  status: row.status,
  // "No file" is stored as the JSON null (saveDraft).
  file: row.rules !== 'null',
  author: row.authorEmail,
  createdAt: row.createdAt.toISOString(),
  basedOn: row.basedOn,
  baseVersion: row.baseVersion,
  approvedBase: row.approvedBase,
  restoredFrom: row.restoredFrom,
  reviewer: row.reviewerEmail,
  reviewComment: row.reviewComment,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  publishedAt: row.publishedAt?.toISOString() ?? null,
});

function assertRuleName(name: string, catalog: RuleCatalog): void {
  if (!RULE_NAME.test(name)) throw notFound(`CountryMissing: "${name}" is not a rule file name`);
  void catalog;
}

/** Every rule file with its status: published version, drafts, last change and by whom. */
export async function listCountries(ctx: RulesConsoleContext) {
  const { catalog } = ctx.rules.current;
  const counts = await versionCounts(ctx.db);
  // A country retired (or created and not yet published) has versions and no file.
  const names = [...new Set([...Object.keys(catalog.rules), ...counts.keys()])].sort();
  const lastChange = await lastChangeByCountry(ctx.db);
  return names.map((country) => {
    const count = counts.get(country);
    const change = lastChange.get(country);
    return {
      country,
      name: catalog.rules[country]?.name ?? englishName(country),
      file: Object.hasOwn(catalog.rules, country),
      publishedVersion: count?.published ?? null,
      drafts: count?.drafts ?? 0,
      lastChange: change
        ? { action: change.action, by: change.actor, at: change.at.toISOString() }
        : null,
    };
  });
}

/** A country code's English name ("ZA" → "South Africa"), or the code itself. */
function englishName(country: string): string {
  if (!COUNTRY_CODE.test(country)) return country;
  return new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country;
}

/**
 * A country's rules as the server validates with them now: its own file, or (`rules: null`) none,
 * and the rule file that governs it then (`governedBy`: _default, or a shared rule listing it).
 */
export async function getCountry(ctx: RulesConsoleContext, country: string) {
  const { catalog, id } = ctx.rules.current;
  assertRuleName(country, catalog);
  const rules = Object.hasOwn(catalog.rules, country) ? catalog.rules[country] : undefined;
  if (!rules && !COUNTRY_CODE.test(country))
    throw notFound(`CountryMissing: no rules for ${country}`);
  return {
    country,
    name: rules?.name ?? englishName(country),
    rulesVersion: id,
    publishedVersion: await publishedVersionOf(ctx.db, country),
    rules: (rules ?? null) as RuleFile | null,
    governedBy: rules ? country : ruleNameFor(catalog, country),
  };
}

/**
 * A new country's rule file made from a template (not saved: the console opens it in the editor,
 * and it is saved as a draft like any other). Only for a country with no file of its own.
 */
export function countryTemplate(
  ctx: RulesConsoleContext,
  country: string,
  template: CountryTemplate,
): RuleFile {
  const { catalog } = ctx.rules.current;
  if (!COUNTRY_CODE.test(country))
    throw notFound(`CountryMissing: "${country}" is not a country code`);
  if (Object.hasOwn(catalog.rules, country))
    throw conflict(`CountryHasFile: ${country} has rules of its own; edit them instead`);
  try {
    return countryFromTemplate(template, country) as unknown as RuleFile;
  } catch (error) {
    if (error instanceof TemplateNotApplicable) throw badRequest(error.message);
    throw error;
  }
}

/**
 * Who saves a draft: a staff member, in the console or named by `npm run rules:import --as` (an
 * import is that person's draft, so four eyes hold: they cannot approve it). Null only for the
 * `seed` rows of the files.
 */
export interface Author {
  staffId: string | null;
  email: string;
}

/** A country's published version for messages: "version 12", or its file's rules. */
const versionName = (version: number | null): string =>
  version === null ? "the file's rules" : `version ${version}`;

/**
 * Saves a draft after the checks of `npm run rules:check` for this country and the refusals.
 * `madeFrom`: the country's published version the editor showed (null = its file); when given
 * and no longer the published one, the draft would undo what was published since: refused.
 * The draft records the published version it is made from (its base).
 */
export async function saveDraft(
  ctx: RulesConsoleContext,
  staff: Author,
  country: string,
  rules: DraftRules,
  restoredFrom: number | null = null,
  madeFrom?: number | null,
): Promise<VersionSummary> {
  const { catalog, id: basedOn } = ctx.rules.current;
  assertRuleName(country, catalog);
  const hasFile = Object.hasOwn(catalog.rules, country);
  // A retirement: only a country's own file, never a shared rule the others are built on.
  if (rules === null && (!COUNTRY_CODE.test(country) || !hasFile))
    throw conflict(
      COUNTRY_CODE.test(country)
        ? `NothingToRetire: ${country} has no file of its own; it follows ${ruleNameFor(catalog, country)} already`
        : `SharedRuleKept: ${country} is a shared rule other countries follow; it cannot be retired`,
    );
  if (madeFrom !== undefined) {
    const now = await publishedVersionOf(ctx.db, country);
    if (now !== madeFrom) {
      await recordAudit(ctx.db, {
        staffId: staff.staffId,
        actor: staff.email,
        action: 'draft.refused',
        country,
        detail: { code: 'DraftBaseMoved', madeFrom, publishedNow: now },
      });
      throw conflict(
        `DraftBaseMoved: these rules were edited from ${versionName(madeFrom)} of ${country}, but ${versionName(now)} has been published since; reload the country and make the change again on the rules now published`,
      );
    }
  }
  const rule = rules as unknown as CountryRules | null;
  if (rule && rule.country !== country)
    refuse('RulesInvalid', [
      {
        file: fileOf(country),
        code: 'draft.otherCountry',
        params: { path: '/country', country: String(rule.country), draft: country },
        problem: `/country is "${String(rule.country)}" but the draft is for ${country}`,
      },
    ]);
  try {
    if (rules) assertWithinLimits(country, rules);
  } catch (error) {
    await recordAudit(ctx.db, {
      staffId: staff.staffId,
      actor: staff.email,
      action: 'draft.refused',
      country,
      detail: { problems: [error instanceof Error ? error.message : String(error)] },
    });
    throw error;
  }
  const findings = await checkDraft(ctx, ownerOf(staff), catalog, country, rules);
  if (findings.length) {
    await recordAudit(ctx.db, {
      staffId: staff.staffId,
      actor: staff.email,
      action: 'draft.refused',
      country,
      detail: { problems: findings.slice(0, 20).map((f) => f.problem) },
    });
    refuse('RulesInvalid', findings);
  }
  const row = await ctx.db.transaction(async (tx) => {
    // The first version of a country keeps the rules before it as a `seed` version beside it
    // (its file's, or null: no file), so a rollback to them is a restore like any other; the
    // restore of a created country's seed retires it.
    if (!(await hasVersions(tx, country))) {
      const seed = hasFile ? catalog.rules[country] : null;
      await insertVersion(tx, {
        country,
        status: 'seed',
        rules: JSON.stringify(seed ?? null),
        basedOn,
        authorEmail: seed
          ? `${fileOf(country)} (the rules before the console)`
          : `no file (${country} followed ${ruleNameFor(catalog, country)} before the console)`,
      });
    }
    const baseVersion = await publishedVersionOf(tx, country);
    const inserted = await insertVersion(tx, {
      country,
      status: 'draft',
      rules: JSON.stringify(rules),
      basedOn,
      baseVersion,
      restoredFrom,
      authorId: staff.staffId,
      authorEmail: staff.email,
    });
    await recordAudit(tx, {
      staffId: staff.staffId,
      actor: staff.email,
      action:
        restoredFrom !== null ? 'draft.restore' : rules === null ? 'draft.retire' : 'draft.save',
      country,
      version: inserted.id,
      ...(restoredFrom === null ? {} : { detail: { restoredFrom } }),
    });
    return inserted;
  });
  return summary(row);
}

/** Leaves of a rule file by JSON pointer (arrays are one value: a list reads better whole). */
function leaves(value: unknown, path = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (path === '' && k === 'examples') continue;
      leaves(v, `${path}/${k}`, out);
    }
  } else out.set(path, value);
  return out;
}

/** What a draft changes against the published rules: fields, patterns, flags, and examples. */
export function diffRules(before: unknown, after: unknown): RuleChange[] {
  const a = leaves(before);
  const b = leaves(after);
  const changes: RuleChange[] = [];
  for (const path of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const from = a.get(path);
    const to = b.get(path);
    if (!a.has(path)) changes.push({ code: 'rule.added', path, change: 'added', to });
    else if (!b.has(path)) changes.push({ code: 'rule.removed', path, change: 'removed', from });
    else if (JSON.stringify(from) !== JSON.stringify(to))
      changes.push({ code: 'rule.changed', path, change: 'changed', from, to });
  }
  const described = (rules: unknown) =>
    new Set(
      ((rules as { examples?: { description: string }[] } | undefined)?.examples ?? []).map(
        (e) => e.description,
      ),
    );
  const was = described(before);
  const now = described(after);
  for (const d of now)
    if (!was.has(d))
      changes.push({ code: 'example.added', path: '/examples', change: 'added', to: d });
  for (const d of was)
    if (!now.has(d))
      changes.push({ code: 'example.removed', path: '/examples', change: 'removed', from: d });
  return changes;
}

/**
 * Each example's result, and the findings that are not about an example: as codes with their
 * values (`findings`, said in the console's language) and in English (`problems`).
 */
function checkResults(findings: RuleFinding[], rule: CountryRules | null) {
  const examples = (rule?.examples ?? []).map((example, index) => {
    const label = `example ${index + 1} "${example.description}"`;
    const own = findings.filter((f) => f.example === label);
    return {
      description: example.description,
      form: example.form,
      expected: example.valid ? ('pass' as const) : ('fail' as const),
      ok: own.length === 0,
      problems: own.map((f) => f.problem),
      findings: own.map(answered),
    };
  });
  const general = findings.filter((f) => !f.example);
  return {
    examples,
    problems: general.map((f) => f.problem),
    findings: general.map(answered),
  };
}

/**
 * What a draft changes against the country's rules now, a new file or a retirement said first:
 * which rule file governed the country before, and which will after.
 */
function changesOf(catalog: RuleCatalog, country: string, rules: DraftRules): RuleChange[] {
  const now = Object.hasOwn(catalog.rules, country) ? catalog.rules[country] : undefined;
  if (rules === null) {
    if (!now) return [];
    const { [country]: _retired, ...others } = catalog.rules;
    const after = ruleNameFor({ forms: catalog.forms, rules: others }, country);
    return [
      { code: 'file.retired', path: '', change: 'removed', from: country, to: after },
      ...diffRules(now, {}),
    ];
  }
  if (!now)
    return [
      {
        code: 'file.created',
        path: '',
        change: 'added',
        from: ruleNameFor(catalog, country),
        to: country,
      },
      ...diffRules({}, rules),
    ];
  return diffRules(now, rules);
}

/**
 * A version with its rules, its changes against the published rules and its example results, and
 * the country's version published now (the one an approval is given against).
 */
export async function getVersion(ctx: RulesConsoleContext, staff: StaffSession, id: number) {
  const row = await getRuleVersion(ctx.db, id);
  // The changes are shown against the rules published now, as the approval will record.
  await ctx.rules.refresh(true);
  const { catalog } = ctx.rules.current;
  const rules = rulesOf(row);
  const rule = rules as unknown as CountryRules | null;
  const findings = await checkDraft(ctx, staff.staffId, catalog, row.country, rules);
  return {
    ...summary(row),
    publishedVersion: await publishedVersionOf(ctx.db, row.country),
    rules,
    changes: changesOf(catalog, row.country, rules),
    ...checkResults(findings, rule),
  };
}

/**
 * A draft checked as the staff member types, without saving: its changes, problems and example
 * results, and the composed forms of its country (and of any country it changes) as precompiled
 * validator modules for the live preview. A pattern that could backtrack catastrophically is not
 * compiled into a preview: the browser would run it on every key. A file that fails the rule
 * file schema is refused as a draft save refuses it (RulesInvalid, the paths named), before
 * anything is composed, compiled or kept to be served.
 */
export async function previewDraft(
  ctx: RulesConsoleContext,
  staff: StaffSession,
  country: string,
  rules: object,
) {
  const { catalog } = ctx.rules.current;
  assertRuleName(country, catalog);
  assertWithinLimits(country, rules);
  const preview = await checked(() =>
    checksOf(ctx).preview(staff.staffId, catalog, country, rules),
  );
  if ('invalid' in preview) refuse('RulesInvalid', preview.invalid);
  const notComposed: RuleFinding[] =
    preview.composeError === null
      ? []
      : [
          {
            file: fileOf(country),
            code: 'rules.notComposed',
            params: { error: preview.composeError },
            problem: `the forms cannot be composed from these rules: ${preview.composeError}`,
          },
        ];
  const results = checkResults([...preview.findings, ...notComposed], rules as CountryRules);
  const modules: VariantModule[] = preview.modules;
  return {
    changes: changesOf(catalog, country, rules as RuleFile),
    ...results,
    modules,
  };
}

export async function listVersions(ctx: RulesConsoleContext, country: string) {
  assertRuleName(country, ctx.rules.current.catalog);
  return (await listRuleVersions(ctx.db, country)).map(summary);
}

function assertApprover(staff: StaffSession, row: RuleVersionRow, action: string): void {
  if (staff.role !== 'approver')
    throw forbidden(`Forbidden: only an approver may ${action} a draft; editors draft`);
  if (row.authorId === staff.staffId || row.authorEmail.toLowerCase() === staff.email.toLowerCase())
    throw forbidden(`FourEyes: you wrote version ${row.id}; another approver must ${action} it`);
}

/**
 * An approver other than the author approves a draft, or sends it back with a comment. An
 * approval is given against the country's version published now (recorded with it): the changes
 * the approver saw are against it. `reviewedAgainst` is the published version the approver's page
 * showed; when given and no longer the published one, the approval is refused (review again).
 */
export async function review(
  ctx: RulesConsoleContext,
  staff: StaffSession,
  id: number,
  decision: 'approve' | 'send-back',
  comment: string | null,
  reviewedAgainst?: number | null,
): Promise<VersionSummary> {
  const row = await getRuleVersion(ctx.db, id);
  assertApprover(staff, row, decision === 'approve' ? 'approve' : 'send back');
  if (decision === 'send-back' && !comment?.trim())
    throw badRequest('CommentRequired: say what to change when sending a draft back', [
      {
        path: '/comment',
        keyword: 'required',
        messageKey: 'required',
        params: {},
        message: 'say what to change',
      },
    ]);
  const to = decision === 'approve' ? 'approved' : 'sent_back';
  const against = await publishedVersionOf(ctx.db, row.country);
  if (decision === 'approve' && reviewedAgainst !== undefined && reviewedAgainst !== against)
    throw conflict(
      `DraftBaseMoved: you reviewed version ${id}'s changes against ${versionName(reviewedAgainst)} of ${row.country}, but ${versionName(against)} has been published since; reload the version and review its changes again`,
    );
  if (!(await setReview(ctx.db, id, 'draft', to, staff.email, comment, against)))
    throw conflict(`NotADraft: version ${id} is ${row.status}, not a draft awaiting review`);
  const detail = {
    ...(comment ? { comment } : {}),
    ...(decision === 'approve' ? { approvedAgainst: against } : {}),
  };
  await recordAudit(ctx.db, {
    staffId: staff.staffId,
    actor: staff.email,
    action: decision === 'approve' ? 'draft.approve' : 'draft.send-back',
    country: row.country,
    version: id,
    ...(Object.keys(detail).length ? { detail } : {}),
  });
  return summary(await getRuleVersion(ctx.db, id));
}

/**
 * An approval given against a version of the country that is no longer the published one: the
 * draft would undo what was published since, which nobody reviewed. The approval is withdrawn
 * (the version is a draft awaiting review again, to be reviewed against the rules published now)
 * and publishing is refused.
 */
async function refuseStale(
  ctx: RulesConsoleContext,
  staff: StaffSession,
  row: RuleVersionRow,
  approvedAgainst: number | null,
  publishedNow: number | null,
): Promise<never> {
  const withdrawn = await withdrawApproval(ctx.db, row.id, approvedAgainst);
  await recordAudit(ctx.db, {
    staffId: staff.staffId,
    actor: staff.email,
    action: 'publish.refused',
    country: row.country,
    version: row.id,
    detail: { code: 'DraftBaseMoved', approvedAgainst, publishedNow, approvalWithdrawn: withdrawn },
  });
  throw conflict(
    `DraftBaseMoved: version ${row.id} was approved against ${versionName(approvedAgainst)} of ${row.country}, but ${versionName(publishedNow)} has been published since; publishing it would undo that unreviewed. Its approval is withdrawn: it needs an approval against the rules published now (or a new draft made from them)`,
  );
}

/**
 * Publishes an approved version after the whole check of every country with it in place; the
 * server swaps its validators at once (other processes within RULES_CHECK_MS). Only an approval
 * given against the country's version published now counts (else `refuseStale`).
 */
export async function publish(
  ctx: RulesConsoleContext,
  staff: StaffSession,
  id: number,
): Promise<VersionSummary & { rulesVersion: number }> {
  if (staff.role !== 'approver') throw forbidden('Forbidden: only an approver may publish');
  const row = await getRuleVersion(ctx.db, id);
  if (row.status !== 'approved')
    throw conflict(
      `NotApproved: version ${id} is ${row.status}; only an approved version is published`,
    );
  const publishedNow = await publishedVersionOf(ctx.db, row.country);
  if (row.approvedBase !== publishedNow)
    await refuseStale(ctx, staff, row, row.approvedBase, publishedNow);
  await ctx.rules.refresh(true);
  const { id: checkedAgainst, catalog: base } = ctx.rules.current;
  const rules = rulesOf(row);
  const findings = await checked(() =>
    checksOf(ctx).checkAll(staff.staffId, base, row.country, rules),
  );
  if (findings.length) {
    await recordAudit(ctx.db, {
      staffId: staff.staffId,
      actor: staff.email,
      action: 'publish.refused',
      country: row.country,
      version: id,
      detail: { problems: findings.slice(0, 20).map((f) => `${f.file}: ${f.problem}`) },
    });
    const errors = findings.map(toFieldError);
    throw new ApiError(
      409,
      `PublishRefused: ${errors[0]?.message ?? 'the rules check failed'}`,
      errors,
    );
  }
  // The new rules version's validator modules, built once here and stored with the publication
  // (issue 29 point 3): no request ever builds them. `catalog` is that version's rules, since the
  // publication lands only while `checkedAgainst` is still the newest.
  const modules = await checked(() =>
    checksOf(ctx).buildModules(staff.staffId, ctx.rules.files, base, row.country, rules),
  );
  type Outcome =
    | { stale: { approvedAgainst: number | null; publishedNow: number | null } }
    | { publication: { id: number } };
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    // Publications one at a time, across processes: the whole check above ran against the newest
    // publication, and must still be the newest when this one lands (else two countries checked
    // apart could be published together unchecked).
    await lockPublications(tx);
    if ((await newestPublicationId(tx)) !== checkedAgainst)
      throw conflict(
        'PublishRaced: another version was published while this one was checked; publish again',
      );
    // Under the lock: the approval is still against the country's version published now.
    const approval = await approvalOf(tx, id);
    if (!approval) throw conflict(`NotApproved: version ${id} changed meanwhile`);
    const now = await publishedVersionOf(tx, row.country);
    if (approval.approvedBase !== now)
      return { stale: { approvedAgainst: approval.approvedBase, publishedNow: now } };
    const inserted = await publishVersion(tx, id, row.country, staff.email);
    if (!inserted) throw conflict(`NotApproved: version ${id} changed meanwhile`);
    await storeVersionModules(tx, inserted.id, modules);
    await recordAudit(tx, {
      staffId: staff.staffId,
      actor: staff.email,
      action: 'publish',
      country: row.country,
      version: id,
      detail: { rulesVersion: inserted.id, approvedAgainst: now },
    });
    return { publication: inserted };
  });
  if ('stale' in outcome)
    return refuseStale(ctx, staff, row, outcome.stale.approvedAgainst, outcome.stale.publishedNow);
  const { publication } = outcome;
  await ctx.rules.invalidate();
  return { ...summary(await getRuleVersion(ctx.db, id)), rulesVersion: publication.id };
}

/**
 * Retiring a country's own file: a draft saying "no file", after which the country follows the
 * shared rules again (_default, or a shared rule listing it); reviewed and published like any
 * draft, and undone by restoring a version with the file.
 */
export function retire(
  ctx: RulesConsoleContext,
  staff: Author,
  country: string,
  madeFrom?: number | null,
): Promise<VersionSummary> {
  return saveDraft(ctx, staff, country, null, null, madeFrom);
}

/** Restoring a published version is a new draft with its rules, again needing approval. */
export async function restore(
  ctx: RulesConsoleContext,
  staff: StaffSession,
  id: number,
): Promise<VersionSummary> {
  const row = await getRuleVersion(ctx.db, id);
  if (row.status !== 'published' && row.status !== 'seed')
    throw conflict(
      `NotPublished: version ${id} is ${row.status}; only a published version is restored`,
    );
  return saveDraft(ctx, staff, row.country, rulesOf(row), id);
}

/** The published rules of every country with a publication (`npm run rules:export`). */
export async function publishedRules(ctx: RulesConsoleContext) {
  // The newest publication first, so the rules and the list of published countries agree.
  await ctx.rules.refresh(true);
  const published = await publishedCountries(ctx.db);
  const { id, catalog } = ctx.rules.current;
  return {
    rulesVersion: id,
    rules: Object.fromEntries(
      Object.entries(catalog.rules).filter(([name]) => published.has(name)),
    ) as unknown as Record<string, Record<string, unknown>>,
    // Files of the repository whose country was retired in the console: the export deletes them.
    retired: [...published]
      .filter(
        (name) => !Object.hasOwn(catalog.rules, name) && Object.hasOwn(ctx.rules.files.rules, name),
      )
      .sort(),
  };
}

/**
 * `npm run rules:import`: every given file that differs from the rules in use becomes a draft of
 * the named author, an enabled, enrolled staff member (checked like any draft; all refusals are
 * answered together), to be approved by another approver as usual. With `retireMissing` the files are the whole folder: a country
 * whose own file is in use but not among them gets a retirement draft (as the console's Retire
 * the file), back to `_default` or the shared rule that lists it; shared rules are never retired.
 */
export async function importDrafts(
  ctx: RulesConsoleContext,
  authorEmail: string,
  files: Record<string, Record<string, unknown>>,
  retireMissing = false,
): Promise<{
  drafts: { country: string; id: number }[];
  retired: { country: string; id: number }[];
  unchanged: string[];
}> {
  // Four eyes (issue 29 point 9): an import is a named staff member's draft, never nobody's.
  const author = await importAuthor(ctx.db, authorEmail);
  await ctx.rules.refresh(true);
  const { catalog } = ctx.rules.current;
  const changed = Object.entries(files).filter(
    ([name, rules]) => JSON.stringify(catalog.rules[name]) !== JSON.stringify(rules),
  );
  const missing = retireMissing
    ? Object.keys(catalog.rules)
        .filter((name) => COUNTRY_CODE.test(name) && !Object.hasOwn(files, name))
        .sort()
    : [];
  const problems: RuleFinding[] = [];
  // One file after another: the import's checks count against one author's limit like a staff
  // member's.
  for (const [name, rules] of changed) {
    if (!RULE_NAME.test(name))
      problems.push({
        file: fileOf(name),
        code: 'import.badName',
        params: { name },
        problem: `"${name}" is not a rule file name`,
      });
    else if ((rules as { country?: unknown }).country !== name)
      problems.push({
        file: fileOf(name),
        code: 'draft.otherCountry',
        params: {
          path: '/country',
          country: String((rules as { country?: unknown }).country),
          draft: name,
        },
        problem: `/country does not name ${name}`,
      });
    else {
      assertWithinLimits(name, rules);
      problems.push(...(await checkDraft(ctx, ownerOf(author), catalog, name, rules)));
    }
  }
  // A retirement is checked as the console checks one: the rules without the country's file.
  for (const name of missing)
    problems.push(...(await checkDraft(ctx, ownerOf(author), catalog, name, null)));
  if (problems.length) refuse('RulesInvalid', problems);
  const drafts: { country: string; id: number }[] = [];
  for (const [name, rules] of changed)
    drafts.push({ country: name, id: (await saveDraft(ctx, author, name, rules)).id });
  const retired: { country: string; id: number }[] = [];
  for (const name of missing)
    retired.push({ country: name, id: (await retire(ctx, author, name)).id });
  if (drafts.length || retired.length)
    await recordAudit(ctx.db, {
      staffId: author.staffId,
      actor: 'admin-key (rules:import)',
      action: 'draft.import',
      detail: { author: author.email, drafts, ...(retired.length ? { retired } : {}) },
    });
  return {
    drafts,
    retired,
    unchanged: Object.keys(files).filter((name) => !changed.some(([n]) => n === name)),
  };
}

// Rule versions of the rules console and their publications (rules versions).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rulePublications, ruleVersions } from '../db/schema';
import type { VersionStatus } from '../../core/rules/console-types';
import { notFound } from '../errors';

export type RuleVersionRow = typeof ruleVersions.$inferSelect;

/** A whole rule file, as in country-rules/<country>.json. */
export type RuleFile = Record<string, unknown>;

/**
 * A version's rule file (stored as JSON text, so its keys keep their order); null for a version
 * that says the country has no file (a retirement, or the seed of a country created in the
 * console): it then follows the shared rules (_default, or a shared rule that lists it).
 */
export const rulesOf = (row: RuleVersionRow): RuleFile | null =>
  JSON.parse(row.rules) as RuleFile | null;

export type NewRuleVersion = typeof ruleVersions.$inferInsert;

/** Whether the country has any version yet (its first one keeps the rules before it as `seed`). */
export async function hasVersions(db: Database, country: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ruleVersions.id })
    .from(ruleVersions)
    .where(eq(ruleVersions.country, country))
    .limit(1);
  return row !== undefined;
}

export async function insertVersion(db: Database, values: NewRuleVersion): Promise<RuleVersionRow> {
  const [inserted] = await db.insert(ruleVersions).values(values).returning();
  if (!inserted) throw new Error('rule version insert returned nothing');
  return inserted;
}

export async function getRuleVersion(db: Database, id: number): Promise<RuleVersionRow> {
  const [row] = await db.select().from(ruleVersions).where(eq(ruleVersions.id, id));
  if (!row) throw notFound(`VersionMissing: no rule version ${id}`);
  return row;
}

export async function listRuleVersions(db: Database, country: string): Promise<RuleVersionRow[]> {
  return db
    .select()
    .from(ruleVersions)
    .where(eq(ruleVersions.country, country))
    .orderBy(desc(ruleVersions.id));
}

/** Per country: its current published version id, and how many versions await review. */
export async function versionCounts(
  db: Database,
): Promise<Map<string, { published: number | null; drafts: number }>> {
  const drafts = await db
    .select({
      country: ruleVersions.country,
      drafts:
        sql<number>`count(*) filter (where ${ruleVersions.status} in ('draft', 'approved'))`.mapWith(
          Number,
        ),
    })
    .from(ruleVersions)
    .groupBy(ruleVersions.country);
  const published = await db
    .selectDistinctOn([rulePublications.country], {
      country: rulePublications.country,
      versionId: rulePublications.versionId,
    })
    .from(rulePublications)
    .orderBy(rulePublications.country, desc(rulePublications.id));
  const counts = new Map(
    drafts.map((r) => [r.country, { published: null as number | null, drafts: r.drafts }]),
  );
  for (const p of published) {
    const entry = counts.get(p.country) ?? { published: null, drafts: 0 };
    counts.set(p.country, { ...entry, published: p.versionId });
  }
  return counts;
}

/** The version a country's latest publication made current, if any. */
export async function publishedVersionOf(db: Database, country: string): Promise<number | null> {
  const [row] = await db
    .select({ versionId: rulePublications.versionId })
    .from(rulePublications)
    .where(eq(rulePublications.country, country))
    .orderBy(desc(rulePublications.id))
    .limit(1);
  return row?.versionId ?? null;
}

/** `approvedBase`: the country's published version the approval is given against. */
export async function setReview(
  db: Database,
  id: number,
  from: VersionStatus,
  to: 'approved' | 'sent_back',
  reviewer: string,
  comment: string | null,
  approvedBase: number | null = null,
): Promise<boolean> {
  const rows = await db
    .update(ruleVersions)
    .set({
      status: to,
      reviewerEmail: reviewer,
      reviewComment: comment,
      reviewedAt: new Date(),
      approvedBase: to === 'approved' ? approvedBase : null,
    })
    .where(and(eq(ruleVersions.id, id), eq(ruleVersions.status, from)))
    .returning({ id: ruleVersions.id });
  return rows.length === 1;
}

/**
 * An approval that went stale (given against `approvedBase`, no longer the published version):
 * the version is a draft awaiting review again. A newer approval is left alone.
 */
export async function withdrawApproval(
  db: Database,
  id: number,
  approvedBase: number | null,
): Promise<boolean> {
  const rows = await db
    .update(ruleVersions)
    .set({
      status: 'draft',
      reviewerEmail: null,
      reviewComment: null,
      reviewedAt: null,
      approvedBase: null,
    })
    .where(
      and(
        eq(ruleVersions.id, id),
        eq(ruleVersions.status, 'approved'),
        sql`${ruleVersions.approvedBase} is not distinct from ${approvedBase}`,
      ),
    )
    .returning({ id: ruleVersions.id });
  return rows.length === 1;
}

/** The countries with at least one publication. */
export async function publishedCountries(db: Database): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ country: rulePublications.country })
    .from(rulePublications);
  return new Set(rows.map((r) => r.country));
}

/** pg_advisory_xact_lock key that serialises publications ("rules" in ASCII). */
const PUBLISH_LOCK = 0x72756c6573;

/** Publications one at a time, across processes, until the transaction ends. */
export async function lockPublications(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK})`);
}

/** The newest publication's id (the rules version in force); 0 for the files alone. */
export async function newestPublicationId(db: Database): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${rulePublications.id}), 0)`.mapWith(Number) })
    .from(rulePublications);
  return row?.id ?? 0;
}

/** An approved version's approval base, or undefined when it is not approved (any more). */
export async function approvalOf(
  db: Database,
  id: number,
): Promise<{ approvedBase: number | null } | undefined> {
  const [row] = await db
    .select({ approvedBase: ruleVersions.approvedBase })
    .from(ruleVersions)
    .where(and(eq(ruleVersions.id, id), eq(ruleVersions.status, 'approved')));
  return row;
}

/** An approved version becomes published and a publication records it: its id, or undefined. */
export async function publishVersion(
  db: Database,
  id: number,
  country: string,
  publishedBy: string,
): Promise<{ id: number } | undefined> {
  const updated = await db
    .update(ruleVersions)
    .set({ status: 'published', publishedAt: new Date() })
    .where(and(eq(ruleVersions.id, id), eq(ruleVersions.status, 'approved')))
    .returning({ id: ruleVersions.id });
  if (updated.length !== 1) return undefined;
  const [inserted] = await db
    .insert(rulePublications)
    .values({ versionId: id, country, publishedBy })
    .returning({ id: rulePublications.id });
  if (!inserted) throw new Error('publication insert returned nothing');
  return inserted;
}

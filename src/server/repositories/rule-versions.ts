// Rule versions of the rules console and their publications (rules versions).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rulePublications, ruleVersions } from '../db/schema';
import { notFound } from '../errors';

export type RuleVersionRow = typeof ruleVersions.$inferSelect;

/** A version's rule file (stored as JSON text, so its keys keep their order). */
export const rulesOf = (row: RuleVersionRow): Record<string, unknown> =>
  JSON.parse(row.rules) as Record<string, unknown>;

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
  from: string,
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

ALTER TABLE "rule_versions" ADD COLUMN "base_version" integer;--> statement-breakpoint
ALTER TABLE "rule_versions" ADD COLUMN "approved_base" integer;--> statement-breakpoint
-- Existing versions: the base is the country's version published when the draft was saved (rules
-- version based_on), an approval's the one published when it was reviewed (issue 29).
UPDATE "rule_versions" AS v SET "base_version" = (
	SELECT p."version_id" FROM "rule_publications" AS p
	WHERE p."country" = v."country" AND p."id" <= v."based_on"
	ORDER BY p."id" DESC LIMIT 1
);--> statement-breakpoint
UPDATE "rule_versions" AS v SET "approved_base" = (
	SELECT p."version_id" FROM "rule_publications" AS p
	WHERE p."country" = v."country" AND p."published_at" <= v."reviewed_at" AND p."version_id" <> v."id"
	ORDER BY p."id" DESC LIMIT 1
) WHERE v."status" IN ('approved', 'published') AND v."reviewed_at" IS NOT NULL;

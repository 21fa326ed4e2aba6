-- Published validator modules are stored at publication (issue 29 point 3); publications made before
-- this migration keep validators_built_at null and are built once, under the row's lock, on first use.
CREATE TABLE "validator_modules" (
	"rules_version" integer NOT NULL,
	"file" text NOT NULL,
	"position" integer NOT NULL,
	"form_id" text NOT NULL,
	"country" text,
	"method" text,
	"method_name" text,
	"source" text NOT NULL,
	CONSTRAINT "validator_modules_rules_version_file_pk" PRIMARY KEY("rules_version","file")
);
--> statement-breakpoint
ALTER TABLE "rule_publications" ADD COLUMN "validators_built_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "validator_modules" ADD CONSTRAINT "validator_modules_rules_version_rule_publications_id_fk" FOREIGN KEY ("rules_version") REFERENCES "public"."rule_publications"("id") ON DELETE no action ON UPDATE no action;
CREATE TABLE "payment_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"file_id" text NOT NULL,
	"format" text NOT NULL,
	"reference" text NOT NULL,
	"actor" text NOT NULL,
	"reexport" boolean DEFAULT false NOT NULL,
	"exported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "destination_sealed" text;--> statement-breakpoint
ALTER TABLE "payment_exports" ADD CONSTRAINT "payment_exports_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_exports_once" ON "payment_exports" USING btree ("claim_id") WHERE not "payment_exports"."reexport";--> statement-breakpoint
CREATE INDEX "payment_exports_file" ON "payment_exports" USING btree ("file_id");
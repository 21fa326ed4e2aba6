-- Staff enrol themselves (issue 29 point 9): the admin key gets a one-time enrolment link, never a
-- password or TOTP secret; both stay null until the staff member enrols. Accounts made before this
-- migration chose nothing themselves but have both, so they count as enrolled.
ALTER TABLE "staff" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ALTER COLUMN "totp_secret_sealed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_pending_sealed" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "enrolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "enrolment_token_hash" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "enrolment_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_enrolment_token" ON "staff" USING btree ("enrolment_token_hash");--> statement-breakpoint
UPDATE "staff" SET "enrolled_at" = "created_at" WHERE "password_hash" IS NOT NULL AND "totp_secret_sealed" IS NOT NULL;

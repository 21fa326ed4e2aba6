ALTER TABLE "claims" ADD COLUMN "destination" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "identity_sealed" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "failed_sign_ins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "sign_in_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "sign_in_hard_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "status_before_block" text;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "expires_at" timestamp with time zone;
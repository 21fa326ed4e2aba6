CREATE TABLE "unknown_sign_ins" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"sign_in_locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

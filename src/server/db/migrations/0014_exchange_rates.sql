CREATE TABLE "exchange_rate_feeds" (
	"feed" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"stored_at" timestamp with time zone,
	"fetched_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"feed" text NOT NULL,
	"rate_date" date NOT NULL,
	"currency" text NOT NULL,
	"per_euro" numeric(24, 10) NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_feed_rate_date_currency_pk" PRIMARY KEY("feed","rate_date","currency")
);

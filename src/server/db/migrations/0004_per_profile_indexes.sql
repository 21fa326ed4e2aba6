CREATE INDEX "addresses_profile" ON "addresses" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "claims_payment_method" ON "claims" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "guardians_minor" ON "guardians" USING btree ("minor_profile_id");--> statement-breakpoint
CREATE INDEX "guardians_guardian" ON "guardians" USING btree ("guardian_profile_id");--> statement-breakpoint
CREATE INDEX "outbox_pending" ON "outbox" USING btree ("created_at") WHERE "outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "phones_profile" ON "phones" USING btree ("profile_id");
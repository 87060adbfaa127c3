ALTER TABLE "captains" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passengers" ADD COLUMN "approval_blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "passengers" ADD COLUMN "documents_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passengers" ADD COLUMN "documents_removal_reason" text;--> statement-breakpoint
CREATE INDEX "captains_first_name_prefix_idx" ON "captains" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "captains_last_name_prefix_idx" ON "captains" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "captains_full_name_prefix_idx" ON "captains" USING btree ((lower("first_name" || ' ' || "last_name")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "captains_username_prefix_idx" ON "captains" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "captains_phone_prefix_idx" ON "captains" USING btree ("phone_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "captains_blocked_until_idx" ON "captains" USING btree ("blocked_until");--> statement-breakpoint
CREATE INDEX "passengers_first_name_prefix_idx" ON "passengers" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "passengers_last_name_prefix_idx" ON "passengers" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "passengers_full_name_prefix_idx" ON "passengers" USING btree ((lower("first_name" || ' ' || "last_name")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "passengers_email_prefix_idx" ON "passengers" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "passengers_phone_prefix_idx" ON "passengers" USING btree ("phone_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "passengers_whatsapp_prefix_idx" ON "passengers" USING btree ("whatsapp_number" text_pattern_ops);
ALTER TABLE "booking_suggestions" ADD COLUMN "kind" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "suggestion_group_size" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "unassigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "unassigned_reason" text;--> statement-breakpoint
CREATE INDEX "booking_suggestions_live_idx" ON "booking_suggestions" USING btree ("captain_id","until") WHERE "booking_suggestions"."status" = 'SENT';
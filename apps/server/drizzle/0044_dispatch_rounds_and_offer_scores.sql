ALTER TABLE "booking_suggestions" ADD COLUMN "score" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cascade_from" timestamp with time zone;--> statement-breakpoint
-- Rounds that began at an unassign keep their start.
UPDATE "bookings" SET "cascade_from" = "unassigned_at" WHERE "unassigned_at" IS NOT NULL;

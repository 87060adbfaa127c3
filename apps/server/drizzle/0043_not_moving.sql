ALTER TABLE "bookings" ADD COLUMN "move_check_lon" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "move_check_lat" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "move_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "moved_after_dispatch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "not_moving_at" timestamp with time zone;
-- Substring search ("contains", ILIKE '%…%') over names, phones, plates and place names stays fast at
-- a million bookings with trigram indexes; pg_trgm ships with PostgreSQL and with PGlite's contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "passengers_name_trgm_idx" ON "passengers" USING gin ((first_name || ' ' || last_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "passengers_phone_trgm_idx" ON "passengers" USING gin (phone_number gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "captains_name_trgm_idx" ON "captains" USING gin ((first_name || ' ' || last_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "captains_phone_trgm_idx" ON "captains" USING gin (phone_number gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cars_number_trgm_idx" ON "cars" USING gin (number gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_pickup_name_trgm_idx" ON "bookings" USING gin (pick_up_location_name gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_dropoff_name_trgm_idx" ON "bookings" USING gin (pull_down_location_name gin_trgm_ops);--> statement-breakpoint
-- The Requests board lists the active bookings (a few hundred among millions) by time: a partial index
-- serves every active status group (the planner proves a subset of the list implies the predicate).
CREATE INDEX IF NOT EXISTS "bookings_active_datetime_idx" ON "bookings" ("datetime", "id") WHERE status IN ('PENDING', 'APPROVED', 'ACCEPTED', 'STARTED', 'ARRIVED', 'PICKED_UP');

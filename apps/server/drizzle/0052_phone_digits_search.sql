-- Phone searches match the digits of a stored number (phone-search.ts in packages/shared): every character
-- but the digits dropped, so "+33 6 00 00 93 51" and "+33600009351" read the same. Trigram indexes on that
-- expression answer its substring and prefix patterns; the raw columns' trigram indexes have no reader left.
-- fastupdate off: no pending list, which PGlite (no autovacuum) never flushes until it holds 4 MB, and which a search
-- then reads whole (measured on PGlite after the demo seed: hundreds of ms a search with it, a few ms without).
CREATE INDEX IF NOT EXISTS "passengers_phone_digits_trgm_idx" ON "passengers" USING gin ((regexp_replace(phone_number, '[^0-9]', '', 'g')) gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "passengers_whatsapp_digits_trgm_idx" ON "passengers" USING gin ((regexp_replace(whatsapp_number, '[^0-9]', '', 'g')) gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "captains_phone_digits_trgm_idx" ON "captains" USING gin ((regexp_replace(phone_number, '[^0-9]', '', 'g')) gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_codes_phone_digits_trgm_idx" ON "sms_codes" USING gin ((regexp_replace(phone, '[^0-9]', '', 'g')) gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
DROP INDEX IF EXISTS "passengers_phone_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "captains_phone_trgm_idx";

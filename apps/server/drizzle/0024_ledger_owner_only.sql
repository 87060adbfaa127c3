ALTER TABLE "account_entries" DROP CONSTRAINT "account_entries_passenger_id_passengers_id_fk";
--> statement-breakpoint
ALTER TABLE "account_entries" DROP CONSTRAINT "account_entries_captain_id_captains_id_fk";
--> statement-breakpoint
DROP INDEX "account_entries_passenger_idx";--> statement-breakpoint
ALTER TABLE "account_entries" ALTER COLUMN "owner_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "account_entries" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "account_entries" ALTER COLUMN "amount" SET DATA TYPE bigint USING round("amount" * 100)::bigint;--> statement-breakpoint
CREATE INDEX "account_entries_owner_idx" ON "account_entries" USING btree ("owner_kind","owner_id","created_at","id","amount");--> statement-breakpoint
CREATE UNIQUE INDEX "account_entries_reference_uq" ON "account_entries" USING btree ("owner_kind","owner_id","type","reference") WHERE "account_entries"."reference" is not null;--> statement-breakpoint
ALTER TABLE "account_entries" DROP COLUMN "passenger_id";--> statement-breakpoint
ALTER TABLE "account_entries" DROP COLUMN "captain_id";
ALTER TABLE "account_entries" ADD COLUMN "owner_kind" text;--> statement-breakpoint
ALTER TABLE "account_entries" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "account_entries" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "account_entries" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "account_entries" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DELETE FROM "account_entries" WHERE "passenger_id" IS NULL AND "captain_id" IS NULL;--> statement-breakpoint
UPDATE "account_entries" SET "owner_kind" = CASE WHEN "captain_id" IS NOT NULL THEN 'captain' ELSE 'passenger' END, "owner_id" = coalesce("captain_id", "passenger_id");

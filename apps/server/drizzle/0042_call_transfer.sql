ALTER TABLE "calls" ADD COLUMN "transfer_to" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "transfer_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_transfer_to_users_id_fk" FOREIGN KEY ("transfer_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
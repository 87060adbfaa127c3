ALTER TABLE "ai_suggestions" ADD COLUMN "offered_to_id" integer;--> statement-breakpoint
ALTER TABLE "ai_suggestions" ADD COLUMN "offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ai_suggestions" ADD CONSTRAINT "ai_suggestions_offered_to_id_users_id_fk" FOREIGN KEY ("offered_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_suggestions_offered_idx" ON "ai_suggestions" USING btree ("offered_at");
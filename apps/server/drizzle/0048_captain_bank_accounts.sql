ALTER TABLE "captains" ADD COLUMN "bank_id" integer;--> statement-breakpoint
ALTER TABLE "captains" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "captains" ADD CONSTRAINT "captains_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE set null ON UPDATE no action;
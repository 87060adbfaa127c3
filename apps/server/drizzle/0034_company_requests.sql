CREATE TABLE "company_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"address" text,
	"contact_first_name" text NOT NULL,
	"contact_last_name" text DEFAULT '' NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"company_id" integer,
	"user_id" integer,
	"reviewed_by_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_requests" ADD CONSTRAINT "company_requests_company_id_partners_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "airport_agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airport_agencies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "airport_details" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "airport_agency_id" integer;--> statement-breakpoint
ALTER TABLE "airport_details" ADD CONSTRAINT "airport_details_agency_id_airport_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."airport_agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_airport_agency_id_airport_agencies_id_fk" FOREIGN KEY ("airport_agency_id") REFERENCES "public"."airport_agencies"("id") ON DELETE no action ON UPDATE no action;
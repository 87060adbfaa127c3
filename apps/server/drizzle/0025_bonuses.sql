CREATE TABLE "bonus_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_time_slices" (
	"id" serial PRIMARY KEY NOT NULL,
	"bonus_id" integer NOT NULL,
	"day_of_week" integer NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"bonus_package_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"threshold" integer NOT NULL,
	"sector_id" integer,
	"amount" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conditional_bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"min_rides" integer NOT NULL,
	"min_acceptance_rate" integer,
	"service_id" integer,
	"amount" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bonus_time_slices" ADD CONSTRAINT "bonus_time_slices_bonus_id_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_bonus_package_id_bonus_packages_id_fk" FOREIGN KEY ("bonus_package_id") REFERENCES "public"."bonus_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_time_slices_bonus_idx" ON "bonus_time_slices" USING btree ("bonus_id");--> statement-breakpoint
CREATE INDEX "bonuses_package_idx" ON "bonuses" USING btree ("bonus_package_id");
CREATE TABLE "constraints" (
	"id" serial PRIMARY KEY NOT NULL,
	"constraint_name" text NOT NULL,
	"abbreviation" text NOT NULL,
	"kind" text DEFAULT 'static' NOT NULL,
	"capability" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_sectors" (
	"service_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	CONSTRAINT "service_sectors_service_id_sector_id_pk" PRIMARY KEY("service_id","sector_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"seats" integer DEFAULT 4 NOT NULL,
	"service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"passenger_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voucher_uses_booking_id_unique" UNIQUE("booking_id")
);
--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "discount_kind" text DEFAULT 'percent' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "amount" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "max_uses_per_passenger" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "captains" ADD COLUMN "capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "service_sectors" ADD CONSTRAINT "service_sectors_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sectors" ADD CONSTRAINT "service_sectors_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "constraints_name_key" ON "constraints" USING btree (lower("constraint_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_types_name_key" ON "vehicle_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "voucher_uses_voucher_idx" ON "voucher_uses" USING btree ("voucher_id","passenger_id");--> statement-breakpoint
UPDATE "vouchers" SET "amount" = "discount_percent";
--> statement-breakpoint
-- An existing database keeps its behaviour: one vehicle type per name its services and cars use, carrying
-- the services of that type.
INSERT INTO "vehicle_types" ("name", "seats", "service_ids")
SELECT DISTINCT ON (lower(t.vehicle_type)) t.vehicle_type, t.seats,
  coalesce((SELECT jsonb_agg(s.id ORDER BY s.id) FROM "services" s WHERE lower(s.vehicle_type) = lower(t.vehicle_type)), '[]'::jsonb)
FROM (SELECT "vehicle_type", "seats", 0 AS o FROM "services" UNION ALL SELECT "vehicle_type", "seats", 1 FROM "cars") t
ORDER BY lower(t.vehicle_type), t.o;


CREATE TABLE "price_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"stop" boolean DEFAULT false NOT NULL,
	"conditions" jsonb NOT NULL,
	"effect" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_tariffs" (
	"service_id" integer NOT NULL,
	"season" text NOT NULL,
	"base" numeric(10, 2) NOT NULL,
	"per_km" numeric(10, 2) NOT NULL,
	"per_minute" numeric(10, 2) NOT NULL,
	"minimum" numeric(10, 2) NOT NULL,
	"waiting_per_minute" numeric(10, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_tariffs_service_id_season_pk" PRIMARY KEY("service_id","season")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fare_estimate" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fare_final" jsonb;--> statement-breakpoint
ALTER TABLE "service_tariffs" ADD CONSTRAINT "service_tariffs_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_rules_order_idx" ON "price_rules" USING btree ("order","id");
CREATE TABLE "area_clusters" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sector_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "area_clusters_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "blacklist_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"lon" double precision,
	"lat" double precision,
	"radius_m" integer,
	"geometry" jsonb,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landmarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"aliases" text,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"place_id" integer
);
--> statement-breakpoint
CREATE TABLE "location_containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "location_containers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"container_id" integer,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "restricted_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"applies_to" text NOT NULL,
	"allowed_service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allowed_from" text,
	"allowed_to" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "restricted_areas_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "seasonal_destinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"season" text NOT NULL,
	"name" text NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"price" double precision,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"radius_m" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "stations_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "landmarks" ADD CONSTRAINT "landmarks_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_container_id_location_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."location_containers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_container_idx" ON "locations" USING btree ("container_id");--> statement-breakpoint
CREATE INDEX "seasonal_destinations_season_idx" ON "seasonal_destinations" USING btree ("season");
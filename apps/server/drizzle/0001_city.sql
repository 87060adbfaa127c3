CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"osm_id" bigint NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"addr_street" text,
	"stars" integer,
	"cuisine" text,
	"sector_id" integer,
	CONSTRAINT "places_osm_id_unique" UNIQUE("osm_id")
);
--> statement-breakpoint
CREATE TABLE "sectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"osm_id" bigint,
	"geometry" jsonb NOT NULL,
	"centroid_lon" double precision NOT NULL,
	"centroid_lat" double precision NOT NULL,
	CONSTRAINT "sectors_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "streets" (
	"id" serial PRIMARY KEY NOT NULL,
	"osm_id" bigint NOT NULL,
	"name" text,
	"highway" text NOT NULL,
	"oneway" text DEFAULT 'no' NOT NULL,
	"maxspeed" integer,
	"junction" text,
	"coordinates" jsonb NOT NULL,
	CONSTRAINT "streets_osm_id_unique" UNIQUE("osm_id")
);
--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "places_category_idx" ON "places" USING btree ("category");
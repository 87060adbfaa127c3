CREATE TABLE "ride_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"by" text NOT NULL,
	"stars" integer NOT NULL,
	"cause_id" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_ratings_by_check" CHECK ("ride_ratings"."by" in ('passenger', 'captain')),
	CONSTRAINT "ride_ratings_stars_check" CHECK ("ride_ratings"."stars" between 1 and 5),
	CONSTRAINT "ride_ratings_comment_check" CHECK (char_length("ride_ratings"."comment") <= 300)
);
--> statement-breakpoint
ALTER TABLE "ride_ratings" ADD CONSTRAINT "ride_ratings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_ratings" ADD CONSTRAINT "ride_ratings_cause_id_rating_causes_id_fk" FOREIGN KEY ("cause_id") REFERENCES "public"."rating_causes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ride_ratings_booking_by_key" ON "ride_ratings" USING btree ("booking_id","by");--> statement-breakpoint
CREATE INDEX "ride_ratings_cause_idx" ON "ride_ratings" USING btree ("cause_id");
CREATE TABLE "city_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"place_id" integer,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"radius_m" integer DEFAULT 500 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"expected_attendance" integer,
	"demand_level" text DEFAULT 'medium' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lost_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"kept_at" text,
	"booking_id" integer,
	"captain_id" integer,
	"passenger_id" integer,
	"status" text DEFAULT 'found' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "city_events" ADD CONSTRAINT "city_events_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_items" ADD CONSTRAINT "lost_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_items" ADD CONSTRAINT "lost_items_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_items" ADD CONSTRAINT "lost_items_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_events_starts_idx" ON "city_events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "city_events_ends_idx" ON "city_events" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "lost_items_found_at_idx" ON "lost_items" USING btree ("found_at");--> statement-breakpoint
CREATE INDEX "lost_items_status_idx" ON "lost_items" USING btree ("status","found_at");--> statement-breakpoint
CREATE INDEX "lost_items_booking_idx" ON "lost_items" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "lost_items_captain_idx" ON "lost_items" USING btree ("captain_id");--> statement-breakpoint
CREATE INDEX "lost_items_passenger_idx" ON "lost_items" USING btree ("passenger_id");--> statement-breakpoint
CREATE INDEX "lost_items_open_idx" ON "lost_items" USING btree ("found_at") WHERE status in ('found', 'contacted');
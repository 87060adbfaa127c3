CREATE TABLE "ai_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"captain_id" integer NOT NULL,
	"kind" text DEFAULT 'dispatch' NOT NULL,
	"status" text DEFAULT 'PROPOSED' NOT NULL,
	"min_pick_up_time" timestamp with time zone NOT NULL,
	"max_pick_up_time" timestamp with time zone NOT NULL,
	"min_drop_off_time" timestamp with time zone,
	"max_drop_off_time" timestamp with time zone,
	"eta_seconds" integer NOT NULL,
	"trip_seconds" integer,
	"original_time" timestamp with time zone,
	"new_time" timestamp with time zone,
	"countdown_until" timestamp with time zone NOT NULL,
	"decided_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_suggestions" ADD CONSTRAINT "ai_suggestions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_suggestions" ADD CONSTRAINT "ai_suggestions_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_suggestions" ADD CONSTRAINT "ai_suggestions_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_suggestions_booking_idx" ON "ai_suggestions" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "ai_suggestions_status_idx" ON "ai_suggestions" USING btree ("status","countdown_until");
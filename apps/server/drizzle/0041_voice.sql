CREATE TABLE "calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"sip_call_id" text NOT NULL,
	"direction" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"operator_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"rung_users" text[] DEFAULT '{}' NOT NULL,
	"booking_id" integer,
	CONSTRAINT "calls_sip_call_id_unique" UNIQUE("sip_call_id")
);
--> statement-breakpoint
CREATE TABLE "voice_registrations" (
	"sip_user" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_registrations" ADD CONSTRAINT "voice_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_started_idx" ON "calls" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "calls_from_idx" ON "calls" USING btree ("from_number");--> statement-breakpoint
CREATE INDEX "calls_booking_idx" ON "calls" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "voice_registrations_user_idx" ON "voice_registrations" USING btree ("user_id");
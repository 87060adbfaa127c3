CREATE TABLE "captain_app_steps" (
	"captain_id" integer NOT NULL,
	"step_id" text NOT NULL,
	"booking_id" integer NOT NULL,
	"action" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "captain_app_steps_captain_id_step_id_pk" PRIMARY KEY("captain_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "captain_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"captain_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "captain_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "captain_app_steps" ADD CONSTRAINT "captain_app_steps_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captain_app_steps" ADD CONSTRAINT "captain_app_steps_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captain_sessions" ADD CONSTRAINT "captain_sessions_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captain_app_steps_created_idx" ON "captain_app_steps" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "captain_sessions_captain_idx" ON "captain_sessions" USING btree ("captain_id");
CREATE TABLE "seasonal_reservation_allowances" (
	"id" serial PRIMARY KEY NOT NULL,
	"season" text NOT NULL,
	"captain_id" integer,
	"max_reservations" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seasonal_reservation_allowances" ADD CONSTRAINT "seasonal_reservation_allowances_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seasonal_reservation_allowances_unique" ON "seasonal_reservation_allowances" USING btree ("season",coalesce("captain_id", 0));--> statement-breakpoint
CREATE INDEX "seasonal_reservation_allowances_captain_idx" ON "seasonal_reservation_allowances" USING btree ("captain_id");
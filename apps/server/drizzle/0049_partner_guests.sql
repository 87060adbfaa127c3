CREATE TABLE "partner_guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"room_number" text,
	"passenger_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "partner_guest_id" integer;--> statement-breakpoint
ALTER TABLE "partner_guests" ADD CONSTRAINT "partner_guests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_guests" ADD CONSTRAINT "partner_guests_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_guests_partner_phone_idx" ON "partner_guests" USING btree ("partner_id","phone_number");--> statement-breakpoint
CREATE INDEX "partner_guests_passenger_idx" ON "partner_guests" USING btree ("passenger_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_partner_guest_id_partner_guests_id_fk" FOREIGN KEY ("partner_guest_id") REFERENCES "public"."partner_guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_partner_guest_idx" ON "bookings" USING btree ("partner_guest_id");--> statement-breakpoint
-- Backfill: one record per partner and phone number its desk booked for (a desk booking is one whose creator is
-- a staff account of that partner). The name is kept only when the passenger was made by that partner's desk
-- (unregistered, its first booking one of that desk's): any other name was never the partner's to hold.
INSERT INTO "partner_guests" ("partner_id", "phone_number", "first_name", "last_name", "room_number", "passenger_id", "created_at", "updated_at")
SELECT DISTINCT ON (b."partner_id", p."phone_number")
  b."partner_id",
  p."phone_number",
  CASE WHEN made_here.yes THEN p."first_name" ELSE '' END,
  CASE WHEN made_here.yes THEN p."last_name" ELSE '' END,
  b."room_number",
  p."id",
  min(b."created_at") OVER (PARTITION BY b."partner_id", p."phone_number"),
  b."created_at"
FROM "bookings" b
JOIN "users" u ON u."id" = b."creator_id" AND u."partner_id" = b."partner_id"
JOIN "passengers" p ON p."id" = b."passenger_id"
CROSS JOIN LATERAL (
  SELECT NOT p."registered" AND coalesce((
    SELECT f."partner_id" = b."partner_id" AND fu."partner_id" IS NOT DISTINCT FROM b."partner_id"
    FROM "bookings" f LEFT JOIN "users" fu ON fu."id" = f."creator_id"
    WHERE f."passenger_id" = p."id" ORDER BY f."id" LIMIT 1
  ), false) AS yes
) made_here
ORDER BY b."partner_id", p."phone_number", b."created_at" DESC, b."id" DESC;--> statement-breakpoint
UPDATE "bookings" b SET "partner_guest_id" = g."id"
FROM "partner_guests" g, "passengers" p, "users" u
WHERE p."id" = b."passenger_id" AND g."partner_id" = b."partner_id" AND g."phone_number" = p."phone_number"
  AND u."id" = b."creator_id" AND u."partner_id" = b."partner_id";

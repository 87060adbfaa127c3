CREATE TABLE "booking_complaint_categories" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"set_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_audios" (
	"complaint_id" integer NOT NULL,
	"file_name" text NOT NULL,
	CONSTRAINT "complaint_audios_complaint_id_file_name_pk" PRIMARY KEY("complaint_id","file_name")
);
--> statement-breakpoint
CREATE TABLE "complaint_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "complaint_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer,
	"captain_id" integer,
	"description" text,
	"doer" integer,
	"status" text DEFAULT 'Not Treated' NOT NULL,
	"category_id" integer,
	"entity_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_complaint_categories" ADD CONSTRAINT "booking_complaint_categories_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_complaint_categories" ADD CONSTRAINT "booking_complaint_categories_category_id_complaint_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."complaint_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_complaint_categories" ADD CONSTRAINT "booking_complaint_categories_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_audios" ADD CONSTRAINT "complaint_audios_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_doer_users_id_fk" FOREIGN KEY ("doer") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_category_id_complaint_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."complaint_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_booking_idx" ON "complaints" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "complaints_captain_idx" ON "complaints" USING btree ("captain_id");
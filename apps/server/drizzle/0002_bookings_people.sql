CREATE TABLE "account_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"passenger_id" integer,
	"captain_id" integer,
	"type" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captains" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"username" text,
	"email" text,
	"whatsapp_number" text,
	"phone_number" text,
	"profile_image" text,
	"conversation_id" text,
	"active" boolean DEFAULT false NOT NULL,
	"registered" boolean DEFAULT true NOT NULL,
	"activated_at" timestamp with time zone,
	"cash_register_id" integer,
	"blocked_until" timestamp with time zone,
	"block_reason" text,
	"service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_lon" double precision,
	"last_lat" double precision,
	"last_location_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"car_brand_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" serial PRIMARY KEY NOT NULL,
	"captain_id" integer,
	"number" text NOT NULL,
	"color_id" integer,
	"car_model_id" integer,
	"vehicle_type" text DEFAULT 'sedan' NOT NULL,
	"seats" integer DEFAULT 4 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_registers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "colors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hex" text
);
--> statement-breakpoint
CREATE TABLE "passengers" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"username" text,
	"email" text,
	"whatsapp_number" text,
	"phone_number" text NOT NULL,
	"id_card_front" text,
	"id_card_back" text,
	"profile_image" text,
	"approved_at" timestamp with time zone,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"can_use_vip" boolean DEFAULT false NOT NULL,
	"active_loyalty_classes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"registered" boolean DEFAULT true NOT NULL,
	"gender" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"is_pooling" boolean DEFAULT false NOT NULL,
	"vehicle_type" text DEFAULT 'sedan' NOT NULL,
	"seats" integer DEFAULT 4 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airport_details" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"agent" text,
	"air_agency_name" text,
	"first_name" text,
	"last_name" text,
	"phone_number" text,
	"whatsapp_number" text,
	"riders" integer,
	"bags" integer,
	"pnr" text,
	"country" text,
	"estimated_price" numeric(10, 2),
	"last_update" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"note" text NOT NULL,
	"author_id" integer,
	"solved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"status" text NOT NULL,
	"value" text,
	"lon" double precision,
	"lat" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"location_name" text NOT NULL,
	"lon" double precision,
	"lat" double precision
);
--> statement-breakpoint
CREATE TABLE "booking_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"captain_id" integer NOT NULL,
	"status" text DEFAULT 'SENT' NOT NULL,
	"until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"origin" text DEFAULT 'app' NOT NULL,
	"group_order" text,
	"high_priority" boolean DEFAULT false NOT NULL,
	"datetime" timestamp with time zone NOT NULL,
	"now" boolean DEFAULT true NOT NULL,
	"besoin" boolean DEFAULT false NOT NULL,
	"besoin_date" timestamp with time zone,
	"transformed" boolean DEFAULT false NOT NULL,
	"seats" integer DEFAULT 1 NOT NULL,
	"vehicle_type" text,
	"room_number" text,
	"service_id" integer NOT NULL,
	"passenger_id" integer NOT NULL,
	"pick_up_location_name" text NOT NULL,
	"pick_up_location_details" text,
	"pick_up_voice_recording" text,
	"pull_down_location_name" text,
	"pull_down_location_details" text,
	"landmark_pickup_id" integer,
	"landmark_dropoff_id" integer,
	"pick_up_lon" double precision NOT NULL,
	"pick_up_lat" double precision NOT NULL,
	"pull_down_lon" double precision,
	"pull_down_lat" double precision,
	"pickup_sector_id" integer,
	"dropoff_sector_id" integer,
	"voucher_id" integer,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"captain_cancellations" integer DEFAULT 0 NOT NULL,
	"captain_cancellation_reason_id" integer,
	"user_cancellation_reason_id" integer,
	"ride_id" integer,
	"is_eta" boolean DEFAULT false NOT NULL,
	"eta_captain" integer,
	"airport_office" boolean DEFAULT false NOT NULL,
	"static_constraints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dynamic_constraints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggestion_captain_id" integer,
	"suggestion_until" timestamp with time zone,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captain_cancellation_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geofence_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"captain_id" integer,
	"enter_time" timestamp with time zone,
	"leave_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"ride_id" integer,
	"status" text DEFAULT 'DONE' NOT NULL,
	"type" text DEFAULT 'booking' NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rides" (
	"id" serial PRIMARY KEY NOT NULL,
	"captain_id" integer NOT NULL,
	"car_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_change_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"new_service_id" integer NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_cancellation_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"discount_percent" integer DEFAULT 10 NOT NULL,
	"max_uses" integer,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captains" ADD CONSTRAINT "captains_cash_register_id_cash_registers_id_fk" FOREIGN KEY ("cash_register_id") REFERENCES "public"."cash_registers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_models" ADD CONSTRAINT "car_models_car_brand_id_car_brands_id_fk" FOREIGN KEY ("car_brand_id") REFERENCES "public"."car_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_car_model_id_car_models_id_fk" FOREIGN KEY ("car_model_id") REFERENCES "public"."car_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airport_details" ADD CONSTRAINT "airport_details_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_notes" ADD CONSTRAINT "booking_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_notes" ADD CONSTRAINT "booking_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_statuses" ADD CONSTRAINT "booking_statuses_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_stops" ADD CONSTRAINT "booking_stops_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_suggestions" ADD CONSTRAINT "booking_suggestions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_suggestions" ADD CONSTRAINT "booking_suggestions_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_landmark_pickup_id_places_id_fk" FOREIGN KEY ("landmark_pickup_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_landmark_dropoff_id_places_id_fk" FOREIGN KEY ("landmark_dropoff_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pickup_sector_id_sectors_id_fk" FOREIGN KEY ("pickup_sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_dropoff_sector_id_sectors_id_fk" FOREIGN KEY ("dropoff_sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_captain_cancellation_reason_id_captain_cancellation_reasons_id_fk" FOREIGN KEY ("captain_cancellation_reason_id") REFERENCES "public"."captain_cancellation_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_cancellation_reason_id_user_cancellation_reasons_id_fk" FOREIGN KEY ("user_cancellation_reason_id") REFERENCES "public"."user_cancellation_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_suggestion_captain_id_captains_id_fk" FOREIGN KEY ("suggestion_captain_id") REFERENCES "public"."captains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_logs" ADD CONSTRAINT "geofence_logs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_logs" ADD CONSTRAINT "geofence_logs_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_change_suggestions" ADD CONSTRAINT "service_change_suggestions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_change_suggestions" ADD CONSTRAINT "service_change_suggestions_new_service_id_services_id_fk" FOREIGN KEY ("new_service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_change_suggestions" ADD CONSTRAINT "service_change_suggestions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_entries_passenger_idx" ON "account_entries" USING btree ("passenger_id");--> statement-breakpoint
CREATE INDEX "captains_name_idx" ON "captains" USING btree (lower("first_name" || ' ' || "last_name"));--> statement-breakpoint
CREATE INDEX "cars_captain_idx" ON "cars" USING btree ("captain_id");--> statement-breakpoint
CREATE INDEX "cars_number_idx" ON "cars" USING btree ("number");--> statement-breakpoint
CREATE INDEX "passengers_phone_idx" ON "passengers" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "passengers_name_idx" ON "passengers" USING btree (lower("first_name" || ' ' || "last_name"));--> statement-breakpoint
CREATE INDEX "booking_notes_booking_idx" ON "booking_notes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_statuses_booking_idx" ON "booking_statuses" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_suggestions_booking_idx" ON "booking_suggestions" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bookings_status_datetime_idx" ON "bookings" USING btree ("status","datetime");--> statement-breakpoint
CREATE INDEX "bookings_datetime_idx" ON "bookings" USING btree ("datetime");--> statement-breakpoint
CREATE INDEX "bookings_passenger_idx" ON "bookings" USING btree ("passenger_id");--> statement-breakpoint
CREATE INDEX "bookings_ride_idx" ON "bookings" USING btree ("ride_id");--> statement-breakpoint
CREATE INDEX "bookings_pickup_sector_idx" ON "bookings" USING btree ("pickup_sector_id","datetime");--> statement-breakpoint
CREATE INDEX "bookings_dropoff_sector_idx" ON "bookings" USING btree ("dropoff_sector_id","datetime");--> statement-breakpoint
CREATE INDEX "bookings_origin_idx" ON "bookings" USING btree ("origin","datetime");--> statement-breakpoint
CREATE INDEX "geofence_logs_booking_idx" ON "geofence_logs" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_ride_idx" ON "payments" USING btree ("ride_id");--> statement-breakpoint
CREATE INDEX "rides_captain_idx" ON "rides" USING btree ("captain_id");--> statement-breakpoint
CREATE INDEX "service_change_suggestions_booking_idx" ON "service_change_suggestions" USING btree ("booking_id");
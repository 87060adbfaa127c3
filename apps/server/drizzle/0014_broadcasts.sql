CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer,
	"target_name" text,
	"source" text DEFAULT 'broadcast' NOT NULL,
	"scheduled_message_id" integer,
	"scheduled_for" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captain_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"captain_id" integer NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scheduled_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer,
	"target_name" text,
	"recurrence" text DEFAULT 'none' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"next_run_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"job_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_scheduled_message_id_scheduled_messages_id_fk" FOREIGN KEY ("scheduled_message_id") REFERENCES "public"."scheduled_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captain_deliveries" ADD CONSTRAINT "captain_deliveries_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_valid_idx" ON "announcements" USING btree ("valid_from","valid_until") WHERE published;--> statement-breakpoint
CREATE INDEX "broadcasts_created_idx" ON "broadcasts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "broadcasts_scheduled_run_idx" ON "broadcasts" USING btree ("scheduled_message_id","scheduled_for");--> statement-breakpoint
CREATE UNIQUE INDEX "captain_deliveries_source_captain_idx" ON "captain_deliveries" USING btree ("source_kind","source_id","captain_id");--> statement-breakpoint
CREATE INDEX "captain_deliveries_pending_idx" ON "captain_deliveries" USING btree ("captain_id") WHERE delivered_at is null;--> statement-breakpoint
CREATE INDEX "captain_deliveries_captain_idx" ON "captain_deliveries" USING btree ("captain_id","created_at");
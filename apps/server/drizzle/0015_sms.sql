CREATE TABLE "outbound_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"sealed_body" text,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient_kind" text NOT NULL,
	"recipient_id" integer NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_hint" text,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_message_id_outbound_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_messages_created_idx" ON "outbound_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbound_messages_status_idx" ON "outbound_messages" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sms_codes_created_idx" ON "sms_codes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sms_codes_recipient_idx" ON "sms_codes" USING btree ("recipient_kind","recipient_id","purpose");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_prefix_idx" ON "sms_codes" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sms_codes_message_idx" ON "sms_codes" USING btree ("message_id");
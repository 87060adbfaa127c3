CREATE TABLE "ticket_answers" (
	"ticket_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "ticket_answers_ticket_id_field_id_pk" PRIMARY KEY("ticket_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"assignee_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"sla_minutes" integer DEFAULT 240 NOT NULL,
	CONSTRAINT "ticket_types_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"author_type" text NOT NULL,
	"author_id" integer,
	"author_first_name" text DEFAULT '' NOT NULL,
	"author_last_name" text DEFAULT '' NOT NULL,
	"subject_type" text,
	"subject_id" integer,
	"subject_name" text,
	"assignee_id" integer,
	"booking_id" integer,
	"last_question_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sla_due_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ticket_answers" ADD CONSTRAINT "ticket_answers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_answers" ADD CONSTRAINT "ticket_answers_field_id_ticket_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."ticket_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_fields" ADD CONSTRAINT "ticket_fields_question_id_ticket_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."ticket_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_history" ADD CONSTRAINT "ticket_history_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_history" ADD CONSTRAINT "ticket_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_history" ADD CONSTRAINT "ticket_history_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_questions" ADD CONSTRAINT "ticket_questions_type_id_ticket_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_type_id_ticket_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_idx" ON "ticket_comments" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "ticket_fields_question_idx" ON "ticket_fields" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "ticket_history_ticket_idx" ON "ticket_history" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "ticket_questions_type_idx" ON "ticket_questions" USING btree ("type_id","position");--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "tickets_assignee_idx" ON "tickets" USING btree ("assignee_id","id");--> statement-breakpoint
CREATE INDEX "tickets_type_idx" ON "tickets" USING btree ("type_id","id");--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_pending_idx" ON "tickets" USING btree ("id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "tickets_open_due_idx" ON "tickets" USING btree ("sla_due_at","id") WHERE status in ('PENDING', 'ASSIGNED', 'IN_PROGRESS');--> statement-breakpoint
CREATE INDEX "tickets_subject_idx" ON "tickets" USING btree ("subject_type","subject_id");
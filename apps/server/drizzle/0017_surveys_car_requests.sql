CREATE TABLE "car_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"captain_id" integer NOT NULL,
	"kind" text NOT NULL,
	"car_id" integer,
	"car_model_id" integer NOT NULL,
	"color_id" integer NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"result_car_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"choice" integer,
	"rating" integer,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"prompt" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"passenger_id" integer,
	"captain_id" integer,
	"code_hash" text NOT NULL,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "survey_recipients_one_person" CHECK (("survey_recipients"."passenger_id" is null) <> ("survey_recipients"."captain_id" is null))
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"audience" text NOT NULL,
	"channel" text NOT NULL,
	"recent_days" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "car_requests" ADD CONSTRAINT "car_requests_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_requests" ADD CONSTRAINT "car_requests_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_requests" ADD CONSTRAINT "car_requests_car_model_id_car_models_id_fk" FOREIGN KEY ("car_model_id") REFERENCES "public"."car_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_requests" ADD CONSTRAINT "car_requests_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_requests" ADD CONSTRAINT "car_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_requests" ADD CONSTRAINT "car_requests_result_car_id_cars_id_fk" FOREIGN KEY ("result_car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_recipient_id_survey_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."survey_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_question_id_survey_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recipients" ADD CONSTRAINT "survey_recipients_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recipients" ADD CONSTRAINT "survey_recipients_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recipients" ADD CONSTRAINT "survey_recipients_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_requests_status_idx" ON "car_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "car_requests_captain_idx" ON "car_requests" USING btree ("captain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answers_recipient_question_idx" ON "survey_answers" USING btree ("recipient_id","question_id");--> statement-breakpoint
CREATE INDEX "survey_answers_question_idx" ON "survey_answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_questions_position_idx" ON "survey_questions" USING btree ("survey_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_recipients_code_idx" ON "survey_recipients" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_recipients_passenger_idx" ON "survey_recipients" USING btree ("survey_id","passenger_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_recipients_captain_idx" ON "survey_recipients" USING btree ("survey_id","captain_id");--> statement-breakpoint
CREATE INDEX "survey_recipients_answered_idx" ON "survey_recipients" USING btree ("survey_id") WHERE answered_at is not null;--> statement-breakpoint
CREATE INDEX "surveys_created_idx" ON "surveys" USING btree ("created_at");
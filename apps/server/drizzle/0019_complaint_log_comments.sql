CREATE TABLE "complaint_comment_audios" (
	"comment_id" integer NOT NULL,
	"file_name" text NOT NULL,
	CONSTRAINT "complaint_comment_audios_comment_id_file_name_pk" PRIMARY KEY("comment_id","file_name")
);
--> statement-breakpoint
CREATE TABLE "complaint_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"doer" integer,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "complaints_captain_idx";--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "passenger_id" integer;--> statement-breakpoint
ALTER TABLE "complaint_comment_audios" ADD CONSTRAINT "complaint_comment_audios_comment_id_complaint_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."complaint_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_comments" ADD CONSTRAINT "complaint_comments_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_comments" ADD CONSTRAINT "complaint_comments_doer_users_id_fk" FOREIGN KEY ("doer") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_comment_audios_file_name_idx" ON "complaint_comment_audios" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "complaint_comments_complaint_idx" ON "complaint_comments" USING btree ("complaint_id","id");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_status_created_idx" ON "complaints" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_captain_created_idx" ON "complaints" USING btree ("captain_id","created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_passenger_created_idx" ON "complaints" USING btree ("passenger_id","created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_category_created_idx" ON "complaints" USING btree ("category_id","created_at","id");
CREATE TABLE "terms_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"terms_id" integer NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_terms_id_terms_versions_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."terms_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terms_acceptances_owner_terms_idx" ON "terms_acceptances" USING btree ("owner_kind","owner_id","terms_id");--> statement-breakpoint
CREATE INDEX "terms_acceptances_terms_idx" ON "terms_acceptances" USING btree ("terms_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_versions_audience_version_idx" ON "terms_versions" USING btree ("audience","version");
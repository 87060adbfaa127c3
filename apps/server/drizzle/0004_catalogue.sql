CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"swift" text,
	"country" text
);
--> statement-breakpoint
CREATE TABLE "change_captain_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nationalities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_causes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"target" text DEFAULT 'captain' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "banks_name_key" ON "banks" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "nationalities_name_key" ON "nationalities" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "nationalities_code_key" ON "nationalities" USING btree ("code");
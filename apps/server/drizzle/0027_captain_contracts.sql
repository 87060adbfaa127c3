CREATE TABLE "captain_contracts" (
	"captain_id" integer PRIMARY KEY NOT NULL,
	"level_id" integer NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "captain_contracts" ADD CONSTRAINT "captain_contracts_captain_id_captains_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."captains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captain_contracts" ADD CONSTRAINT "captain_contracts_level_id_contract_template_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."contract_template_levels"("id") ON DELETE restrict ON UPDATE no action;
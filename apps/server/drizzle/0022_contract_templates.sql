CREATE TABLE "contract_template_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contract_template_id" integer NOT NULL,
	"commission_percent" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_template_levels_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "contract_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "contract_template_levels" ADD CONSTRAINT "contract_template_levels_contract_template_id_contract_templates_id_fk" FOREIGN KEY ("contract_template_id") REFERENCES "public"."contract_templates"("id") ON DELETE restrict ON UPDATE no action;
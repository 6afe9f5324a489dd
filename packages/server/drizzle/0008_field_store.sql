CREATE TABLE "crm_field" (
	"field_id" serial PRIMARY KEY NOT NULL,
	"label" smallint NOT NULL,
	"scope_id" integer DEFAULT 0 NOT NULL,
	"field_name" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"form_type" varchar(30) NOT NULL,
	"field_type" smallint DEFAULT 0 NOT NULL,
	"is_null" smallint DEFAULT 0 NOT NULL,
	"is_unique" smallint DEFAULT 0 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_value" jsonb,
	"input_tips" varchar(100) DEFAULT '' NOT NULL,
	"max_length" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crm_field_name_uq" ON "crm_field" USING btree ("label","scope_id","field_name");--> statement-breakpoint
CREATE INDEX "crm_field_set_idx" ON "crm_field" USING btree ("label","scope_id","sort") WHERE not "crm_field"."is_deleted";
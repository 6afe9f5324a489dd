CREATE TABLE "crm_customer_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"setting_name" varchar(50) NOT NULL,
	"type" smallint NOT NULL,
	"customer_num" integer NOT NULL,
	"custom_deal" smallint DEFAULT 0 NOT NULL,
	"user_ids" integer[] DEFAULT '{}' NOT NULL,
	"dept_ids" integer[] DEFAULT '{}' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_customer" ADD COLUMN "pool_taken_time" timestamp with time zone;
CREATE TABLE "crm_customer_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"setting_name" varchar(50) NOT NULL,
	"type" smallint NOT NULL,
	"customer_num" integer NOT NULL,
	"custom_deal" smallint DEFAULT 0 NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"dept_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_customer" ADD COLUMN "user_id" integer;--> statement-breakpoint
CREATE INDEX "crm_customer_owner_next_idx" ON "crm_customer" USING btree ("owner_user_id","next_time");--> statement-breakpoint
CREATE INDEX "crm_customer_user_idx" ON "crm_customer" USING btree ("user_id");
CREATE TABLE "crm_customer_agency" (
	"agency_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"type_code" smallint NOT NULL,
	"content" varchar(500) NOT NULL,
	"user_id" integer NOT NULL,
	"create_user_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"marked" boolean DEFAULT false NOT NULL,
	"deadline" timestamp with time zone,
	"result" varchar(1000) DEFAULT '' NOT NULL,
	"accept_time" timestamp with time zone,
	"complete_time" timestamp with time zone,
	"revoke_time" timestamp with time zone,
	"batch_id" varchar(40) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "crm_customer_agency_user_idx" ON "crm_customer_agency" USING btree ("user_id","status","create_time");--> statement-breakpoint
CREATE INDEX "crm_customer_agency_creator_idx" ON "crm_customer_agency" USING btree ("create_user_id","status","create_time");--> statement-breakpoint
CREATE INDEX "crm_customer_agency_customer_idx" ON "crm_customer_agency" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_customer_agency_batch_uq" ON "crm_customer_agency" USING btree ("create_user_id","batch_id","customer_id") WHERE "crm_customer_agency"."batch_id" <> '';
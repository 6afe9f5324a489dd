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
CREATE TABLE "oa_event_user" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "oa_event_user_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "oa_event" (
	"event_id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" varchar(1000) DEFAULT '' NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"start_min" smallint,
	"end_min" smallint,
	"repeat" jsonb NOT NULL,
	"last_day" date,
	"remind_minutes" integer,
	"create_user_id" integer NOT NULL,
	"batch_id" varchar(40) DEFAULT '' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "crm_customer_agency_user_idx" ON "crm_customer_agency" USING btree ("user_id","status","create_time");--> statement-breakpoint
CREATE INDEX "crm_customer_agency_creator_idx" ON "crm_customer_agency" USING btree ("create_user_id","status","create_time");--> statement-breakpoint
CREATE INDEX "crm_customer_agency_customer_idx" ON "crm_customer_agency" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_customer_agency_batch_uq" ON "crm_customer_agency" USING btree ("create_user_id","batch_id","customer_id") WHERE "crm_customer_agency"."batch_id" <> '';--> statement-breakpoint
CREATE INDEX "oa_event_user_user_idx" ON "oa_event_user" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oa_event_batch_uq" ON "oa_event" USING btree ("create_user_id","batch_id") WHERE "oa_event"."batch_id" <> '';
CREATE TABLE "oa_plan_user" (
	"plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "oa_plan_user_plan_id_user_id_pk" PRIMARY KEY("plan_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "oa_plan" (
	"plan_id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"create_user_id" integer NOT NULL,
	"batch_id" varchar(40) DEFAULT '' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_event_exception" (
	"event_id" integer NOT NULL,
	"series_day" date NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"start_day" date,
	"end_day" date,
	"start_min" smallint,
	"end_min" smallint,
	"remind_minutes" integer,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oa_event_exception_event_id_series_day_pk" PRIMARY KEY("event_id","series_day")
);
--> statement-breakpoint
CREATE INDEX "oa_plan_user_user_idx" ON "oa_plan_user" USING btree ("user_id","plan_id");--> statement-breakpoint
CREATE INDEX "oa_plan_creator_idx" ON "oa_plan" USING btree ("create_user_id","update_time") WHERE not "oa_plan"."is_deleted";--> statement-breakpoint
CREATE INDEX "oa_plan_updated_idx" ON "oa_plan" USING btree ("update_time") WHERE not "oa_plan"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "oa_plan_batch_uq" ON "oa_plan" USING btree ("create_user_id","batch_id") WHERE "oa_plan"."batch_id" <> '';
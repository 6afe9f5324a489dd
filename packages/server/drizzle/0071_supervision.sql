CREATE TABLE "oa_check_plan" (
	"plan_id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"template_name" varchar(50) NOT NULL,
	"target_type" smallint NOT NULL,
	"store_id" integer,
	"dept_id" integer,
	"inspector_id" integer NOT NULL,
	"planned_date" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"summary" varchar(1000) DEFAULT '' NOT NULL,
	"total_score" integer,
	"max_score" integer NOT NULL,
	"start_time" timestamp with time zone,
	"submit_time" timestamp with time zone,
	"create_user_id" integer NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_check_result" (
	"result_id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"position" integer NOT NULL,
	"section" varchar(50) NOT NULL,
	"title" varchar(100) NOT NULL,
	"max_score" integer NOT NULL,
	"photo_required" boolean NOT NULL,
	"score" integer,
	"passed" boolean,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"batch_id" varchar(40) DEFAULT '' NOT NULL,
	"task_id" integer
);
--> statement-breakpoint
CREATE TABLE "oa_check_template_item" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"position" integer NOT NULL,
	"section" varchar(50) NOT NULL,
	"title" varchar(100) NOT NULL,
	"max_score" integer NOT NULL,
	"photo_required" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_check_template" (
	"template_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user_id" integer NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oa_check_result" ADD CONSTRAINT "oa_check_result_plan_id_oa_check_plan_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."oa_check_plan"("plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_check_template_item" ADD CONSTRAINT "oa_check_template_item_template_id_oa_check_template_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."oa_check_template"("template_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oa_check_plan_batch_uq" ON "oa_check_plan" USING btree ("create_user_id","batch_id");--> statement-breakpoint
CREATE INDEX "oa_check_plan_inspector_idx" ON "oa_check_plan" USING btree ("inspector_id","status");--> statement-breakpoint
CREATE INDEX "oa_check_plan_creator_idx" ON "oa_check_plan" USING btree ("create_user_id");--> statement-breakpoint
CREATE INDEX "oa_check_plan_store_idx" ON "oa_check_plan" USING btree ("store_id","submit_time") WHERE "oa_check_plan"."store_id" is not null;--> statement-breakpoint
CREATE INDEX "oa_check_plan_dept_idx" ON "oa_check_plan" USING btree ("dept_id","submit_time") WHERE "oa_check_plan"."dept_id" is not null;--> statement-breakpoint
CREATE INDEX "oa_check_plan_date_idx" ON "oa_check_plan" USING btree ("planned_date");--> statement-breakpoint
CREATE INDEX "oa_check_result_plan_idx" ON "oa_check_result" USING btree ("plan_id","position");--> statement-breakpoint
CREATE INDEX "oa_check_result_task_idx" ON "oa_check_result" USING btree ("task_id") WHERE "oa_check_result"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "oa_check_template_item_template_idx" ON "oa_check_template_item" USING btree ("template_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "oa_check_template_name_uq" ON "oa_check_template" USING btree ("name") WHERE not "oa_check_template"."is_deleted";--> statement-breakpoint
-- hand-written: supervision (issue 25, h-check) as the seed gives a new installation: the standard
-- 客户管理员 role manages templates and plans and reads the summary; every role that uses tasks
-- (the staff's office role) may inspect, as the assigned inspector only.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", a."permission"
FROM "sys_role" r
CROSS JOIN (VALUES ('oa:check:manage'), ('oa:check:summary')) AS a("permission")
WHERE r."role_name" = '客户管理员' AND r."role_type" = 2
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT rp."role_id", 'oa:check:inspect'
FROM "sys_role_permission" rp
WHERE rp."permission" = 'oa:task:use'
ON CONFLICT DO NOTHING;

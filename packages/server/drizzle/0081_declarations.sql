CREATE TABLE "decl_assignee" (
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"dept_id" integer,
	CONSTRAINT "decl_assignee_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "decl_cell_log" (
	"log_id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"field_name" varchar(50) NOT NULL,
	"field_label" varchar(50) NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decl_submission" (
	"submission_id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"form_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" smallint NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audit_user_id" integer,
	"audited_at" timestamp with time zone,
	"audit_reason" varchar(200) DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decl_task" (
	"task_id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"dept_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_user_id" integer NOT NULL,
	"batch_id" varchar(40) DEFAULT '' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "decl_assignee_user_idx" ON "decl_assignee" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "decl_cell_log_submission_idx" ON "decl_cell_log" USING btree ("submission_id","log_id");--> statement-breakpoint
CREATE UNIQUE INDEX "decl_submission_user_uq" ON "decl_submission" USING btree ("task_id","user_id");--> statement-breakpoint
CREATE INDEX "decl_submission_user_idx" ON "decl_submission" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "decl_submission_task_status_idx" ON "decl_submission" USING btree ("task_id","status");--> statement-breakpoint
CREATE INDEX "decl_task_live_idx" ON "decl_task" USING btree ("create_time") WHERE not "decl_task"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "decl_task_batch_uq" ON "decl_task" USING btree ("create_user_id","batch_id") WHERE "decl_task"."batch_id" <> '';--> statement-breakpoint
-- hand-written: declaration forms (issue 25, h-decl), as the seed gives a new installation: every staff
-- member fills in the forms issued to them (普通员工); the managers and the CRM administrator design,
-- issue and audit them (the audit within their role's data scope).
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", 'oa:declaration:fill' FROM "sys_role" r WHERE r."role_name" = '普通员工' AND r."role_type" = 7
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", a."permission"
FROM "sys_role" r
CROSS JOIN (VALUES ('oa:declaration:fill'), ('oa:declaration:manage'), ('oa:declaration:audit')) AS a("permission")
WHERE (r."role_name" = '销售经理' AND r."role_type" = 2) OR (r."role_name" = '客户管理员' AND r."role_type" = 2)
ON CONFLICT DO NOTHING;

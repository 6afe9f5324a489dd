CREATE TABLE "oa_sign_record" (
	"record_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" smallint NOT NULL,
	"sign_time" timestamp with time zone NOT NULL,
	"status" smallint NOT NULL,
	"field" boolean NOT NULL,
	"place_name" varchar(30) DEFAULT '' NOT NULL,
	"note" varchar(100) DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_sign_rule" (
	"dept_id" integer PRIMARY KEY NOT NULL,
	"work_start" varchar(5) NOT NULL,
	"work_end" varchar(5) NOT NULL,
	"late_minutes" smallint NOT NULL,
	"early_minutes" smallint NOT NULL,
	"places" jsonb NOT NULL,
	"field_allowed" boolean NOT NULL,
	"workdays" jsonb NOT NULL,
	"update_user_id" integer NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oa_sign_record" ADD CONSTRAINT "oa_sign_record_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_sign_rule" ADD CONSTRAINT "oa_sign_rule_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oa_sign_record_user_day_idx" ON "oa_sign_record" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "oa_sign_record_day_idx" ON "oa_sign_record" USING btree ("day");--> statement-breakpoint
-- hand-written: staff sign-in (issue 25, h-signin), as the seed gives a new installation: HR
-- (人事管理员) and the general manager (客户管理员) set the rules and read the statistics; the
-- configuration role (项目配置管理员) sets the rules; field managers (外勤主管) read their people's
-- statistics. Every member of staff signs without a key.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", p.permission
FROM "sys_role" r
CROSS JOIN (VALUES ('project:SignInRules:read'), ('project:SignInRules:update'), ('oa:signIn:read')) AS p(permission)
WHERE (r."role_name" = '人事管理员' AND r."role_type" = 1) OR (r."role_name" = '客户管理员' AND r."role_type" = 2)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", p.permission
FROM "sys_role" r
CROSS JOIN (VALUES ('project:SignInRules:read'), ('project:SignInRules:update')) AS p(permission)
WHERE r."role_name" = '项目配置管理员' AND r."role_type" = 8
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", 'oa:signIn:read' FROM "sys_role" r WHERE r."role_name" = '外勤主管' AND r."role_type" = 7
ON CONFLICT DO NOTHING;

CREATE TABLE "sys_feedback" (
	"feedback_id" serial PRIMARY KEY NOT NULL,
	"type" varchar(10) NOT NULL,
	"content" varchar(1000) NOT NULL,
	"page_url" varchar(500) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reply" varchar(1000) DEFAULT '' NOT NULL,
	"reply_user_id" integer,
	"reply_time" timestamp with time zone,
	"create_user_id" integer NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_feedback_batch_uq" ON "sys_feedback" USING btree ("create_user_id","batch_id");--> statement-breakpoint
CREATE INDEX "sys_feedback_status_idx" ON "sys_feedback" USING btree ("status","create_time");--> statement-breakpoint
CREATE INDEX "sys_feedback_creator_idx" ON "sys_feedback" USING btree ("create_user_id","create_time");--> statement-breakpoint
-- hand-written: feedback (issue 25) for the standard 系统管理员 role, as the seed gives a new installation.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", a."permission"
FROM "sys_role" r
CROSS JOIN (VALUES ('manage:feedback:read'), ('manage:feedback:handle')) AS a("permission")
WHERE r."role_name" = '系统管理员' AND r."role_type" = 1
ON CONFLICT DO NOTHING;

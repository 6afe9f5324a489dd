CREATE TABLE "workbench_banner" (
	"banner_id" serial PRIMARY KEY NOT NULL,
	"title" varchar(50) NOT NULL,
	"link" varchar(300) DEFAULT '' NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "workbench_banner_sort_idx" ON "workbench_banner" USING btree ("sort","banner_id") WHERE enabled;--> statement-breakpoint
-- hand-written: app home images (issue 25, h-crmwb), as the seed gives a new installation: the
-- general manager (客户管理员) manages the banners of the mobile home.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", 'oa:banner:manage' FROM "sys_role" r WHERE r."role_name" = '客户管理员' AND r."role_type" = 2
ON CONFLICT DO NOTHING;

CREATE TABLE "sys_login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"fail_since" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "login_fail_count";--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "login_fail_since";--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "locked_until";
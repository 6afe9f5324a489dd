CREATE TABLE "sys_open_hit" (
	"key" varchar(120) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_open_link" (
	"link_id" serial PRIMARY KEY NOT NULL,
	"purpose" varchar(30) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"label" varchar(50) DEFAULT '' NOT NULL,
	"subject" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"max_uses" integer,
	"use_count" integer DEFAULT 0 NOT NULL,
	"expire_time" timestamp with time zone NOT NULL,
	"revoke_time" timestamp with time zone,
	"revoke_user_id" integer,
	"last_used_time" timestamp with time zone,
	"create_user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_open_link_token_uq" ON "sys_open_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sys_open_link_purpose_idx" ON "sys_open_link" USING btree ("purpose","create_time");
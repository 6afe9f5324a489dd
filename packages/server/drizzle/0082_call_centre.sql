CREATE TABLE "crm_call_exten" (
	"exten_id" serial PRIMARY KEY NOT NULL,
	"exten" varchar(10) NOT NULL,
	"user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_call_log" (
	"call_log_id" serial PRIMARY KEY NOT NULL,
	"call_id" varchar(40) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_call_id" varchar(80),
	"user_id" integer NOT NULL,
	"exten" varchar(10) NOT NULL,
	"label" integer,
	"record_id" integer,
	"field" varchar(20),
	"number" varchar(30) NOT NULL,
	"direction" varchar(3) DEFAULT 'out' NOT NULL,
	"status" varchar(10) DEFAULT 'ringing' NOT NULL,
	"answered" boolean DEFAULT false NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"answer_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"duration" integer DEFAULT 0 NOT NULL,
	"recording_file_id" integer,
	"follow_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crm_call_exten_uq" ON "crm_call_exten" USING btree ("exten");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_call_exten_user_uq" ON "crm_call_exten" USING btree ("user_id") WHERE "crm_call_exten"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_call_log_call_uq" ON "crm_call_log" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "crm_call_log_user_idx" ON "crm_call_log" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "crm_call_log_record_idx" ON "crm_call_log" USING btree ("label","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_call_log_live_uq" ON "crm_call_log" USING btree ("user_id") WHERE "crm_call_log"."status" <> 'ended';--> statement-breakpoint
-- hand-written: the call centre (issue 25, h-call): whoever creates customers, leads or contacts works
-- with them by phone: they may dial them and read their own call log; whoever manages the system settings manages extensions and the provider.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT DISTINCT rp."role_id", p.permission
FROM "sys_role_permission" rp, (VALUES ('crm:call:call'), ('crm:call:index')) AS p(permission)
WHERE rp."permission" IN ('crm:customer:save', 'crm:leads:save', 'crm:contacts:save')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT DISTINCT rp."role_id", 'crm:call:manage'
FROM "sys_role_permission" rp
WHERE rp."permission" = 'manage:system:update'
ON CONFLICT DO NOTHING;

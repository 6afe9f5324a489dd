CREATE TABLE "clinic_visit_event" (
	"event_id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinic_visit_event" ADD CONSTRAINT "clinic_visit_event_visit_id_clinic_visit_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."clinic_visit"("visit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_visit_event_visit_idx" ON "clinic_visit_event" USING btree ("visit_id","create_time");--> statement-breakpoint
CREATE INDEX "clinic_treatment_customer_idx" ON "clinic_treatment" USING btree ("customer_id","create_time" DESC NULLS LAST);--> statement-breakpoint
-- hand-written: the visits that arrived before this table get their arrival, and their current status
-- when they have moved on (the steps between were not recorded).
INSERT INTO "clinic_visit_event" ("visit_id", "from_status", "to_status", "user_id", "create_time")
SELECT v."visit_id", NULL, 1, v."create_user_id", v."arrived_time" FROM "clinic_visit" v
UNION ALL
SELECT v."visit_id", 1, v."status", coalesce(v."triage_user_id", v."create_user_id"), v."status_time"
FROM "clinic_visit" v WHERE v."status" <> 1;
--> statement-breakpoint
-- hand-written: the visit list (/record) for the standard 客户管理员 role, as the seed gives a new
-- installation.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", a."permission"
FROM "sys_role" r
CROSS JOIN (VALUES ('oa:record:read'), ('oa:record:export')) AS a("permission")
WHERE r."role_name" = '客户管理员' AND r."role_type" = 2
ON CONFLICT DO NOTHING;

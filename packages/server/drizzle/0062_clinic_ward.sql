CREATE TABLE "clinic_admission" (
	"admission_id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"bed_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"nurse_id" integer NOT NULL,
	"expected_days" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"admitted_time" timestamp with time zone DEFAULT now() NOT NULL,
	"discharged_time" timestamp with time zone,
	"deposit_order_id" integer,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"discharge_remark" varchar(200) DEFAULT '' NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"create_user_id" integer NOT NULL,
	"discharge_user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_admission_days_ck" CHECK ("clinic_admission"."expected_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "clinic_bed" (
	"bed_id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"room" varchar(30) NOT NULL,
	"number" varchar(20) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_bed_status_ck" CHECK ("clinic_bed"."status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "clinic_follow_up_plan_step" (
	"plan_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"day_offset" smallint NOT NULL,
	"role" varchar(20) NOT NULL,
	"content" varchar(200) NOT NULL,
	CONSTRAINT "clinic_follow_up_plan_step_plan_id_position_pk" PRIMARY KEY("plan_id","position")
);
--> statement-breakpoint
CREATE TABLE "clinic_follow_up_plan" (
	"plan_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"trigger" varchar(20) NOT NULL,
	"project_id" integer,
	"project_class_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinic_admission" ADD CONSTRAINT "clinic_admission_visit_id_clinic_visit_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."clinic_visit"("visit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_admission" ADD CONSTRAINT "clinic_admission_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_admission" ADD CONSTRAINT "clinic_admission_bed_id_clinic_bed_bed_id_fk" FOREIGN KEY ("bed_id") REFERENCES "public"."clinic_bed"("bed_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_admission" ADD CONSTRAINT "clinic_admission_doctor_id_sys_user_user_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_admission" ADD CONSTRAINT "clinic_admission_nurse_id_sys_user_user_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_admission" ADD CONSTRAINT "clinic_admission_deposit_order_id_clinic_order_order_id_fk" FOREIGN KEY ("deposit_order_id") REFERENCES "public"."clinic_order"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_bed" ADD CONSTRAINT "clinic_bed_store_id_sys_dept_dept_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_follow_up_plan_step" ADD CONSTRAINT "clinic_follow_up_plan_step_plan_id_clinic_follow_up_plan_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."clinic_follow_up_plan"("plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_follow_up_plan" ADD CONSTRAINT "clinic_follow_up_plan_project_id_crm_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."crm_project"("project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_follow_up_plan" ADD CONSTRAINT "clinic_follow_up_plan_project_class_id_crm_project_class_class_id_fk" FOREIGN KEY ("project_class_id") REFERENCES "public"."crm_project_class"("class_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_admission_bed_open_uq" ON "clinic_admission" USING btree ("bed_id") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_admission_visit_open_uq" ON "clinic_admission" USING btree ("visit_id") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_admission_batch_uq" ON "clinic_admission" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "clinic_admission_store_idx" ON "clinic_admission" USING btree ("store_id","status");--> statement-breakpoint
CREATE INDEX "clinic_admission_customer_idx" ON "clinic_admission" USING btree ("customer_id","admitted_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_bed_number_uq" ON "clinic_bed" USING btree ("store_id","room","number");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_follow_up_plan_name_uq" ON "clinic_follow_up_plan" USING btree ("name");--> statement-breakpoint
CREATE INDEX "clinic_follow_up_plan_trigger_idx" ON "clinic_follow_up_plan" USING btree ("trigger","enabled","sort");--> statement-breakpoint
-- hand-written: the inpatient station (issue 23, h-ward) for the standard 客户管理员 role, as the seed
-- gives a new installation; the follow-up plan page to every role that configures the clinic's
-- other pages (its read and update keys beside rotationConfig's).
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", 'oa:workflow:isHospitalized'
FROM "sys_role" r
WHERE r."role_name" = '客户管理员' AND r."role_type" = 2
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT rp."role_id", replace(rp."permission", 'rotationConfig', 'followUpConfig')
FROM "sys_role_permission" rp
WHERE rp."permission" IN ('project:rotationConfig:read', 'project:rotationConfig:update')
ON CONFLICT DO NOTHING;

CREATE TABLE "clinic_appointment" (
	"appointment_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"doctor_id" integer,
	"consultant_id" integer,
	"technician_id" integer,
	"dept_id" integer,
	"room" varchar(30) DEFAULT '' NOT NULL,
	"project_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"cancel_reason" varchar(200) DEFAULT '' NOT NULL,
	"visit_id" integer,
	"batch_id" varchar(64) NOT NULL,
	"create_user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_appointment_span_ck" CHECK ("clinic_appointment"."end_time" > "clinic_appointment"."start_time")
);
--> statement-breakpoint
CREATE TABLE "clinic_booking_setting" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"open_time" varchar(5) DEFAULT '09:00' NOT NULL,
	"close_time" varchar(5) DEFAULT '18:00' NOT NULL,
	"slot_minutes" smallint DEFAULT 30 NOT NULL,
	"double_booking" boolean DEFAULT false NOT NULL,
	"rooms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_booking_setting_hours_ck" CHECK ("clinic_booking_setting"."open_time" < "clinic_booking_setting"."close_time"),
	CONSTRAINT "clinic_booking_setting_slot_ck" CHECK ("clinic_booking_setting"."slot_minutes" between 5 and 240)
);
--> statement-breakpoint
CREATE TABLE "clinic_visit_note" (
	"note_id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_visit" (
	"visit_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"appointment_id" integer,
	"visit_type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"status_time" timestamp with time zone DEFAULT now() NOT NULL,
	"dept_id" integer,
	"shop_id" integer,
	"triage_user_id" integer,
	"consultant_id" integer,
	"doctor_id" integer,
	"assigned_time" timestamp with time zone,
	"deal_status" smallint DEFAULT 0 NOT NULL,
	"no_deal_reason" varchar(200) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"arrived_time" timestamp with time zone DEFAULT now() NOT NULL,
	"left_time" timestamp with time zone,
	"batch_id" varchar(64),
	"create_user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinic_appointment" ADD CONSTRAINT "clinic_appointment_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_appointment" ADD CONSTRAINT "clinic_appointment_store_id_sys_dept_dept_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_appointment" ADD CONSTRAINT "clinic_appointment_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_booking_setting" ADD CONSTRAINT "clinic_booking_setting_store_id_sys_dept_dept_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_visit_note" ADD CONSTRAINT "clinic_visit_note_visit_id_clinic_visit_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."clinic_visit"("visit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_visit" ADD CONSTRAINT "clinic_visit_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_visit" ADD CONSTRAINT "clinic_visit_store_id_sys_dept_dept_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_visit" ADD CONSTRAINT "clinic_visit_appointment_id_clinic_appointment_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."clinic_appointment"("appointment_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_visit" ADD CONSTRAINT "clinic_visit_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_appointment_batch_uq" ON "clinic_appointment" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "clinic_appointment_store_start_idx" ON "clinic_appointment" USING btree ("store_id","start_time");--> statement-breakpoint
CREATE INDEX "clinic_appointment_doctor_start_idx" ON "clinic_appointment" USING btree ("doctor_id","start_time");--> statement-breakpoint
CREATE INDEX "clinic_appointment_customer_idx" ON "clinic_appointment" USING btree ("customer_id","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clinic_appointment_open_idx" ON "clinic_appointment" USING btree ("end_time") WHERE status in (1, 2);--> statement-breakpoint
CREATE INDEX "clinic_visit_note_visit_idx" ON "clinic_visit_note" USING btree ("visit_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_visit_batch_uq" ON "clinic_visit" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_visit_appointment_uq" ON "clinic_visit" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "clinic_visit_store_arrived_idx" ON "clinic_visit" USING btree ("store_id","arrived_time");--> statement-breakpoint
CREATE INDEX "clinic_visit_customer_idx" ON "clinic_visit" USING btree ("customer_id","arrived_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clinic_visit_consultant_idx" ON "clinic_visit" USING btree ("consultant_id","arrived_time");
--> statement-breakpoint
-- hand-written: appointments and the triage desk (issue 23) for the standard 客户管理员 role, as the
-- seed gives a new installation (the general manager's roles hold the booking board and triage).
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", a."permission"
FROM "sys_role" r
CROSS JOIN (VALUES ('oa:booking:read'), ('oa:booking:save'), ('oa:booking:cancel'), ('oa:booking:arrive'),
  ('oa:booking:settings'), ('oa:workflow:triage')) AS a("permission")
WHERE r."role_name" = '客户管理员' AND r."role_type" = 2
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- hand-written: the cashier desk (issue 22): the desk's money calls now need the station, so every
-- role that charges keeps charging.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT rp."role_id", 'oa:workflow:cashierDesk'
FROM "sys_role_permission" rp
WHERE rp."permission" = 'crm:dealRecord:charge'
ON CONFLICT DO NOTHING;

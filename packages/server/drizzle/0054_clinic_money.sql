CREATE TABLE "clinic_allocation" (
	"allocation_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"source" varchar(10) NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_arrears" (
	"arrears_id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"arrears_before" numeric(12, 2) DEFAULT '0' NOT NULL,
	"arrears_after" numeric(12, 2) DEFAULT '0' NOT NULL,
	"order_id" integer,
	"deal_id" integer,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"create_user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_arrears_ck" CHECK ("clinic_arrears"."arrears_after" = "clinic_arrears"."arrears_before" + "clinic_arrears"."amount" and "clinic_arrears"."arrears_after" >= 0
        and (("clinic_arrears"."kind" = 1 and "clinic_arrears"."amount" > 0) or ("clinic_arrears"."kind" in (2, 3) and "clinic_arrears"."amount" < 0)))
);
--> statement-breakpoint
CREATE TABLE "clinic_balance_ledger" (
	"ledger_id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"principal_delta" numeric(12, 2) DEFAULT '0' NOT NULL,
	"gift_delta" numeric(12, 2) DEFAULT '0' NOT NULL,
	"principal_before" numeric(12, 2) DEFAULT '0' NOT NULL,
	"principal_after" numeric(12, 2) DEFAULT '0' NOT NULL,
	"gift_before" numeric(12, 2) DEFAULT '0' NOT NULL,
	"gift_after" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cause" varchar(20) NOT NULL,
	"source_id" integer,
	"idempotency_key" varchar(100) NOT NULL,
	"create_user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_balance_ledger_ck" CHECK ("clinic_balance_ledger"."principal_after" = "clinic_balance_ledger"."principal_before" + "clinic_balance_ledger"."principal_delta" and "clinic_balance_ledger"."gift_after" = "clinic_balance_ledger"."gift_before" + "clinic_balance_ledger"."gift_delta"
        and "clinic_balance_ledger"."principal_after" >= 0 and "clinic_balance_ledger"."gift_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "clinic_conversion" (
	"conversion_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"from_deal_id" integer NOT NULL,
	"sessions" integer NOT NULL,
	"value_moved" numeric(12, 2) DEFAULT '0' NOT NULL,
	"to_deal_id" integer,
	"difference" numeric(12, 2) DEFAULT '0' NOT NULL,
	"order_id" integer,
	"create_user_id" integer NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_conversion_sessions_ck" CHECK ("clinic_conversion"."sessions" > 0)
);
--> statement-breakpoint
CREATE TABLE "clinic_customer_account" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"principal" numeric(12, 2) DEFAULT '0' NOT NULL,
	"gift" numeric(12, 2) DEFAULT '0' NOT NULL,
	"arrears" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_consumed" numeric(12, 2) DEFAULT '0' NOT NULL,
	"first_visit_time" timestamp with time zone,
	"last_visit_time" timestamp with time zone,
	"last_treatment_time" timestamp with time zone,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_customer_account_principal_ck" CHECK ("clinic_customer_account"."principal" >= 0),
	CONSTRAINT "clinic_customer_account_gift_ck" CHECK ("clinic_customer_account"."gift" >= 0),
	CONSTRAINT "clinic_customer_account_arrears_ck" CHECK ("clinic_customer_account"."arrears" >= 0)
);
--> statement-breakpoint
CREATE TABLE "crm_customer_project_deal_record" (
	"deal_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"set_meal_id" integer,
	"order_id" integer,
	"order_line_id" integer,
	"name" varchar(100) NOT NULL,
	"sessions_bought" integer NOT NULL,
	"sessions_used" integer DEFAULT 0 NOT NULL,
	"sessions_refunded" integer DEFAULT 0 NOT NULL,
	"sessions_converted" integer DEFAULT 0 NOT NULL,
	"sessions_left" integer NOT NULL,
	"sessions_held" integer DEFAULT 0 NOT NULL,
	"expires_on" date,
	"deal_value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"session_value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"paid_cash" numeric(12, 2) DEFAULT '0' NOT NULL,
	"paid_principal" numeric(12, 2) DEFAULT '0' NOT NULL,
	"paid_gift" numeric(12, 2) DEFAULT '0' NOT NULL,
	"paid_coupon" numeric(12, 2) DEFAULT '0' NOT NULL,
	"arrears" numeric(12, 2) DEFAULT '0' NOT NULL,
	"refunded_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"consultant_user_id" integer,
	"doctor_user_id" integer,
	"store_id" integer,
	"dept_id" integer,
	"kind" smallint DEFAULT 1 NOT NULL,
	"original_deal_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_deal_record_sessions_ck" CHECK ("crm_customer_project_deal_record"."sessions_bought" = "crm_customer_project_deal_record"."sessions_used" + "crm_customer_project_deal_record"."sessions_refunded" + "crm_customer_project_deal_record"."sessions_converted" + "crm_customer_project_deal_record"."sessions_left"
        and "crm_customer_project_deal_record"."sessions_used" >= 0 and "crm_customer_project_deal_record"."sessions_refunded" >= 0 and "crm_customer_project_deal_record"."sessions_converted" >= 0 and "crm_customer_project_deal_record"."sessions_left" >= 0
        and "crm_customer_project_deal_record"."sessions_held" between 0 and "crm_customer_project_deal_record"."sessions_left"),
	CONSTRAINT "crm_deal_record_money_ck" CHECK ("crm_customer_project_deal_record"."arrears" >= 0 and "crm_customer_project_deal_record"."refunded_amount" >= 0),
	CONSTRAINT "crm_deal_record_repair_ck" CHECK ("crm_customer_project_deal_record"."kind" = 1 or "crm_customer_project_deal_record"."original_deal_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "clinic_order_line_sales" (
	"line_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rate" smallint NOT NULL,
	CONSTRAINT "clinic_order_line_sales_line_id_user_id_pk" PRIMARY KEY("line_id","user_id"),
	CONSTRAINT "clinic_order_line_sales_rate_ck" CHECK ("clinic_order_line_sales"."rate" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "clinic_order_line" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"item_kind" smallint NOT NULL,
	"project_id" integer,
	"set_meal_id" integer,
	"name" varchar(100) NOT NULL,
	"sessions" integer NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sales_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"deal_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(5, 2) DEFAULT '100' NOT NULL,
	"dept_id" integer,
	"counts_as_deal" boolean DEFAULT true NOT NULL,
	"validity_months" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_order_line_item_ck" CHECK ("clinic_order_line"."project_id" is not null or "clinic_order_line"."set_meal_id" is not null),
	CONSTRAINT "clinic_order_line_sessions_ck" CHECK ("clinic_order_line"."sessions" >= 0),
	CONSTRAINT "clinic_order_line_price_ck" CHECK ("clinic_order_line"."deal_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "clinic_order_sequence" (
	"day" date PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_order" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"order_number" varchar(20) NOT NULL,
	"business_day" date NOT NULL,
	"customer_id" integer NOT NULL,
	"visit_id" integer,
	"kind" smallint NOT NULL,
	"status" smallint NOT NULL,
	"payable" numeric(12, 2) DEFAULT '0' NOT NULL,
	"received" numeric(12, 2) DEFAULT '0' NOT NULL,
	"principal_used" numeric(12, 2) DEFAULT '0' NOT NULL,
	"gift_used" numeric(12, 2) DEFAULT '0' NOT NULL,
	"coupon_used" numeric(12, 2) DEFAULT '0' NOT NULL,
	"arrears" numeric(12, 2) DEFAULT '0' NOT NULL,
	"examine_id" integer,
	"refund_id" integer,
	"store_id" integer,
	"dept_id" integer,
	"cashier_user_id" integer,
	"charged_time" timestamp with time zone,
	"create_user_id" integer NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_order_sum_ck" CHECK ("clinic_order"."status" not in (3, 4, 5) or "clinic_order"."payable" = "clinic_order"."received" + "clinic_order"."principal_used" + "clinic_order"."gift_used" + "clinic_order"."coupon_used" + "clinic_order"."arrears")
);
--> statement-breakpoint
CREATE TABLE "clinic_payment" (
	"payment_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"method" varchar(10) NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"coupon_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_payment_amount_ck" CHECK ("clinic_payment"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "clinic_performance" (
	"performance_id" bigserial PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"role" varchar(20) NOT NULL,
	"base" numeric(12, 2) DEFAULT '0' NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"source_kind" varchar(20) NOT NULL,
	"source_id" integer NOT NULL,
	"customer_id" integer,
	"store_id" integer,
	"dept_id" integer,
	"business_day" date NOT NULL,
	"idempotency_key" varchar(120) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_refund" (
	"refund_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"sessions" integer NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"examine_id" integer,
	"payout_order_id" integer,
	"to_balance" boolean DEFAULT false NOT NULL,
	"create_user_id" integer NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_refund_ck" CHECK ("clinic_refund"."sessions" > 0 and "clinic_refund"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "clinic_treatment_staff" (
	"treatment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" varchar(20) NOT NULL,
	"share" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "clinic_treatment_staff_treatment_id_user_id_role_pk" PRIMARY KEY("treatment_id","user_id","role")
);
--> statement-breakpoint
CREATE TABLE "clinic_treatment" (
	"treatment_id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"sessions" integer NOT NULL,
	"value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"dept_id" integer,
	"photo_file_id" integer,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"undone_time" timestamp with time zone,
	"undone_user_id" integer,
	"create_user_id" integer NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_treatment_sessions_ck" CHECK ("clinic_treatment"."sessions" > 0)
);
--> statement-breakpoint
ALTER TABLE "clinic_allocation" ADD CONSTRAINT "clinic_allocation_order_id_clinic_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."clinic_order"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_allocation" ADD CONSTRAINT "clinic_allocation_line_id_clinic_order_line_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."clinic_order_line"("line_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_arrears" ADD CONSTRAINT "clinic_arrears_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_arrears" ADD CONSTRAINT "clinic_arrears_order_id_clinic_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."clinic_order"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_arrears" ADD CONSTRAINT "clinic_arrears_deal_id_crm_customer_project_deal_record_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crm_customer_project_deal_record"("deal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_balance_ledger" ADD CONSTRAINT "clinic_balance_ledger_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_conversion" ADD CONSTRAINT "clinic_conversion_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_conversion" ADD CONSTRAINT "clinic_conversion_from_deal_id_crm_customer_project_deal_record_deal_id_fk" FOREIGN KEY ("from_deal_id") REFERENCES "public"."crm_customer_project_deal_record"("deal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_conversion" ADD CONSTRAINT "clinic_conversion_to_deal_id_crm_customer_project_deal_record_deal_id_fk" FOREIGN KEY ("to_deal_id") REFERENCES "public"."crm_customer_project_deal_record"("deal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_conversion" ADD CONSTRAINT "clinic_conversion_order_id_clinic_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."clinic_order"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_customer_account" ADD CONSTRAINT "clinic_customer_account_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customer_project_deal_record" ADD CONSTRAINT "crm_customer_project_deal_record_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customer_project_deal_record" ADD CONSTRAINT "crm_customer_project_deal_record_project_id_crm_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."crm_project"("project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customer_project_deal_record" ADD CONSTRAINT "crm_customer_project_deal_record_order_id_clinic_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."clinic_order"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customer_project_deal_record" ADD CONSTRAINT "crm_customer_project_deal_record_order_line_id_clinic_order_line_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."clinic_order_line"("line_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_order_line_sales" ADD CONSTRAINT "clinic_order_line_sales_line_id_clinic_order_line_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."clinic_order_line"("line_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_order_line" ADD CONSTRAINT "clinic_order_line_order_id_clinic_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."clinic_order"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_order_line" ADD CONSTRAINT "clinic_order_line_project_id_crm_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."crm_project"("project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_order" ADD CONSTRAINT "clinic_order_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_payment" ADD CONSTRAINT "clinic_payment_order_id_clinic_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."clinic_order"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_performance" ADD CONSTRAINT "clinic_performance_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_refund" ADD CONSTRAINT "clinic_refund_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_refund" ADD CONSTRAINT "clinic_refund_deal_id_crm_customer_project_deal_record_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crm_customer_project_deal_record"("deal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_refund" ADD CONSTRAINT "clinic_refund_payout_order_id_clinic_order_order_id_fk" FOREIGN KEY ("payout_order_id") REFERENCES "public"."clinic_order"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_treatment_staff" ADD CONSTRAINT "clinic_treatment_staff_treatment_id_clinic_treatment_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."clinic_treatment"("treatment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_treatment" ADD CONSTRAINT "clinic_treatment_deal_id_crm_customer_project_deal_record_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crm_customer_project_deal_record"("deal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_treatment" ADD CONSTRAINT "clinic_treatment_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_allocation_line_source_uq" ON "clinic_allocation" USING btree ("line_id","source");--> statement-breakpoint
CREATE INDEX "clinic_allocation_order_idx" ON "clinic_allocation" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_arrears_key_uq" ON "clinic_arrears" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "clinic_arrears_customer_idx" ON "clinic_arrears" USING btree ("customer_id","arrears_id");--> statement-breakpoint
CREATE INDEX "clinic_arrears_deal_idx" ON "clinic_arrears" USING btree ("deal_id") WHERE deal_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_balance_ledger_key_uq" ON "clinic_balance_ledger" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "clinic_balance_ledger_customer_idx" ON "clinic_balance_ledger" USING btree ("customer_id","ledger_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_conversion_batch_uq" ON "clinic_conversion" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "clinic_conversion_from_idx" ON "clinic_conversion" USING btree ("from_deal_id");--> statement-breakpoint
CREATE INDEX "clinic_conversion_to_idx" ON "clinic_conversion" USING btree ("to_deal_id");--> statement-breakpoint
CREATE INDEX "crm_deal_record_customer_idx" ON "crm_customer_project_deal_record" USING btree ("customer_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_deal_record_order_line_idx" ON "crm_customer_project_deal_record" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "crm_deal_record_original_idx" ON "crm_customer_project_deal_record" USING btree ("original_deal_id") WHERE original_deal_id is not null;--> statement-breakpoint
CREATE INDEX "crm_deal_record_expiry_idx" ON "crm_customer_project_deal_record" USING btree ("expires_on") WHERE status in (1, 2) and expires_on is not null;--> statement-breakpoint
CREATE INDEX "clinic_order_line_sales_user_idx" ON "clinic_order_line_sales" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clinic_order_line_order_idx" ON "clinic_order_line" USING btree ("order_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_order_number_uq" ON "clinic_order" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_order_batch_uq" ON "clinic_order" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "clinic_order_unpaid_idx" ON "clinic_order" USING btree ("create_time","order_id") WHERE status = 2;--> statement-breakpoint
CREATE INDEX "clinic_order_customer_idx" ON "clinic_order" USING btree ("customer_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clinic_order_charged_idx" ON "clinic_order" USING btree ("charged_time") WHERE charged_time is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_payment_method_uq" ON "clinic_payment" USING btree ("order_id","method");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_performance_key_uq" ON "clinic_performance" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "clinic_performance_day_idx" ON "clinic_performance" USING btree ("business_day","kind");--> statement-breakpoint
CREATE INDEX "clinic_performance_user_idx" ON "clinic_performance" USING btree ("user_id","business_day");--> statement-breakpoint
CREATE INDEX "clinic_performance_source_idx" ON "clinic_performance" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_refund_batch_uq" ON "clinic_refund" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "clinic_refund_deal_idx" ON "clinic_refund" USING btree ("deal_id","create_time");--> statement-breakpoint
CREATE INDEX "clinic_refund_approved_idx" ON "clinic_refund" USING btree ("update_time") WHERE status = 2;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_treatment_batch_uq" ON "clinic_treatment" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "clinic_treatment_deal_idx" ON "clinic_treatment" USING btree ("deal_id","create_time");--> statement-breakpoint
CREATE INDEX "clinic_treatment_time_idx" ON "clinic_treatment" USING btree ("create_time");--> statement-breakpoint
-- hand-written: opening orders (issue 22) for the roles that already work with customers: every
-- role that may create customers may now open, edit and void unpaid orders, as the seed gives a
-- new installation (销售经理, 销售, 顾问; 客户管理员 holds every crm key).
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT p."role_id", a."permission"
FROM "sys_role_permission" p
CROSS JOIN (VALUES ('crm:dealRecord:save'), ('crm:dealRecord:update'), ('crm:dealRecord:discard')) AS a("permission")
WHERE p."permission" = 'crm:customer:save'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- hand-written: the cashier's desk for the standard 财务 role, as the seed gives a new installation.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", a."permission"
FROM "sys_role" r
CROSS JOIN (VALUES ('crm:dealRecord:charge'), ('crm:dealRecord:discard'), ('crm:dealRecord:waive')) AS a("permission")
WHERE r."role_name" = '财务' AND r."role_type" = 2
ON CONFLICT DO NOTHING;

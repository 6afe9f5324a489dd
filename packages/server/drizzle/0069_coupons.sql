CREATE TABLE "clinic_coupon_rule" (
	"rule_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"threshold" numeric(12, 2) DEFAULT '0' NOT NULL,
	"valid_days" integer NOT NULL,
	"project_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"create_user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_coupon_rule_value_ck" CHECK ("clinic_coupon_rule"."value" > 0),
	CONSTRAINT "clinic_coupon_rule_days_ck" CHECK ("clinic_coupon_rule"."valid_days" between 1 and 3650)
);
--> statement-breakpoint
CREATE TABLE "clinic_coupon_use" (
	"use_id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"create_user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_coupon_use_amount_ck" CHECK ("clinic_coupon_use"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "clinic_coupon" (
	"coupon_id" serial PRIMARY KEY NOT NULL,
	"code" varchar(12) NOT NULL,
	"rule_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"remaining" numeric(12, 2) DEFAULT '0' NOT NULL,
	"threshold" numeric(12, 2) DEFAULT '0' NOT NULL,
	"project_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"source" varchar(20) NOT NULL,
	"source_id" integer,
	"create_user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_coupon_remaining_ck" CHECK ("clinic_coupon"."remaining" >= 0 and "clinic_coupon"."remaining" <= "clinic_coupon"."value")
);
--> statement-breakpoint
ALTER TABLE "clinic_coupon_use" ADD CONSTRAINT "clinic_coupon_use_coupon_id_clinic_coupon_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."clinic_coupon"("coupon_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_coupon" ADD CONSTRAINT "clinic_coupon_rule_id_clinic_coupon_rule_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."clinic_coupon_rule"("rule_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_coupon" ADD CONSTRAINT "clinic_coupon_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_coupon_use_coupon_idx" ON "clinic_coupon_use" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "clinic_coupon_use_order_idx" ON "clinic_coupon_use" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_coupon_code_uq" ON "clinic_coupon" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_coupon_source_uq" ON "clinic_coupon" USING btree ("source","source_id","rule_id") WHERE "clinic_coupon"."source_id" is not null;--> statement-breakpoint
CREATE INDEX "clinic_coupon_customer_idx" ON "clinic_coupon" USING btree ("customer_id","status","valid_to");
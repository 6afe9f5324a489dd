CREATE TABLE "oa_examine_additional_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"examine_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"form_type" smallint NOT NULL,
	"customer_id" integer NOT NULL,
	"customer_name" varchar(50) NOT NULL,
	"user_id" integer,
	"phone" varchar(11) NOT NULL,
	"age" varchar(2) DEFAULT '' NOT NULL,
	"gender" smallint DEFAULT 0 NOT NULL,
	"boss_mobile" varchar(20) DEFAULT '' NOT NULL,
	"shop_owner_name" varchar(50) DEFAULT '' NOT NULL,
	"has_old_customer" boolean DEFAULT false NOT NULL,
	"relation" varchar(50) NOT NULL,
	"project_content" varchar(500) NOT NULL,
	"sub_time" date,
	"need_cap" varchar(100) DEFAULT '' NOT NULL,
	"has_store_shareholder" boolean DEFAULT false NOT NULL,
	"owner_shareholder_type" integer,
	"dept_ids" integer[] NOT NULL,
	"other_phone" varchar(20) DEFAULT '' NOT NULL,
	"other_name" varchar(20) DEFAULT '' NOT NULL,
	"tips" varchar(200) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"appoint_designer_user_id" integer,
	"owner_user_dept_name" varchar(50) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oa_examine_additional_order" ADD CONSTRAINT "oa_examine_additional_order_examine_id_oa_examine_examine_id_fk" FOREIGN KEY ("examine_id") REFERENCES "public"."oa_examine"("examine_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oa_examine_additional_order_examine_idx" ON "oa_examine_additional_order" USING btree ("examine_id","seq");--> statement-breakpoint
CREATE INDEX "oa_examine_additional_order_guest_idx" ON "oa_examine_additional_order" USING btree ("form_type","customer_id","examine_id");
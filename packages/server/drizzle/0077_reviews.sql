CREATE TABLE "clinic_review_follow" (
	"follow_id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"content" varchar(500) NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"create_user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_review_link" (
	"treatment_id" integer PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"visit_id" integer,
	"store_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_review" (
	"review_id" serial PRIMARY KEY NOT NULL,
	"treatment_id" integer NOT NULL,
	"link_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"visit_id" integer,
	"store_id" integer,
	"project_id" integer,
	"staff_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"effect" smallint NOT NULL,
	"service" smallint NOT NULL,
	"environment" smallint NOT NULL,
	"content" varchar(500) DEFAULT '' NOT NULL,
	"follow_status" smallint DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_review_scores_ck" CHECK ("clinic_review"."effect" between 1 and 5 and "clinic_review"."service" between 1 and 5 and "clinic_review"."environment" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "clinic_coupon_rule" ADD COLUMN "review_reward" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_coupon_rule" ADD COLUMN "min_average" numeric(2, 1) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_coupon_rule" ADD COLUMN "min_each" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_review_follow" ADD CONSTRAINT "clinic_review_follow_review_id_clinic_review_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."clinic_review"("review_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_review_link" ADD CONSTRAINT "clinic_review_link_treatment_id_clinic_treatment_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."clinic_treatment"("treatment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_review_link" ADD CONSTRAINT "clinic_review_link_link_id_sys_open_link_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."sys_open_link"("link_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_review_link" ADD CONSTRAINT "clinic_review_link_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_review" ADD CONSTRAINT "clinic_review_treatment_id_clinic_treatment_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."clinic_treatment"("treatment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_review" ADD CONSTRAINT "clinic_review_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_review_follow_review_idx" ON "clinic_review_follow" USING btree ("review_id","create_time");--> statement-breakpoint
CREATE INDEX "clinic_review_link_customer_idx" ON "clinic_review_link" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "clinic_review_link_link_idx" ON "clinic_review_link" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_review_treatment_uq" ON "clinic_review" USING btree ("treatment_id");--> statement-breakpoint
CREATE INDEX "clinic_review_time_idx" ON "clinic_review" USING btree ("create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clinic_review_customer_idx" ON "clinic_review" USING btree ("customer_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clinic_review_store_idx" ON "clinic_review" USING btree ("store_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clinic_review_follow_idx" ON "clinic_review" USING btree ("follow_status") WHERE "clinic_review"."follow_status" = 1;--> statement-breakpoint
CREATE INDEX "clinic_review_staff_idx" ON "clinic_review" USING gin ("staff_ids");--> statement-breakpoint
-- hand-written: 顾客评价 (issue 25, h-coupons) for the standard 客户管理员 role, as the seed gives a
-- new installation (the general manager reads reviews, follows up poor ones, sets the coupon rules
-- and issues coupons by hand); the nurses' station hands out review links without a new key.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", a."permission"
FROM "sys_role" r
CROSS JOIN (VALUES ('oa:evaluate:read'), ('oa:evaluate:follow'), ('oa:evaluate:rules'), ('oa:evaluate:issue')) AS a("permission")
WHERE r."role_name" = '客户管理员' AND r."role_type" = 2
ON CONFLICT DO NOTHING;

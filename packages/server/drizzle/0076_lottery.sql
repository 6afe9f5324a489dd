CREATE TABLE "clinic_lottery_activity" (
	"activity_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"style" smallint NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"draws_total" integer NOT NULL,
	"draws_per_day" integer NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_lottery_activity_period_ck" CHECK ("clinic_lottery_activity"."end_time" > "clinic_lottery_activity"."start_time"),
	CONSTRAINT "clinic_lottery_activity_draws_ck" CHECK ("clinic_lottery_activity"."draws_per_day" between 1 and "clinic_lottery_activity"."draws_total")
);
--> statement-breakpoint
CREATE TABLE "clinic_lottery_draw" (
	"draw_id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"prize_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"link_id" integer,
	"business_day" date NOT NULL,
	"prize_name" varchar(30) NOT NULL,
	"kind" smallint NOT NULL,
	"coupon_id" integer,
	"deal_id" integer,
	"gift_status" smallint DEFAULT 0 NOT NULL,
	"handed_by" integer,
	"handed_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_lottery_prize" (
	"prize_id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"sort" smallint NOT NULL,
	"name" varchar(30) NOT NULL,
	"kind" smallint NOT NULL,
	"coupon_rule_id" integer,
	"gift" varchar(100) DEFAULT '' NOT NULL,
	"project_id" integer,
	"sessions" integer DEFAULT 1 NOT NULL,
	"stock" integer,
	"weight" integer NOT NULL,
	CONSTRAINT "clinic_lottery_prize_stock_ck" CHECK ("clinic_lottery_prize"."stock" is null or "clinic_lottery_prize"."stock" >= 0),
	CONSTRAINT "clinic_lottery_prize_weight_ck" CHECK ("clinic_lottery_prize"."weight" >= 0),
	CONSTRAINT "clinic_lottery_prize_sessions_ck" CHECK ("clinic_lottery_prize"."sessions" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "clinic_lottery_draw" ADD CONSTRAINT "clinic_lottery_draw_activity_id_clinic_lottery_activity_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."clinic_lottery_activity"("activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_lottery_draw" ADD CONSTRAINT "clinic_lottery_draw_prize_id_clinic_lottery_prize_prize_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."clinic_lottery_prize"("prize_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_lottery_draw" ADD CONSTRAINT "clinic_lottery_draw_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_lottery_draw" ADD CONSTRAINT "clinic_lottery_draw_link_id_sys_open_link_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."sys_open_link"("link_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_lottery_draw" ADD CONSTRAINT "clinic_lottery_draw_coupon_id_clinic_coupon_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."clinic_coupon"("coupon_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_lottery_draw" ADD CONSTRAINT "clinic_lottery_draw_deal_id_crm_customer_project_deal_record_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crm_customer_project_deal_record"("deal_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_lottery_prize" ADD CONSTRAINT "clinic_lottery_prize_activity_id_clinic_lottery_activity_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."clinic_lottery_activity"("activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_lottery_prize" ADD CONSTRAINT "clinic_lottery_prize_coupon_rule_id_clinic_coupon_rule_rule_id_fk" FOREIGN KEY ("coupon_rule_id") REFERENCES "public"."clinic_coupon_rule"("rule_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_lottery_prize" ADD CONSTRAINT "clinic_lottery_prize_project_id_crm_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."crm_project"("project_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_lottery_activity_list_idx" ON "clinic_lottery_activity" USING btree ("deleted","create_time");--> statement-breakpoint
CREATE INDEX "clinic_lottery_draw_customer_idx" ON "clinic_lottery_draw" USING btree ("activity_id","customer_id","business_day");--> statement-breakpoint
CREATE INDEX "clinic_lottery_draw_time_idx" ON "clinic_lottery_draw" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "clinic_lottery_draw_prize_idx" ON "clinic_lottery_draw" USING btree ("prize_id");--> statement-breakpoint
CREATE INDEX "clinic_lottery_draw_gift_idx" ON "clinic_lottery_draw" USING btree ("gift_status") WHERE "clinic_lottery_draw"."gift_status" = 1;--> statement-breakpoint
CREATE INDEX "clinic_lottery_prize_activity_idx" ON "clinic_lottery_prize" USING btree ("activity_id","sort");--> statement-breakpoint
-- hand-written: lottery activities (issue 25, h-lottery) for the standard roles, as the seed gives a
-- new installation: 客户管理员 every key, 前台 reading, making draw links and handing out gifts.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", a."permission"
FROM "sys_role" r
CROSS JOIN (VALUES ('project:lotteryActivityConfiguration:read'), ('project:lotteryActivityConfiguration:update'),
  ('project:lotteryActivityConfiguration:link'), ('project:lotteryActivityConfiguration:records')) AS a("permission")
WHERE r."role_name" = '客户管理员' AND r."role_type" = 2
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", a."permission"
FROM "sys_role" r
CROSS JOIN (VALUES ('project:lotteryActivityConfiguration:read'), ('project:lotteryActivityConfiguration:link'),
  ('project:lotteryActivityConfiguration:records')) AS a("permission")
WHERE r."role_name" = '前台' AND r."role_type" = 2
ON CONFLICT DO NOTHING;

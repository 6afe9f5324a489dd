CREATE TABLE "oa_meal_menu" (
	"menu_id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"meal" smallint NOT NULL,
	"dishes" jsonb NOT NULL,
	"price" numeric(12, 2),
	"update_user_id" integer NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_meal_order" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"meal" smallint NOT NULL,
	"price" numeric(12, 2),
	"create_user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_meal_setting" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"lunch_cutoff" varchar(5) NOT NULL,
	"dinner_cutoff" varchar(5) NOT NULL,
	"update_user_id" integer NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oa_meal_menu" ADD CONSTRAINT "oa_meal_menu_store_id_sys_dept_dept_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_meal_order" ADD CONSTRAINT "oa_meal_order_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_meal_order" ADD CONSTRAINT "oa_meal_order_store_id_sys_dept_dept_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_meal_setting" ADD CONSTRAINT "oa_meal_setting_store_id_sys_dept_dept_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oa_meal_menu_slot_uq" ON "oa_meal_menu" USING btree ("store_id","day","meal");--> statement-breakpoint
CREATE UNIQUE INDEX "oa_meal_order_person_uq" ON "oa_meal_order" USING btree ("user_id","day","meal");--> statement-breakpoint
CREATE INDEX "oa_meal_order_day_idx" ON "oa_meal_order" USING btree ("day","store_id","meal");--> statement-breakpoint
CREATE INDEX "oa_meal_order_store_idx" ON "oa_meal_order" USING btree ("store_id","day","meal");--> statement-breakpoint
-- hand-written: meal orders (issue 25, h-meals), as the seed gives a new installation: every member
-- of staff orders (the standard 普通员工 role, which all staff hold); the general manager (客户管理员)
-- and HR/administration (人事管理员) manage the menus and read the statistics.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", 'oa:meal:order' FROM "sys_role" r WHERE r."role_name" = '普通员工' AND r."role_type" = 7
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", 'oa:meal:manage'
FROM "sys_role" r
WHERE (r."role_name" = '客户管理员' AND r."role_type" = 2) OR (r."role_name" = '人事管理员' AND r."role_type" = 1)
ON CONFLICT DO NOTHING;

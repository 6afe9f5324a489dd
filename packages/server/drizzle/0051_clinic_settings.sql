CREATE TABLE "clinic_dept_operator_member" (
	"config_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"role" varchar(20) NOT NULL,
	CONSTRAINT "clinic_dept_operator_member_config_id_position_pk" PRIMARY KEY("config_id","position")
);
--> statement-breakpoint
CREATE TABLE "clinic_dept_operator_pool" (
	"config_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"role" varchar(20) NOT NULL,
	"percent" smallint NOT NULL,
	CONSTRAINT "clinic_dept_operator_pool_config_id_position_pk" PRIMARY KEY("config_id","position"),
	CONSTRAINT "clinic_dept_operator_pool_ck" CHECK ("clinic_dept_operator_pool"."percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "clinic_dept_operator" (
	"config_id" serial PRIMARY KEY NOT NULL,
	"dept_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_discount" (
	"discount_id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"min_rate" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_discount_rate_ck" CHECK ("clinic_discount"."min_rate" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "clinic_doctor_class" (
	"doctor_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"class_id" integer NOT NULL,
	CONSTRAINT "clinic_doctor_class_doctor_id_position_pk" PRIMARY KEY("doctor_id","position")
);
--> statement-breakpoint
CREATE TABLE "clinic_doctor_project" (
	"doctor_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "clinic_doctor_project_doctor_id_position_pk" PRIMARY KEY("doctor_id","position")
);
--> statement-breakpoint
CREATE TABLE "clinic_doctor" (
	"doctor_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(30) DEFAULT '' NOT NULL,
	"dept_id" integer,
	"bookable" boolean DEFAULT true NOT NULL,
	"profile" varchar(500) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_order_form" (
	"id" smallint PRIMARY KEY NOT NULL,
	"first_visit_one_consultant" boolean NOT NULL,
	"cashier_edits_lines" boolean NOT NULL,
	"arrears_allowed" boolean NOT NULL,
	"required_fields" text[] NOT NULL,
	"top_up_performance" varchar(10) NOT NULL,
	"expired_refundable" boolean NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_order_form_one_ck" CHECK ("clinic_order_form"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "clinic_recharge_tier_item" (
	"tier_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"project_id" integer,
	"set_meal_id" integer,
	"sessions" integer NOT NULL,
	CONSTRAINT "clinic_recharge_tier_item_tier_id_position_pk" PRIMARY KEY("tier_id","position"),
	CONSTRAINT "clinic_recharge_tier_item_ck" CHECK (("clinic_recharge_tier_item"."project_id" is null) <> ("clinic_recharge_tier_item"."set_meal_id" is null))
);
--> statement-breakpoint
CREATE TABLE "clinic_recharge_tier" (
	"tier_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"threshold" numeric(12, 2) NOT NULL,
	"gift" numeric(12, 2),
	"active_from" date,
	"active_to" date,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_rotation_member" (
	"rotation_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "clinic_rotation_member_rotation_id_position_pk" PRIMARY KEY("rotation_id","position")
);
--> statement-breakpoint
CREATE TABLE "clinic_rotation" (
	"rotation_id" serial PRIMARY KEY NOT NULL,
	"dept_id" integer NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_set_meal_item" (
	"set_meal_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"project_id" integer NOT NULL,
	"sessions" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "clinic_set_meal_item_set_meal_id_position_pk" PRIMARY KEY("set_meal_id","position"),
	CONSTRAINT "clinic_set_meal_item_ck" CHECK ("clinic_set_meal_item"."sessions" > 0 and "clinic_set_meal_item"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "clinic_set_meal" (
	"set_meal_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"splittable" boolean DEFAULT false NOT NULL,
	"price_editable" boolean DEFAULT false NOT NULL,
	"active_from" date,
	"active_to" date,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_tag" (
	"tag_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"color" varchar(20) NOT NULL,
	"group_name" varchar(20) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_customer_tag" (
	"customer_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "crm_customer_tag_customer_id_tag_id_pk" PRIMARY KEY("customer_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "clinic_dept_operator_member" ADD CONSTRAINT "clinic_dept_operator_member_config_id_clinic_dept_operator_config_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."clinic_dept_operator"("config_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_dept_operator_member" ADD CONSTRAINT "clinic_dept_operator_member_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_dept_operator_pool" ADD CONSTRAINT "clinic_dept_operator_pool_config_id_clinic_dept_operator_config_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."clinic_dept_operator"("config_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_dept_operator" ADD CONSTRAINT "clinic_dept_operator_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_discount" ADD CONSTRAINT "clinic_discount_role_id_sys_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_doctor_class" ADD CONSTRAINT "clinic_doctor_class_doctor_id_clinic_doctor_doctor_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."clinic_doctor"("doctor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_doctor_class" ADD CONSTRAINT "clinic_doctor_class_class_id_crm_project_class_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."crm_project_class"("class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_doctor_project" ADD CONSTRAINT "clinic_doctor_project_doctor_id_clinic_doctor_doctor_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."clinic_doctor"("doctor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_doctor_project" ADD CONSTRAINT "clinic_doctor_project_project_id_crm_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."crm_project"("project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_doctor" ADD CONSTRAINT "clinic_doctor_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_doctor" ADD CONSTRAINT "clinic_doctor_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_recharge_tier_item" ADD CONSTRAINT "clinic_recharge_tier_item_tier_id_clinic_recharge_tier_tier_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."clinic_recharge_tier"("tier_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_recharge_tier_item" ADD CONSTRAINT "clinic_recharge_tier_item_project_id_crm_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."crm_project"("project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_recharge_tier_item" ADD CONSTRAINT "clinic_recharge_tier_item_set_meal_id_clinic_set_meal_set_meal_id_fk" FOREIGN KEY ("set_meal_id") REFERENCES "public"."clinic_set_meal"("set_meal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_rotation_member" ADD CONSTRAINT "clinic_rotation_member_rotation_id_clinic_rotation_rotation_id_fk" FOREIGN KEY ("rotation_id") REFERENCES "public"."clinic_rotation"("rotation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_rotation_member" ADD CONSTRAINT "clinic_rotation_member_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_rotation" ADD CONSTRAINT "clinic_rotation_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_set_meal_item" ADD CONSTRAINT "clinic_set_meal_item_set_meal_id_clinic_set_meal_set_meal_id_fk" FOREIGN KEY ("set_meal_id") REFERENCES "public"."clinic_set_meal"("set_meal_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_set_meal_item" ADD CONSTRAINT "clinic_set_meal_item_project_id_crm_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."crm_project"("project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customer_tag" ADD CONSTRAINT "crm_customer_tag_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customer_tag" ADD CONSTRAINT "crm_customer_tag_tag_id_clinic_tag_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."clinic_tag"("tag_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_dept_operator_member_user_idx" ON "clinic_dept_operator_member" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_dept_operator_dept_uq" ON "clinic_dept_operator" USING btree ("dept_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_discount_role_uq" ON "clinic_discount" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "clinic_doctor_class_class_idx" ON "clinic_doctor_class" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "clinic_doctor_project_project_idx" ON "clinic_doctor_project" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_doctor_user_uq" ON "clinic_doctor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clinic_recharge_tier_item_set_meal_idx" ON "clinic_recharge_tier_item" USING btree ("set_meal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_recharge_tier_name_uq" ON "clinic_recharge_tier" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_rotation_dept_uq" ON "clinic_rotation" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "clinic_set_meal_item_project_idx" ON "clinic_set_meal_item" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_set_meal_name_uq" ON "clinic_set_meal" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_tag_name_uq" ON "clinic_tag" USING btree ("name");--> statement-breakpoint
CREATE INDEX "crm_customer_tag_tag_idx" ON "crm_customer_tag" USING btree ("tag_id","customer_id");
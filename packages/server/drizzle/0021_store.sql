CREATE TABLE "crm_project_class" (
	"class_id" serial PRIMARY KEY NOT NULL,
	"class_name" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_project" (
	"project_id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"project_name" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_store_project" (
	"store_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "crm_store_project_store_id_project_id_pk" PRIMARY KEY("store_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "crm_store" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"sex" smallint DEFAULT 0 NOT NULL,
	"phone" varchar(11) NOT NULL,
	"id_card" varchar(18) NOT NULL,
	"gat_id_card" varchar(30) DEFAULT '' NOT NULL,
	"shop_name" varchar(50) NOT NULL,
	"shop_address" varchar(200) NOT NULL,
	"area" numeric(14, 2),
	"year" integer,
	"personnel" integer,
	"stable_membes" integer,
	"other_manage" varchar(50) NOT NULL,
	"other_phone" varchar(11) DEFAULT '' NOT NULL,
	"store_brand" varchar(50) DEFAULT '' NOT NULL,
	"store_output_value" numeric(14, 2),
	"relation" varchar(20) NOT NULL,
	"signing" varchar(200) NOT NULL,
	"money" numeric(14, 2) NOT NULL,
	"sign_time" date NOT NULL,
	"bank_card_number" varchar(30) DEFAULT '' NOT NULL,
	"tl_number" varchar(50) DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"parent_id" integer,
	"is_manage_shops" smallint DEFAULT 0 NOT NULL,
	"backbone_phone" varchar(11) DEFAULT '' NOT NULL,
	"project_class" varchar(2000) DEFAULT '' NOT NULL,
	"is_beating_class" varchar(2000) DEFAULT '' NOT NULL,
	"pid" integer,
	"business_license_photos" varchar(40) DEFAULT '' NOT NULL,
	"contract_photos" varchar(40) DEFAULT '' NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"admin_user_id" integer,
	"give_project" varchar(200) DEFAULT '' NOT NULL,
	"has_old_customer" smallint DEFAULT 0 NOT NULL,
	"server_ids" varchar(2000) DEFAULT '' NOT NULL,
	"id_card_url" varchar(500) DEFAULT '' NOT NULL,
	"has_sign" boolean DEFAULT false NOT NULL,
	"sign_times" date,
	"sign_item_user_ids" varchar(2000) DEFAULT '' NOT NULL,
	"owner_user_id" integer,
	"create_user_id" integer NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"next_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_store_batch_id_unique" UNIQUE("batch_id")
);
--> statement-breakpoint
ALTER TABLE "crm_project" ADD CONSTRAINT "crm_project_class_id_crm_project_class_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."crm_project_class"("class_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_store_project" ADD CONSTRAINT "crm_store_project_store_id_crm_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."crm_store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_store_project" ADD CONSTRAINT "crm_store_project_project_id_crm_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."crm_project"("project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_project_class_idx" ON "crm_project" USING btree ("class_id","sort");--> statement-breakpoint
CREATE INDEX "crm_store_project_project_idx" ON "crm_store_project" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "crm_store_owner_update_idx" ON "crm_store" USING btree ("owner_user_id","update_time");--> statement-breakpoint
CREATE INDEX "crm_store_update_idx" ON "crm_store" USING btree ("update_time");--> statement-breakpoint
CREATE INDEX "crm_store_shop_name_prefix_idx" ON "crm_store" USING btree (lower("shop_name") varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "crm_store_parent_idx" ON "crm_store" USING btree ("parent_id");
CREATE TABLE "crm_business_status" (
	"status_id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"rate" smallint DEFAULT 0 NOT NULL,
	"order_num" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_business_type" (
	"type_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_business_type_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "crm_business" (
	"business_id" serial PRIMARY KEY NOT NULL,
	"business_name" varchar(100) NOT NULL,
	"customer_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"status_id" integer,
	"money" numeric(14, 2),
	"deal_date" varchar(10),
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"is_end" smallint DEFAULT 0 NOT NULL,
	"status_remark" varchar(200) DEFAULT '' NOT NULL,
	"status_time" timestamp with time zone,
	"owner_user_id" integer,
	"create_user_id" integer NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"next_time" timestamp with time zone,
	"search_key" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_business_batch_id_unique" UNIQUE("batch_id")
);
--> statement-breakpoint
CREATE TABLE "crm_product_category" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"pid" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_product" (
	"product_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"category_id" integer NOT NULL,
	"num" varchar(50),
	"unit" varchar(20) DEFAULT '' NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_user_id" integer,
	"create_user_id" integer NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"next_time" timestamp with time zone,
	"search_key" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_product_batch_id_unique" UNIQUE("batch_id")
);
--> statement-breakpoint
CREATE TABLE "crm_product_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" smallint NOT NULL,
	"record_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"sales_price" numeric(14, 2) NOT NULL,
	"num" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"subtotal" numeric(16, 2) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_product_total" (
	"label" smallint NOT NULL,
	"record_id" integer NOT NULL,
	"total_price" numeric(16, 2) NOT NULL,
	"discount_rate" numeric(5, 2) NOT NULL,
	CONSTRAINT "crm_product_total_label_record_id_pk" PRIMARY KEY("label","record_id")
);
--> statement-breakpoint
CREATE INDEX "crm_business_status_type_idx" ON "crm_business_status" USING btree ("type_id","order_num");--> statement-breakpoint
CREATE INDEX "crm_business_owner_update_idx" ON "crm_business" USING btree ("owner_user_id","update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_business_update_idx" ON "crm_business" USING btree ("update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_business_customer_idx" ON "crm_business" USING btree ("customer_id","update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_business_type_idx" ON "crm_business" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "crm_business_fields_idx" ON "crm_business" USING gin ("fields");--> statement-breakpoint
CREATE INDEX "crm_product_category_pid_idx" ON "crm_product_category" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "crm_product_update_idx" ON "crm_product" USING btree ("update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_product_status_update_idx" ON "crm_product" USING btree ("status","update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_product_category_idx" ON "crm_product" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "crm_product_num_idx" ON "crm_product" USING btree ("num");--> statement-breakpoint
CREATE INDEX "crm_product_line_record_idx" ON "crm_product_line" USING btree ("label","record_id","sort");--> statement-breakpoint
CREATE INDEX "crm_product_line_product_idx" ON "crm_product_line" USING btree ("product_id");
CREATE TABLE "crm_contacts" (
	"contacts_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"customer_id" integer NOT NULL,
	"mobile" varchar(20) DEFAULT '' NOT NULL,
	"telephone" varchar(20) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"policymaker" boolean DEFAULT false NOT NULL,
	"post" varchar(50) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"owner_user_id" integer,
	"create_user_id" integer NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"next_time" timestamp with time zone,
	"search_key" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_contacts_batch_id_unique" UNIQUE("batch_id")
);
--> statement-breakpoint
CREATE TABLE "crm_leads" (
	"leads_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"source" varchar(50) DEFAULT '' NOT NULL,
	"mobile" varchar(20) DEFAULT '' NOT NULL,
	"telephone" varchar(20) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"is_transform" boolean DEFAULT false NOT NULL,
	"customer_id" integer,
	"transform_time" timestamp with time zone,
	"owner_user_id" integer,
	"create_user_id" integer NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"next_time" timestamp with time zone,
	"search_key" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_leads_batch_id_unique" UNIQUE("batch_id")
);
--> statement-breakpoint
CREATE TABLE "crm_achievement" (
	"id" serial PRIMARY KEY NOT NULL,
	"obj_type" smallint NOT NULL,
	"obj_id" integer NOT NULL,
	"year" integer NOT NULL,
	"status" smallint NOT NULL,
	"months" numeric(12, 2)[] NOT NULL,
	"year_target" numeric(14, 2) NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD CONSTRAINT "crm_contacts_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_contacts_owner_update_idx" ON "crm_contacts" USING btree ("owner_user_id","update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_contacts_update_idx" ON "crm_contacts" USING btree ("update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_contacts_customer_idx" ON "crm_contacts" USING btree ("customer_id","update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_contacts_fields_idx" ON "crm_contacts" USING gin ("fields");--> statement-breakpoint
CREATE INDEX "crm_leads_owner_update_idx" ON "crm_leads" USING btree ("owner_user_id","update_time" DESC NULLS LAST) WHERE is_transform = false;--> statement-breakpoint
CREATE INDEX "crm_leads_update_idx" ON "crm_leads" USING btree ("update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_leads_converted_idx" ON "crm_leads" USING btree ("update_time" DESC NULLS LAST) WHERE is_transform = true;--> statement-breakpoint
CREATE INDEX "crm_leads_owner_next_idx" ON "crm_leads" USING btree ("owner_user_id","next_time") WHERE is_transform = false;--> statement-breakpoint
CREATE INDEX "crm_leads_fields_idx" ON "crm_leads" USING gin ("fields");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_achievement_obj_uidx" ON "crm_achievement" USING btree ("obj_type","obj_id","year","status");--> statement-breakpoint
CREATE INDEX "crm_achievement_year_idx" ON "crm_achievement" USING btree ("year","status","obj_type");
CREATE TABLE "crm_body_part" (
	"part_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"pid" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_project_convert_class" (
	"convert_class_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_project_part" (
	"project_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	CONSTRAINT "crm_project_part_project_id_part_id_pk" PRIMARY KEY("project_id","part_id")
);
--> statement-breakpoint
ALTER TABLE "crm_project" DROP CONSTRAINT "crm_project_class_id_crm_project_class_class_id_fk";
--> statement-breakpoint
ALTER TABLE "crm_project_class" ADD COLUMN "pid" integer;--> statement-breakpoint
ALTER TABLE "crm_project_class" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "code" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "pinyin" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "unit" varchar(10) DEFAULT '次' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "price" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "sales_price" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "min_price" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "cost" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "sessions" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "validity_months" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "needs_verify" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "settle_dept_id" integer;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "verify_dept_id" integer;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "counts_as_deal" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "earns_performance" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "earns_points" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "convert_class_id" integer;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "remark" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "batch_id" varchar(64);--> statement-breakpoint
ALTER TABLE "crm_project" ADD COLUMN "update_time" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_project_part" ADD CONSTRAINT "crm_project_part_project_id_crm_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."crm_project"("project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_project_part" ADD CONSTRAINT "crm_project_part_part_id_crm_body_part_part_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."crm_body_part"("part_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_body_part_name_uq" ON "crm_body_part" USING btree (coalesce("pid", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "crm_project_convert_class_name_uq" ON "crm_project_convert_class" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "crm_project_part_part_idx" ON "crm_project_part" USING btree ("part_id");--> statement-breakpoint
ALTER TABLE "crm_project" ADD CONSTRAINT "crm_project_convert_class_id_crm_project_convert_class_convert_class_id_fk" FOREIGN KEY ("convert_class_id") REFERENCES "public"."crm_project_convert_class"("convert_class_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_project" ADD CONSTRAINT "crm_project_class_id_crm_project_class_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."crm_project_class"("class_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_project_class_name_uq" ON "crm_project_class" USING btree (lower("class_name"));--> statement-breakpoint
CREATE INDEX "crm_project_class_pid_idx" ON "crm_project_class" USING btree ("pid","sort");--> statement-breakpoint
CREATE INDEX "crm_project_convert_idx" ON "crm_project" USING btree ("convert_class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_project_code_uq" ON "crm_project" USING btree (lower("code")) WHERE "crm_project"."code" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "crm_project_batch_uq" ON "crm_project" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "crm_project" ADD CONSTRAINT "crm_project_prices_ck" CHECK ("crm_project"."min_price" >= 0 and "crm_project"."min_price" <= "crm_project"."sales_price" and "crm_project"."sales_price" <= "crm_project"."price" and "crm_project"."cost" >= 0);--> statement-breakpoint
ALTER TABLE "crm_project" ADD CONSTRAINT "crm_project_sessions_ck" CHECK ("crm_project"."sessions" >= 1 and "crm_project"."validity_months" >= 0);--> statement-breakpoint
-- hand-written: projects from before the catalogue get a code (XM + id, what a save without one gets);
-- their pinyin key is filled at start by ensureCatalogueData (the pinyin dictionary lives in JavaScript).
UPDATE "crm_project" SET "code" = 'XM' || lpad("project_id"::text, 5, '0') WHERE "code" = '';

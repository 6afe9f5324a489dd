CREATE TABLE "crm_import_job" (
	"job_id" varchar(40) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"label" smallint NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'running' NOT NULL,
	"error" varchar(200) DEFAULT '' NOT NULL,
	"finish_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_import_rejected" (
	"job_id" varchar(40) NOT NULL,
	"row_number" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "crm_import_rejected_job_id_row_number_pk" PRIMARY KEY("job_id","row_number")
);
--> statement-breakpoint
ALTER TABLE "crm_import_rejected" ADD CONSTRAINT "crm_import_rejected_job_id_crm_import_job_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."crm_import_job"("job_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_import_job_batch_idx" ON "crm_import_job" USING btree ("user_id","label","batch_id");--> statement-breakpoint
CREATE INDEX "crm_import_job_time_idx" ON "crm_import_job" USING btree ("update_time");--> statement-breakpoint
-- hand-written: ID images saved before saves attached them (issue 21) stayed their uploader's
-- staged files. The file a customer's or a shop's id_card_url names joins that record under the
-- field, when it is still staged or among the record's own attachments.
UPDATE "sys_file" f SET "owner_kind" = 'crm_customer.idCardUrl', "owner_id" = c."customer_id"
FROM "crm_customer" c
WHERE c."id_card_url" <> '' AND c."id_card_url" = '/file/view/' || f."storage_key"
  AND (f."owner_kind" IS NULL OR (f."owner_kind" = 'crm_customer' AND f."owner_id" = c."customer_id"));
--> statement-breakpoint
UPDATE "sys_file" f SET "owner_kind" = 'crm_store.idCardUrl', "owner_id" = s."id"
FROM "crm_store" s
WHERE s."id_card_url" <> '' AND s."id_card_url" = '/file/view/' || f."storage_key"
  AND (f."owner_kind" IS NULL OR (f."owner_kind" = 'crm_store' AND f."owner_id" = s."id"));
--> statement-breakpoint
-- A record's custom file field holds the batch of its files; saves did not attach them, so they
-- stayed their uploader's staged files. Each record's live file fields give their staged files to it.
UPDATE "sys_file" f SET "owner_kind" = 'crm_leads', "owner_id" = r."leads_id"
FROM "crm_leads" r, "crm_field" d
WHERE d."label" = 1 AND d."scope_id" = 0 AND d."form_type" = 'file' AND NOT d."is_deleted"
  AND f."owner_kind" IS NULL AND r."fields"->>d."field_name" = f."batch_id";
--> statement-breakpoint
UPDATE "sys_file" f SET "owner_kind" = 'crm_customer', "owner_id" = r."customer_id"
FROM "crm_customer" r, "crm_field" d
WHERE d."label" = 2 AND d."scope_id" = 0 AND d."form_type" = 'file' AND NOT d."is_deleted"
  AND f."owner_kind" IS NULL AND r."fields"->>d."field_name" = f."batch_id";
--> statement-breakpoint
UPDATE "sys_file" f SET "owner_kind" = 'crm_contacts', "owner_id" = r."contacts_id"
FROM "crm_contacts" r, "crm_field" d
WHERE d."label" = 3 AND d."scope_id" = 0 AND d."form_type" = 'file' AND NOT d."is_deleted"
  AND f."owner_kind" IS NULL AND r."fields"->>d."field_name" = f."batch_id";
--> statement-breakpoint
UPDATE "sys_file" f SET "owner_kind" = 'crm_product', "owner_id" = r."product_id"
FROM "crm_product" r, "crm_field" d
WHERE d."label" = 4 AND d."scope_id" = 0 AND d."form_type" = 'file' AND NOT d."is_deleted"
  AND f."owner_kind" IS NULL AND r."fields"->>d."field_name" = f."batch_id";
--> statement-breakpoint
UPDATE "sys_file" f SET "owner_kind" = 'crm_business', "owner_id" = r."business_id"
FROM "crm_business" r, "crm_field" d
WHERE d."label" = 5 AND d."scope_id" = 0 AND d."form_type" = 'file' AND NOT d."is_deleted"
  AND f."owner_kind" IS NULL AND r."fields"->>d."field_name" = f."batch_id";
--> statement-breakpoint
UPDATE "sys_file" f SET "owner_kind" = 'crm_contract', "owner_id" = r."contract_id"
FROM "crm_contract" r, "crm_field" d
WHERE d."label" = 6 AND d."scope_id" = 0 AND d."form_type" = 'file' AND NOT d."is_deleted"
  AND f."owner_kind" IS NULL AND r."fields"->>d."field_name" = f."batch_id";
--> statement-breakpoint
UPDATE "sys_file" f SET "owner_kind" = 'crm_receivables', "owner_id" = r."receivables_id"
FROM "crm_receivables" r, "crm_field" d
WHERE d."label" = 7 AND d."scope_id" = 0 AND d."form_type" = 'file' AND NOT d."is_deleted"
  AND f."owner_kind" IS NULL AND r."fields"->>d."field_name" = f."batch_id";
--> statement-breakpoint
UPDATE "sys_file" f SET "owner_kind" = 'crm_store', "owner_id" = r."id"
FROM "crm_store" r, "crm_field" d
WHERE d."label" = 11 AND d."scope_id" = 0 AND d."form_type" = 'file' AND NOT d."is_deleted"
  AND f."owner_kind" IS NULL AND r."fields"->>d."field_name" = f."batch_id";

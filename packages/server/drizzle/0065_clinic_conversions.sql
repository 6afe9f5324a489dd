ALTER TABLE "clinic_conversion" ADD COLUMN "to_project_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_conversion" ADD COLUMN "status" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_customer_account" ADD COLUMN "developer_user_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_customer_account" ADD COLUMN "developer_rate" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_customer_project_deal_record" ADD COLUMN "batch_id" varchar(40);--> statement-breakpoint
ALTER TABLE "clinic_order_line" ADD COLUMN "original_deal_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_conversion" ADD CONSTRAINT "clinic_conversion_to_project_id_crm_project_project_id_fk" FOREIGN KEY ("to_project_id") REFERENCES "public"."crm_project"("project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_conversion_order_idx" ON "clinic_conversion" USING btree ("order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_deal_record_batch_uq" ON "crm_customer_project_deal_record" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "clinic_customer_account" ADD CONSTRAINT "clinic_customer_account_developer_ck" CHECK ("clinic_customer_account"."developer_rate" between 0 and 100);
DROP INDEX "crm_follow_record_time_idx";--> statement-breakpoint
CREATE INDEX "crm_contract_order_idx" ON "crm_contract" USING btree ("order_date","owner_user_id","money","customer_id") WHERE check_status = 1;--> statement-breakpoint
CREATE INDEX "crm_receivables_return_idx" ON "crm_receivables" USING btree ("return_time","owner_user_id","money") WHERE check_status = 1;--> statement-breakpoint
CREATE INDEX "crm_customer_create_idx" ON "crm_customer" USING btree ("create_time","owner_user_id","deal_status");--> statement-breakpoint
CREATE INDEX "crm_follow_record_time_idx" ON "crm_follow_record" USING btree ("label","create_time","create_user_id","record_id","category");
DROP INDEX "crm_follow_record_time_idx";--> statement-breakpoint
CREATE INDEX "crm_customer_create_idx" ON "crm_customer" USING btree ("create_time","owner_user_id","deal_status");--> statement-breakpoint
CREATE INDEX "crm_follow_record_time_idx" ON "crm_follow_record" USING btree ("label","create_time","create_user_id","record_id","category");
DROP INDEX "crm_contract_update_idx";--> statement-breakpoint
CREATE INDEX "crm_contract_update_idx" ON "crm_contract" USING btree ("update_time" DESC NULLS LAST,"contract_id" DESC NULLS LAST);
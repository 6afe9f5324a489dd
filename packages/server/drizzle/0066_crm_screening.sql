CREATE INDEX "crm_contacts_mobile_idx" ON "crm_contacts" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "crm_contacts_telephone_idx" ON "crm_contacts" USING btree ("telephone");--> statement-breakpoint
CREATE INDEX "crm_customer_id_card_idx" ON "crm_customer" USING btree ("id_card");--> statement-breakpoint
CREATE INDEX "crm_customer_gat_id_card_idx" ON "crm_customer" USING btree ("gat_id_card");--> statement-breakpoint
CREATE INDEX "crm_leads_mobile_idx" ON "crm_leads" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "crm_leads_telephone_idx" ON "crm_leads" USING btree ("telephone");--> statement-breakpoint
-- hand-written: 客户查重 (issue 25, h-screening): whoever may create customers or leads checks for
-- duplicates first, so every role holding crm:customer:save or crm:leads:save gets crm:screening:read.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT DISTINCT rp."role_id", 'crm:screening:read'
FROM "sys_role_permission" rp
WHERE rp."permission" IN ('crm:customer:save', 'crm:leads:save')
ON CONFLICT DO NOTHING;

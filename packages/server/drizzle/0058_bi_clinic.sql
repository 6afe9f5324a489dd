-- hand-written: the clinic statistics' time ranges (issue 24, packages/server/src/bi/clinic-sources.ts). The
-- tables belong to clinic/money, so these indexes are not in its Drizzle schema; performance rows already have
-- (business_day, kind) and (user_id, business_day), treatments (create_time), orders (charged_time).
-- Opening and closing balances sum every row before a time: covering indexes let them read the index alone.
CREATE INDEX IF NOT EXISTS "clinic_balance_ledger_time_idx" ON "clinic_balance_ledger" ("create_time")
  INCLUDE ("customer_id", "cause", "principal_delta", "gift_delta");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clinic_arrears_time_idx" ON "clinic_arrears" ("create_time") INCLUDE ("customer_id", "kind", "amount");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clinic_refund_paid_idx" ON "clinic_refund" ("update_time") WHERE "status" = 3;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "crm_deal_record_time_idx" ON "crm_customer_project_deal_record" ("create_time");
--> statement-breakpoint
-- clientAnalyze's new or returning: a customer's paid sales before a day.
CREATE INDEX IF NOT EXISTS "clinic_performance_customer_idx" ON "clinic_performance" ("customer_id", "business_day") WHERE "kind" = 1 AND "amount" > 0;
--> statement-breakpoint
-- hand-written: the clinic statistics' pages for the roles that read the employee statistics (the demo's
-- managers and CRM administrator), as the seed gives a new installation.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT p."role_id", a."permission"
FROM "sys_role_permission" p
CROSS JOIN (VALUES ('bi:clinicPerformance:read'), ('bi:clinicStore:read'), ('bi:clinicClient:read'), ('bi:clinicStaff:read'),
  ('bi:clinicReport:read'), ('bi:clinicData:read')) AS a("permission")
WHERE p."permission" = 'bi:contract:read'
ON CONFLICT DO NOTHING;

-- Receivable plans arrive with their permission realm: whoever may record or edit receivables
-- may record and edit their plans, whoever may delete receivables may delete plans.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'crm:receivablesPlan:save' FROM "sys_role_permission" WHERE "permission" = 'crm:receivables:save'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'crm:receivablesPlan:update' FROM "sys_role_permission" WHERE "permission" = 'crm:receivables:save'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'crm:receivablesPlan:delete' FROM "sys_role_permission" WHERE "permission" = 'crm:receivables:delete'
ON CONFLICT DO NOTHING;

-- Agency tasks arrive with their permissions: roles that edit customers handle tasks; roles that
-- may distribute customers (managers) assign them too, as the seed gives a new installation.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'crm:agency:handle' FROM "sys_role_permission" WHERE "permission" = 'crm:customer:update'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'crm:agency:assign' FROM "sys_role_permission" WHERE "permission" = 'crm:customer:distribute'
ON CONFLICT DO NOTHING;

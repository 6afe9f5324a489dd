-- The pool rule page arrives with its permission: roles that edit the company settings (the
-- system administrators of an existing installation) may edit the pool rule, as the seed gives.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'manage:crm:pool' FROM "sys_role_permission" WHERE "permission" = 'manage:system:update'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", 'manage:crm:pool' FROM "sys_role" r
WHERE r."role_type" = 2 AND r."role_name" = '客户管理员'
ON CONFLICT DO NOTHING;

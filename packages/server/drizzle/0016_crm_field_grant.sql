-- The CRM field designer arrives with its permission, granted as the seed grants it: the CRM
-- administrator role gets it with the admin backend entry it sits in, the system administrator
-- role (which holds the whole admin realm) gets it too.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", p.permission
FROM "sys_role" r, (VALUES ('manage:backstage:look'), ('manage:crm:field')) AS p(permission)
WHERE r."role_type" = 2 AND r."role_name" = '客户管理员'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", 'manage:crm:field' FROM "sys_role" r
WHERE r."role_type" = 1 AND r."role_name" = '系统管理员'
ON CONFLICT DO NOTHING;

-- Salespeople create and edit shops (issue 7): every role that may create customers and list
-- shops may now create and edit shops too, as the seed gives a new installation.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT p."role_id", a."permission"
FROM "sys_role_permission" p
CROSS JOIN (VALUES ('crm:store:save'), ('crm:store:update')) AS a("permission")
WHERE p."permission" = 'crm:customer:save'
  AND EXISTS (SELECT 1 FROM "sys_role_permission" s WHERE s."role_id" = p."role_id" AND s."permission" = 'crm:store:index')
ON CONFLICT DO NOTHING;

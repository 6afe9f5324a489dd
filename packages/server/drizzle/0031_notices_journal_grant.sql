-- Notices and work logs arrive with their permissions: every role that may use approvals (the
-- office roles of an existing installation) may read notices and write work logs, as the seed
-- gives a new one. Publishing is the 公告管理员 role's: an existing installation gets the role
-- holding oa:notice:*, assigned to nobody (the administrator decides who publishes).
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", p.permission FROM "sys_role_permission"
CROSS JOIN (VALUES ('oa:notice:read'), ('oa:journal:use')) AS p(permission)
WHERE "sys_role_permission"."permission" = 'oa:examine:use'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The supervisors' role reads their people's logs by its scope (self and subordinates).
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'oa:journal:use' FROM "sys_role" WHERE "role_name" = '外勤主管'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_role" ("role_name", "role_type", "data_type", "remark")
SELECT '公告管理员', 7, 5, '发布、编辑和删除公告'
WHERE EXISTS (SELECT 1 FROM "sys_user")
  AND NOT EXISTS (SELECT 1 FROM "sys_role" WHERE "role_name" = '公告管理员');
--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", p.permission FROM "sys_role"
CROSS JOIN (VALUES ('oa:notice:read'), ('oa:notice:save'), ('oa:notice:update'), ('oa:notice:delete')) AS p(permission)
WHERE "role_name" = '公告管理员'
ON CONFLICT DO NOTHING;

-- The location map arrives with its permission, oa:location:view. A new installation gets the
-- office role 外勤主管 (self and subordinates) from the seed; an existing one (it has users) gets
-- the same role here, holding the permission and assigned to nobody: the administrator decides
-- who follows whom in the field. Idempotent: nothing happens when the role already exists.
INSERT INTO "sys_role" ("role_name", "role_type", "data_type", "remark")
SELECT '外勤主管', 7, 2, '查看本人及下属的位置地图'
WHERE EXISTS (SELECT 1 FROM "sys_user")
  AND NOT EXISTS (SELECT 1 FROM "sys_role" WHERE "role_name" = '外勤主管');
--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'oa:location:view' FROM "sys_role" WHERE "role_name" = '外勤主管'
ON CONFLICT DO NOTHING;

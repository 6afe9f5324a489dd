-- The schedule arrives with its permission: every role that may use tasks may use the calendar
-- too, as the seed gives a new installation.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'oa:event:use' FROM "sys_role_permission" WHERE "permission" = 'oa:task:use'
ON CONFLICT DO NOTHING;

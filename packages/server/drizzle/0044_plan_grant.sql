-- Planning documents arrive with their permission: every role that may write work logs (the
-- office roles of an existing installation, supervisors included) may write them too, as the
-- seed gives a new one.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'oa:plan:use' FROM "sys_role_permission" WHERE "permission" = 'oa:journal:use'
ON CONFLICT DO NOTHING;

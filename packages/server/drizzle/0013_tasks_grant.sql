-- Tasks arrive with their permission: every role that may use approvals (the office roles of
-- an existing installation) may use tasks too, as the seed gives a new one.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'oa:task:use' FROM "sys_role_permission" WHERE "permission" = 'oa:examine:use'
ON CONFLICT DO NOTHING;

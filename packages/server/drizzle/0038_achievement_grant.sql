-- The performance targets arrive with their permission: every role that may set the customer
-- limits (the CRM and system administrators of an existing installation) may set targets too,
-- as the seed gives a new one.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'manage:crm:achievement' FROM "sys_role_permission" WHERE "permission" = 'manage:crm:setting'
ON CONFLICT DO NOTHING;

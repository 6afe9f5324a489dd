-- System dictionaries and HR apply arrive with their permissions: every role that may edit the
-- company settings may maintain the dictionaries, and every role that may edit employees may
-- apply approved transfers and confirmations, as the seed gives a new installation.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'manage:system:dict' FROM "sys_role_permission" WHERE "permission" = 'manage:system:update'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'manage:users:hrApply' FROM "sys_role_permission" WHERE "permission" = 'manage:users:userUpdate'
ON CONFLICT DO NOTHING;

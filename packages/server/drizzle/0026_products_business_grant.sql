-- Product categories and opportunity stage groups arrive with their settings pages: whoever may
-- set the customer limits (the CRM settings of the admin backend) may set these too, as the seed
-- gives a new installation's CRM administrator.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'manage:crm:productCategory' FROM "sys_role_permission" WHERE "permission" = 'manage:crm:setting'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT "role_id", 'manage:crm:businessType' FROM "sys_role_permission" WHERE "permission" = 'manage:crm:setting'
ON CONFLICT DO NOTHING;

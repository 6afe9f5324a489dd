CREATE TABLE "sys_application" (
	"app_key" varchar(30) PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"update_user_id" integer NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- hand-written: every process keeps the switched-off applications in memory; a change of a row
-- names its key on the channel crm_applications at commit, whoever made it.
CREATE OR REPLACE FUNCTION crm_applications_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('crm_applications', OLD.app_key);
  ELSE
    PERFORM pg_notify('crm_applications', NEW.app_key);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sys_application_notify AFTER INSERT OR UPDATE OR DELETE ON sys_application FOR EACH ROW EXECUTE FUNCTION crm_applications_notify();
--> statement-breakpoint
-- hand-written: the applications leaf for roles that already edit the company settings.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT rp."role_id", 'manage:application:update'
FROM "sys_role_permission" rp
WHERE rp."permission" = 'manage:system:update'
ON CONFLICT DO NOTHING;

-- Custom migration (drizzle-kit generate --custom): no schema change, only the trigger below.
-- hand-written:
-- Each server process keeps settings it reads on every answer (the company time zone) in
-- memory; a change to a row of sys_config names its key on the channel crm_config at commit, so
-- every process reads it again, whichever code (or operator) made the change.
CREATE OR REPLACE FUNCTION crm_config_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('crm_config', OLD.key);
  ELSIF TG_OP = 'INSERT' OR OLD.value IS DISTINCT FROM NEW.value OR OLD.key <> NEW.key THEN
    PERFORM pg_notify('crm_config', NEW.key);
    IF TG_OP = 'UPDATE' AND OLD.key <> NEW.key THEN PERFORM pg_notify('crm_config', OLD.key); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sys_config_notify AFTER INSERT OR UPDATE OR DELETE ON sys_config FOR EACH ROW EXECUTE FUNCTION crm_config_notify();

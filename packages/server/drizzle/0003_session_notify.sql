-- Custom migration (drizzle-kit generate --custom): what a signed-in session resolves to is cached
-- in each server process; every change to it announces itself on the channel crm_session, so the
-- caches of all processes drop it at commit, whichever code (or operator) made the change.
--   t:<token_hash>  a session ended       u:<user_id>  a user or their role list changed
--   *               a role or its permissions changed (may touch many users)
CREATE OR REPLACE FUNCTION crm_session_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sys_session' THEN
    PERFORM pg_notify('crm_session', 't:' || OLD.token_hash);
  ELSIF TG_TABLE_NAME = 'sys_user' THEN
    PERFORM pg_notify('crm_session', 'u:' || OLD.user_id);
  ELSIF TG_TABLE_NAME = 'sys_user_role' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('crm_session', 'u:' || OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('crm_session', 'u:' || NEW.user_id); END IF;
  ELSE
    PERFORM pg_notify('crm_session', '*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sys_session_notify AFTER DELETE ON sys_session FOR EACH ROW EXECUTE FUNCTION crm_session_notify();
--> statement-breakpoint
CREATE TRIGGER sys_user_notify AFTER UPDATE OR DELETE ON sys_user FOR EACH ROW EXECUTE FUNCTION crm_session_notify();
--> statement-breakpoint
CREATE TRIGGER sys_user_role_notify AFTER INSERT OR UPDATE OR DELETE ON sys_user_role FOR EACH ROW EXECUTE FUNCTION crm_session_notify();
--> statement-breakpoint
CREATE TRIGGER sys_role_notify AFTER UPDATE OR DELETE ON sys_role FOR EACH STATEMENT EXECUTE FUNCTION crm_session_notify();
--> statement-breakpoint
CREATE TRIGGER sys_role_permission_notify AFTER INSERT OR UPDATE OR DELETE ON sys_role_permission FOR EACH STATEMENT EXECUTE FUNCTION crm_session_notify();

ALTER TABLE "clinic_visit_note" ADD COLUMN "batch_id" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_visit_note_batch_uq" ON "clinic_visit_note" USING btree ("batch_id");--> statement-breakpoint
-- hand-written: live visit queues (h-witness). Every arrival, move and (re)assignment of a visit,
-- whichever station makes it, raises one small event on the bus channel clinic_visits at commit
-- (never on rollback): visit id, store, status; no customer data. clinic/visits/live.ts pushes it
-- to the sockets watching the store.
CREATE OR REPLACE FUNCTION clinic_visit_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('clinic_visits', json_build_object('v', NEW.visit_id, 's', NEW.store_id, 'st', NEW.status)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinic_visit_notify_insert AFTER INSERT ON "clinic_visit"
  FOR EACH ROW EXECUTE FUNCTION clinic_visit_notify();
--> statement-breakpoint
CREATE TRIGGER clinic_visit_notify_update AFTER UPDATE ON "clinic_visit"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.consultant_id IS DISTINCT FROM NEW.consultant_id
    OR OLD.doctor_id IS DISTINCT FROM NEW.doctor_id OR OLD.store_id IS DISTINCT FROM NEW.store_id)
  EXECUTE FUNCTION clinic_visit_notify();
--> statement-breakpoint
-- hand-written: the consultation room (h-witness) for the consultants (顾问) and the general
-- manager's 客户管理员 role, as the seed gives a new installation.
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT r."role_id", 'oa:workflow:witness'
FROM "sys_role" r
WHERE r."role_name" IN ('客户管理员', '顾问') AND r."role_type" = 2
ON CONFLICT DO NOTHING;

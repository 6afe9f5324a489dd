CREATE TABLE "clinic_performance_day_change" (
	"tx" bigint NOT NULL,
	"business_day" date NOT NULL,
	"kind" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"store_id" integer,
	"dept_id" integer,
	"project_id" integer,
	"amount" numeric(16, 2) NOT NULL,
	"row_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_performance_day" (
	"business_day" date NOT NULL,
	"kind" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"store_id" integer,
	"dept_id" integer,
	"project_id" integer,
	"amount" numeric(16, 2) NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "clinic_performance_day_uq" UNIQUE NULLS NOT DISTINCT("business_day","kind","user_id","store_id","dept_id","project_id")
);
--> statement-breakpoint
ALTER TABLE "clinic_performance" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_performance" ADD COLUMN "sessions" integer;--> statement-breakpoint
ALTER TABLE "crm_customer" ADD COLUMN "birth_year" smallint GENERATED ALWAYS AS (case when id_card ~ '^[0-9]{17}[0-9Xx]$' then substr(id_card, 7, 4)::smallint end) STORED;--> statement-breakpoint
CREATE INDEX "clinic_performance_day_change_tx_idx" ON "clinic_performance_day_change" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "clinic_performance_day_user_idx" ON "clinic_performance_day" USING btree ("user_id","business_day");--> statement-breakpoint
CREATE INDEX "clinic_performance_day_empty_idx" ON "clinic_performance_day" USING btree ("business_day") WHERE row_count = 0;--> statement-breakpoint
-- hand-written: statistics' summary of clinic_performance (issue 24, h-bisum; docs/decisions.md
-- "Statistics: summary tables"). A row's project and a 划扣's sessions are resolved once when it
-- is written (the lookups the reports made per row and per call).
CREATE OR REPLACE FUNCTION clinic_performance_resolve() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.project_id IS NULL THEN
    NEW.project_id := CASE NEW.source_kind
      WHEN 'order_line' THEN (SELECT l.project_id FROM clinic_order_line l WHERE l.line_id = NEW.source_id)
      WHEN 'treatment' THEN (SELECT d.project_id FROM clinic_treatment t
        JOIN crm_customer_project_deal_record d ON d.deal_id = t.deal_id WHERE t.treatment_id = NEW.source_id)
      WHEN 'treatment_undo' THEN (SELECT d.project_id FROM clinic_treatment t
        JOIN crm_customer_project_deal_record d ON d.deal_id = t.deal_id WHERE t.treatment_id = NEW.source_id)
      WHEN 'refund' THEN (SELECT d.project_id FROM clinic_refund f
        JOIN crm_customer_project_deal_record d ON d.deal_id = f.deal_id WHERE f.refund_id = NEW.source_id)
      -- A repayment's key is repay:<order>:<deal>:…
      WHEN 'repayment' THEN (SELECT d.project_id FROM crm_customer_project_deal_record d
        WHERE split_part(NEW.idempotency_key, ':', 3) ~ '^[0-9]{1,9}$'
          AND d.deal_id = split_part(NEW.idempotency_key, ':', 3)::int)
    END;
  END IF;
  IF NEW.sessions IS NULL AND NEW.source_kind IN ('treatment', 'treatment_undo') THEN
    NEW.sessions := (SELECT t.sessions FROM clinic_treatment t WHERE t.treatment_id = NEW.source_id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The day summary follows every insert, update and delete of the detail in the same statement's
-- transaction (set-based over the transition tables, keys in one order so two writers cannot
-- deadlock on it), and empties with a truncate.
-- The day summary follows every insert, update and delete of the detail. The statement triggers
-- append the change to clinic_performance_day_change (no shared row locked while the money
-- transaction runs); a deferred trigger folds all of the transaction's changes into the summary
-- just before it commits, in one statement in key order, so two writers lock summary rows in the
-- same order and cannot deadlock on them. A truncate empties both.
CREATE OR REPLACE FUNCTION clinic_performance_day_note(delta clinic_performance_day[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO clinic_performance_day_change (tx, business_day, kind, user_id, store_id, dept_id, project_id, amount, row_count)
  SELECT txid_current(), business_day, kind, user_id, store_id, dept_id, project_id, sum(amount), sum(row_count)::int
  FROM unnest(delta)
  GROUP BY 2, 3, 4, 5, 6, 7
  -- An update that moved nothing (same key) nets to zero: nothing to fold.
  HAVING sum(row_count) <> 0 OR sum(amount) <> 0;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clinic_performance_day_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clinic_performance_day_note(array(SELECT (business_day, kind, user_id, store_id, dept_id, project_id,
      amount, 1)::clinic_performance_day FROM clinic_performance_added));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clinic_performance_day_note(array(SELECT (business_day, kind, user_id, store_id, dept_id, project_id,
      -amount, -1)::clinic_performance_day FROM clinic_performance_gone));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM clinic_performance_day_note(array(
      SELECT (business_day, kind, user_id, store_id, dept_id, project_id, amount, 1)::clinic_performance_day
        FROM clinic_performance_added
      UNION ALL
      SELECT (business_day, kind, user_id, store_id, dept_id, project_id, -amount, -1)::clinic_performance_day
        FROM clinic_performance_gone));
  ELSE
    DELETE FROM clinic_performance_day;
    DELETE FROM clinic_performance_day_change;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Fires at commit once per change row: the first folds the whole transaction's, the others find none.
CREATE OR REPLACE FUNCTION clinic_performance_day_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH taken AS (DELETE FROM clinic_performance_day_change WHERE tx = txid_current() RETURNING *)
  INSERT INTO clinic_performance_day AS s (business_day, kind, user_id, store_id, dept_id, project_id, amount, row_count)
  SELECT business_day, kind, user_id, store_id, dept_id, project_id, sum(amount), sum(row_count)::int
  FROM taken
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(row_count) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT clinic_performance_day_uq
    DO UPDATE SET amount = s.amount + excluded.amount, row_count = s.row_count + excluded.row_count;
  -- A key whose rows all left (no split may list it).
  DELETE FROM clinic_performance_day WHERE row_count = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The rows written before this migration: their project and sessions, then their sums.
UPDATE clinic_performance p SET project_id = CASE p.source_kind
    WHEN 'order_line' THEN (SELECT l.project_id FROM clinic_order_line l WHERE l.line_id = p.source_id)
    WHEN 'treatment' THEN (SELECT d.project_id FROM clinic_treatment t
      JOIN crm_customer_project_deal_record d ON d.deal_id = t.deal_id WHERE t.treatment_id = p.source_id)
    WHEN 'treatment_undo' THEN (SELECT d.project_id FROM clinic_treatment t
      JOIN crm_customer_project_deal_record d ON d.deal_id = t.deal_id WHERE t.treatment_id = p.source_id)
    WHEN 'refund' THEN (SELECT d.project_id FROM clinic_refund f
      JOIN crm_customer_project_deal_record d ON d.deal_id = f.deal_id WHERE f.refund_id = p.source_id)
    WHEN 'repayment' THEN (SELECT d.project_id FROM crm_customer_project_deal_record d
      WHERE split_part(p.idempotency_key, ':', 3) ~ '^[0-9]{1,9}$' AND d.deal_id = split_part(p.idempotency_key, ':', 3)::int)
  END,
  sessions = CASE WHEN p.source_kind IN ('treatment', 'treatment_undo')
    THEN (SELECT t.sessions FROM clinic_treatment t WHERE t.treatment_id = p.source_id) END;
--> statement-breakpoint
INSERT INTO clinic_performance_day (business_day, kind, user_id, store_id, dept_id, project_id, amount, row_count)
SELECT business_day, kind, user_id, store_id, dept_id, project_id, sum(amount), count(*)::int
FROM clinic_performance GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE TRIGGER clinic_performance_resolve BEFORE INSERT ON clinic_performance
  FOR EACH ROW EXECUTE FUNCTION clinic_performance_resolve();
--> statement-breakpoint
CREATE TRIGGER clinic_performance_day_insert AFTER INSERT ON clinic_performance
  REFERENCING NEW TABLE AS clinic_performance_added FOR EACH STATEMENT EXECUTE FUNCTION clinic_performance_day_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_performance_day_update AFTER UPDATE ON clinic_performance
  REFERENCING OLD TABLE AS clinic_performance_gone NEW TABLE AS clinic_performance_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_performance_day_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_performance_day_delete AFTER DELETE ON clinic_performance
  REFERENCING OLD TABLE AS clinic_performance_gone FOR EACH STATEMENT EXECUTE FUNCTION clinic_performance_day_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_performance_day_truncate AFTER TRUNCATE ON clinic_performance
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_performance_day_follow();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clinic_performance_day_fold AFTER INSERT ON clinic_performance_day_change
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION clinic_performance_day_fold();

CREATE TABLE "clinic_performance_day_pending" (
	"tx" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- hand-written: the day summary's fold runs once per transaction (issue 24's full-size bench). It
-- hung on clinic_performance_day_change and fired once per change row: a transaction that noted
-- many keys (a bulk load, a repair) ran the fold that many times, each probing the change table's
-- index over its own dead rows, and committing a 4,000,000-row load did not end. Now the note also
-- inserts its transaction into clinic_performance_day_pending once (ON CONFLICT DO NOTHING fires
-- no row trigger) and the deferred trigger hangs there.
CREATE OR REPLACE FUNCTION clinic_performance_day_note(delta clinic_performance_day[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO clinic_performance_day_change (tx, business_day, kind, user_id, store_id, dept_id, project_id, amount, row_count)
  SELECT txid_current(), business_day, kind, user_id, store_id, dept_id, project_id, sum(amount), sum(row_count)::int
  FROM unnest(delta)
  GROUP BY 2, 3, 4, 5, 6, 7
  -- An update that moved nothing (same key) nets to zero: nothing to fold.
  HAVING sum(row_count) <> 0 OR sum(amount) <> 0;
  INSERT INTO clinic_performance_day_pending (tx)
  SELECT txid_current() WHERE EXISTS (SELECT 1 FROM unnest(delta))
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clinic_performance_day_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM clinic_performance_day_pending WHERE tx = txid_current();
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
    DELETE FROM clinic_performance_day_pending;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER clinic_performance_day_fold ON clinic_performance_day_change;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clinic_performance_day_fold AFTER INSERT ON clinic_performance_day_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION clinic_performance_day_fold();

CREATE TABLE "clinic_performance_user_day" (
	"kind" smallint NOT NULL,
	"business_day" date NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "clinic_performance_user_day_uq" UNIQUE("kind","business_day","user_id")
);
--> statement-breakpoint
CREATE INDEX "clinic_performance_user_day_empty_idx" ON "clinic_performance_user_day" USING btree ("business_day") WHERE row_count = 0;--> statement-breakpoint
-- hand-written: clinic_performance_user_day is folded by the day summary's deferred trigger, in
-- the same statement from the same taken changes, so both summaries are exact at every commit
-- (docs/decisions.md "Statistics: summary tables"); a truncate empties it too. Filled once from
-- the day summary (exact at this commit). Then covering indexes for the statistics' period scans
-- (INCLUDE, which the Drizzle schema cannot declare): index-only reads where a month's rows lay
-- scattered over the heap (bench/RESULTS.md "Clinic statistics at full size").
CREATE OR REPLACE FUNCTION clinic_performance_day_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM clinic_performance_day_pending WHERE tx = txid_current();
  WITH taken AS (DELETE FROM clinic_performance_day_change WHERE tx = txid_current() RETURNING *),
  by_day AS (
    INSERT INTO clinic_performance_day AS s (business_day, kind, user_id, store_id, dept_id, project_id, amount, row_count)
    SELECT business_day, kind, user_id, store_id, dept_id, project_id, sum(amount), sum(row_count)::int
    FROM taken
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(row_count) <> 0 OR sum(amount) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT clinic_performance_day_uq
      DO UPDATE SET amount = s.amount + excluded.amount, row_count = s.row_count + excluded.row_count
  )
  INSERT INTO clinic_performance_user_day AS s (kind, business_day, user_id, amount, row_count)
  SELECT kind, business_day, user_id, sum(amount), sum(row_count)::int
  FROM taken
  GROUP BY 1, 2, 3
  HAVING sum(row_count) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT clinic_performance_user_day_uq
    DO UPDATE SET amount = s.amount + excluded.amount, row_count = s.row_count + excluded.row_count;
  -- A key whose rows all left (no split may list it).
  DELETE FROM clinic_performance_day WHERE row_count = 0;
  DELETE FROM clinic_performance_user_day WHERE row_count = 0;
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
    DELETE FROM clinic_performance_user_day;
    DELETE FROM clinic_performance_day_change;
    DELETE FROM clinic_performance_day_pending;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO clinic_performance_user_day (kind, business_day, user_id, amount, row_count)
SELECT kind, business_day, user_id, sum(amount), sum(row_count)::int
FROM clinic_performance_day
GROUP BY 1, 2, 3
HAVING sum(row_count) <> 0;
--> statement-breakpoint
-- Every split of the day summary (department, shop, region, project) reads only the index.
CREATE INDEX clinic_performance_day_cover_idx ON clinic_performance_day (kind, business_day)
  INCLUDE (user_id, store_id, dept_id, project_id, amount);
--> statement-breakpoint
-- Buying customers (count distinct per period, which no day sum can give).
CREATE INDEX clinic_performance_buyer_idx ON clinic_performance (business_day, customer_id)
  INCLUDE (user_id, store_id, dept_id) WHERE kind = 1 AND amount > 0 AND source_kind <> 'top_up';
--> statement-breakpoint
-- Payments by the day their order was charged (营业额, the payment methods).
CREATE INDEX clinic_order_charged_cover_idx ON clinic_order (charged_time)
  INCLUDE (order_id, customer_id, status, kind, store_id) WHERE charged_time IS NOT NULL;
--> statement-breakpoint
CREATE INDEX clinic_payment_order_cover_idx ON clinic_payment (order_id) INCLUDE (method, amount);

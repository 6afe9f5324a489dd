CREATE TABLE "crm_contract_counted" (
	"contract_id" integer PRIMARY KEY NOT NULL,
	"order_date" date NOT NULL,
	"owner_user_id" integer,
	"cycle_days" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_contract_day_change" (
	"tx" bigint NOT NULL,
	"order_date" date NOT NULL,
	"owner_user_id" integer,
	"product_id" integer,
	"deals" integer NOT NULL,
	"cycle_days" bigint NOT NULL,
	"num" numeric(18, 2) NOT NULL,
	"subtotal" numeric(18, 2) NOT NULL,
	"line_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_contract_day_pending" (
	"tx" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_contract_day" (
	"order_date" date NOT NULL,
	"owner_user_id" integer,
	"deals" integer NOT NULL,
	"cycle_days" bigint NOT NULL,
	CONSTRAINT "crm_contract_day_uq" UNIQUE NULLS NOT DISTINCT("order_date","owner_user_id")
);
--> statement-breakpoint
CREATE TABLE "crm_follow_day_change" (
	"tx" bigint NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"category" varchar(30) NOT NULL,
	"follow_count" integer NOT NULL,
	"first_day" integer NOT NULL,
	"first_week" integer NOT NULL,
	"first_month" integer NOT NULL,
	"first_quarter" integer NOT NULL,
	"first_year" integer NOT NULL,
	"own_day" integer NOT NULL,
	"own_week" integer NOT NULL,
	"own_month" integer NOT NULL,
	"own_quarter" integer NOT NULL,
	"own_year" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_follow_day_pending" (
	"tx" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_follow_day" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"category" varchar(30) NOT NULL,
	"follow_count" integer NOT NULL,
	CONSTRAINT "crm_follow_day_uq" UNIQUE("day","user_id","category")
);
--> statement-breakpoint
CREATE TABLE "crm_follow_month" (
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	"category" varchar(30) NOT NULL,
	"follow_count" integer NOT NULL,
	CONSTRAINT "crm_follow_month_uq" UNIQUE("month","user_id","category")
);
--> statement-breakpoint
CREATE TABLE "crm_follow_user_day" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"follow_count" integer NOT NULL,
	"first_day" integer NOT NULL,
	"first_week" integer NOT NULL,
	"first_month" integer NOT NULL,
	"first_quarter" integer NOT NULL,
	"first_year" integer NOT NULL,
	"own_day" integer NOT NULL,
	"own_week" integer NOT NULL,
	"own_month" integer NOT NULL,
	"own_quarter" integer NOT NULL,
	"own_year" integer NOT NULL,
	CONSTRAINT "crm_follow_user_day_uq" UNIQUE("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "crm_follow_user_month" (
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	"follow_count" integer NOT NULL,
	"first_month" integer NOT NULL,
	"first_quarter" integer NOT NULL,
	"first_year" integer NOT NULL,
	"own_month" integer NOT NULL,
	"own_quarter" integer NOT NULL,
	"own_year" integer NOT NULL,
	CONSTRAINT "crm_follow_user_month_uq" UNIQUE("month","user_id")
);
--> statement-breakpoint
CREATE TABLE "crm_product_line_counted" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"order_date" date NOT NULL,
	"owner_user_id" integer,
	"product_id" integer NOT NULL,
	"num" numeric(14, 2) NOT NULL,
	"subtotal" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_product_line_day" (
	"order_date" date NOT NULL,
	"owner_user_id" integer,
	"product_id" integer NOT NULL,
	"num" numeric(18, 2) NOT NULL,
	"subtotal" numeric(18, 2) NOT NULL,
	"line_count" integer NOT NULL,
	CONSTRAINT "crm_product_line_day_uq" UNIQUE NULLS NOT DISTINCT("order_date","owner_user_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "crm_contract_day_change_tx_idx" ON "crm_contract_day_change" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "crm_contract_day_empty_idx" ON "crm_contract_day" USING btree ("order_date") WHERE deals = 0;--> statement-breakpoint
CREATE INDEX "crm_follow_day_change_tx_idx" ON "crm_follow_day_change" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "crm_follow_day_empty_idx" ON "crm_follow_day" USING btree ("day") WHERE follow_count = 0;--> statement-breakpoint
CREATE INDEX "crm_follow_month_empty_idx" ON "crm_follow_month" USING btree ("month") WHERE follow_count = 0;--> statement-breakpoint
CREATE INDEX "crm_follow_user_day_empty_idx" ON "crm_follow_user_day" USING btree ("day") WHERE follow_count = 0;--> statement-breakpoint
CREATE INDEX "crm_follow_user_month_empty_idx" ON "crm_follow_user_month" USING btree ("month") WHERE follow_count = 0;--> statement-breakpoint
CREATE INDEX "crm_product_line_day_empty_idx" ON "crm_product_line_day" USING btree ("order_date") WHERE line_count = 0;--> statement-breakpoint
CREATE INDEX "crm_follow_record_author_idx" ON "crm_follow_record" USING btree ("label","create_user_id","create_time","record_id");--> statement-breakpoint
-- hand-written: the follow-up and product/contract summaries' triggers, folds, rebuilds and backfill
-- (issue 24 at full size, h-follow; docs/decisions.md "Statistics: follow-up and product summaries").
-- The clinic summary's pattern (0083, 0085, 0087): statement triggers with transition tables note a
-- statement's change per key in a change table; a deferred constraint trigger on a pending table
-- (one row per transaction) folds them in key order just before commit. The follow-ups' "first of
-- its day/week/month/quarter/year" counts depend on a customer's other follow-ups, so a statement
-- recomputes them for every customer it touches (its follow-ups now, and as they were before the
-- statement: now without its new rows, plus its old ones) under a per-customer advisory lock, so two
-- transactions writing one customer's follow-ups compute one after the other's commit.
-- The company's zone (sys_config, as files/time-zone.ts reads it): the days of the summaries.
-- crm_company_zone() is 0088's (the company's zone, a bad name read as the default).
--> statement-breakpoint
-- What the follow-up triggers read of a row.
CREATE TYPE crm_follow_key AS (follow_id integer, record_id integer, create_user_id integer,
  category varchar(30), create_time timestamptz);
--> statement-breakpoint
-- The summary rows some customers' follow-ups make (all of each customer's, label 2). A follow-up
-- is the first of its customer in a unit when the customer's previous follow-up (by the company's
-- wall clock, then id) falls in another unit of that kind, or there is none: among everyone's
-- (first_*) and among the same author's (own_*). Written again over the whole table in
-- crm_follow_day_recomputed (below): the random-mix test holds both to the same figures.
CREATE OR REPLACE FUNCTION crm_follow_firsts(keys crm_follow_key[])
RETURNS TABLE (day date, user_id integer, category varchar, follow_count bigint,
  first_day bigint, first_week bigint, first_month bigint, first_quarter bigint, first_year bigint,
  own_day bigint, own_week bigint, own_month bigint, own_quarter bigint, own_year bigint)
LANGUAGE sql STABLE AS $$
  WITH r AS (
    SELECT k.follow_id, k.record_id, k.create_user_id, k.category, k.create_time AT TIME ZONE crm_company_zone() AS t
    FROM unnest(keys) k
  ), w AS (
    SELECT r.*,
      lag(t) OVER (PARTITION BY record_id ORDER BY t, follow_id) AS p,
      lag(t) OVER (PARTITION BY record_id, create_user_id ORDER BY t, follow_id) AS o
    FROM r
  )
  SELECT t::date, create_user_id, category, count(*),
    count(*) FILTER (WHERE p IS NULL OR date_trunc('day', p) <> date_trunc('day', t)),
    count(*) FILTER (WHERE p IS NULL OR date_trunc('week', p) <> date_trunc('week', t)),
    count(*) FILTER (WHERE p IS NULL OR date_trunc('month', p) <> date_trunc('month', t)),
    count(*) FILTER (WHERE p IS NULL OR date_trunc('quarter', p) <> date_trunc('quarter', t)),
    count(*) FILTER (WHERE p IS NULL OR date_trunc('year', p) <> date_trunc('year', t)),
    count(*) FILTER (WHERE o IS NULL OR date_trunc('day', o) <> date_trunc('day', t)),
    count(*) FILTER (WHERE o IS NULL OR date_trunc('week', o) <> date_trunc('week', t)),
    count(*) FILTER (WHERE o IS NULL OR date_trunc('month', o) <> date_trunc('month', t)),
    count(*) FILTER (WHERE o IS NULL OR date_trunc('quarter', o) <> date_trunc('quarter', t)),
    count(*) FILTER (WHERE o IS NULL OR date_trunc('year', o) <> date_trunc('year', t))
  FROM w
  GROUP BY 1, 2, 3
$$;
--> statement-breakpoint
-- The summaries as the detail makes them now (the rebuild, the differences check, the backfill).
CREATE OR REPLACE FUNCTION crm_follow_day_recomputed()
RETURNS TABLE (day date, user_id integer, category varchar, follow_count bigint,
  first_day bigint, first_week bigint, first_month bigint, first_quarter bigint, first_year bigint,
  own_day bigint, own_week bigint, own_month bigint, own_quarter bigint, own_year bigint)
LANGUAGE sql STABLE AS $$
  WITH r AS (
    SELECT f.follow_id, f.record_id, f.create_user_id, f.category, f.create_time AT TIME ZONE crm_company_zone() AS t
    FROM crm_follow_record f
    WHERE f.label = 2
  ), w AS (
    SELECT r.*,
      lag(t) OVER (PARTITION BY record_id ORDER BY t, follow_id) AS p,
      lag(t) OVER (PARTITION BY record_id, create_user_id ORDER BY t, follow_id) AS o
    FROM r
  )
  SELECT t::date, create_user_id, category, count(*),
    count(*) FILTER (WHERE p IS NULL OR date_trunc('day', p) <> date_trunc('day', t)),
    count(*) FILTER (WHERE p IS NULL OR date_trunc('week', p) <> date_trunc('week', t)),
    count(*) FILTER (WHERE p IS NULL OR date_trunc('month', p) <> date_trunc('month', t)),
    count(*) FILTER (WHERE p IS NULL OR date_trunc('quarter', p) <> date_trunc('quarter', t)),
    count(*) FILTER (WHERE p IS NULL OR date_trunc('year', p) <> date_trunc('year', t)),
    count(*) FILTER (WHERE o IS NULL OR date_trunc('day', o) <> date_trunc('day', t)),
    count(*) FILTER (WHERE o IS NULL OR date_trunc('week', o) <> date_trunc('week', t)),
    count(*) FILTER (WHERE o IS NULL OR date_trunc('month', o) <> date_trunc('month', t)),
    count(*) FILTER (WHERE o IS NULL OR date_trunc('quarter', o) <> date_trunc('quarter', t)),
    count(*) FILTER (WHERE o IS NULL OR date_trunc('year', o) <> date_trunc('year', t))
  FROM w
  GROUP BY 1, 2, 3
$$;
--> statement-breakpoint
-- A statement's change to the follow-up summaries: `added` and `gone` are its new and old rows
-- (label 2) whose key columns changed. Their customers' summary rows are recomputed now and as
-- they were before it, and the difference noted for the fold.
CREATE OR REPLACE FUNCTION crm_follow_day_note(added crm_follow_key[], gone crm_follow_key[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
  c integer;
BEGIN
  SELECT array_agg(DISTINCT k.record_id ORDER BY k.record_id) INTO touched
  FROM (SELECT * FROM unnest(added) UNION ALL SELECT * FROM unnest(gone)) k;
  IF touched IS NULL THEN
    RETURN;
  END IF;
  -- One customer's follow-ups are computed by one transaction at a time. A bulk statement (a load,
  -- a repair) would need more advisory locks than the lock table holds: it holds off every other
  -- writer of follow-ups instead, until it commits.
  -- The thresholds may be lowered for a test (`set local crm.summary_rebuild_above = 2`).
  IF cardinality(touched) > coalesce(nullif(current_setting('crm.summary_rebuild_above', true), '')::int, 100000) THEN
    -- A load (the benchmark's generator writes millions in one statement): recomputing everything
    -- from the table costs less than holding every touched customer's rows twice in arrays.
    LOCK TABLE crm_follow_record IN SHARE ROW EXCLUSIVE MODE;
    PERFORM crm_follow_day_rebuild();
    RETURN;
  ELSIF cardinality(touched) > coalesce(nullif(current_setting('crm.summary_lock_above', true), '')::int, 1000) THEN
    LOCK TABLE crm_follow_record IN SHARE ROW EXCLUSIVE MODE;
  ELSE
    FOREACH c IN ARRAY touched LOOP
      PERFORM pg_advisory_xact_lock(2402, c);
    END LOOP;
  END IF;
  -- A new statement, a new snapshot: what a transaction that held the lock committed is seen.
  WITH now_rows AS (
    SELECT (f.follow_id, f.record_id, f.create_user_id, f.category, f.create_time)::crm_follow_key AS k
    FROM crm_follow_record f
    WHERE f.label = 2 AND f.record_id = ANY (touched)
  ), before_rows AS (
    SELECT k FROM now_rows WHERE (k).follow_id NOT IN (SELECT a.follow_id FROM unnest(added) a)
    UNION ALL
    SELECT g FROM unnest(gone) g
  ), delta AS (
    SELECT * FROM crm_follow_firsts(array(SELECT k FROM now_rows))
    UNION ALL
    SELECT day, user_id, category, -follow_count, -first_day, -first_week, -first_month, -first_quarter,
      -first_year, -own_day, -own_week, -own_month, -own_quarter, -own_year
    FROM crm_follow_firsts(array(SELECT k FROM before_rows))
  )
  INSERT INTO crm_follow_day_change (tx, day, user_id, category, follow_count, first_day, first_week,
    first_month, first_quarter, first_year, own_day, own_week, own_month, own_quarter, own_year)
  SELECT txid_current(), day, user_id, category, sum(follow_count), sum(first_day), sum(first_week),
    sum(first_month), sum(first_quarter), sum(first_year), sum(own_day), sum(own_week), sum(own_month),
    sum(own_quarter), sum(own_year)
  FROM delta
  GROUP BY 2, 3, 4
  HAVING (sum(follow_count), sum(first_day), sum(first_week), sum(first_month), sum(first_quarter),
    sum(first_year), sum(own_day), sum(own_week), sum(own_month), sum(own_quarter), sum(own_year))
    <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  IF FOUND THEN
    INSERT INTO crm_follow_day_pending (tx) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_follow_day_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM crm_follow_day_note(array(SELECT (a.follow_id, a.record_id, a.create_user_id, a.category,
      a.create_time)::crm_follow_key FROM crm_follow_added a WHERE a.label = 2), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM crm_follow_day_note('{}', array(SELECT (g.follow_id, g.record_id, g.create_user_id, g.category,
      g.create_time)::crm_follow_key FROM crm_follow_gone g WHERE g.label = 2));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only rows whose kind, customer, author, method or time changed (a content edit changes nothing here).
    PERFORM crm_follow_day_note(
      array(SELECT (a.follow_id, a.record_id, a.create_user_id, a.category, a.create_time)::crm_follow_key
        FROM crm_follow_added a WHERE a.label = 2 AND NOT EXISTS (SELECT 1 FROM crm_follow_gone g
          WHERE g.follow_id = a.follow_id AND g.label = a.label AND g.record_id = a.record_id
            AND g.create_user_id = a.create_user_id AND g.category = a.category AND g.create_time = a.create_time)),
      array(SELECT (g.follow_id, g.record_id, g.create_user_id, g.category, g.create_time)::crm_follow_key
        FROM crm_follow_gone g WHERE g.label = 2 AND NOT EXISTS (SELECT 1 FROM crm_follow_added a
          WHERE g.follow_id = a.follow_id AND g.label = a.label AND g.record_id = a.record_id
            AND g.create_user_id = a.create_user_id AND g.category = a.category AND g.create_time = a.create_time)));
  ELSE
    DELETE FROM crm_follow_day;
    DELETE FROM crm_follow_user_day;
    DELETE FROM crm_follow_month;
    DELETE FROM crm_follow_user_month;
    DELETE FROM crm_follow_day_change;
    DELETE FROM crm_follow_day_pending;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_follow_day_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crm_follow_day_pending WHERE tx = txid_current();
  WITH taken AS (DELETE FROM crm_follow_day_change WHERE tx = txid_current() RETURNING *),
  by_method AS (
    INSERT INTO crm_follow_day AS s (day, user_id, category, follow_count)
    SELECT day, user_id, category, sum(follow_count)
    FROM taken
    GROUP BY 1, 2, 3
    HAVING sum(follow_count) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT crm_follow_day_uq DO UPDATE SET follow_count = s.follow_count + excluded.follow_count
  ), by_method_month AS (
    INSERT INTO crm_follow_month AS s (month, user_id, category, follow_count)
    SELECT date_trunc('month', day)::date, user_id, category, sum(follow_count)
    FROM taken
    GROUP BY 1, 2, 3
    HAVING sum(follow_count) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT crm_follow_month_uq DO UPDATE SET follow_count = s.follow_count + excluded.follow_count
  ), by_month AS (
    INSERT INTO crm_follow_user_month AS s (month, user_id, follow_count, first_month, first_quarter, first_year,
      own_month, own_quarter, own_year)
    SELECT date_trunc('month', day)::date, user_id, sum(follow_count), sum(first_month), sum(first_quarter),
      sum(first_year), sum(own_month), sum(own_quarter), sum(own_year)
    FROM taken
    GROUP BY 1, 2
    HAVING (sum(follow_count), sum(first_month), sum(first_quarter), sum(first_year), sum(own_month),
      sum(own_quarter), sum(own_year)) <> (0, 0, 0, 0, 0, 0, 0)
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT crm_follow_user_month_uq DO UPDATE SET
      follow_count = s.follow_count + excluded.follow_count, first_month = s.first_month + excluded.first_month,
      first_quarter = s.first_quarter + excluded.first_quarter, first_year = s.first_year + excluded.first_year,
      own_month = s.own_month + excluded.own_month, own_quarter = s.own_quarter + excluded.own_quarter,
      own_year = s.own_year + excluded.own_year
  )
  INSERT INTO crm_follow_user_day AS s (day, user_id, follow_count, first_day, first_week, first_month,
    first_quarter, first_year, own_day, own_week, own_month, own_quarter, own_year)
  SELECT day, user_id, sum(follow_count), sum(first_day), sum(first_week), sum(first_month), sum(first_quarter),
    sum(first_year), sum(own_day), sum(own_week), sum(own_month), sum(own_quarter), sum(own_year)
  FROM taken
  GROUP BY 1, 2
  HAVING (sum(follow_count), sum(first_day), sum(first_week), sum(first_month), sum(first_quarter),
    sum(first_year), sum(own_day), sum(own_week), sum(own_month), sum(own_quarter), sum(own_year))
    <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY 1, 2
  ON CONFLICT ON CONSTRAINT crm_follow_user_day_uq DO UPDATE SET
    follow_count = s.follow_count + excluded.follow_count, first_day = s.first_day + excluded.first_day,
    first_week = s.first_week + excluded.first_week, first_month = s.first_month + excluded.first_month,
    first_quarter = s.first_quarter + excluded.first_quarter, first_year = s.first_year + excluded.first_year,
    own_day = s.own_day + excluded.own_day, own_week = s.own_week + excluded.own_week,
    own_month = s.own_month + excluded.own_month, own_quarter = s.own_quarter + excluded.own_quarter,
    own_year = s.own_year + excluded.own_year;
  -- A key whose follow-ups all left (no split may list it).
  DELETE FROM crm_follow_day WHERE follow_count = 0;
  DELETE FROM crm_follow_user_day WHERE follow_count = 0;
  DELETE FROM crm_follow_month WHERE follow_count = 0;
  DELETE FROM crm_follow_user_month WHERE follow_count = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recompute the follow-up summaries (days and months) from the detail (the backfill, a zone change, a doubt).
CREATE OR REPLACE FUNCTION crm_follow_day_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE crm_follow_record IN SHARE MODE;
  -- This transaction's own changes would fold at its commit on top of the recomputation.
  DELETE FROM crm_follow_day_change WHERE tx = txid_current();
  DELETE FROM crm_follow_day;
  DELETE FROM crm_follow_user_day;
  DELETE FROM crm_follow_month;
  DELETE FROM crm_follow_user_month;
  CREATE TEMP TABLE crm_follow_day_rebuilt ON COMMIT DROP AS SELECT * FROM crm_follow_day_recomputed();
  INSERT INTO crm_follow_day (day, user_id, category, follow_count)
  SELECT day, user_id, category, follow_count FROM crm_follow_day_rebuilt;
  INSERT INTO crm_follow_user_day (day, user_id, follow_count, first_day, first_week, first_month,
    first_quarter, first_year, own_day, own_week, own_month, own_quarter, own_year)
  SELECT day, user_id, sum(follow_count), sum(first_day), sum(first_week), sum(first_month), sum(first_quarter),
    sum(first_year), sum(own_day), sum(own_week), sum(own_month), sum(own_quarter), sum(own_year)
  FROM crm_follow_day_rebuilt
  GROUP BY 1, 2;
  INSERT INTO crm_follow_month (month, user_id, category, follow_count)
  SELECT date_trunc('month', day)::date, user_id, category, sum(follow_count)
  FROM crm_follow_day_rebuilt
  GROUP BY 1, 2, 3;
  INSERT INTO crm_follow_user_month (month, user_id, follow_count, first_month, first_quarter, first_year,
    own_month, own_quarter, own_year)
  SELECT date_trunc('month', day)::date, user_id, sum(follow_count), sum(first_month), sum(first_quarter),
    sum(first_year), sum(own_month), sum(own_quarter), sum(own_year)
  FROM crm_follow_day_rebuilt
  GROUP BY 1, 2;
  DROP TABLE crm_follow_day_rebuilt;
END $$;
--> statement-breakpoint
CREATE TRIGGER crm_follow_day_insert AFTER INSERT ON crm_follow_record
  REFERENCING NEW TABLE AS crm_follow_added FOR EACH STATEMENT EXECUTE FUNCTION crm_follow_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_follow_day_update AFTER UPDATE ON crm_follow_record
  REFERENCING OLD TABLE AS crm_follow_gone NEW TABLE AS crm_follow_added
  FOR EACH STATEMENT EXECUTE FUNCTION crm_follow_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_follow_day_delete AFTER DELETE ON crm_follow_record
  REFERENCING OLD TABLE AS crm_follow_gone FOR EACH STATEMENT EXECUTE FUNCTION crm_follow_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_follow_day_truncate AFTER TRUNCATE ON crm_follow_record
  FOR EACH STATEMENT EXECUTE FUNCTION crm_follow_day_follow();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER crm_follow_day_fold AFTER INSERT ON crm_follow_day_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION crm_follow_day_fold();
--> statement-breakpoint
-- The contract summaries: what each approved, dated contract and each of its product lines counts
-- is kept in crm_contract_counted and crm_product_line_counted. A trigger recounts the contracts and
-- lines a statement touched (as the detail is now) and notes the difference from what was counted,
-- so a statement writing a contract and its lines together counts them once, whichever trigger runs
-- first. Advisory locks on customers (2404), then contracts (2403), sorted: one transaction at a time
-- recounts a contract, after the commit of another that changed it, its lines or its customer.
CREATE OR REPLACE FUNCTION crm_contract_day_recount(customers integer[], contracts integer[], lines integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c integer;
  noted boolean := false;
BEGIN
  IF cardinality(contracts) + cardinality(lines) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(customers) + cardinality(contracts)
      > coalesce(nullif(current_setting('crm.summary_lock_above', true), '')::int, 1000) THEN
    -- A bulk statement: more locks than the lock table holds; hold off every other writer instead.
    LOCK TABLE crm_contract, crm_product_line IN SHARE ROW EXCLUSIVE MODE;
  ELSE
    FOREACH c IN ARRAY coalesce((SELECT array_agg(DISTINCT i ORDER BY i) FROM unnest(customers) i WHERE i IS NOT NULL), '{}')
    LOOP
      PERFORM pg_advisory_xact_lock(2404, c);
    END LOOP;
    FOREACH c IN ARRAY coalesce((SELECT array_agg(DISTINCT i ORDER BY i) FROM unnest(contracts) i WHERE i IS NOT NULL), '{}')
    LOOP
      PERFORM pg_advisory_xact_lock(2403, c);
    END LOOP;
  END IF;
  -- New statements, a new snapshot: what a transaction that held a lock committed is seen.
  -- The lines: those named, and every line of the contracts now.
  lines := array(SELECT unnest(lines) UNION SELECT l.id FROM crm_product_line l
    WHERE l.label = 6 AND l.record_id = ANY (contracts));
  WITH gone AS (DELETE FROM crm_contract_counted WHERE contract_id = ANY (contracts) RETURNING *)
  INSERT INTO crm_contract_day_change (tx, order_date, owner_user_id, product_id, deals, cycle_days, num, subtotal, line_count)
  SELECT txid_current(), order_date, owner_user_id, NULL, -count(*), -sum(cycle_days), 0, 0, 0 FROM gone GROUP BY 2, 3;
  noted := noted OR FOUND;
  WITH added AS (
    INSERT INTO crm_contract_counted (contract_id, order_date, owner_user_id, cycle_days)
    SELECT k.contract_id, k.order_date, k.owner_user_id,
      greatest(k.order_date - (u.create_time AT TIME ZONE crm_company_zone())::date, 0)
    FROM crm_contract k JOIN crm_customer u ON u.customer_id = k.customer_id
    WHERE k.contract_id = ANY (contracts) AND k.check_status = 1 AND k.order_date IS NOT NULL
    RETURNING *
  )
  INSERT INTO crm_contract_day_change (tx, order_date, owner_user_id, product_id, deals, cycle_days, num, subtotal, line_count)
  SELECT txid_current(), order_date, owner_user_id, NULL, count(*), sum(cycle_days), 0, 0, 0 FROM added GROUP BY 2, 3;
  noted := noted OR FOUND;
  WITH gone AS (DELETE FROM crm_product_line_counted WHERE line_id = ANY (lines) RETURNING *)
  INSERT INTO crm_contract_day_change (tx, order_date, owner_user_id, product_id, deals, cycle_days, num, subtotal, line_count)
  SELECT txid_current(), order_date, owner_user_id, product_id, 0, 0, -sum(num), -sum(subtotal), -count(*)
  FROM gone GROUP BY 2, 3, 4;
  noted := noted OR FOUND;
  WITH added AS (
    INSERT INTO crm_product_line_counted (line_id, order_date, owner_user_id, product_id, num, subtotal)
    SELECT l.id, k.order_date, k.owner_user_id, l.product_id, l.num, l.subtotal
    FROM crm_product_line l JOIN crm_contract k ON k.contract_id = l.record_id
    WHERE l.id = ANY (lines) AND l.label = 6 AND k.check_status = 1 AND k.order_date IS NOT NULL
    RETURNING *
  )
  INSERT INTO crm_contract_day_change (tx, order_date, owner_user_id, product_id, deals, cycle_days, num, subtotal, line_count)
  SELECT txid_current(), order_date, owner_user_id, product_id, 0, 0, sum(num), sum(subtotal), count(*)
  FROM added GROUP BY 2, 3, 4;
  noted := noted OR FOUND;
  IF noted THEN
    INSERT INTO crm_contract_day_pending (tx) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_contract_day_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM crm_contract_day_recount(array(SELECT customer_id FROM crm_contract_added WHERE check_status = 1),
      array(SELECT contract_id FROM crm_contract_added WHERE check_status = 1), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM crm_contract_day_recount(array(SELECT customer_id FROM crm_contract_gone WHERE check_status = 1),
      array(SELECT contract_id FROM crm_contract_gone WHERE check_status = 1), '{}');
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only contracts whose approval, order day, owner or customer changed (old and new customer).
    PERFORM crm_contract_day_recount(
      array(SELECT x FROM crm_contract_added a JOIN crm_contract_gone g USING (contract_id),
          LATERAL (VALUES (a.customer_id), (g.customer_id)) v(x)
        WHERE (g.check_status, g.order_date, g.owner_user_id, g.customer_id)
          IS DISTINCT FROM (a.check_status, a.order_date, a.owner_user_id, a.customer_id)),
      array(SELECT a.contract_id FROM crm_contract_added a JOIN crm_contract_gone g USING (contract_id)
        WHERE (g.check_status, g.order_date, g.owner_user_id, g.customer_id)
          IS DISTINCT FROM (a.check_status, a.order_date, a.owner_user_id, a.customer_id)
        -- An id changed by hand: both sides.
        UNION SELECT a.contract_id FROM crm_contract_added a WHERE NOT EXISTS
          (SELECT 1 FROM crm_contract_gone g WHERE g.contract_id = a.contract_id)
        UNION SELECT g.contract_id FROM crm_contract_gone g WHERE NOT EXISTS
          (SELECT 1 FROM crm_contract_added a WHERE g.contract_id = a.contract_id)),
      '{}');
  ELSE
    DELETE FROM crm_contract_day;
    DELETE FROM crm_product_line_day;
    DELETE FROM crm_contract_counted;
    DELETE FROM crm_product_line_counted;
    DELETE FROM crm_contract_day_change;
    DELETE FROM crm_contract_day_pending;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_product_line_day_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM crm_contract_day_recount('{}', array(SELECT record_id FROM crm_product_line_added WHERE label = 6),
      array(SELECT id FROM crm_product_line_added WHERE label = 6));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM crm_contract_day_recount('{}', array(SELECT record_id FROM crm_product_line_gone WHERE label = 6),
      array(SELECT id FROM crm_product_line_gone WHERE label = 6));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Lines whose kind, contract, product, quantity or amount changed; their old and new contracts
    -- are locked (the old one's lines are not recounted: a line is recounted by its id).
    PERFORM crm_contract_day_recount('{}',
      array(SELECT x FROM crm_product_line_added a JOIN crm_product_line_gone g USING (id),
          LATERAL (VALUES (a.record_id), (g.record_id)) v(x)
        WHERE 6 IN (a.label, g.label) AND (g.label, g.record_id, g.product_id, g.num, g.subtotal)
          IS DISTINCT FROM (a.label, a.record_id, a.product_id, a.num, a.subtotal)),
      array(SELECT a.id FROM crm_product_line_added a JOIN crm_product_line_gone g USING (id)
        WHERE 6 IN (a.label, g.label) AND (g.label, g.record_id, g.product_id, g.num, g.subtotal)
          IS DISTINCT FROM (a.label, a.record_id, a.product_id, a.num, a.subtotal)
        UNION SELECT a.id FROM crm_product_line_added a WHERE NOT EXISTS
          (SELECT 1 FROM crm_product_line_gone g WHERE g.id = a.id)
        UNION SELECT g.id FROM crm_product_line_gone g WHERE NOT EXISTS
          (SELECT 1 FROM crm_product_line_added a WHERE g.id = a.id)));
  ELSE
    DELETE FROM crm_product_line_day;
    DELETE FROM crm_product_line_counted;
    DELETE FROM crm_contract_day_change WHERE product_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A customer's creation time moved: the days of its approved contracts' cycles.
CREATE OR REPLACE FUNCTION crm_contract_day_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM crm_contract_day_recount(array[NEW.customer_id],
    array(SELECT contract_id FROM crm_contract WHERE customer_id = NEW.customer_id), '{}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_contract_day_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crm_contract_day_pending WHERE tx = txid_current();
  WITH taken AS (DELETE FROM crm_contract_day_change WHERE tx = txid_current() RETURNING *),
  deals AS (
    INSERT INTO crm_contract_day AS s (order_date, owner_user_id, deals, cycle_days)
    SELECT order_date, owner_user_id, sum(deals), sum(cycle_days)
    FROM taken
    WHERE product_id IS NULL
    GROUP BY 1, 2
    HAVING (sum(deals), sum(cycle_days)) <> (0, 0)
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT crm_contract_day_uq
      DO UPDATE SET deals = s.deals + excluded.deals, cycle_days = s.cycle_days + excluded.cycle_days
  )
  INSERT INTO crm_product_line_day AS s (order_date, owner_user_id, product_id, num, subtotal, line_count)
  SELECT order_date, owner_user_id, product_id, sum(num), sum(subtotal), sum(line_count)
  FROM taken
  WHERE product_id IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING (sum(num), sum(subtotal), sum(line_count)) <> (0, 0, 0)
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT crm_product_line_day_uq DO UPDATE SET num = s.num + excluded.num,
    subtotal = s.subtotal + excluded.subtotal, line_count = s.line_count + excluded.line_count;
  DELETE FROM crm_contract_day WHERE deals = 0;
  DELETE FROM crm_product_line_day WHERE line_count = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The contract summaries and what they count, as the detail makes them now.
CREATE OR REPLACE FUNCTION crm_contract_day_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE crm_contract, crm_product_line IN SHARE MODE;
  DELETE FROM crm_contract_day_change WHERE tx = txid_current();
  DELETE FROM crm_contract_counted;
  DELETE FROM crm_product_line_counted;
  DELETE FROM crm_contract_day;
  DELETE FROM crm_product_line_day;
  INSERT INTO crm_contract_counted (contract_id, order_date, owner_user_id, cycle_days)
  SELECT k.contract_id, k.order_date, k.owner_user_id,
    greatest(k.order_date - (c.create_time AT TIME ZONE crm_company_zone())::date, 0)
  FROM crm_contract k JOIN crm_customer c ON c.customer_id = k.customer_id
  WHERE k.check_status = 1 AND k.order_date IS NOT NULL;
  INSERT INTO crm_product_line_counted (line_id, order_date, owner_user_id, product_id, num, subtotal)
  SELECT l.id, k.order_date, k.owner_user_id, l.product_id, l.num, l.subtotal
  FROM crm_product_line l JOIN crm_contract k ON k.contract_id = l.record_id
  WHERE l.label = 6 AND k.check_status = 1 AND k.order_date IS NOT NULL;
  INSERT INTO crm_contract_day (order_date, owner_user_id, deals, cycle_days)
  SELECT order_date, owner_user_id, count(*), sum(cycle_days) FROM crm_contract_counted GROUP BY 1, 2;
  INSERT INTO crm_product_line_day (order_date, owner_user_id, product_id, num, subtotal, line_count)
  SELECT order_date, owner_user_id, product_id, sum(num), sum(subtotal), count(*) FROM crm_product_line_counted
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
CREATE TRIGGER crm_contract_day_insert AFTER INSERT ON crm_contract
  REFERENCING NEW TABLE AS crm_contract_added FOR EACH STATEMENT EXECUTE FUNCTION crm_contract_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_contract_day_update AFTER UPDATE ON crm_contract
  REFERENCING OLD TABLE AS crm_contract_gone NEW TABLE AS crm_contract_added
  FOR EACH STATEMENT EXECUTE FUNCTION crm_contract_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_contract_day_delete AFTER DELETE ON crm_contract
  REFERENCING OLD TABLE AS crm_contract_gone FOR EACH STATEMENT EXECUTE FUNCTION crm_contract_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_contract_day_truncate AFTER TRUNCATE ON crm_contract
  FOR EACH STATEMENT EXECUTE FUNCTION crm_contract_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_product_line_day_insert AFTER INSERT ON crm_product_line
  REFERENCING NEW TABLE AS crm_product_line_added FOR EACH STATEMENT EXECUTE FUNCTION crm_product_line_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_product_line_day_update AFTER UPDATE ON crm_product_line
  REFERENCING OLD TABLE AS crm_product_line_gone NEW TABLE AS crm_product_line_added
  FOR EACH STATEMENT EXECUTE FUNCTION crm_product_line_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_product_line_day_delete AFTER DELETE ON crm_product_line
  REFERENCING OLD TABLE AS crm_product_line_gone FOR EACH STATEMENT EXECUTE FUNCTION crm_product_line_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_product_line_day_truncate AFTER TRUNCATE ON crm_product_line
  FOR EACH STATEMENT EXECUTE FUNCTION crm_product_line_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_contract_day_customer AFTER UPDATE OF create_time ON crm_customer
  FOR EACH ROW WHEN (OLD.create_time IS DISTINCT FROM NEW.create_time) EXECUTE FUNCTION crm_contract_day_customer();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER crm_contract_day_fold AFTER INSERT ON crm_contract_day_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION crm_contract_day_fold();
--> statement-breakpoint
-- A new company zone moves the follow-ups' days and the customers' creation days: recompute.
CREATE OR REPLACE FUNCTION crm_summary_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The zone in force before and after (no row: the default), so saving the settings with the same
  -- zone, or storing the default for the first time, recomputes nothing.
  before text := crm_zone_or_default(CASE WHEN TG_OP <> 'INSERT' AND OLD.key = 'timeZone' THEN OLD.value END);
  after text := crm_zone_or_default(CASE WHEN TG_OP <> 'DELETE' AND NEW.key = 'timeZone' THEN NEW.value END);
BEGIN
  IF (TG_OP <> 'INSERT' AND OLD.key = 'timeZone' OR TG_OP <> 'DELETE' AND NEW.key = 'timeZone')
      AND before IS DISTINCT FROM after THEN
    PERFORM crm_follow_day_rebuild();
    PERFORM crm_contract_day_rebuild();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crm_summary_zone AFTER INSERT OR UPDATE OR DELETE ON sys_config
  FOR EACH ROW EXECUTE FUNCTION crm_summary_zone_changed();
--> statement-breakpoint
-- Filled once from the detail (exact at this commit).
SELECT crm_follow_day_rebuild();
--> statement-breakpoint
SELECT crm_contract_day_rebuild();

CREATE TABLE "clinic_buyer_count_change" (
	"tx" bigint NOT NULL,
	"split" smallint NOT NULL,
	"unit" char(1) NOT NULL,
	"period_start" date NOT NULL,
	"user_id" integer,
	"dept_id" integer,
	"region" text,
	"customers" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_buyer_count" (
	"split" smallint NOT NULL,
	"unit" char(1) NOT NULL,
	"period_start" date NOT NULL,
	"user_id" integer,
	"dept_id" integer,
	"region" text,
	"customers" integer NOT NULL,
	CONSTRAINT "clinic_buyer_count_uq" UNIQUE NULLS NOT DISTINCT("split","unit","period_start","user_id","dept_id","region")
);
--> statement-breakpoint
CREATE TABLE "clinic_deal_hour_change" (
	"tx" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"store_id" integer,
	"deals" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_deal_hour" (
	"hour" timestamp with time zone NOT NULL,
	"store_id" integer,
	"deals" integer NOT NULL,
	CONSTRAINT "clinic_deal_hour_uq" UNIQUE NULLS NOT DISTINCT("hour","store_id")
);
--> statement-breakpoint
CREATE TABLE "clinic_payment_hour_change" (
	"tx" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"method" varchar(10) NOT NULL,
	"kind" smallint NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"row_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_payment_hour_pending" (
	"tx" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_payment_hour" (
	"hour" timestamp with time zone NOT NULL,
	"method" varchar(10) NOT NULL,
	"kind" smallint NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "clinic_payment_hour_pk" PRIMARY KEY("hour","method","kind")
);
--> statement-breakpoint
CREATE TABLE "clinic_performance_dept_shop_day" (
	"kind" smallint NOT NULL,
	"business_day" date NOT NULL,
	"dept_id" integer,
	"store_id" integer,
	"amount" numeric(16, 2) NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "clinic_performance_dept_shop_day_uq" UNIQUE NULLS NOT DISTINCT("kind","business_day","dept_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "clinic_performance_kind_day" (
	"kind" smallint NOT NULL,
	"business_day" date NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "clinic_performance_kind_day_pk" PRIMARY KEY("kind","business_day")
);
--> statement-breakpoint
CREATE TABLE "clinic_performance_project_day" (
	"kind" smallint NOT NULL,
	"business_day" date NOT NULL,
	"project_id" integer,
	"amount" numeric(16, 2) NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "clinic_performance_project_day_uq" UNIQUE NULLS NOT DISTINCT("kind","business_day","project_id")
);
--> statement-breakpoint
CREATE INDEX "clinic_buyer_count_change_tx_idx" ON "clinic_buyer_count_change" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "clinic_buyer_count_empty_idx" ON "clinic_buyer_count" USING btree ("period_start") WHERE customers = 0;--> statement-breakpoint
CREATE INDEX "clinic_deal_hour_change_tx_idx" ON "clinic_deal_hour_change" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "clinic_deal_hour_empty_idx" ON "clinic_deal_hour" USING btree ("hour") WHERE deals = 0;--> statement-breakpoint
CREATE INDEX "clinic_payment_hour_change_tx_idx" ON "clinic_payment_hour_change" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "clinic_payment_hour_empty_idx" ON "clinic_payment_hour" USING btree ("hour") WHERE row_count = 0;--> statement-breakpoint
CREATE INDEX "clinic_performance_dept_shop_day_empty_idx" ON "clinic_performance_dept_shop_day" USING btree ("business_day") WHERE row_count = 0;--> statement-breakpoint
CREATE INDEX "clinic_performance_kind_day_empty_idx" ON "clinic_performance_kind_day" USING btree ("business_day") WHERE row_count = 0;--> statement-breakpoint
CREATE INDEX "clinic_performance_project_day_empty_idx" ON "clinic_performance_project_day" USING btree ("business_day") WHERE row_count = 0;--> statement-breakpoint
-- hand-written: the clinic money pages' summaries at full size (issue 24, h-money; docs/decisions.md
-- "Statistics: summary tables"). (1) clinic_performance_dept_shop_day,
-- clinic_performance_project_day and clinic_performance_kind_day are folded by the day summary's deferred trigger from the same
-- taken changes. (2) clinic_buyer_count: each statement on clinic_performance recounts the buying
-- memberships (customer × calendar unit × split) of the customers it touched, before and after,
-- and notes the difference; the same fold adds it in. (3) clinic_payment_hour: statement triggers
-- on clinic_payment and clinic_order (and a row trigger before an order's delete, whose payments
-- its cascade removes) note each change of a charged order's payments; a deferred trigger folds a
-- transaction's once before it commits. (4) clinic_deal_hour: statement triggers on the deal
-- records note each change of a normal deal's hour or shop, folded with the payment hours. All
-- filled once from the detail at this commit.
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
  ),
  by_dept_shop AS (
    INSERT INTO clinic_performance_dept_shop_day AS s (kind, business_day, dept_id, store_id, amount, row_count)
    SELECT kind, business_day, dept_id, store_id, sum(amount), sum(row_count)::int
    FROM taken
    GROUP BY 1, 2, 3, 4
    HAVING sum(row_count) <> 0 OR sum(amount) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT clinic_performance_dept_shop_day_uq
      DO UPDATE SET amount = s.amount + excluded.amount, row_count = s.row_count + excluded.row_count
  ),
  by_kind AS (
    INSERT INTO clinic_performance_kind_day AS s (kind, business_day, amount, row_count)
    SELECT kind, business_day, sum(amount), sum(row_count)::int
    FROM taken
    GROUP BY 1, 2
    HAVING sum(row_count) <> 0 OR sum(amount) <> 0
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT clinic_performance_kind_day_pk
      DO UPDATE SET amount = s.amount + excluded.amount, row_count = s.row_count + excluded.row_count
  ),
  by_project AS (
    INSERT INTO clinic_performance_project_day AS s (kind, business_day, project_id, amount, row_count)
    SELECT kind, business_day, project_id, sum(amount), sum(row_count)::int
    FROM taken
    GROUP BY 1, 2, 3
    HAVING sum(row_count) <> 0 OR sum(amount) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT clinic_performance_project_day_uq
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
  WITH taken AS (DELETE FROM clinic_buyer_count_change WHERE tx = txid_current() RETURNING *)
  INSERT INTO clinic_buyer_count AS s (split, unit, period_start, user_id, dept_id, region, customers)
  SELECT split, unit, period_start, user_id, dept_id, region, sum(customers)::int
  FROM taken
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(customers) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT clinic_buyer_count_uq DO UPDATE SET customers = s.customers + excluded.customers;
  -- A key whose rows all left (no split may list it).
  DELETE FROM clinic_performance_day WHERE row_count = 0;
  DELETE FROM clinic_performance_user_day WHERE row_count = 0;
  DELETE FROM clinic_performance_dept_shop_day WHERE row_count = 0;
  DELETE FROM clinic_performance_project_day WHERE row_count = 0;
  DELETE FROM clinic_performance_kind_day WHERE row_count = 0;
  DELETE FROM clinic_buyer_count WHERE customers = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The region a statistic names for a partner shop (bi/clinic-sources.ts `region`: province and city
-- at the start of its address; 无门店 without one).
CREATE OR REPLACE FUNCTION clinic_shop_region(store_id integer, address text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN store_id IS NULL THEN '无门店'
    ELSE coalesce(nullif(substring(address from '^(([^省]*省|[^区]*自治区)?[^市]*市)'), ''), '未知地区') END
$$;
--> statement-breakpoint
-- A buying row (a positive cash row that is not a top-up) as the buyer counts read it.
CREATE TYPE clinic_buyer_row AS (performance_id bigint, customer_id integer, business_day date, user_id integer,
  dept_id integer, store_id integer);
--> statement-breakpoint
-- The memberships of buying rows: each customer × calendar unit × split (all, department, region,
-- earner) it bought in, once. `was`: shops as they were (their old address), read instead of now.
CREATE OR REPLACE FUNCTION clinic_buyer_memberships(rows_in clinic_buyer_row[], was crm_store[])
RETURNS TABLE (customer_id integer, split smallint, unit char(1), period_start date, user_id integer, dept_id integer,
  region text) LANGUAGE sql STABLE AS $$
  SELECT DISTINCT r.customer_id, s.split, u.code, date_trunc(u.name, r.business_day::timestamp)::date,
    CASE WHEN s.split = 3 THEN r.user_id END,
    CASE WHEN s.split = 1 THEN r.dept_id END,
    CASE WHEN s.split = 2 THEN
      CASE WHEN w.id IS NOT NULL THEN clinic_shop_region(w.id, w.shop_address)
        ELSE clinic_shop_region(st.id, st.shop_address) END END
  FROM unnest(rows_in) r
  LEFT JOIN crm_store st ON st.id = r.store_id
  LEFT JOIN unnest(was) w ON w.id = r.store_id
  CROSS JOIN (VALUES ('d'::char(1), 'day'), ('w', 'week'), ('m', 'month'), ('q', 'quarter'), ('y', 'year')) u(code, name)
  CROSS JOIN (VALUES (0::smallint), (1::smallint), (2::smallint), (3::smallint)) s(split)
  WHERE r.customer_id IS NOT NULL
$$;
--> statement-breakpoint
-- Serialise the recount of these customers with any other writer of theirs until commit (a
-- transaction-level advisory lock each; a table lock for a bulk statement), so two writers of one
-- customer's first purchase in a month never both count it.
CREATE OR REPLACE FUNCTION clinic_buyer_lock(who integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(who) > 1000 THEN
    LOCK TABLE clinic_buyer_count_change IN SHARE ROW EXCLUSIVE MODE;
  ELSE
    PERFORM pg_advisory_xact_lock(240024, c) FROM unnest(who) c ORDER BY c;
  END IF;
END $$;
--> statement-breakpoint
-- Notes the difference between the memberships of `before` (with the shops of `was` as they were)
-- and of `after`, for the fold at commit.
CREATE OR REPLACE FUNCTION clinic_buyer_delta(before clinic_buyer_row[], after clinic_buyer_row[], was crm_store[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH m_before AS (SELECT * FROM clinic_buyer_memberships(before, was)),
  m_after AS (SELECT * FROM clinic_buyer_memberships(after, '{}')),
  delta AS (
    SELECT d.*, 1 AS n FROM (SELECT * FROM m_after EXCEPT SELECT * FROM m_before) d
    UNION ALL
    SELECT d.*, -1 FROM (SELECT * FROM m_before EXCEPT SELECT * FROM m_after) d
  )
  INSERT INTO clinic_buyer_count_change (tx, split, unit, period_start, user_id, dept_id, region, customers)
  SELECT txid_current(), split, unit, period_start, user_id, dept_id, region, sum(n)::int
  FROM delta
  GROUP BY 2, 3, 4, 5, 6, 7
  HAVING sum(n) <> 0;
  IF FOUND THEN
    INSERT INTO clinic_performance_day_pending (tx) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
-- The buying rows of these customers now.
CREATE OR REPLACE FUNCTION clinic_buyer_rows(who integer[]) RETURNS clinic_buyer_row[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg((p.performance_id, p.customer_id, p.business_day, p.user_id, p.dept_id,
    p.store_id)::clinic_buyer_row), '{}')
  FROM clinic_performance p
  WHERE p.customer_id = ANY (who) AND p.kind = 1 AND p.amount > 0 AND p.source_kind <> 'top_up'
$$;
--> statement-breakpoint
-- A statement changed these buying rows (added: as they are now; gone: as they were): recount the
-- memberships of their customers before and after it.
CREATE OR REPLACE FUNCTION clinic_buyer_note(added clinic_buyer_row[], gone clinic_buyer_row[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  who integer[];
  now_rows clinic_buyer_row[];
BEGIN
  who := array(SELECT DISTINCT x.customer_id FROM (SELECT a.customer_id FROM unnest(added) a
    UNION ALL SELECT g.customer_id FROM unnest(gone) g) x WHERE x.customer_id IS NOT NULL ORDER BY 1);
  IF cardinality(who) = 0 THEN
    RETURN;
  END IF;
  PERFORM clinic_buyer_lock(who);
  now_rows := clinic_buyer_rows(who);
  PERFORM clinic_buyer_delta(
    array(SELECT n FROM unnest(now_rows) n
      WHERE n.performance_id NOT IN (SELECT a.performance_id FROM unnest(added) a)
      UNION ALL SELECT g FROM unnest(gone) g),
    now_rows, '{}');
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clinic_performance_day_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clinic_performance_day_note(array(SELECT (business_day, kind, user_id, store_id, dept_id, project_id,
      amount, 1)::clinic_performance_day FROM clinic_performance_added));
    PERFORM clinic_buyer_note(array(SELECT (performance_id, customer_id, business_day, user_id, dept_id,
      store_id)::clinic_buyer_row FROM clinic_performance_added
      WHERE kind = 1 AND amount > 0 AND source_kind <> 'top_up' AND customer_id IS NOT NULL), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clinic_performance_day_note(array(SELECT (business_day, kind, user_id, store_id, dept_id, project_id,
      -amount, -1)::clinic_performance_day FROM clinic_performance_gone));
    PERFORM clinic_buyer_note('{}', array(SELECT (performance_id, customer_id, business_day, user_id, dept_id,
      store_id)::clinic_buyer_row FROM clinic_performance_gone
      WHERE kind = 1 AND amount > 0 AND source_kind <> 'top_up' AND customer_id IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM clinic_performance_day_note(array(
      SELECT (business_day, kind, user_id, store_id, dept_id, project_id, amount, 1)::clinic_performance_day
        FROM clinic_performance_added
      UNION ALL
      SELECT (business_day, kind, user_id, store_id, dept_id, project_id, -amount, -1)::clinic_performance_day
        FROM clinic_performance_gone));
    -- Only rows whose buying facts changed (moved to another day, another earner, …): both sides of each.
    PERFORM clinic_buyer_note(
      array(SELECT (a.performance_id, a.customer_id, a.business_day, a.user_id, a.dept_id, a.store_id)::clinic_buyer_row
        FROM clinic_performance_added a LEFT JOIN clinic_performance_gone g ON g.performance_id = a.performance_id
        WHERE a.kind = 1 AND a.amount > 0 AND a.source_kind <> 'top_up' AND a.customer_id IS NOT NULL
          AND (g.kind, g.amount > 0, g.source_kind, g.customer_id, g.business_day, g.user_id, g.dept_id, g.store_id)
            IS DISTINCT FROM (a.kind, true, a.source_kind, a.customer_id, a.business_day, a.user_id, a.dept_id,
              a.store_id)),
      array(SELECT (g.performance_id, g.customer_id, g.business_day, g.user_id, g.dept_id, g.store_id)::clinic_buyer_row
        FROM clinic_performance_gone g LEFT JOIN clinic_performance_added a ON a.performance_id = g.performance_id
        WHERE g.kind = 1 AND g.amount > 0 AND g.source_kind <> 'top_up' AND g.customer_id IS NOT NULL
          AND (a.kind, a.amount > 0, a.source_kind, a.customer_id, a.business_day, a.user_id, a.dept_id, a.store_id)
            IS DISTINCT FROM (g.kind, true, g.source_kind, g.customer_id, g.business_day, g.user_id, g.dept_id,
              g.store_id)));
  ELSE
    DELETE FROM clinic_performance_day;
    DELETE FROM clinic_performance_user_day;
    DELETE FROM clinic_performance_dept_shop_day;
    DELETE FROM clinic_performance_project_day;
    DELETE FROM clinic_performance_kind_day;
    DELETE FROM clinic_buyer_count;
    DELETE FROM clinic_buyer_count_change;
    DELETE FROM clinic_performance_day_change;
    DELETE FROM clinic_performance_day_pending;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A partner shop's address names its region, and a removed shop leaves its rows 无门店: recount the
-- region split of the customers who bought there (an administrator's edit; their rows only).
CREATE OR REPLACE FUNCTION clinic_buyer_shop_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was crm_store[];
  who integer[];
  now_rows clinic_buyer_row[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    was := array(SELECT o FROM crm_store_was o JOIN crm_store_now n ON n.id = o.id
      WHERE clinic_shop_region(o.id, o.shop_address) IS DISTINCT FROM clinic_shop_region(n.id, n.shop_address));
  ELSE
    was := array(SELECT o FROM crm_store_was o);
  END IF;
  IF cardinality(was) = 0 THEN
    RETURN NULL;
  END IF;
  who := array(SELECT DISTINCT p.customer_id FROM clinic_performance p
    WHERE p.store_id IN (SELECT w.id FROM unnest(was) w)
      AND p.kind = 1 AND p.amount > 0 AND p.source_kind <> 'top_up' AND p.customer_id IS NOT NULL ORDER BY 1);
  IF cardinality(who) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM clinic_buyer_lock(who);
  now_rows := clinic_buyer_rows(who);
  PERFORM clinic_buyer_delta(now_rows, now_rows, was);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinic_buyer_shop_update AFTER UPDATE ON crm_store
  REFERENCING OLD TABLE AS crm_store_was NEW TABLE AS crm_store_now
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_buyer_shop_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_buyer_shop_delete AFTER DELETE ON crm_store
  REFERENCING OLD TABLE AS crm_store_was FOR EACH STATEMENT EXECUTE FUNCTION clinic_buyer_shop_follow();
--> statement-breakpoint
-- The summaries as the detail rows make them now: the backfill below, the rebuild and the check
-- (bi/summary/rebuild.ts) read these, so all three count the same way.
CREATE OR REPLACE FUNCTION clinic_buyer_count_of_detail()
RETURNS TABLE (split smallint, unit char(1), period_start date, user_id integer, dept_id integer, region text,
  customers integer) LANGUAGE sql STABLE AS $$
  WITH b AS MATERIALIZED (
    SELECT p.customer_id, p.business_day::timestamp AS day, p.user_id, p.dept_id,
      clinic_shop_region(st.id, st.shop_address) AS region
    FROM clinic_performance p LEFT JOIN crm_store st ON st.id = p.store_id
    WHERE p.kind = 1 AND p.amount > 0 AND p.source_kind <> 'top_up' AND p.customer_id IS NOT NULL
  ), u(code, name) AS (VALUES ('d'::char(1), 'day'), ('w', 'week'), ('m', 'month'), ('q', 'quarter'), ('y', 'year'))
  SELECT 0::smallint, u.code, date_trunc(u.name, b.day)::date, null::int, null::int, null::text,
    count(DISTINCT b.customer_id)::int FROM b, u GROUP BY 2, 3
  UNION ALL
  SELECT 1::smallint, u.code, date_trunc(u.name, b.day)::date, null, b.dept_id, null, count(DISTINCT b.customer_id)::int
  FROM b, u GROUP BY 2, 3, 5
  UNION ALL
  SELECT 2::smallint, u.code, date_trunc(u.name, b.day)::date, null, null, b.region, count(DISTINCT b.customer_id)::int
  FROM b, u GROUP BY 2, 3, 6
  UNION ALL
  SELECT 3::smallint, u.code, date_trunc(u.name, b.day)::date, b.user_id, null, null, count(DISTINCT b.customer_id)::int
  FROM b, u GROUP BY 2, 3, 4
$$;
--> statement-breakpoint
INSERT INTO clinic_buyer_count (split, unit, period_start, user_id, dept_id, region, customers)
SELECT * FROM clinic_buyer_count_of_detail();
--> statement-breakpoint
INSERT INTO clinic_performance_dept_shop_day (kind, business_day, dept_id, store_id, amount, row_count)
SELECT kind, business_day, dept_id, store_id, sum(amount), sum(row_count)::int
FROM clinic_performance_day GROUP BY 1, 2, 3, 4 HAVING sum(row_count) <> 0;
--> statement-breakpoint
INSERT INTO clinic_performance_kind_day (kind, business_day, amount, row_count)
SELECT kind, business_day, sum(amount), sum(row_count)::int
FROM clinic_performance_day GROUP BY 1, 2 HAVING sum(row_count) <> 0;
--> statement-breakpoint
INSERT INTO clinic_performance_project_day (kind, business_day, project_id, amount, row_count)
SELECT kind, business_day, project_id, sum(amount), sum(row_count)::int
FROM clinic_performance_day GROUP BY 1, 2, 3 HAVING sum(row_count) <> 0;
--> statement-breakpoint
-- Payments: the UTC hour an order was charged in (no zone stored; bi/summary/tables.ts).
CREATE OR REPLACE FUNCTION clinic_charged_hour(t timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_bin('1 hour', t, timestamptz '2000-01-01 00:00:00+00')
$$;
--> statement-breakpoint
CREATE TYPE clinic_payment_delta AS (hour timestamptz, method varchar(10), kind smallint, amount numeric(16, 2),
  n integer);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clinic_payment_hour_note(delta clinic_payment_delta[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO clinic_payment_hour_change (tx, hour, method, kind, amount, row_count)
  SELECT txid_current(), hour, method, kind, sum(amount), sum(n)::int
  FROM unnest(delta)
  GROUP BY 2, 3, 4
  HAVING sum(n) <> 0 OR sum(amount) <> 0;
  INSERT INTO clinic_payment_hour_pending (tx)
  SELECT txid_current() WHERE EXISTS (SELECT 1 FROM unnest(delta))
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
-- A payment counts while its order is charged and not cancelled, in the order's hour and kind.
CREATE OR REPLACE FUNCTION clinic_payment_hour_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clinic_payment_hour_note(array(SELECT (clinic_charged_hour(o.charged_time), p.method, o.kind, p.amount,
      1)::clinic_payment_delta FROM clinic_payment_added p JOIN clinic_order o ON o.order_id = p.order_id
      WHERE o.charged_time IS NOT NULL AND o.status <> 6));
  ELSIF TG_OP = 'DELETE' THEN
    -- An order's delete noted its payments before its cascade removed them (the order is gone here).
    PERFORM clinic_payment_hour_note(array(SELECT (clinic_charged_hour(o.charged_time), p.method, o.kind, -p.amount,
      -1)::clinic_payment_delta FROM clinic_payment_gone p JOIN clinic_order o ON o.order_id = p.order_id
      WHERE o.charged_time IS NOT NULL AND o.status <> 6));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM clinic_payment_hour_note(array(
      SELECT (clinic_charged_hour(o.charged_time), p.method, o.kind, p.amount, 1)::clinic_payment_delta
      FROM clinic_payment_added p JOIN clinic_order o ON o.order_id = p.order_id
      WHERE o.charged_time IS NOT NULL AND o.status <> 6
      UNION ALL
      SELECT (clinic_charged_hour(o.charged_time), p.method, o.kind, -p.amount, -1)::clinic_payment_delta
      FROM clinic_payment_gone p JOIN clinic_order o ON o.order_id = p.order_id
      WHERE o.charged_time IS NOT NULL AND o.status <> 6));
  ELSE
    DELETE FROM clinic_payment_hour;
    DELETE FROM clinic_payment_hour_change;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An order charged, cancelled, moved to another time or kind: its payments leave the old key for the new.
CREATE OR REPLACE FUNCTION clinic_payment_hour_order_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM clinic_payment_hour_note(array(
      SELECT (clinic_charged_hour(n.charged_time), p.method, n.kind, p.amount, 1)::clinic_payment_delta
      FROM clinic_order_now n LEFT JOIN clinic_order_was w ON w.order_id = n.order_id
      JOIN clinic_payment p ON p.order_id = n.order_id
      WHERE n.charged_time IS NOT NULL AND n.status <> 6
        AND (w.charged_time, w.status = 6, w.kind) IS DISTINCT FROM (n.charged_time, false, n.kind)
      UNION ALL
      SELECT (clinic_charged_hour(w.charged_time), p.method, w.kind, -p.amount, -1)::clinic_payment_delta
      FROM clinic_order_was w LEFT JOIN clinic_order_now n ON n.order_id = w.order_id
      JOIN clinic_payment p ON p.order_id = w.order_id
      WHERE w.charged_time IS NOT NULL AND w.status <> 6
        AND (n.charged_time, n.status = 6, n.kind) IS DISTINCT FROM (w.charged_time, false, w.kind)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clinic_payment_hour_note(array(
      SELECT (clinic_charged_hour(OLD.charged_time), p.method, OLD.kind, -p.amount, -1)::clinic_payment_delta
      FROM clinic_payment p WHERE p.order_id = OLD.order_id AND OLD.charged_time IS NOT NULL AND OLD.status <> 6));
    RETURN OLD;
  ELSE
    DELETE FROM clinic_payment_hour;
    DELETE FROM clinic_payment_hour_change;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clinic_payment_hour_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM clinic_payment_hour_pending WHERE tx = txid_current();
  WITH taken AS (DELETE FROM clinic_payment_hour_change WHERE tx = txid_current() RETURNING *)
  INSERT INTO clinic_payment_hour AS s (hour, method, kind, amount, row_count)
  SELECT hour, method, kind, sum(amount), sum(row_count)::int
  FROM taken
  GROUP BY 1, 2, 3
  HAVING sum(row_count) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT clinic_payment_hour_pk
    DO UPDATE SET amount = s.amount + excluded.amount, row_count = s.row_count + excluded.row_count;
  DELETE FROM clinic_payment_hour WHERE row_count = 0;
  WITH taken AS (DELETE FROM clinic_deal_hour_change WHERE tx = txid_current() RETURNING *)
  INSERT INTO clinic_deal_hour AS s (hour, store_id, deals)
  SELECT hour, store_id, sum(deals)::int
  FROM taken
  GROUP BY 1, 2
  HAVING sum(deals) <> 0
  ORDER BY 1, 2
  ON CONFLICT ON CONSTRAINT clinic_deal_hour_uq DO UPDATE SET deals = s.deals + excluded.deals;
  DELETE FROM clinic_deal_hour WHERE deals = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clinic_payment_hour_of_detail()
RETURNS TABLE (hour timestamptz, method varchar(10), kind smallint, amount numeric(16, 2), row_count integer)
LANGUAGE sql STABLE AS $$
  SELECT clinic_charged_hour(o.charged_time), p.method, o.kind, sum(p.amount)::numeric(16, 2), count(*)::int
  FROM clinic_payment p JOIN clinic_order o ON o.order_id = p.order_id
  WHERE o.charged_time IS NOT NULL AND o.status <> 6
  GROUP BY 1, 2, 3
$$;
--> statement-breakpoint
INSERT INTO clinic_payment_hour (hour, method, kind, amount, row_count) SELECT * FROM clinic_payment_hour_of_detail();
--> statement-breakpoint
CREATE TRIGGER clinic_payment_hour_insert AFTER INSERT ON clinic_payment
  REFERENCING NEW TABLE AS clinic_payment_added FOR EACH STATEMENT EXECUTE FUNCTION clinic_payment_hour_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_payment_hour_update AFTER UPDATE ON clinic_payment
  REFERENCING OLD TABLE AS clinic_payment_gone NEW TABLE AS clinic_payment_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_payment_hour_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_payment_hour_delete AFTER DELETE ON clinic_payment
  REFERENCING OLD TABLE AS clinic_payment_gone FOR EACH STATEMENT EXECUTE FUNCTION clinic_payment_hour_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_payment_hour_truncate AFTER TRUNCATE ON clinic_payment
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_payment_hour_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_payment_hour_order_update AFTER UPDATE ON clinic_order
  REFERENCING OLD TABLE AS clinic_order_was NEW TABLE AS clinic_order_now
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_payment_hour_order_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_payment_hour_order_delete BEFORE DELETE ON clinic_order
  FOR EACH ROW EXECUTE FUNCTION clinic_payment_hour_order_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_payment_hour_order_truncate AFTER TRUNCATE ON clinic_order
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_payment_hour_order_follow();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clinic_payment_hour_fold AFTER INSERT ON clinic_payment_hour_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION clinic_payment_hour_fold();
--> statement-breakpoint
-- The summaries' period scans (INCLUDE: index-only).
CREATE INDEX clinic_performance_dept_shop_day_cover_idx ON clinic_performance_dept_shop_day (kind, business_day)
  INCLUDE (dept_id, store_id, amount);
--> statement-breakpoint
CREATE INDEX clinic_performance_project_day_cover_idx ON clinic_performance_project_day (kind, business_day)
  INCLUDE (project_id, amount);
--> statement-breakpoint
CREATE INDEX clinic_payment_hour_cover_idx ON clinic_payment_hour (hour) INCLUDE (method, kind, amount, row_count);
--> statement-breakpoint
-- The recount reads a customer's buying rows (each charge, 划扣 undo, refund: one customer), and a
-- shop's edit its buyers.
CREATE INDEX clinic_performance_buyer_customer_idx ON clinic_performance (customer_id)
  INCLUDE (business_day, user_id, dept_id, store_id) WHERE kind = 1 AND amount > 0 AND source_kind <> 'top_up';
--> statement-breakpoint
CREATE INDEX clinic_performance_buyer_store_idx ON clinic_performance (store_id, customer_id)
  WHERE kind = 1 AND amount > 0 AND source_kind <> 'top_up';
--> statement-breakpoint
-- Deals sold: a normal deal (not a repair) counts in the hour it was made, at its shop.
CREATE OR REPLACE FUNCTION clinic_deal_hour_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO clinic_deal_hour_change (tx, hour, store_id, deals)
    SELECT txid_current(), clinic_charged_hour(a.create_time), a.store_id, count(*)::int
    FROM clinic_deal_added a WHERE a.kind = 1 GROUP BY 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO clinic_deal_hour_change (tx, hour, store_id, deals)
    SELECT txid_current(), clinic_charged_hour(g.create_time), g.store_id, -count(*)::int
    FROM clinic_deal_gone g WHERE g.kind = 1 GROUP BY 2, 3;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only deals whose hour, shop or kind changed (a 划扣 updates the sessions many times a day).
    INSERT INTO clinic_deal_hour_change (tx, hour, store_id, deals)
    SELECT txid_current(), hour, store_id, sum(n)::int FROM (
      SELECT clinic_charged_hour(a.create_time) AS hour, a.store_id, 1 AS n
      FROM clinic_deal_added a LEFT JOIN clinic_deal_gone g ON g.deal_id = a.deal_id
      WHERE a.kind = 1 AND (g.create_time, g.store_id, g.kind) IS DISTINCT FROM (a.create_time, a.store_id, a.kind)
      UNION ALL
      SELECT clinic_charged_hour(g.create_time), g.store_id, -1
      FROM clinic_deal_gone g LEFT JOIN clinic_deal_added a ON a.deal_id = g.deal_id
      WHERE g.kind = 1 AND (a.create_time, a.store_id, a.kind) IS DISTINCT FROM (g.create_time, g.store_id, g.kind)
    ) d GROUP BY 2, 3 HAVING sum(n) <> 0;
  ELSE
    DELETE FROM clinic_deal_hour;
    DELETE FROM clinic_deal_hour_change;
    RETURN NULL;
  END IF;
  IF FOUND THEN
    INSERT INTO clinic_payment_hour_pending (tx) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clinic_deal_hour_of_detail() RETURNS TABLE (hour timestamptz, store_id integer, deals integer)
LANGUAGE sql STABLE AS $$
  SELECT clinic_charged_hour(create_time), store_id, count(*)::int
  FROM crm_customer_project_deal_record WHERE kind = 1 GROUP BY 1, 2
$$;
--> statement-breakpoint
INSERT INTO clinic_deal_hour (hour, store_id, deals) SELECT * FROM clinic_deal_hour_of_detail();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_hour_insert AFTER INSERT ON crm_customer_project_deal_record
  REFERENCING NEW TABLE AS clinic_deal_added FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_hour_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_hour_update AFTER UPDATE ON crm_customer_project_deal_record
  REFERENCING OLD TABLE AS clinic_deal_gone NEW TABLE AS clinic_deal_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_hour_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_hour_delete AFTER DELETE ON crm_customer_project_deal_record
  REFERENCING OLD TABLE AS clinic_deal_gone FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_hour_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_hour_truncate AFTER TRUNCATE ON crm_customer_project_deal_record
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_hour_follow();
--> statement-breakpoint
CREATE INDEX clinic_deal_hour_cover_idx ON clinic_deal_hour (hour) INCLUDE (store_id, deals);
--> statement-breakpoint
CREATE INDEX clinic_performance_user_day_cover_idx ON clinic_performance_user_day (kind, business_day)
  INCLUDE (user_id, amount);

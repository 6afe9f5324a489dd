CREATE TABLE "clinic_performance_cost_change" (
	"tx" bigint NOT NULL,
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer,
	"sessions" integer,
	"amount" numeric(12, 2) NOT NULL,
	"base" numeric(12, 2) NOT NULL,
	"row_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_performance_cost_month" (
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	"shape_id" integer NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "clinic_performance_cost_month_month_user_id_shape_id_pk" PRIMARY KEY("month","user_id","shape_id")
);
--> statement-breakpoint
CREATE TABLE "clinic_performance_cost_pending" (
	"tx" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_performance_cost_shape_month" (
	"month" date NOT NULL,
	"shape_id" integer NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "clinic_performance_cost_shape_month_month_shape_id_pk" PRIMARY KEY("month","shape_id")
);
--> statement-breakpoint
CREATE TABLE "clinic_performance_cost_shape" (
	"shape_id" serial PRIMARY KEY NOT NULL,
	"project_id" integer,
	"sessions" integer,
	"amount" numeric(12, 2) NOT NULL,
	"base" numeric(12, 2) NOT NULL,
	CONSTRAINT "clinic_performance_cost_shape_uq" UNIQUE NULLS NOT DISTINCT("project_id","sessions","amount","base")
);
--> statement-breakpoint
CREATE TABLE "clinic_performance_cost_year" (
	"year" date NOT NULL,
	"user_id" integer NOT NULL,
	"shape_id" integer NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "clinic_performance_cost_year_year_user_id_shape_id_pk" PRIMARY KEY("year","user_id","shape_id")
);
--> statement-breakpoint
CREATE TABLE "clinic_rfm_change" (
	"tx" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_rfm_count" (
	"unit" char(1) NOT NULL,
	"period_start" date NOT NULL,
	"last_day" date NOT NULL,
	"frequent" smallint NOT NULL,
	"big" smallint NOT NULL,
	"customers" integer NOT NULL,
	"orders" bigint NOT NULL,
	"money" numeric(16, 2) NOT NULL,
	CONSTRAINT "clinic_rfm_count_unit_period_start_last_day_frequent_big_pk" PRIMARY KEY("unit","period_start","last_day","frequent","big")
);
--> statement-breakpoint
CREATE TABLE "clinic_rfm_customer" (
	"unit" char(1) NOT NULL,
	"period_start" date NOT NULL,
	"customer_id" integer NOT NULL,
	"last_day" date NOT NULL,
	"orders" integer NOT NULL,
	"money" numeric(16, 2) NOT NULL,
	CONSTRAINT "clinic_rfm_customer_unit_period_start_customer_id_pk" PRIMARY KEY("unit","period_start","customer_id")
);
--> statement-breakpoint
CREATE TABLE "clinic_rfm_pending" (
	"tx" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "clinic_performance_cost_change_tx_idx" ON "clinic_performance_cost_change" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "clinic_performance_cost_month_empty_idx" ON "clinic_performance_cost_month" USING btree ("month") WHERE row_count = 0;--> statement-breakpoint
CREATE INDEX "clinic_performance_cost_shape_month_empty_idx" ON "clinic_performance_cost_shape_month" USING btree ("month") WHERE row_count = 0;--> statement-breakpoint
CREATE INDEX "clinic_performance_cost_year_empty_idx" ON "clinic_performance_cost_year" USING btree ("year") WHERE row_count = 0;--> statement-breakpoint
CREATE INDEX "clinic_rfm_change_tx_idx" ON "clinic_rfm_change" USING btree ("tx");--> statement-breakpoint
-- hand-written: RFM's and the project cost's summaries (issue 24, h-rfm2; docs/decisions.md "Statistics: summary tables").
-- 1. RFM.
-- clinic_rfm_customer: each customer's paid sale orders (kind 1, status 3/4/5, by charged_time) and
-- 划扣 not undone (status 1, by create_time) per calendar month ('m') and year ('y') of Asia/Shanghai
-- (clinic_deal_day_of; the figures read it only while that is the company's zone): the last day of
-- them, the orders and their cash + principal. clinic_rfm_count: those rows counted per period × last
-- day × frequent × big (rfm.ts's thresholds: clinic_rfm_frequent, clinic_rfm_big), what the segment
-- figures read. Statement triggers on clinic_order and clinic_treatment note the customers and days a
-- statement touches in clinic_rfm_change; a deferred constraint trigger on clinic_rfm_pending (one
-- row per transaction) recomputes each touched customer's months and years from their rows at commit
-- (a last day is a maximum: it cannot be folded as a sum) under a per-customer advisory lock, taken
-- before the rows are read, so two transactions writing one customer fold one after the other, each
-- seeing the other's rows (a fold of over 1,000 customers locks the table instead). Filled once from the rows at the end (clinic_rfm_refill).
CREATE FUNCTION clinic_rfm_frequent(orders bigint) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (orders >= 2)::int::smallint -- rfmThresholds.frequentOrders
$$;
--> statement-breakpoint
CREATE FUNCTION clinic_rfm_big(money numeric) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (money >= 5000)::int::smallint -- rfmThresholds.moneyFen / 100
$$;
--> statement-breakpoint
-- The detail rows RFM reads, with their day: orders 1 and the money for a paid sale, 0 for a 划扣.
CREATE VIEW clinic_rfm_rows AS
  SELECT o.customer_id, clinic_deal_day_of(o.charged_time) AS day, 1 AS orders,
    o.received + o.principal_used AS money
  FROM clinic_order o WHERE o.kind = 1 AND o.status IN (3, 4, 5) AND o.charged_time IS NOT NULL
  UNION ALL
  SELECT t.customer_id, clinic_deal_day_of(t.create_time), 0, 0
  FROM clinic_treatment t WHERE t.status = 1;
--> statement-breakpoint
CREATE FUNCTION clinic_rfm_refill() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM clinic_rfm_change WHERE tx = txid_current();
  DELETE FROM clinic_rfm_customer;
  DELETE FROM clinic_rfm_count;
  INSERT INTO clinic_rfm_customer (unit, period_start, customer_id, last_day, orders, money)
  SELECT u.unit, date_trunc(u.span, r.day)::date, r.customer_id, max(r.day), sum(r.orders)::int, sum(r.money)
  FROM clinic_rfm_rows r CROSS JOIN (VALUES ('m', 'month'), ('y', 'year')) u(unit, span)
  GROUP BY 1, 2, 3;
  INSERT INTO clinic_rfm_count (unit, period_start, last_day, frequent, big, customers, orders, money)
  SELECT unit, period_start, last_day, clinic_rfm_frequent(orders), clinic_rfm_big(money), count(*)::int, sum(orders),
    sum(money)
  FROM clinic_rfm_customer GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
CREATE FUNCTION clinic_rfm_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  units char(1)[];
  starts date[];
  customers int[];
  stale clinic_rfm_customer[];
  fresh clinic_rfm_customer[];
BEGIN
  DELETE FROM clinic_rfm_pending WHERE tx = txid_current();
  WITH taken AS (DELETE FROM clinic_rfm_change WHERE tx = txid_current() RETURNING customer_id, day)
  SELECT array_agg(k.unit ORDER BY k.customer_id, k.unit, k.period_start),
    array_agg(k.period_start ORDER BY k.customer_id, k.unit, k.period_start),
    array_agg(k.customer_id ORDER BY k.customer_id, k.unit, k.period_start)
  INTO units, starts, customers
  FROM (SELECT DISTINCT u.unit, date_trunc(u.span, t.day)::date AS period_start, t.customer_id
    FROM taken t CROSS JOIN (VALUES ('m', 'month'), ('y', 'year')) u(unit, span)) k;
  IF customers IS NULL THEN RETURN NULL; END IF;
  -- One writer of a customer's RFM rows at a time; the rows below are read after the lock (a statement
  -- of READ COMMITTED sees what committed before it began). A fold of over 1,000 customers (a load)
  -- locks the table against every other fold instead (too many advisory locks for the lock table);
  -- the others take ROW EXCLUSIVE first, so they wait for it and it for them.
  IF (SELECT count(DISTINCT c) FROM unnest(customers) c) > 1000 THEN
    LOCK TABLE clinic_rfm_customer IN SHARE ROW EXCLUSIVE MODE;
  ELSE
    LOCK TABLE clinic_rfm_customer IN ROW EXCLUSIVE MODE;
    PERFORM pg_advisory_xact_lock(hashtext('clinic_rfm'), c)
    FROM (SELECT DISTINCT unnest(customers) AS c ORDER BY 1) l;
  END IF;
  SELECT array_agg(s ORDER BY s.customer_id, s.unit, s.period_start) INTO stale
  FROM clinic_rfm_customer s
  JOIN unnest(units, starts, customers) k(unit, period_start, customer_id)
    ON s.unit = k.unit AND s.period_start = k.period_start AND s.customer_id = k.customer_id;
  SELECT array_agg((k.unit, k.period_start, k.customer_id, m.last_day, m.orders, m.money)::clinic_rfm_customer
      ORDER BY k.customer_id, k.unit, k.period_start)
  INTO fresh
  FROM unnest(units, starts, customers) k(unit, period_start, customer_id)
  CROSS JOIN LATERAL (
    SELECT max(r.day) AS last_day, sum(r.orders)::int AS orders, sum(r.money) AS money
    FROM (
      SELECT clinic_deal_day_of(o.charged_time) AS day, 1 AS orders, o.received + o.principal_used AS money
      FROM clinic_order o
      WHERE o.customer_id = k.customer_id AND o.kind = 1 AND o.status IN (3, 4, 5)
        AND o.charged_time >= (k.period_start::timestamp AT TIME ZONE 'Asia/Shanghai')
        AND o.charged_time < ((k.period_start + CASE k.unit WHEN 'm' THEN interval '1 month' ELSE interval '1 year' END)::timestamp AT TIME ZONE 'Asia/Shanghai')
      UNION ALL
      SELECT clinic_deal_day_of(t.create_time), 0, 0
      FROM clinic_treatment t
      WHERE t.customer_id = k.customer_id AND t.status = 1
        AND t.create_time >= (k.period_start::timestamp AT TIME ZONE 'Asia/Shanghai')
        AND t.create_time < ((k.period_start + CASE k.unit WHEN 'm' THEN interval '1 month' ELSE interval '1 year' END)::timestamp AT TIME ZONE 'Asia/Shanghai')
    ) r
  ) m
  WHERE m.last_day IS NOT NULL;
  INSERT INTO clinic_rfm_count AS s (unit, period_start, last_day, frequent, big, customers, orders, money)
  SELECT unit, period_start, last_day, frequent, big, sum(n)::int, sum(orders), sum(money)
  FROM (
    SELECT x.unit, x.period_start, x.last_day, clinic_rfm_frequent(x.orders) AS frequent, clinic_rfm_big(x.money) AS big,
      -1 AS n, -x.orders AS orders, -x.money AS money
    FROM unnest(stale) x
    UNION ALL
    SELECT x.unit, x.period_start, x.last_day, clinic_rfm_frequent(x.orders), clinic_rfm_big(x.money), 1, x.orders, x.money
    FROM unnest(fresh) x
  ) d
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(n) <> 0 OR sum(orders) <> 0 OR sum(money) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (unit, period_start, last_day, frequent, big)
    DO UPDATE SET customers = s.customers + excluded.customers, orders = s.orders + excluded.orders,
      money = s.money + excluded.money;
  DELETE FROM clinic_rfm_count c USING (SELECT DISTINCT unit, period_start FROM unnest(units, starts) k(unit, period_start)) k
  WHERE c.unit = k.unit AND c.period_start = k.period_start AND c.customers = 0;
  DELETE FROM clinic_rfm_customer s USING unnest(units, starts, customers) k(unit, period_start, customer_id)
  WHERE s.unit = k.unit AND s.period_start = k.period_start AND s.customer_id = k.customer_id;
  INSERT INTO clinic_rfm_customer SELECT * FROM unnest(fresh) ORDER BY customer_id, unit, period_start;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clinic_rfm_fold AFTER INSERT ON clinic_rfm_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION clinic_rfm_fold();
--> statement-breakpoint
-- The customers and days a statement's orders touch: a paid sale's before and after a change of what RFM reads.
CREATE FUNCTION clinic_rfm_follow_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM clinic_rfm_refill();
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO clinic_rfm_change (tx, customer_id, day)
    SELECT DISTINCT txid_current(), n.customer_id, clinic_deal_day_of(n.charged_time)
    FROM clinic_rfm_order_added n
    WHERE n.kind = 1 AND n.status IN (3, 4, 5) AND n.charged_time IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO clinic_rfm_change (tx, customer_id, day)
    SELECT DISTINCT txid_current(), o.customer_id, clinic_deal_day_of(o.charged_time)
    FROM clinic_rfm_order_gone o
    WHERE o.kind = 1 AND o.status IN (3, 4, 5) AND o.charged_time IS NOT NULL;
  ELSE
    INSERT INTO clinic_rfm_change (tx, customer_id, day)
    SELECT DISTINCT txid_current(), x.customer_id, clinic_deal_day_of(x.charged_time)
    FROM clinic_rfm_order_gone o JOIN clinic_rfm_order_added n USING (order_id)
    CROSS JOIN LATERAL (VALUES (o.customer_id, o.charged_time, o.kind, o.status),
      (n.customer_id, n.charged_time, n.kind, n.status)) x(customer_id, charged_time, kind, status)
    WHERE (o.customer_id, o.charged_time, o.kind, o.status, o.received, o.principal_used)
        IS DISTINCT FROM (n.customer_id, n.charged_time, n.kind, n.status, n.received, n.principal_used)
      AND x.kind = 1 AND x.status IN (3, 4, 5) AND x.charged_time IS NOT NULL;
  END IF;
  IF FOUND THEN
    INSERT INTO clinic_rfm_pending (tx) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION clinic_rfm_follow_treatment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM clinic_rfm_refill();
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO clinic_rfm_change (tx, customer_id, day)
    SELECT DISTINCT txid_current(), n.customer_id, clinic_deal_day_of(n.create_time)
    FROM clinic_rfm_treatment_added n WHERE n.status = 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO clinic_rfm_change (tx, customer_id, day)
    SELECT DISTINCT txid_current(), o.customer_id, clinic_deal_day_of(o.create_time)
    FROM clinic_rfm_treatment_gone o WHERE o.status = 1;
  ELSE
    INSERT INTO clinic_rfm_change (tx, customer_id, day)
    SELECT DISTINCT txid_current(), x.customer_id, clinic_deal_day_of(x.create_time)
    FROM clinic_rfm_treatment_gone o JOIN clinic_rfm_treatment_added n USING (treatment_id)
    CROSS JOIN LATERAL (VALUES (o.customer_id, o.create_time, o.status),
      (n.customer_id, n.create_time, n.status)) x(customer_id, create_time, status)
    WHERE (o.customer_id, o.create_time, o.status) IS DISTINCT FROM (n.customer_id, n.create_time, n.status)
      AND x.status = 1;
  END IF;
  IF FOUND THEN
    INSERT INTO clinic_rfm_pending (tx) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinic_rfm_insert AFTER INSERT ON clinic_order
  REFERENCING NEW TABLE AS clinic_rfm_order_added FOR EACH STATEMENT EXECUTE FUNCTION clinic_rfm_follow_order();
--> statement-breakpoint
CREATE TRIGGER clinic_rfm_update AFTER UPDATE ON clinic_order
  REFERENCING OLD TABLE AS clinic_rfm_order_gone NEW TABLE AS clinic_rfm_order_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_rfm_follow_order();
--> statement-breakpoint
CREATE TRIGGER clinic_rfm_delete AFTER DELETE ON clinic_order
  REFERENCING OLD TABLE AS clinic_rfm_order_gone FOR EACH STATEMENT EXECUTE FUNCTION clinic_rfm_follow_order();
--> statement-breakpoint
CREATE TRIGGER clinic_rfm_truncate AFTER TRUNCATE ON clinic_order
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_rfm_follow_order();
--> statement-breakpoint
CREATE TRIGGER clinic_rfm_insert AFTER INSERT ON clinic_treatment
  REFERENCING NEW TABLE AS clinic_rfm_treatment_added FOR EACH STATEMENT EXECUTE FUNCTION clinic_rfm_follow_treatment();
--> statement-breakpoint
CREATE TRIGGER clinic_rfm_update AFTER UPDATE ON clinic_treatment
  REFERENCING OLD TABLE AS clinic_rfm_treatment_gone NEW TABLE AS clinic_rfm_treatment_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_rfm_follow_treatment();
--> statement-breakpoint
CREATE TRIGGER clinic_rfm_delete AFTER DELETE ON clinic_treatment
  REFERENCING OLD TABLE AS clinic_rfm_treatment_gone FOR EACH STATEMENT EXECUTE FUNCTION clinic_rfm_follow_treatment();
--> statement-breakpoint
CREATE TRIGGER clinic_rfm_truncate AFTER TRUNCATE ON clinic_treatment
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_rfm_follow_treatment();
--> statement-breakpoint
SELECT clinic_rfm_refill();
--> statement-breakpoint
-- 2. clinic_performance_cost_shape, clinic_performance_cost_month, clinic_performance_cost_year and
-- clinic_performance_cost_shape_month: 消耗业绩 rows (kind 2) counted by month (and calendar year) × earner ×
-- shape (project × sessions × amount × |base|), and by month × shape for everyone, what 项目成本 / 毛利 need to cost each
-- row from the catalogue at query time (bi/clinic-sources.ts costShare: computed once per shape, × its
-- rows). Statement triggers on clinic_performance note each statement's change by the shape's columns in
-- clinic_performance_cost_change; a deferred constraint trigger on clinic_performance_cost_pending (one
-- row per transaction) adds the new shapes and folds the counts at commit in key order, as
-- clinic_deal_day. Filled once from the rows at the end.
CREATE FUNCTION clinic_performance_cost_note(delta clinic_performance_cost_change[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO clinic_performance_cost_change (tx, month, user_id, project_id, sessions, amount, base, row_count)
  SELECT txid_current(), month, user_id, project_id, sessions, amount, base, sum(row_count)::int
  FROM unnest(delta)
  GROUP BY 2, 3, 4, 5, 6, 7
  HAVING sum(row_count) <> 0;
  INSERT INTO clinic_performance_cost_pending (tx)
  SELECT txid_current() WHERE EXISTS (SELECT 1 FROM unnest(delta))
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE FUNCTION clinic_performance_cost_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM clinic_performance_cost_pending WHERE tx = txid_current();
  -- A shape seen for the first time (rare: a new project, package or price).
  INSERT INTO clinic_performance_cost_shape (project_id, sessions, amount, base)
  SELECT DISTINCT project_id, sessions, amount, base FROM clinic_performance_cost_change
  WHERE tx = txid_current() AND row_count > 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT clinic_performance_cost_shape_uq DO NOTHING;
  WITH taken AS (DELETE FROM clinic_performance_cost_change WHERE tx = txid_current() RETURNING *),
  keyed AS (
    SELECT t.month, t.user_id, h.shape_id, t.row_count
    FROM taken t JOIN clinic_performance_cost_shape h
      ON coalesce(h.project_id, -1) = coalesce(t.project_id, -1) AND coalesce(h.sessions, -1) = coalesce(t.sessions, -1)
        AND h.amount = t.amount AND h.base = t.base),
  everyone AS (
    INSERT INTO clinic_performance_cost_shape_month AS s (month, shape_id, row_count)
    SELECT month, shape_id, sum(row_count)::int FROM keyed
    GROUP BY 1, 2
    HAVING sum(row_count) <> 0
    ORDER BY 1, 2
    ON CONFLICT (month, shape_id) DO UPDATE SET row_count = s.row_count + excluded.row_count),
  years AS (
    INSERT INTO clinic_performance_cost_year AS s (year, user_id, shape_id, row_count)
    SELECT date_trunc('year', month)::date, user_id, shape_id, sum(row_count)::int FROM keyed
    GROUP BY 1, 2, 3
    HAVING sum(row_count) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (year, user_id, shape_id) DO UPDATE SET row_count = s.row_count + excluded.row_count)
  INSERT INTO clinic_performance_cost_month AS s (month, user_id, shape_id, row_count)
  SELECT month, user_id, shape_id, sum(row_count)::int FROM keyed
  GROUP BY 1, 2, 3
  HAVING sum(row_count) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (month, user_id, shape_id) DO UPDATE SET row_count = s.row_count + excluded.row_count;
  -- A key whose rows all left (by the partial indexes on row_count = 0).
  DELETE FROM clinic_performance_cost_month WHERE row_count = 0;
  DELETE FROM clinic_performance_cost_shape_month WHERE row_count = 0;
  DELETE FROM clinic_performance_cost_year WHERE row_count = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clinic_performance_cost_fold AFTER INSERT ON clinic_performance_cost_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION clinic_performance_cost_fold();
--> statement-breakpoint
CREATE FUNCTION clinic_performance_cost_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clinic_performance_cost_note(array(
      SELECT (0, date_trunc('month', n.business_day)::date, n.user_id, n.project_id, n.sessions, n.amount,
        abs(n.base), 1)::clinic_performance_cost_change
      FROM clinic_performance_cost_added n WHERE n.kind = 2));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clinic_performance_cost_note(array(
      SELECT (0, date_trunc('month', o.business_day)::date, o.user_id, o.project_id, o.sessions, o.amount,
        abs(o.base), -1)::clinic_performance_cost_change
      FROM clinic_performance_cost_gone o WHERE o.kind = 2));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM clinic_performance_cost_note(array(
      SELECT (0, date_trunc('month', n.business_day)::date, n.user_id, n.project_id, n.sessions, n.amount,
        abs(n.base), 1)::clinic_performance_cost_change
      FROM clinic_performance_cost_added n WHERE n.kind = 2
      UNION ALL
      SELECT (0, date_trunc('month', o.business_day)::date, o.user_id, o.project_id, o.sessions, o.amount,
        abs(o.base), -1)::clinic_performance_cost_change
      FROM clinic_performance_cost_gone o WHERE o.kind = 2));
  ELSE
    DELETE FROM clinic_performance_cost_month;
    DELETE FROM clinic_performance_cost_shape_month;
    DELETE FROM clinic_performance_cost_year;
    DELETE FROM clinic_performance_cost_change;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinic_performance_cost_insert AFTER INSERT ON clinic_performance
  REFERENCING NEW TABLE AS clinic_performance_cost_added FOR EACH STATEMENT EXECUTE FUNCTION clinic_performance_cost_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_performance_cost_update AFTER UPDATE ON clinic_performance
  REFERENCING OLD TABLE AS clinic_performance_cost_gone NEW TABLE AS clinic_performance_cost_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_performance_cost_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_performance_cost_delete AFTER DELETE ON clinic_performance
  REFERENCING OLD TABLE AS clinic_performance_cost_gone FOR EACH STATEMENT EXECUTE FUNCTION clinic_performance_cost_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_performance_cost_truncate AFTER TRUNCATE ON clinic_performance
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_performance_cost_follow();
--> statement-breakpoint
INSERT INTO clinic_performance_cost_shape (project_id, sessions, amount, base)
SELECT DISTINCT project_id, sessions, amount, abs(base) FROM clinic_performance WHERE kind = 2 ORDER BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO clinic_performance_cost_month (month, user_id, shape_id, row_count)
SELECT p.month, p.user_id, h.shape_id, p.row_count
FROM (SELECT date_trunc('month', business_day)::date AS month, user_id, project_id, sessions, amount, abs(base) AS base,
    count(*)::int AS row_count
  FROM clinic_performance WHERE kind = 2 GROUP BY 1, 2, 3, 4, 5, 6) p
JOIN clinic_performance_cost_shape h
  ON coalesce(h.project_id, -1) = coalesce(p.project_id, -1) AND coalesce(h.sessions, -1) = coalesce(p.sessions, -1)
    AND h.amount = p.amount AND h.base = p.base;
--> statement-breakpoint
INSERT INTO clinic_performance_cost_shape_month (month, shape_id, row_count)
SELECT month, shape_id, sum(row_count)::int FROM clinic_performance_cost_month GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO clinic_performance_cost_year (year, user_id, shape_id, row_count)
SELECT date_trunc('year', month)::date, user_id, shape_id, sum(row_count)::int FROM clinic_performance_cost_month GROUP BY 1, 2, 3;

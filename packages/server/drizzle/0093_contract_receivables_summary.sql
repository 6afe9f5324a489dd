CREATE TABLE "crm_contract_month" (
	"month" date NOT NULL,
	"owner_user_id" integer,
	"deals" integer NOT NULL,
	"cycle_days" bigint NOT NULL,
	"money" numeric(18, 2) NOT NULL,
	CONSTRAINT "crm_contract_month_uq" UNIQUE NULLS NOT DISTINCT("month","owner_user_id")
);
--> statement-breakpoint
CREATE TABLE "crm_receivables_day_change" (
	"tx" bigint NOT NULL,
	"return_date" date NOT NULL,
	"owner_user_id" integer,
	"receivables" integer NOT NULL,
	"money" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_receivables_day_pending" (
	"tx" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_receivables_day" (
	"return_date" date NOT NULL,
	"owner_user_id" integer,
	"receivables" integer NOT NULL,
	"money" numeric(18, 2) NOT NULL,
	CONSTRAINT "crm_receivables_day_uq" UNIQUE NULLS NOT DISTINCT("return_date","owner_user_id")
);
--> statement-breakpoint
CREATE TABLE "crm_receivables_month" (
	"month" date NOT NULL,
	"owner_user_id" integer,
	"receivables" integer NOT NULL,
	"money" numeric(18, 2) NOT NULL,
	CONSTRAINT "crm_receivables_month_uq" UNIQUE NULLS NOT DISTINCT("month","owner_user_id")
);
--> statement-breakpoint
ALTER TABLE "crm_contract_counted" ADD COLUMN "money" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_contract_day_change" ADD COLUMN "money" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_contract_day" ADD COLUMN "money" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "crm_contract_month_empty_idx" ON "crm_contract_month" USING btree ("month") WHERE deals = 0;--> statement-breakpoint
CREATE INDEX "crm_receivables_day_change_tx_idx" ON "crm_receivables_day_change" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "crm_receivables_day_empty_idx" ON "crm_receivables_day" USING btree ("return_date") WHERE receivables = 0;--> statement-breakpoint
CREATE INDEX "crm_receivables_month_empty_idx" ON "crm_receivables_month" USING btree ("month") WHERE receivables = 0;--> statement-breakpoint
-- hand-written: the contracts' money and month summary, the receivables' day and month summaries
-- (issue 24 at full size, h-contract; docs/decisions.md "Statistics: contracts and receivables").
-- crm_contract_day (0089) now also sums each approved contract's money (crm_contract_counted keeps
-- what was counted of it), and its fold writes crm_contract_month from the same changes. The
-- receivables' figures are each row's own (approval, return day, owner, money): statement triggers
-- note the transition tables' new rows minus the old per return day × owner, and a deferred
-- constraint trigger folds a transaction's changes in key order just before commit (0083's pattern).
--> statement-breakpoint
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
  INSERT INTO crm_contract_day_change (tx, order_date, owner_user_id, product_id, deals, cycle_days, money, num, subtotal, line_count)
  SELECT txid_current(), order_date, owner_user_id, NULL, -count(*), -sum(cycle_days), -sum(money), 0, 0, 0
  FROM gone GROUP BY 2, 3;
  noted := noted OR FOUND;
  WITH added AS (
    INSERT INTO crm_contract_counted (contract_id, order_date, owner_user_id, cycle_days, money)
    SELECT k.contract_id, k.order_date, k.owner_user_id,
      greatest(k.order_date - (u.create_time AT TIME ZONE crm_company_zone())::date, 0), k.money
    FROM crm_contract k JOIN crm_customer u ON u.customer_id = k.customer_id
    WHERE k.contract_id = ANY (contracts) AND k.check_status = 1 AND k.order_date IS NOT NULL
    RETURNING *
  )
  INSERT INTO crm_contract_day_change (tx, order_date, owner_user_id, product_id, deals, cycle_days, money, num, subtotal, line_count)
  SELECT txid_current(), order_date, owner_user_id, NULL, count(*), sum(cycle_days), sum(money), 0, 0, 0
  FROM added GROUP BY 2, 3;
  noted := noted OR FOUND;
  WITH gone AS (DELETE FROM crm_product_line_counted WHERE line_id = ANY (lines) RETURNING *)
  INSERT INTO crm_contract_day_change (tx, order_date, owner_user_id, product_id, deals, cycle_days, money, num, subtotal, line_count)
  SELECT txid_current(), order_date, owner_user_id, product_id, 0, 0, 0, -sum(num), -sum(subtotal), -count(*)
  FROM gone GROUP BY 2, 3, 4;
  noted := noted OR FOUND;
  WITH added AS (
    INSERT INTO crm_product_line_counted (line_id, order_date, owner_user_id, product_id, num, subtotal)
    SELECT l.id, k.order_date, k.owner_user_id, l.product_id, l.num, l.subtotal
    FROM crm_product_line l JOIN crm_contract k ON k.contract_id = l.record_id
    WHERE l.id = ANY (lines) AND l.label = 6 AND k.check_status = 1 AND k.order_date IS NOT NULL
    RETURNING *
  )
  INSERT INTO crm_contract_day_change (tx, order_date, owner_user_id, product_id, deals, cycle_days, money, num, subtotal, line_count)
  SELECT txid_current(), order_date, owner_user_id, product_id, 0, 0, 0, sum(num), sum(subtotal), count(*)
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
    -- Only contracts whose approval, order day, owner, customer or money changed (old and new customer).
    PERFORM crm_contract_day_recount(
      array(SELECT x FROM crm_contract_added a JOIN crm_contract_gone g USING (contract_id),
          LATERAL (VALUES (a.customer_id), (g.customer_id)) v(x)
        WHERE (g.check_status, g.order_date, g.owner_user_id, g.customer_id, g.money)
          IS DISTINCT FROM (a.check_status, a.order_date, a.owner_user_id, a.customer_id, a.money)),
      array(SELECT a.contract_id FROM crm_contract_added a JOIN crm_contract_gone g USING (contract_id)
        WHERE (g.check_status, g.order_date, g.owner_user_id, g.customer_id, g.money)
          IS DISTINCT FROM (a.check_status, a.order_date, a.owner_user_id, a.customer_id, a.money)
        -- An id changed by hand: both sides.
        UNION SELECT a.contract_id FROM crm_contract_added a WHERE NOT EXISTS
          (SELECT 1 FROM crm_contract_gone g WHERE g.contract_id = a.contract_id)
        UNION SELECT g.contract_id FROM crm_contract_gone g WHERE NOT EXISTS
          (SELECT 1 FROM crm_contract_added a WHERE g.contract_id = a.contract_id)),
      '{}');
  ELSE
    DELETE FROM crm_contract_day;
    DELETE FROM crm_contract_month;
    DELETE FROM crm_product_line_day;
    DELETE FROM crm_contract_counted;
    DELETE FROM crm_product_line_counted;
    DELETE FROM crm_contract_day_change;
    DELETE FROM crm_contract_day_pending;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_contract_day_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crm_contract_day_pending WHERE tx = txid_current();
  WITH taken AS (DELETE FROM crm_contract_day_change WHERE tx = txid_current() RETURNING *),
  deals AS (
    INSERT INTO crm_contract_day AS s (order_date, owner_user_id, deals, cycle_days, money)
    SELECT order_date, owner_user_id, sum(deals), sum(cycle_days), sum(money)
    FROM taken
    WHERE product_id IS NULL
    GROUP BY 1, 2
    HAVING (sum(deals), sum(cycle_days), sum(money)) <> (0, 0, 0)
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT crm_contract_day_uq
      DO UPDATE SET deals = s.deals + excluded.deals, cycle_days = s.cycle_days + excluded.cycle_days,
        money = s.money + excluded.money
  ),
  months AS (
    INSERT INTO crm_contract_month AS s (month, owner_user_id, deals, cycle_days, money)
    SELECT date_trunc('month', order_date)::date, owner_user_id, sum(deals), sum(cycle_days), sum(money)
    FROM taken
    WHERE product_id IS NULL
    GROUP BY 1, 2
    HAVING (sum(deals), sum(cycle_days), sum(money)) <> (0, 0, 0)
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT crm_contract_month_uq
      DO UPDATE SET deals = s.deals + excluded.deals, cycle_days = s.cycle_days + excluded.cycle_days,
        money = s.money + excluded.money
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
  DELETE FROM crm_contract_month WHERE deals = 0;
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
  DELETE FROM crm_contract_month;
  DELETE FROM crm_product_line_day;
  INSERT INTO crm_contract_counted (contract_id, order_date, owner_user_id, cycle_days, money)
  SELECT k.contract_id, k.order_date, k.owner_user_id,
    greatest(k.order_date - (c.create_time AT TIME ZONE crm_company_zone())::date, 0), k.money
  FROM crm_contract k JOIN crm_customer c ON c.customer_id = k.customer_id
  WHERE k.check_status = 1 AND k.order_date IS NOT NULL;
  INSERT INTO crm_product_line_counted (line_id, order_date, owner_user_id, product_id, num, subtotal)
  SELECT l.id, k.order_date, k.owner_user_id, l.product_id, l.num, l.subtotal
  FROM crm_product_line l JOIN crm_contract k ON k.contract_id = l.record_id
  WHERE l.label = 6 AND k.check_status = 1 AND k.order_date IS NOT NULL;
  INSERT INTO crm_contract_day (order_date, owner_user_id, deals, cycle_days, money)
  SELECT order_date, owner_user_id, count(*), sum(cycle_days), sum(money) FROM crm_contract_counted GROUP BY 1, 2;
  INSERT INTO crm_contract_month (month, owner_user_id, deals, cycle_days, money)
  SELECT date_trunc('month', order_date)::date, owner_user_id, sum(deals), sum(cycle_days), sum(money)
  FROM crm_contract_day GROUP BY 1, 2;
  INSERT INTO crm_product_line_day (order_date, owner_user_id, product_id, num, subtotal, line_count)
  SELECT order_date, owner_user_id, product_id, sum(num), sum(subtotal), count(*) FROM crm_product_line_counted
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
-- A statement's change to the receivables' summaries: its new approved, dated rows minus its old
-- ones, per return day × owner (a content edit's old and new rows cancel out and note nothing).
CREATE OR REPLACE FUNCTION crm_receivables_day_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM crm_receivables_day;
    DELETE FROM crm_receivables_month;
    DELETE FROM crm_receivables_day_change;
    DELETE FROM crm_receivables_day_pending;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO crm_receivables_day_change (tx, return_date, owner_user_id, receivables, money)
    SELECT txid_current(), return_time, owner_user_id, count(*), coalesce(sum(money), 0)
    FROM crm_receivables_added WHERE check_status = 1 AND return_time IS NOT NULL
    GROUP BY 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO crm_receivables_day_change (tx, return_date, owner_user_id, receivables, money)
    SELECT txid_current(), return_time, owner_user_id, -count(*), -coalesce(sum(money), 0)
    FROM crm_receivables_gone WHERE check_status = 1 AND return_time IS NOT NULL
    GROUP BY 2, 3;
  ELSE
    INSERT INTO crm_receivables_day_change (tx, return_date, owner_user_id, receivables, money)
    SELECT txid_current(), d, o, sum(n), sum(m)
    FROM (
      SELECT return_time, owner_user_id, 1, coalesce(money, 0)
      FROM crm_receivables_added WHERE check_status = 1 AND return_time IS NOT NULL
      UNION ALL
      SELECT return_time, owner_user_id, -1, -coalesce(money, 0)
      FROM crm_receivables_gone WHERE check_status = 1 AND return_time IS NOT NULL
    ) x (d, o, n, m)
    GROUP BY 2, 3
    HAVING (sum(n), sum(m)) <> (0, 0);
  END IF;
  IF FOUND THEN
    INSERT INTO crm_receivables_day_pending (tx) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_receivables_day_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crm_receivables_day_pending WHERE tx = txid_current();
  WITH taken AS (DELETE FROM crm_receivables_day_change WHERE tx = txid_current() RETURNING *),
  days AS (
    INSERT INTO crm_receivables_day AS s (return_date, owner_user_id, receivables, money)
    SELECT return_date, owner_user_id, sum(receivables), sum(money)
    FROM taken
    GROUP BY 1, 2
    HAVING (sum(receivables), sum(money)) <> (0, 0)
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT crm_receivables_day_uq
      DO UPDATE SET receivables = s.receivables + excluded.receivables, money = s.money + excluded.money
  )
  INSERT INTO crm_receivables_month AS s (month, owner_user_id, receivables, money)
  SELECT date_trunc('month', return_date)::date, owner_user_id, sum(receivables), sum(money)
  FROM taken
  GROUP BY 1, 2
  HAVING (sum(receivables), sum(money)) <> (0, 0)
  ORDER BY 1, 2
  ON CONFLICT ON CONSTRAINT crm_receivables_month_uq
    DO UPDATE SET receivables = s.receivables + excluded.receivables, money = s.money + excluded.money;
  DELETE FROM crm_receivables_day WHERE receivables = 0;
  DELETE FROM crm_receivables_month WHERE receivables = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The receivables' summaries as the detail makes them now.
CREATE OR REPLACE FUNCTION crm_receivables_day_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE crm_receivables IN SHARE MODE;
  DELETE FROM crm_receivables_day_change WHERE tx = txid_current();
  DELETE FROM crm_receivables_day;
  DELETE FROM crm_receivables_month;
  INSERT INTO crm_receivables_day (return_date, owner_user_id, receivables, money)
  SELECT return_time, owner_user_id, count(*), coalesce(sum(money), 0)
  FROM crm_receivables WHERE check_status = 1 AND return_time IS NOT NULL
  GROUP BY 1, 2;
  INSERT INTO crm_receivables_month (month, owner_user_id, receivables, money)
  SELECT date_trunc('month', return_date)::date, owner_user_id, sum(receivables), sum(money)
  FROM crm_receivables_day GROUP BY 1, 2;
END $$;
--> statement-breakpoint
CREATE TRIGGER crm_receivables_day_insert AFTER INSERT ON crm_receivables
  REFERENCING NEW TABLE AS crm_receivables_added FOR EACH STATEMENT EXECUTE FUNCTION crm_receivables_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_receivables_day_update AFTER UPDATE ON crm_receivables
  REFERENCING OLD TABLE AS crm_receivables_gone NEW TABLE AS crm_receivables_added
  FOR EACH STATEMENT EXECUTE FUNCTION crm_receivables_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_receivables_day_delete AFTER DELETE ON crm_receivables
  REFERENCING OLD TABLE AS crm_receivables_gone FOR EACH STATEMENT EXECUTE FUNCTION crm_receivables_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_receivables_day_truncate AFTER TRUNCATE ON crm_receivables
  FOR EACH STATEMENT EXECUTE FUNCTION crm_receivables_day_follow();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER crm_receivables_day_fold AFTER INSERT ON crm_receivables_day_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION crm_receivables_day_fold();
--> statement-breakpoint
-- Filled once from the detail (exact at this commit): the contracts' money and months, the receivables.
SELECT crm_contract_day_rebuild();
--> statement-breakpoint
SELECT crm_receivables_day_rebuild();

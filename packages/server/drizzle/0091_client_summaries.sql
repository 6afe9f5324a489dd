CREATE TABLE "clinic_customer_first_paid" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"first_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_deal_day_change" (
	"tx" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"day" date NOT NULL,
	"project_id" integer,
	"store_id" integer,
	"dept_id" integer,
	"sessions" bigint NOT NULL,
	"value" numeric(16, 2) NOT NULL,
	"sessions_left" bigint NOT NULL,
	"row_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_deal_day_pending" (
	"tx" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_deal_day" (
	"kind" smallint NOT NULL,
	"day" date NOT NULL,
	"project_id" integer,
	"store_id" integer,
	"dept_id" integer,
	"sessions" bigint NOT NULL,
	"value" numeric(16, 2) NOT NULL,
	"sessions_left" bigint NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "clinic_deal_day_uq" UNIQUE NULLS NOT DISTINCT("kind","day","project_id","store_id","dept_id")
);
--> statement-breakpoint
CREATE INDEX "clinic_deal_day_change_tx_idx" ON "clinic_deal_day_change" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "clinic_deal_day_empty_idx" ON "clinic_deal_day" USING btree ("day") WHERE row_count = 0;--> statement-breakpoint
-- hand-written: the clinic customer and project pages' summaries and indexes (issue 24, h-client).
-- 1. clinic_deal_day (, docs/decisions.md "Statistics: summary tables"):
-- deals sold (kind 1, normal deals), 划扣 not undone (2) and refunds paid out (3) by the day of
-- Asia/Shanghai (the statistics read it only while that is the company's zone: bi/clinic-sources.ts
-- `dealDayZone`) × project × shop × department. Statement triggers with transition tables note each
-- statement's change in clinic_deal_day_change; a deferred constraint trigger on
-- clinic_deal_day_pending (one row per transaction) folds them at commit in key order, as migrations
-- 0083/0085/0087 do for clinic_performance_day. A 划扣's and a refund's project and shop are their
-- deal's (a refund's department too): a deal whose project, shop or department changes moves its
-- 划扣 and refunds with it. Filled once from the rows at the end.
CREATE FUNCTION clinic_deal_day_of(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (t AT TIME ZONE 'Asia/Shanghai')::date
$$;
--> statement-breakpoint
CREATE FUNCTION clinic_deal_day_note(delta clinic_deal_day[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO clinic_deal_day_change (tx, kind, day, project_id, store_id, dept_id, sessions, value, sessions_left, row_count)
  SELECT txid_current(), kind, day, project_id, store_id, dept_id, sum(sessions), sum(value), sum(sessions_left),
    sum(row_count)::int
  FROM unnest(delta)
  GROUP BY 2, 3, 4, 5, 6
  -- An update that changed nothing counted nets to zero: nothing to fold.
  HAVING sum(row_count) <> 0 OR sum(sessions) <> 0 OR sum(value) <> 0 OR sum(sessions_left) <> 0;
  INSERT INTO clinic_deal_day_pending (tx)
  SELECT txid_current() WHERE EXISTS (SELECT 1 FROM unnest(delta))
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE FUNCTION clinic_deal_day_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM clinic_deal_day_pending WHERE tx = txid_current();
  WITH taken AS (DELETE FROM clinic_deal_day_change WHERE tx = txid_current() RETURNING *)
  INSERT INTO clinic_deal_day AS s (kind, day, project_id, store_id, dept_id, sessions, value, sessions_left, row_count)
  SELECT kind, day, project_id, store_id, dept_id, sum(sessions), sum(value), sum(sessions_left), sum(row_count)::int
  FROM taken
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(row_count) <> 0 OR sum(sessions) <> 0 OR sum(value) <> 0 OR sum(sessions_left) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT clinic_deal_day_uq
    DO UPDATE SET sessions = s.sessions + excluded.sessions, value = s.value + excluded.value,
      sessions_left = s.sessions_left + excluded.sessions_left, row_count = s.row_count + excluded.row_count;
  -- A key whose rows all left (no split may list it).
  DELETE FROM clinic_deal_day WHERE row_count = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clinic_deal_day_fold AFTER INSERT ON clinic_deal_day_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION clinic_deal_day_fold();
--> statement-breakpoint
-- The summary's rows of some deals, 划扣 and refunds (sign 1 or -1), their deal's columns as given.
CREATE FUNCTION clinic_deal_day_follow_deal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clinic_deal_day_note(array(
      SELECT (1, clinic_deal_day_of(n.create_time), n.project_id, n.store_id, n.dept_id, n.sessions_bought,
        n.deal_value, n.sessions_left, 1)::clinic_deal_day
      FROM clinic_deal_added n WHERE n.kind = 1));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clinic_deal_day_note(array(
      SELECT (1, clinic_deal_day_of(o.create_time), o.project_id, o.store_id, o.dept_id, -o.sessions_bought,
        -o.deal_value, -o.sessions_left, -1)::clinic_deal_day
      FROM clinic_deal_gone o WHERE o.kind = 1));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM clinic_deal_day_note(array(
      SELECT (1, clinic_deal_day_of(n.create_time), n.project_id, n.store_id, n.dept_id, n.sessions_bought,
        n.deal_value, n.sessions_left, 1)::clinic_deal_day
      FROM clinic_deal_added n WHERE n.kind = 1
      UNION ALL
      SELECT (1, clinic_deal_day_of(o.create_time), o.project_id, o.store_id, o.dept_id, -o.sessions_bought,
        -o.deal_value, -o.sessions_left, -1)::clinic_deal_day
      FROM clinic_deal_gone o WHERE o.kind = 1
      -- A deal's 划扣 and refunds follow its project, shop and department: out under the old, in under the new.
      UNION ALL
      SELECT (2, clinic_deal_day_of(t.create_time), m.project_id, m.store_id, t.dept_id, m.sign * t.sessions,
        m.sign * t.value, 0, m.sign)::clinic_deal_day
      FROM (SELECT o.deal_id, o.project_id, o.store_id, o.dept_id, -1 AS sign
          FROM clinic_deal_gone o JOIN clinic_deal_added n USING (deal_id)
          WHERE (o.project_id, o.store_id, o.dept_id) IS DISTINCT FROM (n.project_id, n.store_id, n.dept_id)
        UNION ALL
        SELECT n.deal_id, n.project_id, n.store_id, n.dept_id, 1
          FROM clinic_deal_gone o JOIN clinic_deal_added n USING (deal_id)
          WHERE (o.project_id, o.store_id, o.dept_id) IS DISTINCT FROM (n.project_id, n.store_id, n.dept_id)) m
      JOIN clinic_treatment t ON t.deal_id = m.deal_id AND t.status = 1
      UNION ALL
      SELECT (3, clinic_deal_day_of(f.update_time), m.project_id, m.store_id, m.dept_id, m.sign * f.sessions,
        m.sign * f.amount, 0, m.sign)::clinic_deal_day
      FROM (SELECT o.deal_id, o.project_id, o.store_id, o.dept_id, -1 AS sign
          FROM clinic_deal_gone o JOIN clinic_deal_added n USING (deal_id)
          WHERE (o.project_id, o.store_id, o.dept_id) IS DISTINCT FROM (n.project_id, n.store_id, n.dept_id)
        UNION ALL
        SELECT n.deal_id, n.project_id, n.store_id, n.dept_id, 1
          FROM clinic_deal_gone o JOIN clinic_deal_added n USING (deal_id)
          WHERE (o.project_id, o.store_id, o.dept_id) IS DISTINCT FROM (n.project_id, n.store_id, n.dept_id)) m
      JOIN clinic_refund f ON f.deal_id = m.deal_id AND f.status = 3));
  ELSE
    DELETE FROM clinic_deal_day WHERE kind = 1;
    DELETE FROM clinic_deal_day_change WHERE kind = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- 划扣 not undone: the deal's project and shop, the 划扣's department.
CREATE FUNCTION clinic_deal_day_follow_treatment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clinic_deal_day_note(array(
      SELECT (2, clinic_deal_day_of(n.create_time), d.project_id, d.store_id, n.dept_id, n.sessions, n.value, 0,
        1)::clinic_deal_day
      FROM clinic_treatment_added n JOIN crm_customer_project_deal_record d ON d.deal_id = n.deal_id
      WHERE n.status = 1));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clinic_deal_day_note(array(
      SELECT (2, clinic_deal_day_of(o.create_time), d.project_id, d.store_id, o.dept_id, -o.sessions, -o.value, 0,
        -1)::clinic_deal_day
      FROM clinic_treatment_gone o JOIN crm_customer_project_deal_record d ON d.deal_id = o.deal_id
      WHERE o.status = 1));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM clinic_deal_day_note(array(
      SELECT (2, clinic_deal_day_of(n.create_time), d.project_id, d.store_id, n.dept_id, n.sessions, n.value, 0,
        1)::clinic_deal_day
      FROM clinic_treatment_added n JOIN crm_customer_project_deal_record d ON d.deal_id = n.deal_id
      WHERE n.status = 1
      UNION ALL
      SELECT (2, clinic_deal_day_of(o.create_time), d.project_id, d.store_id, o.dept_id, -o.sessions, -o.value, 0,
        -1)::clinic_deal_day
      FROM clinic_treatment_gone o JOIN crm_customer_project_deal_record d ON d.deal_id = o.deal_id
      WHERE o.status = 1));
  ELSE
    DELETE FROM clinic_deal_day WHERE kind = 2;
    DELETE FROM clinic_deal_day_change WHERE kind = 2;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Refunds paid out, on the day of their last change: the deal's project, shop and department.
CREATE FUNCTION clinic_deal_day_follow_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clinic_deal_day_note(array(
      SELECT (3, clinic_deal_day_of(n.update_time), d.project_id, d.store_id, d.dept_id, n.sessions, n.amount, 0,
        1)::clinic_deal_day
      FROM clinic_refund_added n JOIN crm_customer_project_deal_record d ON d.deal_id = n.deal_id
      WHERE n.status = 3));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clinic_deal_day_note(array(
      SELECT (3, clinic_deal_day_of(o.update_time), d.project_id, d.store_id, d.dept_id, -o.sessions, -o.amount, 0,
        -1)::clinic_deal_day
      FROM clinic_refund_gone o JOIN crm_customer_project_deal_record d ON d.deal_id = o.deal_id
      WHERE o.status = 3));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM clinic_deal_day_note(array(
      SELECT (3, clinic_deal_day_of(n.update_time), d.project_id, d.store_id, d.dept_id, n.sessions, n.amount, 0,
        1)::clinic_deal_day
      FROM clinic_refund_added n JOIN crm_customer_project_deal_record d ON d.deal_id = n.deal_id
      WHERE n.status = 3
      UNION ALL
      SELECT (3, clinic_deal_day_of(o.update_time), d.project_id, d.store_id, d.dept_id, -o.sessions, -o.amount, 0,
        -1)::clinic_deal_day
      FROM clinic_refund_gone o JOIN crm_customer_project_deal_record d ON d.deal_id = o.deal_id
      WHERE o.status = 3));
  ELSE
    DELETE FROM clinic_deal_day WHERE kind = 3;
    DELETE FROM clinic_deal_day_change WHERE kind = 3;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinic_deal_day_insert AFTER INSERT ON crm_customer_project_deal_record
  REFERENCING NEW TABLE AS clinic_deal_added FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_day_follow_deal();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_day_update AFTER UPDATE ON crm_customer_project_deal_record
  REFERENCING OLD TABLE AS clinic_deal_gone NEW TABLE AS clinic_deal_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_day_follow_deal();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_day_delete AFTER DELETE ON crm_customer_project_deal_record
  REFERENCING OLD TABLE AS clinic_deal_gone FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_day_follow_deal();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_day_truncate AFTER TRUNCATE ON crm_customer_project_deal_record
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_day_follow_deal();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_day_insert AFTER INSERT ON clinic_treatment
  REFERENCING NEW TABLE AS clinic_treatment_added FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_day_follow_treatment();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_day_update AFTER UPDATE ON clinic_treatment
  REFERENCING OLD TABLE AS clinic_treatment_gone NEW TABLE AS clinic_treatment_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_day_follow_treatment();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_day_delete AFTER DELETE ON clinic_treatment
  REFERENCING OLD TABLE AS clinic_treatment_gone FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_day_follow_treatment();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_day_truncate AFTER TRUNCATE ON clinic_treatment
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_day_follow_treatment();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_day_insert AFTER INSERT ON clinic_refund
  REFERENCING NEW TABLE AS clinic_refund_added FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_day_follow_refund();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_day_update AFTER UPDATE ON clinic_refund
  REFERENCING OLD TABLE AS clinic_refund_gone NEW TABLE AS clinic_refund_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_day_follow_refund();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_day_delete AFTER DELETE ON clinic_refund
  REFERENCING OLD TABLE AS clinic_refund_gone FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_day_follow_refund();
--> statement-breakpoint
CREATE TRIGGER clinic_deal_day_truncate AFTER TRUNCATE ON clinic_refund
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_deal_day_follow_refund();
--> statement-breakpoint
INSERT INTO clinic_deal_day (kind, day, project_id, store_id, dept_id, sessions, value, sessions_left, row_count)
SELECT kind, day, project_id, store_id, dept_id, sum(sessions), sum(value), sum(sessions_left), count(*)::int
FROM (
  SELECT 1::smallint AS kind, clinic_deal_day_of(d.create_time) AS day, d.project_id, d.store_id, d.dept_id,
    d.sessions_bought AS sessions, d.deal_value AS value, d.sessions_left
  FROM crm_customer_project_deal_record d WHERE d.kind = 1
  UNION ALL
  SELECT 2, clinic_deal_day_of(t.create_time), d.project_id, d.store_id, t.dept_id, t.sessions, t.value, 0
  FROM clinic_treatment t JOIN crm_customer_project_deal_record d ON d.deal_id = t.deal_id WHERE t.status = 1
  UNION ALL
  SELECT 3, clinic_deal_day_of(f.update_time), d.project_id, d.store_id, d.dept_id, f.sessions, f.amount, 0
  FROM clinic_refund f JOIN crm_customer_project_deal_record d ON d.deal_id = f.deal_id WHERE f.status = 3
) a
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- The figures' period scan: one kind's days, index-only.
CREATE INDEX clinic_deal_day_cover_idx ON clinic_deal_day (kind, day)
  INCLUDE (project_id, store_id, dept_id, sessions, value, sessions_left, row_count);
--> statement-breakpoint
-- 2. clinic_customer_first_paid: each customer's first day of paid cash performance (the new/returning
-- split, which read every paid row before the period as a hashed set). Statement triggers on
-- clinic_performance, at once in the writing transaction (the customer's money is serialised under its
-- account row lock): an insert keeps the earlier day; a delete or an update recomputes the customers
-- whose paid rows it touched from their rows (by clinic_performance_first_paid_idx).
CREATE INDEX clinic_performance_first_paid_idx ON clinic_performance (customer_id, business_day)
  WHERE kind = 1 AND amount > 0;
--> statement-breakpoint
CREATE FUNCTION clinic_first_paid_recompute(customers int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM clinic_customer_first_paid WHERE customer_id = ANY (customers);
  INSERT INTO clinic_customer_first_paid (customer_id, first_day)
  SELECT c.customer_id, m.first_day
  FROM (SELECT DISTINCT unnest(customers) AS customer_id) c
  CROSS JOIN LATERAL (SELECT min(p.business_day) AS first_day FROM clinic_performance p
    WHERE p.customer_id = c.customer_id AND p.kind = 1 AND p.amount > 0) m
  WHERE m.first_day IS NOT NULL
  ORDER BY 1;
END $$;
--> statement-breakpoint
CREATE FUNCTION clinic_first_paid_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO clinic_customer_first_paid AS s (customer_id, first_day)
    SELECT customer_id, min(business_day) FROM clinic_first_paid_added
    WHERE kind = 1 AND amount > 0 AND customer_id IS NOT NULL
    GROUP BY 1
    ORDER BY 1
    ON CONFLICT (customer_id) DO UPDATE SET first_day = excluded.first_day WHERE excluded.first_day < s.first_day;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clinic_first_paid_recompute(array(SELECT customer_id FROM clinic_first_paid_gone
      WHERE kind = 1 AND amount > 0 AND customer_id IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only the customers whose paid rows changed (a row's day, kind, amount or customer).
    PERFORM clinic_first_paid_recompute(array(
      SELECT customer_id FROM (
        SELECT customer_id, business_day FROM clinic_first_paid_gone WHERE kind = 1 AND amount > 0
        EXCEPT ALL
        SELECT customer_id, business_day FROM clinic_first_paid_added WHERE kind = 1 AND amount > 0) a
      WHERE customer_id IS NOT NULL
      UNION
      SELECT customer_id FROM (
        SELECT customer_id, business_day FROM clinic_first_paid_added WHERE kind = 1 AND amount > 0
        EXCEPT ALL
        SELECT customer_id, business_day FROM clinic_first_paid_gone WHERE kind = 1 AND amount > 0) b
      WHERE customer_id IS NOT NULL));
  ELSE
    DELETE FROM clinic_customer_first_paid;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinic_first_paid_insert AFTER INSERT ON clinic_performance
  REFERENCING NEW TABLE AS clinic_first_paid_added FOR EACH STATEMENT EXECUTE FUNCTION clinic_first_paid_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_first_paid_update AFTER UPDATE ON clinic_performance
  REFERENCING OLD TABLE AS clinic_first_paid_gone NEW TABLE AS clinic_first_paid_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_first_paid_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_first_paid_delete AFTER DELETE ON clinic_performance
  REFERENCING OLD TABLE AS clinic_first_paid_gone FOR EACH STATEMENT EXECUTE FUNCTION clinic_first_paid_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_first_paid_truncate AFTER TRUNCATE ON clinic_performance
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_first_paid_follow();
--> statement-breakpoint
INSERT INTO clinic_customer_first_paid (customer_id, first_day)
SELECT customer_id, min(business_day) FROM clinic_performance
WHERE kind = 1 AND amount > 0 AND customer_id IS NOT NULL
GROUP BY 1;
--> statement-breakpoint
-- 3. Covering indexes for the period scans that stay on the detail rows (INCLUDE, index-only where
-- a period's rows lie scattered over the heap): cash performance by who the customer is, the
-- consumption rows' project cost (员工毛利), and the customer's split columns and owner (every
-- source joined to crm_customer reads these instead of the wide customer row).
CREATE INDEX clinic_performance_kind_cover_idx ON clinic_performance (kind, business_day)
  INCLUDE (customer_id, user_id, amount, base, sessions, project_id, store_id, dept_id);
--> statement-breakpoint
CREATE INDEX crm_customer_split_cover_idx ON crm_customer (customer_id)
  INCLUDE (owner_user_id, gender, birth_year);
--> statement-breakpoint
-- RFM's per-customer rows of a period (bi/rfm-sources.ts): paid sale orders by their charge time and
-- 划扣 by their time, index-only (a year: ~770,000 orders and as many 划扣, one heap block each).
CREATE INDEX clinic_order_sale_paid_cover_idx ON clinic_order (charged_time)
  INCLUDE (customer_id, received, principal_used) WHERE kind = 1 AND status IN (3, 4, 5);
--> statement-breakpoint
CREATE INDEX clinic_treatment_time_cover_idx ON clinic_treatment (create_time)
  INCLUDE (customer_id, status, deal_id, dept_id, sessions, value);

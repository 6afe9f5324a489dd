CREATE TABLE "clinic_client_split_change" (
	"tx" bigint NOT NULL,
	"split" smallint NOT NULL,
	"unit" char(1) NOT NULL,
	"period_start" date NOT NULL,
	"field_name" text,
	"value" text NOT NULL,
	"ord" smallint NOT NULL,
	"customers" integer NOT NULL,
	"members" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_client_split_pending" (
	"tx" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_client_split" (
	"split" smallint NOT NULL,
	"unit" char(1) NOT NULL,
	"period_start" date NOT NULL,
	"field_name" text,
	"value" text NOT NULL,
	"ord" smallint NOT NULL,
	"customers" integer NOT NULL,
	"members" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "clinic_client_split_uq" UNIQUE NULLS NOT DISTINCT("split","unit","period_start","field_name","value","ord")
);
--> statement-breakpoint
CREATE INDEX "clinic_client_split_change_tx_idx" ON "clinic_client_split_change" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "clinic_client_split_empty_idx" ON "clinic_client_split" USING btree ("period_start") WHERE members = 0;--> statement-breakpoint
-- hand-written: the clinic's client splits precounted (issue 24, h-split; docs/decisions.md
-- "Statistics: summary tables"). clinic_client_split holds, per month, quarter and year, the
-- customers with cash performance by new/returning, sex, age band and each choice field's value
-- (bi/summary/tables.ts). A customer's place in it (a membership: customer × unit × split key, with
-- whether they bought and their money there) follows from their cash rows and their attributes now,
-- so each writer recounts the memberships of the customers it touched, before and after, and notes
-- the difference (as clinic_buyer_count, migration 0090): statement triggers on clinic_performance
-- (rows added, gone, moved), on crm_customer (sex, birth year or a choice field edited) and a row
-- trigger on crm_field (a field that becomes or stops being a choice field: its rows refolded). A
-- deferred trigger on clinic_client_split_pending folds a transaction's changes at its commit, in
-- key order. Filled once from the detail at the end.
-- A transaction's changes are folded once, just before it commits.
CREATE FUNCTION clinic_client_split_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM clinic_client_split_pending WHERE tx = txid_current();
  WITH taken AS (DELETE FROM clinic_client_split_change WHERE tx = txid_current() RETURNING *)
  INSERT INTO clinic_client_split AS s (split, unit, period_start, field_name, value, ord, customers, members, amount)
  SELECT split, unit, period_start, field_name, value, ord, sum(customers)::int, sum(members)::int, sum(amount)
  FROM taken
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(members) <> 0 OR sum(customers) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT clinic_client_split_uq
    DO UPDATE SET customers = s.customers + excluded.customers, members = s.members + excluded.members,
      amount = s.amount + excluded.amount;
  -- A key whose rows all left (no split may list it).
  DELETE FROM clinic_client_split WHERE members = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clinic_client_split_fold AFTER INSERT ON clinic_client_split_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION clinic_client_split_fold();
--> statement-breakpoint
-- A cash row (kind 1) as the splits read it: `buys` a positive row that is not a top-up, of a customer.
CREATE TYPE clinic_client_row AS (performance_id bigint, customer_id integer, business_day date,
  amount numeric(16, 2), buys boolean);
--> statement-breakpoint
-- What the splits read of a customer (as it is now, or as it was before an edit).
CREATE TYPE clinic_client_attrs AS (customer_id integer, gender smallint, birth_year smallint, fields jsonb);
--> statement-breakpoint
-- The keys of one customer's cash rows in one period (its first day): the same text and order as
-- bi/clinic-sources.ts `clientSplits` computes on the detail rows. A customer's first paid day
-- (clinic_customer_first_paid: any positive cash row) before the period: returning. The age in the
-- period's year (a month, quarter or year lies in one year). No customer: every attribute null.
CREATE FUNCTION clinic_client_keys(period_start date, first_day date, gender smallint, birth_year smallint,
  fields jsonb, tracked text[])
RETURNS TABLE (split smallint, field_name text, value text, ord smallint) LANGUAGE sql IMMUTABLE AS $$
  SELECT 1::smallint, null::text, CASE WHEN first_day < period_start THEN '老客户' ELSE '新客户' END,
    (CASE WHEN first_day < period_start THEN 2 ELSE 1 END)::smallint
  UNION ALL
  SELECT 2::smallint, null::text, CASE gender WHEN 1 THEN '男' WHEN 2 THEN '女' ELSE '未知' END,
    coalesce(gender, 9)::smallint
  UNION ALL
  SELECT 3::smallint, null::text, (array['25岁以下', '25-34岁', '35-44岁', '45岁及以上', '未知'])[b], b::smallint
  FROM (SELECT CASE WHEN birth_year IS NULL THEN 5
    WHEN date_part('year', period_start)::int - birth_year < 25 THEN 1
    WHEN date_part('year', period_start)::int - birth_year < 35 THEN 2
    WHEN date_part('year', period_start)::int - birth_year < 45 THEN 3 ELSE 4 END) x(b)
  UNION ALL
  SELECT 4::smallint, f, coalesce(nullif(fields->>f, ''), '未填写'), 0::smallint FROM unnest(tracked) f
$$;
--> statement-breakpoint
-- The memberships of these cash rows (all of each customer's: the first paid day is read from
-- them) with these customers' attributes: a customer once per unit × key, whether they bought
-- there and their money there; a row without a customer is a member of its own.
CREATE FUNCTION clinic_client_memberships(rows_in clinic_client_row[], attrs clinic_client_attrs[], tracked text[])
RETURNS TABLE (member bigint, split smallint, unit char(1), period_start date, field_name text, value text,
  ord smallint, buys boolean, amount numeric) LANGUAGE sql STABLE AS $$
  WITH r AS (SELECT * FROM unnest(rows_in)),
  per AS (
    SELECT coalesce(r.customer_id::bigint, -r.performance_id) AS member, r.customer_id, u.code,
      date_trunc(u.name, r.business_day::timestamp)::date AS period_start, sum(r.amount) AS amount,
      bool_or(r.buys) AS buys
    FROM r CROSS JOIN (VALUES ('m'::char(1), 'month'), ('q', 'quarter'), ('y', 'year')) u(code, name)
    GROUP BY 1, 2, 3, 4
  ),
  first_paid AS (
    SELECT r.customer_id, min(r.business_day) AS first_day FROM r
    WHERE r.amount > 0 AND r.customer_id IS NOT NULL GROUP BY 1
  )
  SELECT p.member, k.split, p.code, p.period_start, k.field_name, k.value, k.ord, p.buys, p.amount
  FROM per p
  LEFT JOIN first_paid f ON f.customer_id = p.customer_id
  LEFT JOIN unnest(attrs) a ON a.customer_id = p.customer_id
  CROSS JOIN LATERAL clinic_client_keys(p.period_start, f.first_day, a.gender, a.birth_year, a.fields, tracked) k
$$;
--> statement-breakpoint
-- Notes the difference between the memberships before and after, for the fold at commit.
CREATE FUNCTION clinic_client_delta(before_rows clinic_client_row[], before_attrs clinic_client_attrs[],
  after_rows clinic_client_row[], after_attrs clinic_client_attrs[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tracked text[] := crm_customer_summary_fields();
BEGIN
  WITH m_before AS (SELECT * FROM clinic_client_memberships(before_rows, before_attrs, tracked)),
  m_after AS (SELECT * FROM clinic_client_memberships(after_rows, after_attrs, tracked)),
  delta AS (
    SELECT d.*, 1 AS n FROM (SELECT * FROM m_after EXCEPT SELECT * FROM m_before) d
    UNION ALL
    SELECT d.*, -1 FROM (SELECT * FROM m_before EXCEPT SELECT * FROM m_after) d
  )
  INSERT INTO clinic_client_split_change (tx, split, unit, period_start, field_name, value, ord, customers, members,
    amount)
  SELECT txid_current(), split, unit, period_start, field_name, value, ord, sum(CASE WHEN buys THEN n ELSE 0 END)::int,
    sum(n)::int, sum(n * amount)
  FROM delta
  GROUP BY 2, 3, 4, 5, 6, 7
  HAVING sum(n) <> 0 OR sum(CASE WHEN buys THEN n ELSE 0 END) <> 0 OR sum(n * amount) <> 0;
  IF FOUND THEN
    INSERT INTO clinic_client_split_pending (tx) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
-- Every cash row of these customers now, and what the splits read of them now.
CREATE INDEX clinic_performance_client_idx ON clinic_performance (customer_id)
  INCLUDE (business_day, amount, source_kind) WHERE kind = 1;
--> statement-breakpoint
CREATE FUNCTION clinic_client_rows(who integer[]) RETURNS clinic_client_row[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg((p.performance_id, p.customer_id, p.business_day, p.amount,
    p.amount > 0 AND p.source_kind <> 'top_up')::clinic_client_row), '{}')
  FROM clinic_performance p
  WHERE p.customer_id = ANY (who) AND p.kind = 1
$$;
--> statement-breakpoint
CREATE FUNCTION clinic_client_attrs_of(who integer[]) RETURNS clinic_client_attrs[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg((c.customer_id, c.gender, c.birth_year, c.fields)::clinic_client_attrs), '{}')
  FROM crm_customer c WHERE c.customer_id = ANY (who)
$$;
--> statement-breakpoint
-- A statement changed these cash rows (added: as they are now; gone: as they were): recount the
-- memberships of their customers before and after it (a row without a customer: itself).
CREATE FUNCTION clinic_client_note(added clinic_client_row[], gone clinic_client_row[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  who integer[];
  now_rows clinic_client_row[];
  attrs clinic_client_attrs[];
BEGIN
  IF cardinality(added) = 0 AND cardinality(gone) = 0 THEN
    RETURN;
  END IF;
  who := array(SELECT DISTINCT x.customer_id FROM (SELECT a.customer_id FROM unnest(added) a
    UNION ALL SELECT g.customer_id FROM unnest(gone) g) x WHERE x.customer_id IS NOT NULL ORDER BY 1);
  IF cardinality(who) > 0 THEN
    PERFORM clinic_buyer_lock(who);
  END IF;
  now_rows := clinic_client_rows(who);
  attrs := clinic_client_attrs_of(who);
  PERFORM clinic_client_delta(
    array(SELECT n FROM unnest(now_rows) n
      WHERE n.performance_id NOT IN (SELECT a.performance_id FROM unnest(added) a)
      UNION ALL SELECT g FROM unnest(gone) g),
    attrs,
    now_rows || array(SELECT a FROM unnest(added) a WHERE a.customer_id IS NULL),
    attrs);
END $$;
--> statement-breakpoint
CREATE FUNCTION clinic_client_split_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clinic_client_note(array(SELECT (performance_id, customer_id, business_day, amount,
      amount > 0 AND source_kind <> 'top_up' AND customer_id IS NOT NULL)::clinic_client_row
      FROM clinic_client_added WHERE kind = 1), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clinic_client_note('{}', array(SELECT (performance_id, customer_id, business_day, amount,
      amount > 0 AND source_kind <> 'top_up' AND customer_id IS NOT NULL)::clinic_client_row
      FROM clinic_client_gone WHERE kind = 1));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only rows whose facts the splits read changed (both sides of each).
    PERFORM clinic_client_note(
      array(SELECT (a.performance_id, a.customer_id, a.business_day, a.amount,
          a.amount > 0 AND a.source_kind <> 'top_up' AND a.customer_id IS NOT NULL)::clinic_client_row
        FROM clinic_client_added a LEFT JOIN clinic_client_gone g ON g.performance_id = a.performance_id
        WHERE a.kind = 1 AND (g.kind, g.customer_id, g.business_day, g.amount, g.source_kind)
          IS DISTINCT FROM (a.kind, a.customer_id, a.business_day, a.amount, a.source_kind)),
      array(SELECT (g.performance_id, g.customer_id, g.business_day, g.amount,
          g.amount > 0 AND g.source_kind <> 'top_up' AND g.customer_id IS NOT NULL)::clinic_client_row
        FROM clinic_client_gone g LEFT JOIN clinic_client_added a ON a.performance_id = g.performance_id
        WHERE g.kind = 1 AND (a.kind, a.customer_id, a.business_day, a.amount, a.source_kind)
          IS DISTINCT FROM (g.kind, g.customer_id, g.business_day, g.amount, g.source_kind)));
  ELSE
    DELETE FROM clinic_client_split;
    DELETE FROM clinic_client_split_change;
    DELETE FROM clinic_client_split_pending;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinic_client_split_insert AFTER INSERT ON clinic_performance
  REFERENCING NEW TABLE AS clinic_client_added FOR EACH STATEMENT EXECUTE FUNCTION clinic_client_split_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_client_split_update AFTER UPDATE ON clinic_performance
  REFERENCING OLD TABLE AS clinic_client_gone NEW TABLE AS clinic_client_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_client_split_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_client_split_delete AFTER DELETE ON clinic_performance
  REFERENCING OLD TABLE AS clinic_client_gone FOR EACH STATEMENT EXECUTE FUNCTION clinic_client_split_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_client_split_truncate AFTER TRUNCATE ON clinic_performance
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_client_split_follow();
--> statement-breakpoint
-- A customer's sex, birth year (from the ID card) or a choice field edited: their cash rows move to
-- the new keys (out under the attributes as they were, in under the new). Customers without cash
-- rows, and edits of other columns, note nothing.
CREATE FUNCTION clinic_client_customer_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tracked text[] := crm_customer_summary_fields();
  who integer[];
  now_rows clinic_client_row[];
BEGIN
  who := array(SELECT n.customer_id FROM clinic_client_customer_was o
    JOIN clinic_client_customer_now n ON n.customer_id = o.customer_id
    WHERE (o.gender, o.birth_year) IS DISTINCT FROM (n.gender, n.birth_year)
      OR array(SELECT o.fields->>f FROM unnest(tracked) f) IS DISTINCT FROM array(SELECT n.fields->>f FROM unnest(tracked) f));
  IF cardinality(who) = 0 THEN
    RETURN NULL;
  END IF;
  who := array(SELECT DISTINCT p.customer_id FROM clinic_performance p
    WHERE p.customer_id = ANY (who) AND p.kind = 1 ORDER BY 1);
  IF cardinality(who) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM clinic_buyer_lock(who);
  now_rows := clinic_client_rows(who);
  PERFORM clinic_client_delta(
    now_rows,
    array(SELECT (o.customer_id, o.gender, o.birth_year, o.fields)::clinic_client_attrs
      FROM clinic_client_customer_was o WHERE o.customer_id = ANY (who)),
    now_rows,
    array(SELECT (n.customer_id, n.gender, n.birth_year, n.fields)::clinic_client_attrs
      FROM clinic_client_customer_now n WHERE n.customer_id = ANY (who)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinic_client_split_customer AFTER UPDATE ON crm_customer
  REFERENCING OLD TABLE AS clinic_client_customer_was NEW TABLE AS clinic_client_customer_now
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_client_customer_follow();
--> statement-breakpoint
-- The summary as the detail rows make it now (all splits, or `only_field`'s rows alone): the
-- backfill below, the rebuild, a field's refold and the check (bi/summary/rebuild.ts) read this.
CREATE FUNCTION clinic_client_split_of_detail(only_field text DEFAULT NULL)
RETURNS TABLE (split smallint, unit char(1), period_start date, field_name text, value text, ord smallint,
  customers integer, members integer, amount numeric(16, 2)) LANGUAGE sql STABLE AS $$
  WITH first_paid AS MATERIALIZED (
    SELECT customer_id, min(business_day) AS first_day FROM clinic_performance
    WHERE kind = 1 AND amount > 0 AND customer_id IS NOT NULL GROUP BY 1
  ), per AS MATERIALIZED (
    SELECT coalesce(p.customer_id::bigint, -p.performance_id) AS member, p.customer_id, u.code,
      date_trunc(u.name, p.business_day::timestamp)::date AS period_start, sum(p.amount) AS amount,
      bool_or(p.amount > 0 AND p.source_kind <> 'top_up' AND p.customer_id IS NOT NULL) AS buys
    FROM clinic_performance p
    CROSS JOIN (VALUES ('m'::char(1), 'month'), ('q', 'quarter'), ('y', 'year')) u(code, name)
    WHERE p.kind = 1
    GROUP BY 1, 2, 3, 4
  )
  SELECT k.split, p.code, p.period_start, k.field_name, k.value, k.ord, (count(*) FILTER (WHERE p.buys))::int,
    count(*)::int, sum(p.amount)::numeric(16, 2)
  FROM per p
  LEFT JOIN first_paid f ON f.customer_id = p.customer_id
  LEFT JOIN crm_customer c ON c.customer_id = p.customer_id
  CROSS JOIN LATERAL clinic_client_keys(p.period_start, f.first_day, c.gender, c.birth_year, c.fields,
    CASE WHEN only_field IS NULL THEN crm_customer_summary_fields() ELSE array[only_field] END) k
  WHERE only_field IS NULL OR k.split = 4
  GROUP BY 1, 2, 3, 4, 5, 6
$$;
--> statement-breakpoint
-- One field's rows from the detail (a field that became or stopped being a choice field), with the
-- cash rows and the customers locked against writers (SHARE: reads go on).
CREATE FUNCTION clinic_client_field_refold(field text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE clinic_performance, crm_customer IN SHARE MODE;
  DELETE FROM clinic_client_split_change WHERE tx = txid_current() AND field_name = field;
  DELETE FROM clinic_client_split WHERE field_name = field;
  IF field = ANY (crm_customer_summary_fields()) THEN
    INSERT INTO clinic_client_split (split, unit, period_start, field_name, value, ord, customers, members, amount)
    SELECT * FROM clinic_client_split_of_detail(field);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION clinic_client_field_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND crm_customer_summary_tracks(OLD.label, OLD.scope_id, OLD.is_deleted, OLD.form_type);
  now_ boolean := TG_OP <> 'DELETE' AND crm_customer_summary_tracks(NEW.label, NEW.scope_id, NEW.is_deleted, NEW.form_type);
BEGIN
  IF was AND (NOT now_ OR OLD.field_name IS DISTINCT FROM NEW.field_name) THEN
    PERFORM clinic_client_field_refold(OLD.field_name);
  END IF;
  IF now_ AND (NOT was OR OLD.field_name IS DISTINCT FROM NEW.field_name) THEN
    PERFORM clinic_client_field_refold(NEW.field_name);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinic_client_field_follow AFTER INSERT OR UPDATE OR DELETE ON crm_field
  FOR EACH ROW EXECUTE FUNCTION clinic_client_field_follow();
--> statement-breakpoint
INSERT INTO clinic_client_split (split, unit, period_start, field_name, value, ord, customers, members, amount)
SELECT * FROM clinic_client_split_of_detail();

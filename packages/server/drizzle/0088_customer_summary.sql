CREATE TABLE "crm_customer_day_change" (
	"tx" bigint NOT NULL,
	"day" date NOT NULL,
	"owner_user_id" integer,
	"field_name" varchar(50),
	"value" text,
	"customers" integer NOT NULL,
	"dealt" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_customer_day_pending" (
	"tx" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_customer_day" (
	"day" date NOT NULL,
	"owner_user_id" integer,
	"customers" integer NOT NULL,
	"dealt" integer NOT NULL,
	CONSTRAINT "crm_customer_day_uq" UNIQUE NULLS NOT DISTINCT("day","owner_user_id")
);
--> statement-breakpoint
CREATE TABLE "crm_customer_field_month" (
	"field_name" varchar(50) NOT NULL,
	"month" date NOT NULL,
	"owner_user_id" integer,
	"value" text NOT NULL,
	"customers" integer NOT NULL,
	"dealt" integer NOT NULL,
	CONSTRAINT "crm_customer_field_month_uq" UNIQUE NULLS NOT DISTINCT("field_name","month","owner_user_id","value")
);
--> statement-breakpoint
CREATE TABLE "crm_customer_month" (
	"month" date NOT NULL,
	"owner_user_id" integer,
	"customers" integer NOT NULL,
	"dealt" integer NOT NULL,
	CONSTRAINT "crm_customer_month_uq" UNIQUE NULLS NOT DISTINCT("month","owner_user_id")
);
--> statement-breakpoint
CREATE INDEX "crm_customer_day_change_tx_idx" ON "crm_customer_day_change" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "crm_customer_day_empty_idx" ON "crm_customer_day" USING btree ("day") WHERE customers = 0;--> statement-breakpoint
CREATE INDEX "crm_customer_field_month_empty_idx" ON "crm_customer_field_month" USING btree ("month") WHERE customers = 0;--> statement-breakpoint
CREATE INDEX "crm_customer_month_empty_idx" ON "crm_customer_month" USING btree ("month") WHERE customers = 0;--> statement-breakpoint
-- hand-written: the customers' summaries (issue 24 at full size, h-cust; docs/decisions.md
-- "Statistics: the customers' summaries"). crm_customer_day / _month / _field_month follow every
-- insert, update, delete and truncate of crm_customer as clinic_performance_day follows its detail
-- (0083, 0085, 0087): statement triggers note each statement's change per key in
-- crm_customer_day_change, and a deferred trigger on crm_customer_day_pending (one row per
-- transaction) folds them into the three summaries just before the commit, in one statement in key
-- order. The day is the company's (sys_config timeZone, read as the server reads it); a change of
-- the zone rebuilds the summaries in its transaction, and a field that becomes a choice field (or
-- stops being one) is refolded in its transaction.
--
-- The company's zone as the server takes it (files/time-zone.ts): the stored value when it is a
-- zone name PostgreSQL knows, else Asia/Shanghai.
CREATE OR REPLACE FUNCTION crm_zone_or_default(z text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF z IS NULL OR z !~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$' THEN RETURN 'Asia/Shanghai'; END IF;
  BEGIN
    PERFORM now() AT TIME ZONE z;
  EXCEPTION WHEN others THEN
    RETURN 'Asia/Shanghai';
  END;
  RETURN z;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_company_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT crm_zone_or_default((SELECT value FROM sys_config WHERE key = 'timeZone'));
$$;
--> statement-breakpoint
-- The customer fields the field summary holds: the administrator's choice fields (a portrait splits
-- by one of them; bi/customer-field.ts reads the summary only for these).
CREATE OR REPLACE FUNCTION crm_customer_summary_tracks(label smallint, scope_id integer, is_deleted boolean, form_type text)
  RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT label = 2 AND scope_id = 0 AND NOT is_deleted AND form_type IN ('select', 'checkbox');
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_customer_summary_fields() RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT field_name::text), '{}') FROM crm_field
  WHERE label = 2 AND scope_id = 0 AND crm_customer_summary_tracks(label, scope_id, is_deleted, form_type);
$$;
--> statement-breakpoint
-- A statement's change: each row as it is now counts +1, as it was -1 (moved: n, create_time,
-- owner_user_id, deal_status, fields), per company day × owner and per month × owner × field value.
-- An update that moved nothing (an edit of another column) nets to zero and notes nothing.
-- Static statements (one per operation), so each session plans them once.
CREATE OR REPLACE FUNCTION crm_customer_day_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  tracked text[];
  me bigint := txid_current();
  noted bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM crm_customer_day;
    DELETE FROM crm_customer_month;
    DELETE FROM crm_customer_field_month;
    DELETE FROM crm_customer_day_change;
    DELETE FROM crm_customer_day_pending;
    RETURN NULL;
  END IF;
  zone := crm_company_zone();
  tracked := crm_customer_summary_fields();
  IF TG_OP = 'INSERT' THEN
    WITH rows AS (
      SELECT n, (create_time AT TIME ZONE zone)::date AS day, owner_user_id,
        CASE WHEN deal_status = 1 THEN n ELSE 0 END AS dealt, fields
      FROM (SELECT 1 AS n, create_time, owner_user_id, deal_status, fields FROM crm_customer_added) m
    )
    INSERT INTO crm_customer_day_change (tx, day, owner_user_id, field_name, value, customers, dealt)
    SELECT me, day, owner_user_id, NULL, NULL, sum(n), sum(dealt)
    FROM rows GROUP BY day, owner_user_id
    HAVING sum(n) <> 0 OR sum(dealt) <> 0
    UNION ALL
    SELECT me, date_trunc('month', day)::date, owner_user_id, f, coalesce(nullif(fields->>f, ''), '未填写'),
      sum(n), sum(dealt)
    FROM rows CROSS JOIN unnest(tracked) AS f
    GROUP BY 2, 3, 4, 5
    HAVING sum(n) <> 0 OR sum(dealt) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    WITH rows AS (
      SELECT n, (create_time AT TIME ZONE zone)::date AS day, owner_user_id,
        CASE WHEN deal_status = 1 THEN n ELSE 0 END AS dealt, fields
      FROM (SELECT -1 AS n, create_time, owner_user_id, deal_status, fields FROM crm_customer_gone) m
    )
    INSERT INTO crm_customer_day_change (tx, day, owner_user_id, field_name, value, customers, dealt)
    SELECT me, day, owner_user_id, NULL, NULL, sum(n), sum(dealt)
    FROM rows GROUP BY day, owner_user_id
    HAVING sum(n) <> 0 OR sum(dealt) <> 0
    UNION ALL
    SELECT me, date_trunc('month', day)::date, owner_user_id, f, coalesce(nullif(fields->>f, ''), '未填写'),
      sum(n), sum(dealt)
    FROM rows CROSS JOIN unnest(tracked) AS f
    GROUP BY 2, 3, 4, 5
    HAVING sum(n) <> 0 OR sum(dealt) <> 0;
  ELSE
    WITH rows AS (
      SELECT n, (create_time AT TIME ZONE zone)::date AS day, owner_user_id,
        CASE WHEN deal_status = 1 THEN n ELSE 0 END AS dealt, fields
      FROM (SELECT 1 AS n, create_time, owner_user_id, deal_status, fields FROM crm_customer_added
        UNION ALL SELECT -1, create_time, owner_user_id, deal_status, fields FROM crm_customer_gone) m
    )
    INSERT INTO crm_customer_day_change (tx, day, owner_user_id, field_name, value, customers, dealt)
    SELECT me, day, owner_user_id, NULL, NULL, sum(n), sum(dealt)
    FROM rows GROUP BY day, owner_user_id
    HAVING sum(n) <> 0 OR sum(dealt) <> 0
    UNION ALL
    SELECT me, date_trunc('month', day)::date, owner_user_id, f, coalesce(nullif(fields->>f, ''), '未填写'),
      sum(n), sum(dealt)
    FROM rows CROSS JOIN unnest(tracked) AS f
    GROUP BY 2, 3, 4, 5
    HAVING sum(n) <> 0 OR sum(dealt) <> 0;
  END IF;
  GET DIAGNOSTICS noted = ROW_COUNT;
  IF noted > 0 THEN
    INSERT INTO crm_customer_day_pending (tx) VALUES (me) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit, once per transaction: its changes into the three summaries, in key order.
CREATE OR REPLACE FUNCTION crm_customer_day_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crm_customer_day_pending WHERE tx = txid_current();
  WITH taken AS (DELETE FROM crm_customer_day_change WHERE tx = txid_current() RETURNING *),
  by_day AS (
    INSERT INTO crm_customer_day AS s (day, owner_user_id, customers, dealt)
    SELECT day, owner_user_id, sum(customers), sum(dealt)
    FROM taken WHERE field_name IS NULL
    GROUP BY 1, 2
    HAVING sum(customers) <> 0 OR sum(dealt) <> 0
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT crm_customer_day_uq
      DO UPDATE SET customers = s.customers + excluded.customers, dealt = s.dealt + excluded.dealt
  ),
  by_month AS (
    INSERT INTO crm_customer_month AS s (month, owner_user_id, customers, dealt)
    SELECT date_trunc('month', day)::date, owner_user_id, sum(customers), sum(dealt)
    FROM taken WHERE field_name IS NULL
    GROUP BY 1, 2
    HAVING sum(customers) <> 0 OR sum(dealt) <> 0
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT crm_customer_month_uq
      DO UPDATE SET customers = s.customers + excluded.customers, dealt = s.dealt + excluded.dealt
  )
  INSERT INTO crm_customer_field_month AS s (field_name, month, owner_user_id, value, customers, dealt)
  SELECT field_name, day, owner_user_id, value, sum(customers), sum(dealt)
  FROM taken WHERE field_name IS NOT NULL
  GROUP BY 1, 2, 3, 4
  HAVING sum(customers) <> 0 OR sum(dealt) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT crm_customer_field_month_uq
    DO UPDATE SET customers = s.customers + excluded.customers, dealt = s.dealt + excluded.dealt;
  -- A key whose customers all left (no split may list it).
  DELETE FROM crm_customer_day WHERE customers = 0;
  DELETE FROM crm_customer_month WHERE customers = 0;
  DELETE FROM crm_customer_field_month WHERE customers = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One field's months from the detail (a field that became a choice field), under a SHARE lock on
-- crm_customer so no writer's change falls between (one that noted without the field commits first).
CREATE OR REPLACE FUNCTION crm_customer_field_refold(field text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := crm_company_zone();
BEGIN
  LOCK TABLE crm_customer IN SHARE MODE;
  DELETE FROM crm_customer_day_change WHERE tx = txid_current() AND field_name = field;
  DELETE FROM crm_customer_field_month WHERE field_name = field;
  IF field = ANY(crm_customer_summary_fields()) THEN
    INSERT INTO crm_customer_field_month (field_name, month, owner_user_id, value, customers, dealt)
    SELECT field, date_trunc('month', create_time AT TIME ZONE zone)::date, owner_user_id,
      coalesce(nullif(fields->>field, ''), '未填写'), count(*), count(*) FILTER (WHERE deal_status = 1)
    FROM crm_customer GROUP BY 2, 3, 4;
  END IF;
END $$;
--> statement-breakpoint
-- Every summary from the detail (bi/summary/rebuild.ts; a change of the company's zone).
CREATE OR REPLACE FUNCTION crm_customer_summary_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := crm_company_zone();
BEGIN
  LOCK TABLE crm_customer IN SHARE MODE;
  -- This transaction's own changes would fold at its commit on top of the recomputation.
  DELETE FROM crm_customer_day_change WHERE tx = txid_current();
  DELETE FROM crm_customer_day;
  DELETE FROM crm_customer_month;
  DELETE FROM crm_customer_field_month;
  INSERT INTO crm_customer_day (day, owner_user_id, customers, dealt)
  SELECT (create_time AT TIME ZONE zone)::date, owner_user_id, count(*), count(*) FILTER (WHERE deal_status = 1)
  FROM crm_customer GROUP BY 1, 2;
  INSERT INTO crm_customer_month (month, owner_user_id, customers, dealt)
  SELECT date_trunc('month', day)::date, owner_user_id, sum(customers), sum(dealt)
  FROM crm_customer_day GROUP BY 1, 2;
  INSERT INTO crm_customer_field_month (field_name, month, owner_user_id, value, customers, dealt)
  SELECT f, date_trunc('month', create_time AT TIME ZONE zone)::date, owner_user_id,
    coalesce(nullif(fields->>f, ''), '未填写'), count(*), count(*) FILTER (WHERE deal_status = 1)
  FROM crm_customer CROSS JOIN unnest(crm_customer_summary_fields()) AS f
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_customer_field_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND crm_customer_summary_tracks(OLD.label, OLD.scope_id, OLD.is_deleted, OLD.form_type);
  now_ boolean := TG_OP <> 'DELETE' AND crm_customer_summary_tracks(NEW.label, NEW.scope_id, NEW.is_deleted, NEW.form_type);
BEGIN
  IF was AND NOT now_ THEN
    PERFORM crm_customer_field_refold(OLD.field_name);
  ELSIF now_ AND (NOT was OR OLD.field_name IS DISTINCT FROM NEW.field_name) THEN
    IF was THEN
      PERFORM crm_customer_field_refold(OLD.field_name);
    END IF;
    PERFORM crm_customer_field_refold(NEW.field_name);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_customer_zone_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before text := crm_zone_or_default(CASE WHEN TG_OP <> 'INSERT' AND OLD.key = 'timeZone' THEN OLD.value END);
  after text := crm_zone_or_default(CASE WHEN TG_OP <> 'DELETE' AND NEW.key = 'timeZone' THEN NEW.value END);
BEGIN
  IF before IS DISTINCT FROM after THEN
    PERFORM crm_customer_summary_rebuild();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
SELECT crm_customer_summary_rebuild();
--> statement-breakpoint
CREATE TRIGGER crm_customer_day_insert AFTER INSERT ON crm_customer
  REFERENCING NEW TABLE AS crm_customer_added FOR EACH STATEMENT EXECUTE FUNCTION crm_customer_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_customer_day_update AFTER UPDATE ON crm_customer
  REFERENCING OLD TABLE AS crm_customer_gone NEW TABLE AS crm_customer_added
  FOR EACH STATEMENT EXECUTE FUNCTION crm_customer_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_customer_day_delete AFTER DELETE ON crm_customer
  REFERENCING OLD TABLE AS crm_customer_gone FOR EACH STATEMENT EXECUTE FUNCTION crm_customer_day_follow();
--> statement-breakpoint
CREATE TRIGGER crm_customer_day_truncate AFTER TRUNCATE ON crm_customer
  FOR EACH STATEMENT EXECUTE FUNCTION crm_customer_day_follow();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER crm_customer_day_fold AFTER INSERT ON crm_customer_day_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION crm_customer_day_fold();
--> statement-breakpoint
CREATE TRIGGER crm_customer_field_follow AFTER INSERT OR UPDATE OR DELETE ON crm_field
  FOR EACH ROW EXECUTE FUNCTION crm_customer_field_follow();
--> statement-breakpoint
CREATE TRIGGER crm_customer_zone_follow AFTER INSERT OR UPDATE OR DELETE ON sys_config
  FOR EACH ROW EXECUTE FUNCTION crm_customer_zone_follow();
--> statement-breakpoint
-- The period scans read the index alone: a month's days, then the owners and counts.
CREATE INDEX crm_customer_day_cover_idx ON crm_customer_day (day) INCLUDE (owner_user_id, customers, dealt);
--> statement-breakpoint
CREATE INDEX crm_customer_month_cover_idx ON crm_customer_month (month) INCLUDE (owner_user_id, customers, dealt);
--> statement-breakpoint
CREATE INDEX crm_customer_field_month_cover_idx ON crm_customer_field_month (field_name, month)
  INCLUDE (owner_user_id, value, customers, dealt);

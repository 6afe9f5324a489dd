CREATE TABLE "clinic_payment_day" (
	"day" date NOT NULL,
	"method" varchar(10) NOT NULL,
	"kind" smallint NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "clinic_payment_day_pk" PRIMARY KEY("day","method","kind")
);
--> statement-breakpoint
CREATE TABLE "clinic_performance_user_month" (
	"kind" smallint NOT NULL,
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "clinic_performance_user_month_pk" PRIMARY KEY("kind","month","user_id")
);
--> statement-breakpoint
CREATE INDEX "clinic_payment_day_empty_idx" ON "clinic_payment_day" USING btree ("day") WHERE row_count = 0;--> statement-breakpoint
CREATE INDEX "clinic_performance_user_month_empty_idx" ON "clinic_performance_user_month" USING btree ("month") WHERE row_count = 0;--> statement-breakpoint
-- hand-written: two roll-ups that follow a finer summary table itself (issue 24; docs/decisions.md
-- "Statistics: summary tables"). Statement triggers on clinic_payment_hour and
-- clinic_performance_user_day move the coarser row of each changed row by the same difference
-- (added rows in, removed rows out, an update's new rows in and old rows out), in key order, and
-- drop the keys left empty: the coarser table is exact whenever the finer one is, with no change
-- tables of its own (the finer one's deferred fold is the only writer, once per transaction).
-- clinic_payment_day's day is the hour's day in the summaries' zone (clinic_deal_day_of, 0091).
CREATE FUNCTION clinic_payment_day_add(delta clinic_payment_hour[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO clinic_payment_day AS s (day, method, kind, amount, row_count)
  SELECT clinic_deal_day_of(d.hour), d.method, d.kind, sum(d.amount), sum(d.row_count)::int
  FROM unnest(delta) d
  GROUP BY 1, 2, 3
  HAVING sum(d.row_count) <> 0 OR sum(d.amount) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT clinic_payment_day_pk
    DO UPDATE SET amount = s.amount + excluded.amount, row_count = s.row_count + excluded.row_count;
  DELETE FROM clinic_payment_day WHERE row_count = 0;
$$;
--> statement-breakpoint
CREATE FUNCTION clinic_payment_day_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clinic_payment_day_add(array(SELECT (a.hour, a.method, a.kind, a.amount, a.row_count)::clinic_payment_hour
      FROM clinic_payment_hour_added a));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clinic_payment_day_add(array(SELECT (g.hour, g.method, g.kind, -g.amount, -g.row_count)::clinic_payment_hour
      FROM clinic_payment_hour_gone g));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM clinic_payment_day_add(array(SELECT (a.hour, a.method, a.kind, a.amount, a.row_count)::clinic_payment_hour
      FROM clinic_payment_hour_added a
      UNION ALL SELECT (g.hour, g.method, g.kind, -g.amount, -g.row_count)::clinic_payment_hour
      FROM clinic_payment_hour_gone g));
  ELSE
    DELETE FROM clinic_payment_day;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinic_payment_day_insert AFTER INSERT ON clinic_payment_hour
  REFERENCING NEW TABLE AS clinic_payment_hour_added FOR EACH STATEMENT EXECUTE FUNCTION clinic_payment_day_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_payment_day_update AFTER UPDATE ON clinic_payment_hour
  REFERENCING OLD TABLE AS clinic_payment_hour_gone NEW TABLE AS clinic_payment_hour_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_payment_day_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_payment_day_delete AFTER DELETE ON clinic_payment_hour
  REFERENCING OLD TABLE AS clinic_payment_hour_gone FOR EACH STATEMENT EXECUTE FUNCTION clinic_payment_day_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_payment_day_truncate AFTER TRUNCATE ON clinic_payment_hour
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_payment_day_follow();
--> statement-breakpoint
INSERT INTO clinic_payment_day (day, method, kind, amount, row_count)
  SELECT clinic_deal_day_of(hour), method, kind, sum(amount), sum(row_count)::int
  FROM clinic_payment_hour GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE FUNCTION clinic_performance_user_month_add(delta clinic_performance_user_day[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO clinic_performance_user_month AS s (kind, month, user_id, amount, row_count)
  SELECT d.kind, date_trunc('month', d.business_day)::date, d.user_id, sum(d.amount), sum(d.row_count)::int
  FROM unnest(delta) d
  GROUP BY 1, 2, 3
  HAVING sum(d.row_count) <> 0 OR sum(d.amount) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT clinic_performance_user_month_pk
    DO UPDATE SET amount = s.amount + excluded.amount, row_count = s.row_count + excluded.row_count;
  DELETE FROM clinic_performance_user_month WHERE row_count = 0;
$$;
--> statement-breakpoint
CREATE FUNCTION clinic_performance_user_month_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clinic_performance_user_month_add(array(SELECT (a.kind, a.business_day, a.user_id, a.amount,
      a.row_count)::clinic_performance_user_day FROM clinic_performance_user_day_added a));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clinic_performance_user_month_add(array(SELECT (g.kind, g.business_day, g.user_id, -g.amount,
      -g.row_count)::clinic_performance_user_day FROM clinic_performance_user_day_gone g));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM clinic_performance_user_month_add(array(SELECT (a.kind, a.business_day, a.user_id, a.amount,
      a.row_count)::clinic_performance_user_day FROM clinic_performance_user_day_added a
      UNION ALL SELECT (g.kind, g.business_day, g.user_id, -g.amount, -g.row_count)::clinic_performance_user_day
      FROM clinic_performance_user_day_gone g));
  ELSE
    DELETE FROM clinic_performance_user_month;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinic_performance_user_month_insert AFTER INSERT ON clinic_performance_user_day
  REFERENCING NEW TABLE AS clinic_performance_user_day_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_performance_user_month_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_performance_user_month_update AFTER UPDATE ON clinic_performance_user_day
  REFERENCING OLD TABLE AS clinic_performance_user_day_gone NEW TABLE AS clinic_performance_user_day_added
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_performance_user_month_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_performance_user_month_delete AFTER DELETE ON clinic_performance_user_day
  REFERENCING OLD TABLE AS clinic_performance_user_day_gone
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_performance_user_month_follow();
--> statement-breakpoint
CREATE TRIGGER clinic_performance_user_month_truncate AFTER TRUNCATE ON clinic_performance_user_day
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_performance_user_month_follow();
--> statement-breakpoint
INSERT INTO clinic_performance_user_month (kind, month, user_id, amount, row_count)
  SELECT kind, date_trunc('month', business_day)::date, user_id, sum(amount), sum(row_count)::int
  FROM clinic_performance_user_day GROUP BY 1, 2, 3;

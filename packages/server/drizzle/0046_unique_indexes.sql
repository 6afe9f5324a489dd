CREATE UNIQUE INDEX "sys_role_name_uq" ON "sys_role" USING btree ("role_type",lower("role_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "crm_product_category_name_uq" ON "crm_product_category" USING btree (coalesce("pid", 0),"name");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_product_num_uq" ON "crm_product" USING btree ("num") WHERE "crm_product"."num" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "crm_follow_record_batch_uq" ON "crm_follow_record" USING btree ("create_user_id","batch_id") WHERE "crm_follow_record"."batch_id" <> '';--> statement-breakpoint
-- hand-written:
-- A custom field marked unique gets a partial unique index on its value in the kind's jsonb
-- column, named <table>_<field_name>_uq; from now on the field designer makes and drops them
-- (crm/records/unique-fields.ts). Here: the fields marked before. A value stored twice stops the
-- upgrade with a message naming the field, the value and the records (see 0045 for why).
DO $$
DECLARE
  f record;
  d record;
BEGIN
  FOR f IN
    SELECT k.tbl, k.id_col, k.kind, c.field_name, c.name
    FROM crm_field c
    JOIN (VALUES (1, 'crm_leads', 'leads_id', '线索'), (2, 'crm_customer', 'customer_id', '客户'),
                 (3, 'crm_contacts', 'contacts_id', '联系人'), (4, 'crm_product', 'product_id', '产品'),
                 (5, 'crm_business', 'business_id', '商机'), (6, 'crm_contract', 'contract_id', '合同'),
                 (7, 'crm_receivables', 'receivables_id', '回款'), (11, 'crm_store', 'id', '门店'))
      AS k(label, tbl, id_col, kind) ON k.label = c.label
    WHERE c.scope_id = 0 AND c.field_type = 0 AND c.is_unique = 1 AND NOT c.is_deleted
      AND c.field_name ~ '^field_[0-9]+$'
  LOOP
    EXECUTE format(
      'SELECT fields->>%L AS v, count(*) AS n, string_agg(%I::text, '', '' ORDER BY %I) AS ids FROM %I
       WHERE fields->>%L <> '''' GROUP BY 1 HAVING count(*) > 1 ORDER BY 1 LIMIT 1',
      f.field_name, f.id_col, f.id_col, f.tbl, f.field_name) INTO d;
    IF d.v IS NOT NULL THEN
      RAISE EXCEPTION '升级中止：%的字段“%”设为唯一，但值“%”出现在 % 条记录中（%.%: %），请先修改重复的值或在字段设置中取消唯一，再启动',
        f.kind, f.name, d.v, d.n, f.tbl, f.id_col, d.ids;
    END IF;
    EXECUTE format('CREATE UNIQUE INDEX IF NOT EXISTS %I ON %I ((fields->>%L)) WHERE (fields->>%L) <> ''''',
      f.tbl || '_' || f.field_name || '_uq', f.tbl, f.field_name, f.field_name);
  END LOOP;
END $$;
--> statement-breakpoint
-- A fixed field an administrator ticked 唯一 (one the kind does not declare unique itself) was
-- never held by the save before; from now on the save checks it and an index holds it, named like
-- a custom field's, on the column. Where the stored values already repeat, or the column is not
-- found, the tick is taken back (a WARNING in PostgreSQL's log) rather than stopping the upgrade:
-- the data broke no promise the server kept; the administrator may tick it again, and the
-- designer then names the repeated value.
DO $$
DECLARE
  f record;
  col text;
  typ text;
  present text;
  dup text;
BEGIN
  FOR f IN
    SELECT k.tbl, c.field_id, c.field_name, c.name
    FROM crm_field c
    JOIN (VALUES (1, 'crm_leads'), (2, 'crm_customer'), (3, 'crm_contacts'), (4, 'crm_product'),
                 (5, 'crm_business'), (6, 'crm_contract'), (7, 'crm_receivables'), (11, 'crm_store'))
      AS k(label, tbl) ON k.label = c.label
    WHERE c.scope_id = 0 AND c.field_type = 1 AND c.is_unique = 1 AND NOT c.is_deleted
      AND (c.label, c.field_name) NOT IN ((4, 'num'), (6, 'num'), (7, 'number'))
  LOOP
    col := lower(regexp_replace(f.field_name, '([A-Z])', '_\1', 'g'));
    SELECT data_type INTO typ FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = f.tbl AND column_name = col;
    dup := NULL;
    IF typ IS NOT NULL THEN
      present := CASE WHEN typ IN ('text', 'character varying') THEN format('%I <> ''''', col)
                      ELSE format('%I IS NOT NULL', col) END;
      EXECUTE format('SELECT %I::text FROM %I WHERE %s GROUP BY 1 HAVING count(*) > 1 LIMIT 1', col, f.tbl, present)
        INTO dup;
    END IF;
    IF typ IS NULL OR dup IS NOT NULL THEN
      UPDATE crm_field SET is_unique = 0 WHERE field_id = f.field_id;
      RAISE WARNING '字段“%”（%）的唯一已取消：已有重复的值“%”', f.name, f.tbl, coalesce(dup, '');
    ELSE
      EXECUTE format('CREATE UNIQUE INDEX IF NOT EXISTS %I ON %I (%I) WHERE %s',
        f.tbl || '_' || f.field_name || '_uq', f.tbl, col, present);
    END IF;
  END LOOP;
END $$;

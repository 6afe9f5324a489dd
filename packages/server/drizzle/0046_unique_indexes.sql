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

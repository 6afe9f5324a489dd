-- Before the unique indexes of 0046 (issue 21, item 3; docs/decisions.md "Uniqueness in the
-- database"). A value a person chose twice (a product code, a category name under one parent, a
-- role name of one type) stops the upgrade with a message naming it: only an administrator can
-- tell which record should change, so nothing is renamed behind their back. A client batch id
-- stored twice (a double-clicked follow-up saved twice before its index) is not a choice: the
-- first copy keeps it, the later copies keep their rows and lose the batch id.
DO $$
DECLARE d record;
BEGIN
  SELECT num AS v, count(*) AS n, string_agg(product_id::text, ', ' ORDER BY product_id) AS ids INTO d
    FROM crm_product WHERE num <> '' GROUP BY num HAVING count(*) > 1 ORDER BY num LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '升级中止：产品编码“%”被 % 个产品使用（crm_product.product_id: %），请先把它们改成不同的编码再启动', d.v, d.n, d.ids
      USING HINT = 'All duplicates: select num, array_agg(product_id) from crm_product where num <> '''' group by num having count(*) > 1';
  END IF;
  SELECT name AS v, count(*) AS n, string_agg(category_id::text, ', ' ORDER BY category_id) AS ids INTO d
    FROM crm_product_category GROUP BY coalesce(pid, 0), name HAVING count(*) > 1 ORDER BY name LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '升级中止：同一上级下有 % 个名为“%”的产品类别（crm_product_category.category_id: %），请先改名或合并再启动', d.n, d.v, d.ids
      USING HINT = 'All duplicates: select coalesce(pid, 0), name, array_agg(category_id) from crm_product_category group by 1, 2 having count(*) > 1';
  END IF;
  SELECT min(role_name) AS v, count(*) AS n, string_agg(role_id::text, ', ' ORDER BY role_id) AS ids INTO d
    FROM sys_role GROUP BY role_type, lower(role_name) HAVING count(*) > 1 ORDER BY 1 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '升级中止：同类型的 % 个角色都叫“%”（sys_role.role_id: %），请先改名再启动', d.n, d.v, d.ids
      USING HINT = 'All duplicates: select role_type, lower(role_name), array_agg(role_id) from sys_role group by 1, 2 having count(*) > 1';
  END IF;
END $$;
--> statement-breakpoint
UPDATE "crm_follow_record" f SET "batch_id" = ''
FROM (
  SELECT "follow_id", row_number() OVER (PARTITION BY "create_user_id", "batch_id" ORDER BY "follow_id") AS k
  FROM "crm_follow_record" WHERE "batch_id" <> ''
) d
WHERE d."follow_id" = f."follow_id" AND d.k > 1;

import fs from 'node:fs';
import path from 'node:path';
import { Msg } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPanel } from '../crm/customer/test-support.ts';
import type { Tx } from '../db/client.ts';
import { serverDir } from '../paths.ts';
import { createTestApp, raw, type TestApp } from '../test/harness.ts';
import { customerIds, people } from '../test/people.ts';
import { defineRoute } from './route.ts';
import { queryRows } from './sql.ts';
import { internalUniqueIndexes, uniqueAnswers } from './unique.ts';

/**
 * Uniqueness under concurrency (issue 21, item 3). 30 creates of one unique value at once: on
 * PostgreSQL (`bash scripts/test-postgres.sh npx vitest run --project server <this file>`) they run
 * side by side on the pool's connections, so some pass the application's pre-check together and
 * only the database's unique index can refuse them; that refusal must read like the pre-check's.
 * PGlite runs them one at a time (the pre-check refuses), so there they prove the answers only.
 */
let t: TestApp;
const { call, signIn } = people(() => t);
let cid: Record<string, number>;
let n = 0;
const batch = () => `unique-test-${++n}`;
const N = 30;

const count = async (q: SQL) => Number((await queryRows<{ n: number }>(t.database.db, q))[0]!.n);

/** Fire the same create N times at once; every answer but one must be the refusal `msg`. */
async function race(url: string, body: () => unknown, msg: string) {
  const answers = await Promise.all(Array.from({ length: N }, () => call('admin', url, body())));
  for (const a of answers) expect(a.status).toBeLessThan(500);
  const refused = answers.filter((a) => a.code !== 0);
  expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
  expect(refused).toHaveLength(N - 1);
  for (const a of refused) expect(a).toMatchObject({ code: 409, msg });
  return answers;
}

beforeAll(async () => {
  t = await createTestApp();
  // A route that trips a unique index no one named: the answer is still a Chinese refusal.
  defineRoute(t.app, {
    method: 'POST',
    url: '/test/unnamedUnique',
    access: 'login',
    async handler() {
      await t.database.db.execute(sql`create temp table if not exists t_unnamed (k int primary key)`);
      await t.database.db.execute(sql`insert into t_unnamed values (1) on conflict do nothing`);
      await t.database.db.execute(sql`insert into t_unnamed values (1)`);
      return null;
    },
  });
  await signIn(['admin']);
  cid = await customerIds(t);
});
afterAll(() => t.close());

describe('every unique index has an answer', () => {
  it('names each unique index of the database with its message, or lists it as internal', async () => {
    const rows = await queryRows<{ name: string }>(
      t.database.db,
      sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
          join pg_namespace s on s.oid = c.relnamespace
          where i.indisunique and not i.indisprimary and s.nspname = current_schema()`,
    );
    const names = rows.map((r) => r.name);
    expect(names).toContain('crm_contract_num_uq');
    const unknown = names.filter((n) => !(n in uniqueAnswers) && !(n in internalUniqueIndexes));
    expect(unknown).toEqual([]);
    // And no name in the lists is stale.
    expect(Object.keys({ ...uniqueAnswers, ...internalUniqueIndexes }).filter((n) => !names.includes(n))).toEqual([]);
  });

  it('has a unique index for each fixed field a kind declares unique, answering `<名称>已存在`', async () => {
    const declared = t.app.registry.kinds
      .all()
      .flatMap((sk) =>
        sk.kind.fixedFields
          .filter((f) => f.isUnique === 1 && sk.columns[f.fieldName])
          .map((f) => ({ table: sk.table, column: sk.columns[f.fieldName]!.column, msg: `${f.name}已存在` })),
      );
    expect(declared.map((d) => d.column)).toEqual(expect.arrayContaining(['num', 'number']));
    for (const d of declared) {
      const rows = await queryRows<{ name: string }>(
        t.database.db,
        sql`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${d.table}
            and indexdef like 'CREATE UNIQUE INDEX %' and indexdef like ${`%(${d.column})%`}`,
      );
      expect(rows.map((r) => uniqueAnswers[r.name]?.msg)).toContain(d.msg);
    }
  });

  it('answers a violation of an unnamed index with a Chinese refusal, not a 500', async () => {
    const res = await call('admin', '/test/unnamedUnique');
    expect(res).toMatchObject({ code: 409, msg: Msg.alreadyExists });
  });
});

describe('30 creates of one unique value at once: one record, the others the pre-check’s message', () => {
  it('contract number', async () => {
    await race(
      '/CrmContract/saveAndUpdate',
      () => ({
        entity: {
          num: 'HT-RACE',
          name: '并发合同',
          customerId: cid.陈雨桐,
          money: '100',
          startTime: '2026-11-01',
          endTime: '2027-10-31',
          checkStatus: 5,
          batchId: batch(),
        },
        field: [],
      }),
      '合同编号已存在',
    );
    expect(await count(sql`select count(*) as n from crm_contract where num = 'HT-RACE'`)).toBe(1);
  });

  it('receivable number', async () => {
    const contract = await call('admin', '/CrmContract/saveAndUpdate', {
      entity: {
        num: 'HT-FOR-HK',
        name: '回款合同',
        customerId: cid.陈雨桐,
        money: '100000',
        startTime: '2026-11-01',
        endTime: '2027-10-31',
        checkStatus: 5,
        batchId: batch(),
      },
      field: [],
    });
    expect(contract.code).toBe(0);
    // Receivables are of approved contracts; the review itself is beside the point here.
    await t.database.db.execute(sql`update crm_contract set check_status = 1 where contract_id = ${contract.data.id}`);
    await race(
      '/CrmReceivables/saveOrUpdate',
      () => ({
        entity: {
          number: 'HK-RACE',
          customerId: cid.陈雨桐,
          contractId: contract.data.id,
          returnTime: '2026-11-20',
          money: '10',
          checkStatus: 5,
          batchId: batch(),
        },
        field: [],
      }),
      '回款编号已存在',
    );
    expect(await count(sql`select count(*) as n from crm_receivables where number = 'HK-RACE'`)).toBe(1);
  });

  it('product code', async () => {
    const categoryId = Number(
      (
        await queryRows<{ id: number }>(t.database.db, sql`select category_id as id from crm_product_category limit 1`)
      )[0]!.id,
    );
    await race(
      '/CrmProduct/saveAndUpdate',
      () => ({
        entity: { name: '并发产品', num: 'P-RACE', categoryId, unit: '次', price: '1', status: 1, batchId: batch() },
        field: [],
      }),
      '产品编码已存在',
    );
    expect(await count(sql`select count(*) as n from crm_product where num = 'P-RACE'`)).toBe(1);
  });

  it('product category name under one parent', async () => {
    await race('/CrmProductCategory/saveAndUpdate', () => ({ name: '并发类别', pid: null }), '同级下已有同名类别');
    expect(await count(sql`select count(*) as n from crm_product_category where name = '并发类别'`)).toBe(1);
  });

  it('scene name', async () => {
    await race('/CrmCustomer/saveScene', () => ({ name: '并发场景', data: {} }), '场景名称已存在');
    expect(await count(sql`select count(*) as n from crm_scene where name = '并发场景'`)).toBe(1);
  });

  it('stage group name', async () => {
    await race(
      '/businessType/saveAndUpdate',
      () => ({ name: '并发商机组', statusList: [{ name: '邀约', rate: 20 }] }),
      '商机状态组名称已存在',
    );
    expect(await count(sql`select count(*) as n from crm_business_type where name = '并发商机组'`)).toBe(1);
  });

  it('stage group edited 30 times at once: its new stage is stored once', async () => {
    const group = await call('admin', '/businessType/saveAndUpdate', {
      name: '并发编辑组',
      statusList: [{ name: '邀约', rate: 20 }],
    });
    const typeId = group.data.id as number;
    const [stage] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select status_id as id from crm_business_status where type_id = ${typeId}`,
    );
    const body = {
      typeId,
      name: '并发编辑组',
      statusList: [
        { statusId: Number(stage!.id), name: '邀约', rate: 20 },
        { name: '成交', rate: 100 },
      ],
    };
    const answers = await Promise.all(
      Array.from({ length: N }, () => call('admin', '/businessType/saveAndUpdate', body)),
    );
    for (const a of answers) expect(a).toMatchObject({ code: 0 });
    expect(
      await count(sql`select count(*) as n from crm_business_status where type_id = ${typeId} and name = '成交'`),
    ).toBe(1);
  });

  it('role name (whatever the case)', async () => {
    let i = 0;
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        call('admin', '/system/role/add', { roleName: i++ % 2 ? 'race-role' : 'RACE-role', roleType: 2 }),
      ),
    );
    for (const a of answers) expect(a.status).toBeLessThan(500);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0)) expect(a).toMatchObject({ code: 400, msg: '角色名称已存在' });
    expect(await count(sql`select count(*) as n from sys_role where lower(role_name) = 'race-role'`)).toBe(1);
  });

  it('a custom field marked unique', async () => {
    const fields = (await call('admin', '/field/queryField', { label: 2 })).data;
    const saved = await call('admin', '/field/save', {
      label: 2,
      fields: [...fields, { name: '会员卡号', formType: 'text', isUnique: 1 }],
    });
    expect(saved.code).toBe(0);
    const key = saved.data.at(-1).fieldName as string;
    await race(
      '/CrmCustomer/addOrUpdate',
      () => ({ entity: { ...customerPanel(), batchId: batch() }, field: [{ fieldName: key, value: 'VIP-0001' }] }),
      '会员卡号已存在',
    );
    expect(await count(sql`select count(*) as n from crm_customer where fields->>${key} = 'VIP-0001'`)).toBe(1);
  });
});

describe('a custom field marked or unmarked unique', () => {
  const kindFields = async () =>
    (await call('admin', '/field/queryField', { label: 2 })).data as Record<string, unknown>[];
  const setUnique = async (name: string, isUnique: 0 | 1) =>
    call('admin', '/field/save', {
      label: 2,
      fields: raw((await kindFields()).map((f) => (f.name === name ? { ...f, isUnique } : f))),
    });
  const save = (key: string, value: string) =>
    call('admin', '/CrmCustomer/addOrUpdate', {
      entity: { ...customerPanel(), batchId: batch() },
      field: [{ fieldName: key, value }],
    });

  it('cannot be marked while its values repeat; unmarked, the database lets values repeat again', async () => {
    const added = await call('admin', '/field/save', {
      label: 2,
      fields: raw([...(await kindFields()), { name: '推荐码', formType: 'text' }]),
    });
    const key = added.data.at(-1).fieldName as string;
    expect((await save(key, 'R1')).code).toBe(0);
    expect((await save(key, 'R1')).code).toBe(0);
    expect(await setUnique('推荐码', 1)).toMatchObject({
      code: 400,
      msg: '推荐码已有重复的值“R1”，请先修改重复的记录再设为唯一',
    });
    expect((await kindFields()).find((f) => f.name === '推荐码')).toMatchObject({ isUnique: 0 });

    await t.database.db.execute(sql`update crm_customer set fields = fields - ${key} where fields->>${key} = 'R1'`);
    expect((await setUnique('推荐码', 1)).code).toBe(0);
    const index = sql`select count(*) as n from pg_indexes where indexname = ${`crm_customer_${key}_uq`}`;
    expect(await count(index)).toBe(1);
    expect((await save(key, 'R2')).code).toBe(0);
    expect(await save(key, 'R2')).toMatchObject({ code: 409, msg: '推荐码已存在' });
    // The database refuses what the pre-check would, even from a write that skips it.
    await expect(
      t.database.db.execute(sql`update crm_customer set fields = fields || ${JSON.stringify({ [key]: 'R2' })}::jsonb`),
    ).rejects.toThrow();

    expect((await setUnique('推荐码', 0)).code).toBe(0);
    expect(await count(index)).toBe(0);
    expect((await save(key, 'R2')).code).toBe(0);
  });
});

describe('a fixed field an administrator marks unique (手机号)', () => {
  const kindFields = async () =>
    (await call('admin', '/field/queryField', { label: 2 })).data as Record<string, unknown>[];
  const setUnique = async (isUnique: 0 | 1) =>
    call('admin', '/field/save', {
      label: 2,
      fields: raw((await kindFields()).map((f) => (f.fieldName === 'mobile' ? { ...f, isUnique } : f))),
    });
  const index = sql`select count(*) as n from pg_indexes where indexname = 'crm_customer_mobile_uq'`;

  it('is checked and indexed like a custom one: 30 saves of one number make one customer', async () => {
    await call('admin', '/CrmCustomer/addOrUpdate', { ...customerPanel({ mobile: '13700000000' }), batchId: batch() });
    await call('admin', '/CrmCustomer/addOrUpdate', { ...customerPanel({ mobile: '13700000000' }), batchId: batch() });
    expect((await setUnique(1)).msg).toMatch(/^手机号已有重复的值“\d+”，请先修改重复的记录再设为唯一$/);
    expect(await count(index)).toBe(0);

    await t.database.db.execute(sql`update crm_customer set mobile = '136' || lpad(customer_id::text, 8, '0')`);
    expect((await setUnique(1)).code).toBe(0);
    expect(await count(index)).toBe(1);
    await race(
      '/CrmCustomer/addOrUpdate',
      () => ({ ...customerPanel({ mobile: '13512345678' }), batchId: batch() }),
      '手机号已存在',
    );
    expect(await count(sql`select count(*) as n from crm_customer where mobile = '13512345678'`)).toBe(1);

    expect((await setUnique(0)).code).toBe(0);
    expect(await count(index)).toBe(0);
    expect(
      (
        await call('admin', '/CrmCustomer/addOrUpdate', {
          ...customerPanel({ mobile: '13512345678' }),
          batchId: batch(),
        })
      ).code,
    ).toBe(0);
  });
});

describe('a follow-up sent 30 times at once with one batch id', () => {
  it('is stored once, and every answer is that follow-up', async () => {
    const body = { id: cid.陈雨桐, category: '打电话', content: '双击的跟进', batchId: batch() };
    const logged = sql`select count(*) as n from crm_action_record
        where label = 2 and record_id = ${cid.陈雨桐} and action = 'followUp'`;
    const loggedBefore = await count(logged);
    const answers = await Promise.all(Array.from({ length: N }, () => call('admin', '/CrmCustomer/addRecord', body)));
    for (const a of answers) expect(a).toMatchObject({ code: 0 });
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(await count(sql`select count(*) as n from crm_follow_record where batch_id = ${body.batchId}`)).toBe(1);
    // The record's log has one follow-up too, not one per click.
    expect(await count(logged)).toBe(loggedBefore + 1);
    // A new batch is a new follow-up.
    expect((await call('admin', '/CrmCustomer/addRecord', { ...body, batchId: batch() })).data.id).not.toBe(
      answers[0]!.data.id,
    );
  });
});

describe('an approval sent 30 times at once with one batch id', () => {
  it('is one approval, and every answer is that approval', async () => {
    const [general] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select category_id as id from oa_examine_category where type = 'general'`,
    );
    const admins = await queryRows<{ id: number }>(t.database.db, sql`select user_id as id from sys_user limit 2`);
    const body = {
      oaExamine: { categoryId: Number(general!.id), content: '双击的审批', detail: '同一批次', batchId: batch() },
      checkUserId: [Number(admins[1]!.id)],
    };
    const answers = await Promise.all(Array.from({ length: N }, () => call('admin', '/OaExamine/setOaExamine', body)));
    for (const a of answers) expect(a).toMatchObject({ code: 0 });
    expect(new Set(answers.map((a) => a.data.examineId)).size).toBe(1);
    expect(await count(sql`select count(*) as n from oa_examine where batch_id = ${body.oaExamine.batchId}`)).toBe(1);
  });
});

describe('upgrading an installation that already stored duplicates', () => {
  /** The statements of the migration whose file name ends so (the lead renumbers at merge). */
  const migration = (suffix: string, from = '') => {
    const dir = path.join(serverDir, 'drizzle');
    const file = fs.readdirSync(dir).find((f) => f.endsWith(suffix));
    const text = fs.readFileSync(path.join(dir, file!), 'utf8');
    return text
      .slice(from ? text.indexOf(from) : 0)
      .split('--> statement-breakpoint')
      .filter((s) => s.trim());
  };
  const run = async (tx: Tx, statements: string[]) => {
    for (const s of statements) await tx.execute(sql.raw(s));
  };
  /** Run `fn` in a transaction that is always rolled back: the file's database stays as it was. */
  const rolledBack = (fn: (tx: Tx) => Promise<void>) =>
    t.database.db
      .transaction(async (tx) => {
        await fn(tx);
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
  /** The PostgreSQL message of a failed statement (drizzle wraps it). */
  const failure = (tx: Tx, statements: string[]) =>
    tx
      .transaction((sp) => run(sp, statements))
      .then(
        () => '',
        (e: { message: string; cause?: { message: string } }) => e.cause?.message ?? e.message,
      );

  it('stops on a product code used twice, naming it and the products', async () => {
    await rolledBack(async (tx) => {
      await tx.execute(sql`drop index crm_product_num_uq`);
      const two = await queryRows<{ id: number }>(tx, sql`select product_id as id from crm_product order by 1 limit 2`);
      await tx.execute(sql`update crm_product set num = 'P-DUP' where product_id in (${two[0]!.id}, ${two[1]!.id})`);
      expect(await failure(tx, migration('_unique_precheck.sql'))).toBe(
        `升级中止：产品编码“P-DUP”被 2 个产品使用（crm_product.product_id: ${two[0]!.id}, ${two[1]!.id}），请先把它们改成不同的编码再启动`,
      );
    });
  });

  it('keeps a double-saved follow-up’s rows and its batch id on the first only', async () => {
    await rolledBack(async (tx) => {
      await tx.execute(sql`drop index crm_follow_record_batch_uq`);
      for (let i = 0; i < 2; i++)
        await tx.execute(sql`insert into crm_follow_record (label, record_id, category, content, create_user_id, batch_id)
            values (2, ${cid.陈雨桐}, '打电话', '旧的双击', 1, 'dup-batch')`);
      expect(await failure(tx, migration('_unique_precheck.sql'))).toBe('');
      const rows = await queryRows<{ b: string }>(
        tx,
        sql`select batch_id as b from crm_follow_record where content = '旧的双击' order by follow_id`,
      );
      expect(rows.map((r) => r.b)).toEqual(['dup-batch', '']);
    });
  });

  it('takes back a tick on a fixed field whose values repeat (it was never enforced); indexes it otherwise', async () => {
    const tail = migration('_unique_indexes.sql', '-- hand-written:');
    const mobileUnique = async (tx: Tx) =>
      Number(
        (
          await queryRows<{ u: number }>(
            tx,
            sql`select is_unique as u from crm_field where label = 2 and scope_id = 0 and field_name = 'mobile'`,
          )
        )[0]!.u,
      );
    const indexed = async (tx: Tx) =>
      Number(
        (
          await queryRows<{ n: number }>(
            tx,
            sql`select count(*) as n from pg_indexes where indexname = 'crm_customer_mobile_uq'`,
          )
        )[0]!.n,
      );
    await rolledBack(async (tx) => {
      await tx.execute(sql`update crm_field set is_unique = 1 where label = 2 and field_name = 'mobile'`);
      await tx.execute(sql`update crm_customer set mobile = '13000000000'`);
      expect(await failure(tx, tail)).toBe('');
      expect([await mobileUnique(tx), await indexed(tx)]).toEqual([0, 0]);
    });
    await rolledBack(async (tx) => {
      await tx.execute(sql`update crm_field set is_unique = 1 where label = 2 and field_name = 'mobile'`);
      await tx.execute(sql`update crm_customer set mobile = '131' || lpad(customer_id::text, 8, '0')`);
      expect(await failure(tx, tail)).toBe('');
      expect([await mobileUnique(tx), await indexed(tx)]).toEqual([1, 1]);
    });
  });

  it('stops on a value stored twice in a custom field marked unique; indexes the field otherwise', async () => {
    const tail = migration('_unique_indexes.sql', '-- hand-written:');
    const markField = (tx: Tx) =>
      tx.execute(sql`insert into crm_field (label, scope_id, field_name, name, form_type, field_type, is_unique)
          values (2, 0, 'field_900', '旧卡号', 'text', 0, 1)`);
    await rolledBack(async (tx) => {
      await markField(tx);
      const two = await queryRows<{ id: number }>(
        tx,
        sql`select customer_id as id from crm_customer order by 1 limit 2`,
      );
      await tx.execute(sql`update crm_customer set fields = fields || '{"field_900": "K-1"}'::jsonb
          where customer_id in (${two[0]!.id}, ${two[1]!.id})`);
      expect(await failure(tx, tail)).toContain(
        `客户的字段“旧卡号”设为唯一，但值“K-1”出现在 2 条记录中（crm_customer.customer_id: ${two[0]!.id}, ${two[1]!.id}）`,
      );
    });
    await rolledBack(async (tx) => {
      await markField(tx);
      expect(await failure(tx, tail)).toBe('');
      const [made] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*) as n from pg_indexes where indexname = 'crm_customer_field_900_uq'`,
      );
      expect(Number(made!.n)).toBe(1);
    });
  });
});

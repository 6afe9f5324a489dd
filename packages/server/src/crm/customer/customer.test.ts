import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { customerPanel as panel } from './test-support.ts';

/**
 * `CrmCustomer/addOrUpdate` with the panel's flat body (shell spec 3.2) and the generic
 * `{entity, field}` body (crm-records §3), and the kind's shared calls on the real table.
 * Personas (seed): sunli sells in 销售一部 (own records), zhenghao in 销售二部, chenjing (finance)
 * reads customers but cannot create them.
 */
let t: TestApp;
const { tokens, signIn } = people(() => t);

const save = (who: string, body: unknown) => t.post('/CrmCustomer/addOrUpdate', raw(body), tokens[who]);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhenghao', 'chenjing']);
});
afterAll(() => t.close());

describe('CrmCustomer/addOrUpdate', () => {
  it('creates from the panel flat body; the list and the detail show it', async () => {
    const res = await save('sunli', panel({ customerName: '平板客户', mobile: '13800002222' }));
    expect(res.code).toBe(0);
    const id = res.data.id as number;
    const detail = await t.post('/CrmCustomer/queryById', { id }, tokens.sunli);
    expect(detail.data.record).toMatchObject({
      customerId: id,
      customerName: '平板客户',
      gender: 2,
      hasOldCustomer: true,
      ownerUserName: '孙丽',
      hasSign: false,
    });
    const list = await t.post('/CrmCustomer/queryPageList', { search: '平板' }, tokens.sunli);
    expect(list.data.list.map((r: { customerName: string }) => r.customerName)).toEqual(['平板客户']);
  });

  it('carries the shop’s name beside its id (所属门店), in the detail and the list, never as a column of its own', async () => {
    const [shop] = await queryRows<{ shop_name: string }>(
      t.database.db,
      sql`select shop_name from crm_store where id = 1`,
    );
    const res = await save('sunli', panel({ customerName: '门店名客户', mobile: '13800002299' }));
    const id = res.data.id as number;
    const detail = await t.post('/CrmCustomer/queryById', { id }, tokens.sunli);
    expect(detail.data.record).toMatchObject({ shopOwnerId: 1, shopOwnerName: shop!.shop_name });
    const list = await t.post('/CrmCustomer/queryPageList', { search: '门店名客户' }, tokens.sunli);
    expect(list.data.list[0]).toMatchObject({ shopOwnerId: 1, shopOwnerName: shop!.shop_name });
    const head = await t.post('/CrmCustomer/queryListHead', {}, tokens.sunli);
    const keys = head.data.map((c: { key: string }) => c.key);
    expect(keys).toContain('shopOwnerId');
    expect(keys).not.toContain('shopOwnerName');
  });

  it('creates from the generic {entity, field} body', async () => {
    const res = await save('sunli', {
      entity: { ...panel({ customerName: '通用客户', mobile: '13800003333' }), batchId: 'cust-generic-1' },
      field: [],
    });
    expect(res.code).toBe(0);
    const [row] = await queryRows<{ customer_name: string; batch_id: string }>(
      t.database.db,
      sql`select customer_name, batch_id from crm_customer where customer_id = ${res.data.id}`,
    );
    expect(row).toEqual({ customer_name: '通用客户', batch_id: 'cust-generic-1' });
  });

  it('a double click of either body is one customer', async () => {
    const flat = panel({ customerName: '双击客户', mobile: '13800004444' });
    const [a, b] = await Promise.all([save('sunli', flat), save('sunli', flat)]);
    expect(a.code).toBe(0);
    expect(b.data.id).toBe(a.data.id);
    const generic = { entity: { ...panel({ customerName: '双击通用' }), batchId: 'cust-dbl-1' }, field: [] };
    const [c, d] = await Promise.all([save('sunli', generic), save('sunli', generic)]);
    expect(d.data.id).toBe(c.data.id);
    const rows = await queryRows(t.database.db, sql`select 1 from crm_customer where customer_name like '双击%'`);
    expect(rows).toHaveLength(2);
  });

  it('signing keeps its date and distributors; not signing clears them', async () => {
    const res = await save(
      'sunli',
      panel({ customerName: '签约客户', hasSign: true, signTime: '2026-11-01', signItemUserIds: '3,4' }),
    );
    const [row] = await queryRows<{ sign_time: string; sign_item_user_ids: string }>(
      t.database.db,
      sql`select sign_time, sign_item_user_ids from crm_customer where customer_id = ${res.data.id}`,
    );
    expect(row).toEqual({ sign_time: '2026-11-01', sign_item_user_ids: '3,4' });
    const off = await save(
      'sunli',
      panel({
        customerId: res.data.id,
        customerName: '签约客户',
        hasSign: false,
        signTime: '2026-11-01',
        signItemUserIds: '3',
      }),
    );
    expect(off.code).toBe(0);
    const [after] = await queryRows<{ sign_time: string | null; sign_item_user_ids: string }>(
      t.database.db,
      sql`select sign_time, sign_item_user_ids from crm_customer where customer_id = ${res.data.id}`,
    );
    expect(after).toEqual({ sign_time: null, sign_item_user_ids: '' });
  });

  it.each([
    [{ customerName: '' }, '请输入客户名称'],
    [{ mobile: '' }, '请输入手机号'],
    [{ mobile: '1380000111122' }, '手机号不能超过11个字符'],
    [{ mobile: 'abc' }, '手机格式有误'],
    [{ relation: '' }, '请输入服务三级'],
    [{ idCard: '' }, '请输入身份证号码'],
    [{ shopOwnerId: '' }, '请选择所属门店'],
    [{ gender: 3 }, '请选择性别'],
    [{ hasSign: true, signTime: '' }, '请选择签约日期'],
    [{ hasSign: true, signTime: '2026-02-30' }, '签约日期格式有误'],
    [{ hasSign: true, signTime: '2026-02-01', signItemUserIds: 'x' }, '下级经销商有误'],
  ])('refuses %o with %s', async (over, msg) => {
    const res = await save('sunli', panel(over));
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe(msg);
  });

  it('refuses a body naming no customer field', async () => {
    const res = await save('sunli', { name: '错字段' });
    expect(res.code).not.toBe(0);
  });

  it('creating needs crm:customer:save; updating someone else’s customer needs scope', async () => {
    const denied = await save('chenjing', panel({ customerName: '财务建的' }));
    expect(denied.code).toBe(403);
    const own = await save('sunli', panel({ customerName: '孙丽的客户', mobile: '13800005555' }));
    const other = await save('zhenghao', panel({ customerId: own.data.id, customerName: '改名' }));
    expect(other.code).not.toBe(0);
    const [row] = await queryRows<{ customer_name: string }>(
      t.database.db,
      sql`select customer_name from crm_customer where customer_id = ${own.data.id}`,
    );
    expect(row!.customer_name).toBe('孙丽的客户');
  });

  it('updating an unknown customer answers 客户不存在', async () => {
    const res = await save('admin', panel({ customerId: 999999 }));
    expect(res.msg).toBe('客户不存在');
  });

  it('the field set of customers holds the panel’s fixed fields', async () => {
    const rows = await queryRows<{ field_name: string }>(
      t.database.db,
      sql`select field_name from crm_field where label = 2 and field_type = 1 order by sort`,
    );
    expect(rows.map((r) => r.field_name)).toContain('customerName');
    expect(rows.map((r) => r.field_name)).toContain('signItemUserIds');
  });
});

describe('CrmCustomer/queryPageList search', () => {
  it('finds a customer by name, pinyin initials or phone; never by a phone the viewer may not see', async () => {
    expect((await save('sunli', panel({ customerName: '搜索电话客户', mobile: '13800007788' }))).code).toBe(0);
    const found = async (search: string) =>
      (await t.post('/CrmCustomer/queryPageList', { search }, tokens.sunli)).data.list.map(
        (r: { customerName: string }) => r.customerName,
      );
    expect(await found('搜索电话')).toEqual(['搜索电话客户']);
    expect(await found('00077')).toEqual(['搜索电话客户']);

    // 销售 (sunli's role) with the phone hidden: the same search now finds nothing.
    const [role] = await queryRows<{ role_id: number }>(
      t.database.db,
      sql`select role_id from sys_role where role_name = '销售'`,
    );
    const setMobile = (authLevel: number) =>
      t.post(
        '/field/setFieldAuth',
        { roleId: Number(role!.role_id), label: 2, fields: [{ fieldName: 'mobile', authLevel }] },
        tokens.admin,
      );
    expect((await setMobile(1)).code).toBe(0);
    try {
      expect(await found('00077')).toEqual([]);
      expect(await found('搜索电话')).toEqual(['搜索电话客户']);
    } finally {
      expect((await setMobile(3)).code).toBe(0);
    }
  });
});

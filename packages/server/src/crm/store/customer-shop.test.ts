import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { customerPanel } from '../customer/test-support.ts';

/**
 * POST /api/Store/changeCustomerShopOwnerId: 孙丽 (销售) moves her customers to one of her shops,
 * closed ones included; another salesperson's customer, a shop she cannot see and a caller
 * without crm:customer:update are refused.
 */
let t: TestApp;
const { call: post, signIn } = people(() => t);
const shops: Record<string, number> = {};
let n = 0;
const move = (who: string, body: unknown) => post(who, '/api/Store/changeCustomerShopOwnerId', raw(body));

async function customer(who: string, shopOwnerId: number): Promise<number> {
  n += 1;
  const res = await post(
    who,
    '/CrmCustomer/addOrUpdate',
    customerPanel({ customerName: `换店客户${n}`, mobile: `137${String(n).padStart(8, '0')}`, gender: 1, shopOwnerId }),
  );
  expect(res.code).toBe(0);
  return res.data.id as number;
}
const shopOf = async (id: number) =>
  (
    await queryRows<{ shop_owner_id: number; relation: string }>(
      t.database.db,
      sql`select shop_owner_id, relation from crm_customer where customer_id = ${id}`,
    )
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'zhenghao', 'liming', 'chenjing']);
  const rows = await queryRows<{ id: number; shop_name: string }>(
    t.database.db,
    sql`select id, shop_name from crm_store`,
  );
  for (const r of rows) shops[r.shop_name] = Number(r.id);
});
afterAll(() => t.close());

describe('POST /api/Store/changeCustomerShopOwnerId', () => {
  it('moves customers, a closed one too, taking the shop’s 服务三级 as relation, and logs each move', async () => {
    const open = await customer('sunli', shops['丽人医美会所']!);
    const closed = await customer('sunli', shops['丽人医美会所']!);
    expect((await post('liming', '/CrmCustomer/setDealStatus', { ids: [closed], status: 1 })).code).toBe(0);
    // The panel may not move a closed customer...
    const panel = await post('sunli', '/CrmCustomer/addOrUpdate', {
      customerId: closed,
      customerName: `换店客户${n}`,
      mobile: `137${String(n).padStart(8, '0')}`,
      hasOldCustomer: true,
      gender: 1,
      shopOwnerId: shops['悦颜皮肤管理中心'],
      relation: '赵强',
      idCard: '510104199001011234',
      hasSign: false,
    });
    expect(panel.code).not.toBe(0);
    // ...the shop module may.
    const res = await move('sunli', { ids: [open, closed], shopOwnerId: shops['悦颜皮肤管理中心'] });
    expect(res).toMatchObject({ code: 0, data: { count: 2 } });
    // The demo shops are served by 赵强 (their 服务三级).
    for (const id of [open, closed])
      expect(await shopOf(id)).toEqual({ shop_owner_id: shops['悦颜皮肤管理中心'], relation: '赵强' });
    const log = await queryRows<{ action: string; detail: string }>(
      t.database.db,
      sql`select action, detail from crm_action_record where label = 2 and record_id = ${open} order by action_id`,
    );
    expect(log.at(-1)).toEqual({ action: 'update', detail: '所属门店：丽人医美会所 → 悦颜皮肤管理中心' });
    // Already there: nothing to move.
    expect((await move('sunli', { ids: [open], shopOwnerId: shops['悦颜皮肤管理中心'] })).data).toEqual({ count: 0 });
  });

  it.each([
    [{ shopOwnerId: 1 }, '请选择客户'],
    [{ ids: [], shopOwnerId: 1 }, '请选择客户'],
    [{ ids: [1] }, '请选择所属门店'],
    [{ ids: [1], shopOwnerId: 'x' }, '请选择所属门店'],
  ])('refuses %o with %s', async (body, msg) => {
    const res = await move('sunli', body);
    expect(res).toMatchObject({ code: 400, msg });
  });

  it('refuses a shop the caller cannot see as 门店不存在, and changes nothing', async () => {
    const id = await customer('sunli', shops['丽人医美会所']!);
    const res = await move('sunli', { ids: [id], shopOwnerId: shops['雅韵轻医美'] });
    expect(res.msg).toBe('门店不存在');
    expect((await move('sunli', { ids: [id], shopOwnerId: 999999 })).msg).toBe('门店不存在');
    expect((await shopOf(id)).shop_owner_id).toBe(shops['丽人医美会所']);
  });

  it('needs crm:customer:update; another salesperson’s customer is out of scope; unknown ids are 客户不存在', async () => {
    const id = await customer('sunli', shops['丽人医美会所']!);
    expect((await move('chenjing', { ids: [id], shopOwnerId: shops['悦颜皮肤管理中心'] })).code).toBe(403);
    expect((await move('zhenghao', { ids: [id], shopOwnerId: shops['雅韵轻医美'] })).msg).toBe('无权访问');
    expect((await move('sunli', { ids: [999999], shopOwnerId: shops['悦颜皮肤管理中心'] })).msg).toBe('客户不存在');
    expect((await shopOf(id)).shop_owner_id).toBe(shops['丽人医美会所']);
  });
});

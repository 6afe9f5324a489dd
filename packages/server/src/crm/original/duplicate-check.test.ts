import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people } from '../../test/people.ts';

/**
 * The original's 查重 (`<Kind>/queryList`, crm/original/duplicate-check.ts): matches under every
 * owner and in the pool, answering id, name and owner only. sunli (销售, scope self) checks; 孙晓雅
 * is zhenghao's, 吴静怡 is in the pool; huangmin has no CRM right.
 */
let t: TestApp;
const { call: post, signIn } = people(() => t);
let cid: Record<string, number>;
const nextBatch = batchIds('dup-check');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhenghao', 'huangmin']);
  cid = await customerIds(t);
});
afterAll(() => t.close());

describe('CrmCustomer/queryList', () => {
  it('finds a customer under another owner and in the pool, with its id, name and owner only', async () => {
    const res = await post('sunli', '/CrmCustomer/queryList', {
      page: 1,
      limit: 10,
      types: 'crm_customer',
      customerName: '孙晓',
    });
    expect(res.code).toBe(0);
    expect(res.data.list).toEqual([
      { customerId: cid.孙晓雅, customerName: '孙晓雅', ownerUserId: expect.any(Number), ownerUserName: '郑浩' },
    ]);
    expect(res.data.totalRow).toBe(1);
    const pool = await post('sunli', '/CrmCustomer/queryList', { customerName: '吴静怡' });
    expect(pool.data.list).toEqual([
      { customerId: cid.吴静怡, customerName: '吴静怡', ownerUserId: null, ownerUserName: '' },
    ]);
  });

  it('matches a phone exactly, in 手机 or 电话', async () => {
    const [row] = await queryRows<{ mobile: string }>(
      t.database.db,
      sql`select mobile from crm_customer where customer_id = ${cid.孙晓雅}`,
    );
    const ids = async (body: Record<string, unknown>) =>
      ((await post('sunli', '/CrmCustomer/queryList', body)).data.list as { customerId: number }[]).map(
        (c) => c.customerId,
      );
    expect(await ids({ mobile: row!.mobile })).toContain(cid.孙晓雅);
    expect(await ids({ telephone: row!.mobile })).toContain(cid.孙晓雅);
    expect(await ids({ mobile: row!.mobile.slice(0, 7) })).toEqual([]);
  });

  it('refuses no condition, a one-character name and a user without the customer list', async () => {
    expect(await post('sunli', '/CrmCustomer/queryList', { page: 1, types: 'crm_customer' })).toMatchObject({
      code: 400,
      msg: '查询条件不能为空',
    });
    expect(await post('sunli', '/CrmCustomer/queryList', { customerName: '王' })).toMatchObject({
      code: 400,
      msg: '查重的名称至少输入2个字',
    });
    expect(await post('huangmin', '/CrmCustomer/queryList', { customerName: '孙晓雅' })).toMatchObject({
      code: 403,
    });
  });
});

describe('CrmLeads/queryList and CrmContacts/queryList', () => {
  it("finds another owner's lead by name and phone", async () => {
    const saved = await post('zhenghao', '/CrmLeads/addOrUpdate', {
      entity: { name: '查重测试线索', mobile: '13700001111', telephone: '028-1234567', batchId: nextBatch() },
      field: [],
    });
    expect(saved.code).toBe(0);
    const byName = await post('sunli', '/CrmLeads/queryList', { leadsName: '查重测试' });
    expect(byName.data.list).toEqual([
      {
        leadsId: saved.data.id,
        leadsName: '查重测试线索',
        name: '查重测试线索',
        ownerUserId: expect.any(Number),
        ownerUserName: '郑浩',
      },
    ]);
    const byPhone = await post('sunli', '/CrmLeads/queryList', { telephone: '028-1234567' });
    expect(byPhone.data.totalRow).toBe(1);
  });

  it("finds another owner's contact by name or by its customer's name", async () => {
    const saved = await post('zhenghao', '/CrmContacts/addOrUpdate', {
      entity: { name: '查重联系人', customerId: cid.孙晓雅, batchId: nextBatch() },
      field: [],
    });
    expect(saved.code).toBe(0);
    const byName = await post('sunli', '/CrmContacts/queryList', { name: '查重联系' });
    expect(byName.data.list).toEqual([
      {
        contactsId: saved.data.id,
        name: '查重联系人',
        customerId: cid.孙晓雅,
        customerName: '孙晓雅',
        ownerUserId: expect.any(Number),
        ownerUserName: '郑浩',
      },
    ]);
    const byCustomer = await post('sunli', '/CrmContacts/queryList', { customerName: '孙晓雅' });
    expect(byCustomer.data.list.map((c: { contactsId: number }) => c.contactsId)).toContain(saved.data.id);
  });
});

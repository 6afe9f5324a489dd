import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds, people } from '../../test/people.ts';

/**
 * A customer's transfer carries its contacts always, and its opportunities and contracts when the
 * body asks (`carry`; DECISIONS "CRM": transfer carries contacts, opportunities and contracts).
 * sunli owns 林婉清 and 陈雨桐; zhaoqiang manages sunli and may transfer; sunli may not;
 * zhenghao (销售二部) owns 孙晓雅, outside zhaoqiang's scope; chenjing has no customer permission.
 */
let t: TestApp;
const { tokens: tok, ids: uid, signIn } = people(() => t);
let cid: Record<string, number>;
let n = 0;
const batch = () => `transfer-carry-${++n}`;
const as = (who: string) => (url: string, body: unknown) => t.post(url, body, tok[who]);
const ownerOf = async (table: string, idColumn: string, id: number) => {
  const [row] = await queryRows<{ owner: number }>(
    t.database.db,
    sql`select owner_user_id as owner from ${sql.identifier(table)} where ${sql.identifier(idColumn)} = ${id}`,
  );
  return Number(row!.owner);
};

/** An opportunity, a draft contract and a contact of the customer, all sunli's. */
async function recordsOf(customer: string) {
  const options = await as('sunli')('/CrmBusiness/queryBusinessStatusOptions', {});
  const business = await as('sunli')('/CrmBusiness/addOrUpdate', {
    entity: {
      batchId: batch(),
      businessName: `${customer}的疗程`,
      customerId: cid[customer],
      typeId: options.data[0].typeId,
      statusId: options.data[0].statusList[0].statusId,
    },
    field: [],
    product: [],
  });
  const contract = await as('sunli')('/CrmContract/saveAndUpdate', {
    entity: {
      num: `HT-CARRY-${n}`,
      name: `${customer}的合同`,
      customerId: cid[customer],
      money: '1000',
      checkStatus: 5,
      batchId: batch(),
    },
    field: [],
    product: [],
  });
  const contact = await as('sunli')('/CrmContacts/addOrUpdate', {
    entity: { batchId: batch(), name: `${customer}的联系人`, customerId: cid[customer] },
    field: [],
  });
  for (const res of [business, contract, contact]) expect(res.msg).toBe('success');
  return {
    business: business.data.id as number,
    contract: contract.data.id as number,
    contact: contact.data.id as number,
  };
}
const transfer = (who: string, customer: string, extra: Record<string, unknown> = {}) =>
  as(who)('/CrmCustomer/transfer', {
    ids: [cid[customer]],
    newOwnerUserId: uid.zhoujie,
    transferType: 1,
    power: 1,
    ...extra,
  });

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'zhaoqiang', 'zhenghao', 'chenjing']);
  cid = await customerIds(t);
});
afterAll(() => t.close());

describe('CrmCustomer/transfer carrying opportunities and contracts', () => {
  it('carries the opportunities and contracts when asked, the contacts always', async () => {
    const r = await recordsOf('林婉清');
    const res = await transfer('zhaoqiang', '林婉清', { carry: ['business', 'contract'] });
    expect(res).toMatchObject({ code: 0, msg: 'success' });
    expect(await ownerOf('crm_customer', 'customer_id', cid.林婉清!)).toBe(uid.zhoujie);
    expect(await ownerOf('crm_business', 'business_id', r.business)).toBe(uid.zhoujie);
    expect(await ownerOf('crm_contract', 'contract_id', r.contract)).toBe(uid.zhoujie);
    expect(await ownerOf('crm_contacts', 'contacts_id', r.contact)).toBe(uid.zhoujie);
  });

  it('leaves them with their owner when not asked; only the opportunities when only they are asked', async () => {
    const r = await recordsOf('陈雨桐');
    expect((await transfer('zhaoqiang', '陈雨桐')).code).toBe(0);
    expect(await ownerOf('crm_business', 'business_id', r.business)).toBe(uid.sunli);
    expect(await ownerOf('crm_contract', 'contract_id', r.contract)).toBe(uid.sunli);
    expect(await ownerOf('crm_contacts', 'contacts_id', r.contact)).toBe(uid.zhoujie);
    // Back to sunli, then again with the opportunities only.
    expect((await transfer('zhaoqiang', '陈雨桐', { newOwnerUserId: uid.sunli })).code).toBe(0);
    expect((await transfer('zhaoqiang', '陈雨桐', { carry: ['business'] })).code).toBe(0);
    expect(await ownerOf('crm_business', 'business_id', r.business)).toBe(uid.zhoujie);
    expect(await ownerOf('crm_contract', 'contract_id', r.contract)).toBe(uid.sunli);
  });

  it.each([[['receivables']], ['business'], [[1]]])('refuses carry %j with 同时转移的数据有误', async (carry) => {
    const res = await transfer('zhaoqiang', '陈雨桐', { carry });
    expect(res.msg).toBe('同时转移的数据有误');
  });

  it('refuses without the permission, out of scope, and a missing customer', async () => {
    expect(await transfer('sunli', '陈雨桐', { carry: ['business'] })).toMatchObject({ code: 403, msg: '无权访问' });
    expect(await transfer('chenjing', '陈雨桐', { carry: ['business'] })).toMatchObject({ code: 403, msg: '无权访问' });
    // zhaoqiang may transfer, but not another team's customer.
    expect(await transfer('zhaoqiang', '孙晓雅', { carry: ['business'] })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    const missing = await as('zhaoqiang')('/CrmCustomer/transfer', {
      ids: [99999999],
      newOwnerUserId: uid.zhoujie,
      carry: ['business'],
    });
    expect(missing).toMatchObject({ code: 404, msg: '客户不存在' });
  });
});

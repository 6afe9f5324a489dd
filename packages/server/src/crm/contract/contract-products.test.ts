import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { customerIds, people, productIds } from '../../test/people.ts';

/**
 * A contract's product lines and its opportunity (crm-records 3, 4, 7; docs/api/contracts.md):
 * the lines are saved and re-checked as an opportunity's, `qureyProductListByContractId` answers
 * them, `CrmBusiness/queryContract` lists an opportunity's contracts. sunli owns 林婉清 and 陈雨桐,
 * zhenghao another team's 孙晓雅; huangmin has no CRM permission.
 */
let t: TestApp;
const { call: post, signIn } = people(() => t);
let cid: Record<string, number>;
let products: Record<string, number>;
let n = 0;
const batch = () => `contract-products-${++n}`;
let typeId = 0;
let stageId = 0;

/** 2 × 水光针 at 900, 1 × 玻尿酸填充 at 3800: 5600, 10% off the order: 5040. */
const lines = () => [
  { productId: products.水光针, price: 980, salesPrice: 900, num: 2, discount: 8.16, subtotal: 1800 },
  { productId: products.玻尿酸填充, price: 3800, salesPrice: 3800, num: 1, discount: 0, subtotal: 3800 },
];
const business = async (who: string, customer: string) => {
  const res = await post(who, '/CrmBusiness/addOrUpdate', {
    entity: {
      batchId: batch(),
      businessName: `${customer}的疗程`,
      customerId: cid[customer],
      typeId,
      statusId: stageId,
      totalPrice: 5040,
      discountRate: 10,
    },
    field: [],
    product: lines(),
  });
  expect(res.msg).toBe('success');
  return res.data.id as number;
};
const contractBody = (over: Record<string, unknown> = {}, product: unknown = lines()) =>
  raw({
    entity: {
      num: `HTP-${n + 1}`,
      name: '水光疗程合同',
      customerId: cid.陈雨桐,
      money: '5040',
      totalPrice: 5040,
      discountRate: 10,
      checkStatus: 5,
      batchId: batch(),
      ...over,
    },
    field: [],
    product,
  });

let ownBusiness = 0;
let otherCustomerBusiness = 0;
let strangerBusiness = 0;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhenghao', 'huangmin']);
  cid = await customerIds(t);
  products = await productIds(t);
  const options = await post('sunli', '/CrmBusiness/queryBusinessStatusOptions', {});
  typeId = options.data[0].typeId;
  stageId = options.data[0].statusList[0].statusId;
  ownBusiness = await business('sunli', '陈雨桐');
  otherCustomerBusiness = await business('sunli', '林婉清');
  strangerBusiness = await business('zhenghao', '孙晓雅');
});
afterAll(() => t.close());

describe('contract product lines', () => {
  let contractId = 0;

  it('saves a contract from an opportunity with its lines; the product list answers them', async () => {
    const res = await post('sunli', '/CrmContract/saveAndUpdate', contractBody({ businessId: ownBusiness }));
    expect(res.msg).toBe('success');
    contractId = res.data.id;
    const p = await post('sunli', '/CrmContract/qureyProductListByContractId', raw({ contractId, pageType: 0 }));
    expect(p.data).toMatchObject({ money: 5040, discountRate: 10 });
    expect(p.data.list).toHaveLength(2);
    expect(p.data.list[0]).toMatchObject({ name: '水光针', salesPrice: 900, num: 2, subtotal: 1800 });
    const read = await post('sunli', '/CrmContract/queryById', { id: contractId });
    expect(read.data.record.businessId).toBe(ownBusiness);
  });

  it('edits the draft: fewer lines replace the old ones', async () => {
    const read = await post('sunli', '/CrmContract/queryById', { id: contractId });
    const res = await post(
      'sunli',
      '/CrmContract/saveAndUpdate',
      contractBody(
        {
          contractId,
          businessId: ownBusiness,
          num: read.data.record.num,
          batchId: read.data.record.batchId,
          totalPrice: 3800,
          discountRate: 0,
        },
        [lines()[1]],
      ),
    );
    expect(res.msg).toBe('success');
    const p = await post('sunli', '/CrmContract/qureyProductListByContractId', { contractId });
    expect(p.data).toMatchObject({ money: 3800, discountRate: 0 });
    expect(p.data.list.map((l: { name: string }) => l.name)).toEqual(['玻尿酸填充']);
  });

  it.each([
    ['a tampered total', () => ({ totalPrice: 6000 }), lines, '产品合计与整单折扣不符，请重新填写'],
    [
      'a tampered subtotal',
      () => ({}),
      () => [{ ...lines()[0], subtotal: 1000 }],
      '产品小计与单价、数量不符，请重新填写',
    ],
    ['another customer’s opportunity', () => ({ businessId: otherCustomerBusiness }), lines, '商机不属于该客户'],
  ])('refuses %s', async (_, over, product, msg) => {
    const res = await post('sunli', '/CrmContract/saveAndUpdate', contractBody(over(), product()));
    expect(res.msg).toBe(msg);
    // Nothing was saved with the refused lines.
    const [row] = await queryRows(
      t.database.db,
      sql`select count(*)::int as c from crm_contract where name = '水光疗程合同'`,
    );
    expect(row).toEqual({ c: 1 });
  });

  it('refuses another salesperson’s opportunity (out of scope) and a missing one', async () => {
    const stranger = await post('sunli', '/CrmContract/saveAndUpdate', contractBody({ businessId: strangerBusiness }));
    expect(stranger).toMatchObject({ code: 403, msg: '无权访问' });
    const missing = await post('sunli', '/CrmContract/saveAndUpdate', contractBody({ businessId: 99999999 }));
    expect(missing).toMatchObject({ code: 404, msg: '商机不存在' });
  });

  it('qureyProductListByContractId: refused, out of scope, not found', async () => {
    expect(await post('huangmin', '/CrmContract/qureyProductListByContractId', { contractId })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(await post('zhenghao', '/CrmContract/qureyProductListByContractId', { contractId })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(await post('sunli', '/CrmContract/qureyProductListByContractId', { contractId: 99999999 })).toMatchObject({
      code: 404,
      msg: '合同不存在',
    });
  });

  it('CrmBusiness/queryContract lists the opportunity’s contracts; refused, out of scope, not found', async () => {
    const page = await post('sunli', '/CrmBusiness/queryContract', { businessId: ownBusiness, page: 1, limit: 10 });
    expect(page.data.totalRow).toBe(1);
    expect(page.data.list[0]).toMatchObject({ contractId, name: '水光疗程合同', customerName: '陈雨桐' });
    expect(
      (await post('sunli', '/CrmBusiness/queryContract', { businessId: otherCustomerBusiness })).data.totalRow,
    ).toBe(0);
    expect(await post('huangmin', '/CrmBusiness/queryContract', { businessId: ownBusiness })).toMatchObject({
      code: 403,
    });
    expect(await post('zhenghao', '/CrmBusiness/queryContract', { businessId: ownBusiness })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(await post('sunli', '/CrmBusiness/queryContract', { businessId: 99999999 })).toMatchObject({
      code: 404,
      msg: '商机不存在',
    });
  });

  it('an opportunity with a contract is not deleted', async () => {
    const res = await post('admin', '/CrmBusiness/deleteByIds', { ids: [ownBusiness] });
    expect(res.msg).toBe('商机下有合同，不能删除');
  });

  it('deleting the contract drops its lines', async () => {
    expect((await post('admin', '/CrmContract/deleteByIds', { ids: [contractId] })).code).toBe(0);
    const left = await queryRows(
      t.database.db,
      sql`select 1 from crm_product_line l where l.record_id = ${contractId}
          and l.label = 6`,
    );
    expect(left).toHaveLength(0);
  });
});

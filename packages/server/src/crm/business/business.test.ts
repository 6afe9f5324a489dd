import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds, people, productIds } from '../../test/people.ts';

/**
 * Opportunities and their stage groups (crm-records §7 "Business", docs/api/business.md).
 * Personas (seed): sunli and zhoujie sell in 销售一部 (own records only); zhaoqiang manages them;
 * zhenghao sells in 销售二部; wangzong administers the CRM (stage groups); chenjing (finance) has
 * no opportunity permission. The demo has the group 医美项目商机 with four stages, and products
 * 水光针 (980) and 玻尿酸填充 (3800).
 */
let t: TestApp;
const { tokens, signIn } = people(() => t);
const refused = { code: 403, msg: '无权访问' };
let batch = 0;
const nextBatch = () => `business-test-${++batch}`;
const as =
  (who: string) =>
  (url: string, body: unknown = {}) =>
    t.post(url, body, tokens[who]);
let typeId = 0;
let stages: number[] = [];
let products: Record<string, number>;
let customers: Record<string, number>;

/** Two lines: 2 × 水光针 at 900 (8.16% off 980), 1 × 玻尿酸填充 at list price; 10% off the order. */
const lines = () => [
  { productId: products.水光针, price: 980, salesPrice: 900, num: 2, discount: 8.16, subtotal: 1800 },
  { productId: products.玻尿酸填充, price: 3800, salesPrice: 3800, num: 1, discount: 0, subtotal: 3800 },
];
const body = (extra: Record<string, unknown> = {}, product: unknown = lines()) => ({
  entity: {
    businessName: '林婉清的水光疗程',
    customerId: customers.林婉清,
    typeId,
    statusId: stages[0],
    dealDate: '2026-12-31',
    totalPrice: 5040,
    discountRate: 10,
    batchId: nextBatch(),
    ...extra,
  },
  field: [],
  product,
});

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['wangzong', 'sunli', 'zhoujie', 'zhaoqiang', 'zhenghao', 'chenjing']);
  products = await productIds(t);
  customers = await customerIds(t);
  const options = await as('sunli')('/CrmBusiness/queryBusinessStatusOptions');
  typeId = options.data[0].typeId;
  stages = options.data[0].statusList.map((s: { statusId: number }) => s.statusId);
});
afterAll(() => t.close());

describe('POST /CrmBusiness/addOrUpdate', () => {
  it('creates an opportunity with its product lines; queryProduct answers {list, money, discountRate}', async () => {
    const res = await as('sunli')('/CrmBusiness/addOrUpdate', body());
    expect(res.code).toBe(0);
    const detail = await as('sunli')('/CrmBusiness/queryById', { id: res.data.id });
    expect(detail.data.record).toMatchObject({
      businessName: '林婉清的水光疗程',
      customerName: '林婉清',
      typeName: '医美项目商机',
      statusName: '初步接洽',
      money: 5040,
    });
    const p = await as('sunli')('/CrmBusiness/queryProduct', { businessId: res.data.id, pageType: 0 });
    expect(p.data).toMatchObject({ money: 5040, discountRate: 10 });
    expect(p.data.list).toEqual([
      expect.objectContaining({ name: '水光针', unit: '次', categoryName: '注射类', salesPrice: 900, subtotal: 1800 }),
      expect.objectContaining({ name: '玻尿酸填充', subtotal: 3800 }),
    ]);
  });

  it('computes the total when the form leaves it out, and replaces the lines on edit', async () => {
    const res = await as('sunli')('/CrmBusiness/addOrUpdate', body({ totalPrice: '' }));
    const id = res.data.id;
    expect((await as('sunli')('/CrmBusiness/queryProduct', { businessId: id })).data.money).toBe(5040);
    const { batchId } = (await as('sunli')('/CrmBusiness/queryById', { id })).data.record;
    const edit = await as('sunli')(
      '/CrmBusiness/addOrUpdate',
      body({ businessId: id, batchId, totalPrice: 980, discountRate: 0, money: 980 }, [
        { productId: products.水光针, price: 980, salesPrice: 980, num: 1, discount: 0, subtotal: 980 },
      ]),
    );
    expect(edit.code).toBe(0);
    const p = await as('sunli')('/CrmBusiness/queryProduct', { businessId: id });
    expect(p.data).toMatchObject({ money: 980, discountRate: 0 });
    expect(p.data.list).toHaveLength(1);
  });

  it('keeps a total typed by hand with the discount recomputed from it', async () => {
    // Σ 5600, 5000 typed: 10.71% off, which would give 5000.24 back; 5000 is stored as typed.
    const res = await as('sunli')('/CrmBusiness/addOrUpdate', body({ totalPrice: 5000, discountRate: 10.71 }));
    expect(res.code).toBe(0);
    const p = await as('sunli')('/CrmBusiness/queryProduct', { businessId: res.data.id });
    expect(p.data).toMatchObject({ money: 5000, discountRate: 10.71 });
  });

  it.each([
    [
      'a tampered subtotal',
      () => body({}, [{ ...lines()[0], subtotal: 1 }, lines()[1]]),
      '产品小计与单价、数量不符，请重新填写',
    ],
    ['a tampered total', () => body({ totalPrice: 1 }), '产品合计与整单折扣不符，请重新填写'],
    [
      'a discount that the prices do not give',
      () => body({}, [{ ...lines()[0], discount: 50 }, lines()[1]]),
      '产品小计与单价、数量不符，请重新填写',
    ],
  ])('refuses %s and stores nothing', async (_name, b, msg) => {
    const before = await queryRows(t.database.db, sql`select 1 from crm_business`);
    expect(await as('sunli')('/CrmBusiness/addOrUpdate', b())).toMatchObject({ code: 400, msg });
    expect(await queryRows(t.database.db, sql`select 1 from crm_business`)).toHaveLength(before.length);
  });

  it.each([
    ['no name', { businessName: '' }, '请输入商机名称'],
    ['no customer', { customerId: '' }, '请选择客户'],
    ['no group', { typeId: '' }, '请选择商机状态组'],
    ['no stage', { statusId: '' }, '请选择商机阶段'],
    ['a stage of no group', { statusId: 999999 }, '商机阶段不属于所选商机状态组'],
    ['an unknown group', { typeId: 999999 }, '商机状态组不存在或已停用'],
    ['money with three decimals', { money: '1.234' }, '货币的整数部分须少于10位，小数部分须少于2位'],
    ['a bad day', { dealDate: '2026-02-30' }, '预计成交日期格式有误'],
    ['a discount over 100', { discountRate: 120 }, '整单折扣须在0到100之间'],
  ])('refuses %s', async (_name, extra, msg) => {
    expect(await as('sunli')('/CrmBusiness/addOrUpdate', body(extra))).toMatchObject({ code: 400, msg });
  });

  it('refuses a product that does not exist and the same product twice', async () => {
    expect(
      await as('sunli')(
        '/CrmBusiness/addOrUpdate',
        body({ totalPrice: 900, discountRate: 0 }, [{ ...lines()[0], productId: 999999, num: 1, subtotal: 900 }]),
      ),
    ).toMatchObject({ msg: '产品不存在' });
    expect(await as('sunli')('/CrmBusiness/addOrUpdate', body({}, [lines()[0], lines()[0]]))).toMatchObject({
      msg: '同一产品不能重复添加',
    });
  });

  it('refuses a customer out of the salesperson scope, and those without the permission', async () => {
    expect(await as('zhenghao')('/CrmBusiness/addOrUpdate', body())).toMatchObject(refused);
    expect(await as('chenjing')('/CrmBusiness/addOrUpdate', body())).toMatchObject(refused);
    expect(await as('sunli')('/CrmBusiness/addOrUpdate', body({ customerId: 999999 }))).toMatchObject({
      code: 404,
      msg: '客户不存在',
    });
  });

  it('answers one opportunity for a double click', async () => {
    const b = body({ businessName: '双击商机' });
    const [x, y] = await Promise.all([
      as('sunli')('/CrmBusiness/addOrUpdate', b),
      as('sunli')('/CrmBusiness/addOrUpdate', b),
    ]);
    expect(x.data.id).toBe(y.data.id);
    const p = await as('sunli')('/CrmBusiness/queryProduct', { businessId: x.data.id });
    expect(p.data.list).toHaveLength(2);
  });
});

describe('the stage bar: queryBusinessStatus and boostBusinessStatus', () => {
  let id = 0;
  beforeAll(async () => {
    id = (await as('sunli')('/CrmBusiness/addOrUpdate', body({ businessName: '推进测试' }))).data.id;
  });

  it('answers the group and its stages in order', async () => {
    const s = await as('sunli')('/CrmBusiness/queryBusinessStatus', { businessId: id });
    expect(s.data).toMatchObject({ typeName: '医美项目商机', statusId: stages[0], isEnd: 0 });
    expect(s.data.statusList.map((x: { name: string; rate: number }) => [x.name, x.rate])).toEqual([
      ['初步接洽', 10],
      ['需求确认', 30],
      ['方案报价', 60],
      ['谈判签约', 80],
    ]);
  });

  it('boosts through two stages and ends as 赢单, each change in the log; an ended one stays', async () => {
    for (const statusId of [stages[1], stages[2]])
      expect((await as('sunli')('/CrmBusiness/boostBusinessStatus', { businessId: id, statusId })).code).toBe(0);
    expect((await as('sunli')('/CrmBusiness/queryById', { id })).data.record.statusName).toBe('方案报价');
    expect(
      (await as('sunli')('/CrmBusiness/boostBusinessStatus', { businessId: id, isEnd: 1, statusRemark: '签约' })).code,
    ).toBe(0);
    const log = await as('sunli')('/CrmBusiness/queryActionRecord', { id });
    const changes = log.data
      .filter((a: { action: string }) => a.action === 'status')
      .map((a: { changes: { before: string; after: string }[] }) => [a.changes[0]!.before, a.changes[0]!.after]);
    expect(changes).toEqual(
      expect.arrayContaining([
        ['初步接洽', '需求确认'],
        ['需求确认', '方案报价'],
        ['方案报价', '赢单'],
      ]),
    );
    expect((await as('sunli')('/CrmBusiness/queryById', { id })).data.record.statusName).toBe('赢单');
    expect(
      await as('sunli')('/CrmBusiness/boostBusinessStatus', { businessId: id, statusId: stages[3] }),
    ).toMatchObject({
      code: 400,
      msg: '商机已结束，不能再推进',
    });
  });

  it.each([
    ['no stage', { isEnd: 0 }, '请选择商机阶段'],
    ['a stage of another group', { statusId: 999999 }, '商机阶段不属于所选商机状态组'],
    ['a bad end', { isEnd: 7 }, '商机结束状态有误'],
  ])('refuses %s', async (_name, extra, msg) => {
    const open = (await as('sunli')('/CrmBusiness/addOrUpdate', body({ businessName: '校验' }))).data.id;
    expect(await as('sunli')('/CrmBusiness/boostBusinessStatus', { businessId: open, ...extra })).toMatchObject({
      code: 400,
      msg,
    });
  });

  it('refuses out of scope, without permission, and unknown opportunities', async () => {
    expect(
      await as('zhenghao')('/CrmBusiness/boostBusinessStatus', { businessId: id, statusId: stages[1] }),
    ).toMatchObject(refused);
    expect(await as('zhenghao')('/CrmBusiness/queryBusinessStatus', { businessId: id })).toMatchObject(refused);
    expect(await as('zhenghao')('/CrmBusiness/queryProduct', { businessId: id })).toMatchObject(refused);
    expect(await as('chenjing')('/CrmBusiness/queryBusinessStatus', { businessId: id })).toMatchObject(refused);
    expect(await as('sunli')('/CrmBusiness/queryBusinessStatus', { businessId: 999999 })).toMatchObject({
      code: 404,
      msg: '商机不存在',
    });
    // The manager sees the team's opportunities.
    expect((await as('zhaoqiang')('/CrmBusiness/queryBusinessStatus', { businessId: id })).code).toBe(0);
  });
});

describe('the machinery calls under /CrmBusiness', () => {
  it('lists with the spec default columns, deletes with the lines', async () => {
    const id = (await as('zhoujie')('/CrmBusiness/addOrUpdate', body({ customerId: customers.刘子涵 }))).data.id;
    const head = await as('zhoujie')('/CrmBusiness/queryListHead');
    expect(head.data.filter((c: { hidden?: boolean }) => !c.hidden).map((c: { key: string }) => c.key)).toEqual(
      expect.arrayContaining(['businessName', 'money', 'customerName', 'typeName', 'statusName']),
    );
    const list = await as('zhoujie')('/CrmBusiness/queryPageList', { page: 1, limit: 50 });
    expect(list.data.list.every((r: { ownerUserId: number }) => r.ownerUserId === list.data.list[0].ownerUserId)).toBe(
      true,
    );
    expect((await as('sunli')('/CrmBusiness/queryById', { id })).code).toBe(403);
    expect((await as('zhoujie')('/CrmBusiness/deleteByIds', { ids: [id] })).code).toBe(403);
    expect((await as('wangzong')('/CrmBusiness/deleteByIds', { ids: [id] })).code).toBe(0);
    expect(
      await queryRows(t.database.db, sql`select 1 from crm_product_line where label = 5 and record_id = ${id}`),
    ).toHaveLength(0);
  });

  it('transfers, adds members and follow-ups', async () => {
    const id = (await as('zhaoqiang')('/CrmBusiness/addOrUpdate', body({ customerId: customers.林婉清 }))).data.id;
    const users = await queryRows<{ id: number }>(
      t.database.db,
      sql`select user_id as id from sys_user where username = 'zhoujie'`,
    );
    expect(
      (await as('zhaoqiang')('/CrmBusiness/addMembers', { ids: [id], memberIds: [users[0]!.id], power: 1 })).code,
    ).toBe(0);
    expect((await as('zhoujie')('/CrmBusiness/getMembers', { id })).code).toBe(0);
    expect(
      (await as('zhaoqiang')('/CrmBusiness/addRecord', { id, category: '打电话', content: '约了面诊' })).code,
    ).toBe(0);
    expect((await as('zhaoqiang')('/CrmBusiness/getRecord', { id })).data.list[0].content).toBe('约了面诊');
    expect(
      (await as('zhaoqiang')('/CrmBusiness/transfer', { ids: [id], newOwnerUserId: users[0]!.id, transferType: 1 }))
        .code,
    ).toBe(0);
  });
});

describe('POST /CrmCustomer/queryBusiness', () => {
  it("answers a customer's opportunities the viewer may see", async () => {
    const res = await as('sunli')('/CrmCustomer/queryBusiness', { customerId: customers.林婉清, page: 1, limit: 50 });
    expect(res.code).toBe(0);
    expect(res.data.list.length).toBeGreaterThan(0);
    expect(res.data.list.every((r: { customerName: string }) => r.customerName === '林婉清')).toBe(true);
  });

  it('refuses a customer out of scope and an unknown one', async () => {
    expect(await as('zhenghao')('/CrmCustomer/queryBusiness', { customerId: customers.林婉清 })).toMatchObject(refused);
    expect(await as('sunli')('/CrmCustomer/queryBusiness', { customerId: 999999 })).toMatchObject({
      code: 404,
      msg: '客户不存在',
    });
  });
});

describe("the approval form's related opportunities (OaExamine/setOaExamine)", () => {
  it('links an opportunity the applicant may read and refuses one out of scope or unknown', async () => {
    const mine = (await as('sunli')('/CrmBusiness/addOrUpdate', body({ businessName: '审批关联' }))).data.id;
    const theirs = (
      await as('zhoujie')('/CrmBusiness/addOrUpdate', body({ customerId: customers.刘子涵, businessName: '他人商机' }))
    ).data.id;
    const cats = await as('sunli')('/OaExamineCategory/queryCategoryGroups');
    const general = (cats.data as { list: { categoryId: number; type: string }[] }[])
      .flatMap((g) => g.list)
      .find((c) => c.type === 'general')!.categoryId;
    const [liming] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select user_id as id from sys_user where username = 'liming'`,
    );
    const submit = (businessIds: string, batchId: string) =>
      as('sunli')('/OaExamine/setOaExamine', {
        oaExamine: { categoryId: general, content: '商机报价审批', detail: '报价', batchId },
        oaExamineRelation: { businessIds },
        checkUserId: [liming!.id],
      });
    const ok = await submit(String(mine), 'business-rel-ok');
    expect(ok.code).toBe(0);
    const detail = await as('sunli')('/OaExamine/queryOaExamineInfo', { examineId: ok.data.examineId });
    expect(detail.data.relation).toEqual({ businessIds: [mine] });
    expect(await submit(String(theirs), 'business-rel-other')).toMatchObject(refused);
    expect(await submit('999999', 'business-rel-unknown')).toMatchObject({ code: 404, msg: '商机不存在' });
  });
});

describe('deleting a customer with opportunities', () => {
  it('is refused, from the customer list and from the pool, and the customer stays', async () => {
    const id = customers.陈雨桐!;
    await as('sunli')('/CrmBusiness/addOrUpdate', body({ customerId: id, businessName: '陈雨桐的疗程' }));
    expect(await as('wangzong')('/CrmCustomer/deleteByIds', { ids: [id] })).toMatchObject({
      code: 400,
      msg: '客户下有商机，不能删除',
    });
    await t.database.db.execute(sql`update crm_customer set owner_user_id = null where customer_id = ${id}`);
    expect(await as('wangzong')('/CrmCustomerPool/deleteByIds', { ids: [id] })).toMatchObject({
      msg: '客户下有商机，不能删除',
    });
    expect(await queryRows(t.database.db, sql`select 1 from crm_customer where customer_id = ${id}`)).toHaveLength(1);
  });
});

describe('POST /businessType/*', () => {
  const group = (extra: Record<string, unknown> = {}) => ({
    name: '皮肤管理商机',
    statusList: [
      { name: '邀约到店', rate: 20 },
      { name: '体验', rate: 50 },
    ],
    ...extra,
  });

  it('creates a group, reorders and renames its stages, disables and deletes it', async () => {
    const res = await as('wangzong')('/businessType/saveAndUpdate', group());
    expect(res.code).toBe(0);
    const list = await as('wangzong')('/businessType/queryList');
    const saved = list.data.find((g: { typeId: number }) => g.typeId === res.data.id);
    expect(saved.statusList.map((s: { name: string }) => s.name)).toEqual(['邀约到店', '体验']);
    const [a, b] = saved.statusList;
    const edit = await as('wangzong')(
      '/businessType/saveAndUpdate',
      group({
        typeId: res.data.id,
        statusList: [
          { statusId: b.statusId, name: '深度体验', rate: 60 },
          { statusId: a.statusId, name: '邀约到店', rate: 20 },
          { name: '成交', rate: 100 },
        ],
      }),
    );
    expect(edit.code).toBe(0);
    const after = (await as('wangzong')('/businessType/queryList')).data.find(
      (g: { typeId: number }) => g.typeId === res.data.id,
    );
    expect(after.statusList.map((s: { name: string; orderNum: number }) => [s.name, s.orderNum])).toEqual([
      ['深度体验', 1],
      ['邀约到店', 2],
      ['成交', 3],
    ]);
    expect((await as('wangzong')('/businessType/updateStatus', { id: res.data.id, status: 0 })).code).toBe(0);
    const options = await as('sunli')('/CrmBusiness/queryBusinessStatusOptions');
    expect(options.data.map((g: { typeId: number }) => g.typeId)).not.toContain(res.data.id);
    expect((await as('wangzong')('/businessType/deleteById', { id: res.data.id })).code).toBe(0);
  });

  it.each([
    ['no name', { name: '' }, '请输入商机状态组名称'],
    ['no stages', { statusList: [] }, '请至少添加一个阶段'],
    ['a stage without a name', { statusList: [{ name: '', rate: 10 }] }, '请输入阶段名称'],
    ['a win rate over 100', { statusList: [{ name: '甲', rate: 120 }] }, '赢单率须为0到100的整数'],
    [
      'two stages of one name',
      {
        statusList: [
          { name: '甲', rate: 10 },
          { name: '甲', rate: 20 },
        ],
      },
      '阶段名称不能重复',
    ],
    ['a taken name', { name: '医美项目商机' }, '商机状态组名称已存在'],
  ])('refuses %s', async (_name, extra, msg) => {
    expect(await as('wangzong')('/businessType/saveAndUpdate', group(extra))).toMatchObject({ msg });
  });

  it('refuses deleting a group or a stage in use, and an unknown group', async () => {
    expect(await as('wangzong')('/businessType/deleteById', { id: typeId })).toMatchObject({
      msg: '该商机状态组已有商机使用，不能删除',
    });
    expect(
      await as('wangzong')('/businessType/saveAndUpdate', {
        typeId,
        name: '医美项目商机',
        statusList: [{ name: '唯一阶段', rate: 50 }],
      }),
    ).toMatchObject({ msg: '该阶段已有商机使用，不能删除' });
    expect(await as('wangzong')('/businessType/deleteById', { id: 999999 })).toMatchObject({
      code: 404,
      msg: '商机状态组不存在或已停用',
    });
  });

  it('keeps the settings to their permission', async () => {
    for (const url of ['queryList', 'saveAndUpdate', 'updateStatus', 'deleteById'])
      expect(await as('sunli')(`/businessType/${url}`, { id: typeId, status: 1, ...group() })).toMatchObject(refused);
  });
});

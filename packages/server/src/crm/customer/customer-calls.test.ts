import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds, people } from '../../test/people.ts';

/**
 * The customer's own calls (docs/api/customers.md) on the demo customers of the seed:
 * sunli (销售一部, scope self) owns 林婉清 (due today, followed), 陈雨桐 (due today), 王思琪
 * (closed), 赵美玲 (signed, distributor 何雪); zhenghao (销售二部) owns 孙晓雅 (due today),
 * 周若曦 (followed) and 何雪 (linked to the account hexue); three are in the pool.
 */
let t: TestApp;
const { tokens: tok, ids: uid, signIn } = people(() => t);
let cid: Record<string, number>;

const post = (who: string, url: string, body: unknown) => t.post(`/CrmCustomer/${url}`, body, tok[who]);
const get = (who: string, url: string, query: Record<string, string> = {}) =>
  t.call('GET', `/CrmCustomer/${url}`, { token: tok[who], query });
const names = (list: { customerName: string }[]) => list.map((r) => r.customerName).sort();

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhenghao', 'zhaoqiang', 'wufang', 'liming', 'chenjing', 'huangmin', 'wangzong']);
  cid = await customerIds(t);
});
afterAll(() => t.close());

const panelOf = (edit: Record<string, unknown>) => ({
  customerId: edit.customerId,
  customerName: edit.customerName,
  mobile: edit.mobile,
  hasOldCustomer: edit.hasOldCustomer,
  gender: edit.gender,
  shopOwnerId: edit.storeId,
  relation: edit.relation,
  idCard: edit.idCard,
  gatIdCard: edit.gatIdCard,
  idCardUrl: edit.idCardUrl,
  hasSign: edit.hasSign,
  signTime: edit.signTime,
  signItemUserIds: edit.signUserIds,
});

describe('CrmCustomer/queryForEdit', () => {
  it('answers the record as the panel edits it, with its flags', async () => {
    const res = await post('sunli', 'queryForEdit', { id: cid.赵美玲 });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      customerId: cid.赵美玲,
      customerName: '赵美玲',
      storeId: 2,
      hasSign: true,
      signTime: '2026-10-08',
      signUserIds: String(uid.hexue),
      isMeiXueGuWen: 0,
      hasUpdateShopOwner: 1,
      userId: null,
    });
    const advisor = await post('zhenghao', 'queryForEdit', { id: cid.何雪 });
    expect(advisor.data).toMatchObject({ isMeiXueGuWen: 1, userId: uid.hexue });
    const closed = await post('sunli', 'queryForEdit', { id: cid.王思琪 });
    expect(closed.data.hasUpdateShopOwner).toBe(0);
  });

  it('hides the ID image without lookIdCardUrl', async () => {
    await t.database.db.execute(
      sql`update crm_customer set id_card_url = '/img/id.png' where customer_id = ${cid.林婉清}`,
    );
    expect((await post('sunli', 'queryForEdit', { id: cid.林婉清 })).data.idCardUrl).toBe('');
    expect((await post('admin', 'queryForEdit', { id: cid.林婉清 })).data.idCardUrl).toBe('/img/id.png');
  });

  it('refuses without the edit permission, out of scope, and an unknown id', async () => {
    expect((await post('chenjing', 'queryForEdit', { id: cid.林婉清 })).msg).toBe('无权访问');
    expect((await post('zhenghao', 'queryForEdit', { id: cid.林婉清 })).msg).toBe('无权访问');
    expect((await post('sunli', 'queryForEdit', { id: 999999 })).msg).toBe('客户不存在');
    expect((await post('sunli', 'queryForEdit', {})).msg).toBe('记录不存在');
  });
});

describe('the edit restrictions on addOrUpdate', () => {
  it('refuses a change to an advisor’s identity but saves the rest', async () => {
    const edit = (await post('zhenghao', 'queryForEdit', { id: cid.何雪 })).data;
    const renamed = await post('zhenghao', 'addOrUpdate', panelOf({ ...edit, customerName: '何雪二' }));
    expect(renamed.msg).toBe('该客户为美学顾问，不能修改姓名、手机号、是否老客户、性别和身份证号');
    for (const over of [{ mobile: '13900000000' }, { gender: 1 }, { idCard: '510104199001010000' }]) {
      const res = await post('zhenghao', 'addOrUpdate', panelOf({ ...edit, ...over }));
      expect(res.msg).toBe('该客户为美学顾问，不能修改姓名、手机号、是否老客户、性别和身份证号');
    }
    const ok = await post('zhenghao', 'addOrUpdate', panelOf({ ...edit, relation: '重庆三级' }));
    expect(ok.code).toBe(0);
  });

  it('keeps a closed customer’s shop', async () => {
    const edit = (await post('sunli', 'queryForEdit', { id: cid.王思琪 })).data;
    const moved = await post('sunli', 'addOrUpdate', panelOf({ ...edit, storeId: 3 }));
    expect(moved.msg).toBe('已成交客户不能修改所属门店');
    expect((await post('sunli', 'addOrUpdate', panelOf(edit))).code).toBe(0);
  });

  it('refuses a new ID image from a caller who may not see or upload one, keeping the stored one', async () => {
    await t.database.db.execute(
      sql`update crm_customer set id_card_url = '/img/a.png' where customer_id = ${cid.陈雨桐}`,
    );
    const edit = (await post('sunli', 'queryForEdit', { id: cid.陈雨桐 })).data;
    // Without lookIdCardUrl the field is hidden from sunli (field permissions): a value for it is refused.
    expect((await post('sunli', 'addOrUpdate', panelOf({ ...edit, idCardUrl: '/img/b.png' }))).msg).toBe(
      '提交的字段不存在',
    );
    expect((await post('sunli', 'addOrUpdate', panelOf(edit))).code).toBe(0);
    const [row] = await queryRows<{ id_card_url: string }>(
      t.database.db,
      sql`select id_card_url from crm_customer where customer_id = ${cid.陈雨桐}`,
    );
    expect(row!.id_card_url).toBe('/img/a.png');
  });
});

describe('CrmCustomer/setDealStatus', () => {
  it('closes customers and logs it', async () => {
    const res = await post('zhaoqiang', 'setDealStatus', { ids: [cid.陈雨桐], status: 1 });
    expect(res.code).toBe(0);
    const log = await post('zhaoqiang', 'queryActionRecord', { id: cid.陈雨桐 });
    expect(log.data[0]).toMatchObject({
      action: 'dealStatus',
      changes: [{ field: 'dealStatus', name: '成交状态', before: '未成交', after: '已成交' }],
    });
    expect((await post('zhaoqiang', 'setDealStatus', { ids: String(cid.陈雨桐), status: '0' })).code).toBe(0);
    const [row] = await queryRows<{ deal_status: number }>(
      t.database.db,
      sql`select deal_status from crm_customer where customer_id = ${cid.陈雨桐}`,
    );
    expect(Number(row!.deal_status)).toBe(0);
  });

  it.each([
    [{ ids: [], status: 1 }, '请选择客户'],
    [{ ids: [1], status: 2 }, '成交状态有误'],
    [{ ids: [1] }, '成交状态有误'],
    [{ ids: 'x', status: 1 }, '请选择客户'],
  ])('refuses %o with %s', async (body, msg) => {
    expect((await post('zhaoqiang', 'setDealStatus', body)).msg).toBe(msg);
  });

  it('needs crm:customer:dealStatus, scope and an existing customer', async () => {
    expect((await post('sunli', 'setDealStatus', { ids: [cid.林婉清], status: 1 })).msg).toBe('无权访问');
    expect((await post('wufang', 'setDealStatus', { ids: [cid.林婉清], status: 1 })).msg).toBe('无权访问');
    expect((await post('zhaoqiang', 'setDealStatus', { ids: [999999], status: 1 })).msg).toBe('客户不存在');
  });
});

describe('CrmCustomer/searchMySignList', () => {
  it('answers name-phone candidates; a distributor of another signing is disabled', async () => {
    const res = await post('sunli', 'searchMySignList', { search: '何' });
    expect(res.data).toEqual([{ userId: uid.hexue, userName: '何雪', userPhone: '13800000012', disabled: 1 }]);
    const own = await post('sunli', 'searchMySignList', { search: '何', customerId: cid.赵美玲 });
    expect(own.data[0].disabled).toBe(0);
    const held = await post('sunli', 'searchMySignList', { search: '孙', selectSingUserIds: String(uid.hexue) });
    expect(held.data).toContainEqual({ userId: uid.hexue, userName: '何雪', userPhone: '13800000012', disabled: 0 });
    expect(held.data.map((c: { userName: string }) => c.userName)).toContain('孙丽');
    const byPhone = await post('sunli', 'searchMySignList', { search: '13800000012', userId: uid.hexue });
    expect(byPhone.data).toEqual([]);
  });

  it('refuses a bad id list and a caller who cannot edit customers', async () => {
    expect((await post('sunli', 'searchMySignList', { selectSingUserIds: 'x' })).msg).toBe('下级经销商有误');
    expect((await post('chenjing', 'searchMySignList', {})).msg).toBe('无权访问');
  });
});

describe('CrmCustomer/querySingInfoByUserId', () => {
  it('answers the signed customers naming the person, within scope', async () => {
    const res = await post('sunli', 'querySingInfoByUserId', { userId: uid.hexue });
    expect(res.data).toMatchObject({ userId: uid.hexue, userName: '何雪', userPhone: '13800000012' });
    expect(names(res.data.customers)).toEqual(['赵美玲']);
    expect((await post('zhenghao', 'querySingInfoByUserId', { userId: uid.hexue })).data.customers).toEqual([]);
  });

  it('refuses a missing or unknown user and a caller without customer access', async () => {
    expect((await post('sunli', 'querySingInfoByUserId', {})).msg).toBe('请选择用户');
    expect((await post('sunli', 'querySingInfoByUserId', { userId: 999999 })).msg).toBe('用户不存在');
    expect((await post('huangmin', 'querySingInfoByUserId', { userId: uid.hexue })).msg).toBe('无权访问');
  });
});

describe('customer limits (queryCustomerSetting, customerSetting, deleteCustomerSetting)', () => {
  it('creates, lists, updates and deletes a limit', async () => {
    const made = await post('wangzong', 'customerSetting', {
      settingName: '销售一部上限',
      type: 1,
      customerNum: 50,
      customDeal: 1,
      userIds: [uid.sunli],
      deptIds: '',
    });
    expect(made.code).toBe(0);
    const id = made.data.settingId;
    const list = await post('wangzong', 'queryCustomerSetting', { type: 1 });
    expect(list.data).toMatchObject({ totalRow: 1, page: 1 });
    expect(list.data.list[0]).toMatchObject({
      settingId: id,
      settingName: '销售一部上限',
      customerNum: 50,
      customDeal: 1,
      users: [{ userId: uid.sunli, realname: '孙丽' }],
      depts: [],
    });
    expect((await post('wangzong', 'queryCustomerSetting', { type: 2 })).data.totalRow).toBe(0);
    const updated = await post('wangzong', 'customerSetting', {
      settingId: id,
      settingName: '销售一部上限',
      type: 1,
      customerNum: 80,
      userIds: [uid.sunli, uid.zhoujie],
    });
    expect(updated.data.settingId).toBe(id);
    const [row] = await queryRows<{ customer_num: number; user_ids: number[]; custom_deal: number }>(
      t.database.db,
      sql`select customer_num, user_ids, custom_deal from crm_customer_setting where id = ${id}`,
    );
    expect(row).toEqual({ customer_num: 80, user_ids: [uid.sunli, uid.zhoujie], custom_deal: 0 });
    expect((await post('wangzong', 'deleteCustomerSetting', { settingId: id })).code).toBe(0);
    expect((await post('wangzong', 'deleteCustomerSetting', { settingId: id })).msg).toBe('规则不存在');
  });

  const valid = { settingName: '上限', type: 2, customerNum: 5, userIds: [1] };
  it.each([
    [{ settingName: '' }, '请输入规则名称'],
    [{ type: 3 }, '规则类型有误'],
    [{ customerNum: 0 }, '客户数量须为1到100000的整数'],
    [{ customerNum: 'x' }, '客户数量须为1到100000的整数'],
    [{ customDeal: 2 }, '成交客户是否占用数量有误'],
    [{ userIds: [] }, '请选择适用的员工或部门'],
    [{ userIds: [999999] }, '员工有误'],
    [{ deptIds: [999999] }, '部门有误'],
    [{ settingId: 999999 }, '规则不存在'],
  ])('refuses %o with %s', async (over, msg) => {
    expect((await post('wangzong', 'customerSetting', { ...valid, ...over })).msg).toBe(msg);
  });

  it('needs manage:crm:setting', async () => {
    expect((await post('sunli', 'queryCustomerSetting', {})).msg).toBe('无权访问');
    expect((await post('sunli', 'customerSetting', valid)).msg).toBe('无权访问');
    expect((await post('sunli', 'deleteCustomerSetting', { settingId: 1 })).msg).toBe('无权访问');
  });
});

describe('the app lists (GET)', () => {
  it('lists an owner’s customers within scope', async () => {
    const mine = await get('sunli', 'appQueryPageListByOwnerUserId');
    expect(mine.code).toBe(0);
    expect(names(mine.data.list)).toEqual(['林婉清', '王思琪', '赵美玲', '陈雨桐']);
    expect(mine.data).toMatchObject({ totalRow: 4, page: 1, limit: 15 });
    const paged = await get('sunli', 'appQueryPageListByOwnerUserId', { page: '2', limit: '3' });
    expect(paged.data.list).toHaveLength(1);
    const other = await get('sunli', 'appQueryPageListByOwnerUserId', { ownerUserId: String(uid.zhenghao) });
    expect(other.data.totalRow).toBe(0);
    const manager = await get('wufang', 'appQueryPageListByOwnerUserId', { ownerUserId: String(uid.zhenghao) });
    expect(names(manager.data.list)).toEqual(['何雪', '周若曦', '孙晓雅'].sort());
  });

  it('lists the signed customers naming a distributor', async () => {
    const res = await get('sunli', 'appQueryPageListByOwnerUserIdCustumer', { userId: String(uid.hexue) });
    expect(names(res.data.list)).toEqual(['赵美玲']);
  });

  it('searches by name or phone, never the pool', async () => {
    expect(names((await get('liming', 'pageQueryCustomerBySearch', { search: '13912340007' })).data.list)).toEqual([
      '孙晓雅',
    ]);
    expect((await get('liming', 'pageQueryCustomerBySearch', { search: '吴静怡' })).data.totalRow).toBe(0);
    expect((await get('sunli', 'pageQueryCustomerBySearch', { search: '孙晓雅' })).data.totalRow).toBe(0);
  });

  it('refuses a bad page and a caller without the customer list', async () => {
    expect((await get('sunli', 'pageQueryCustomerBySearch', { page: '0' })).msg).toBe('页码有误');
    expect((await get('sunli', 'appQueryPageListByOwnerUserId', { ownerUserId: 'x' })).msg).toBe('负责人有误');
    expect((await get('huangmin', 'pageQueryCustomerBySearch')).msg).toBe('无权访问');
  });
});

describe('CrmBackLog/num for customers', () => {
  it('counts customers due today in scope and owned ones never followed up', async () => {
    // The seed makes its due customers due at 15:00 of the day the seeded database was built, once per
    // run: bring them to today's 15:00, or a run crossing midnight in Beijing would find none due.
    await t.database.db.execute(sql`update crm_customer set next_time =
      (date_trunc('day', now() at time zone 'Asia/Shanghai') + interval '15 hours') at time zone 'Asia/Shanghai'
      where next_time is not null`);
    const sunli = (await t.post('/CrmBackLog/num', {}, tok.sunli)).data;
    expect(sunli).toMatchObject({ todayCustomer: 2, followCustomer: 2 });
    const zhenghao = (await t.post('/CrmBackLog/num', {}, tok.zhenghao)).data;
    expect(zhenghao).toMatchObject({ todayCustomer: 1, followCustomer: 2 });
    const manager = (await t.post('/CrmBackLog/num', {}, tok.zhaoqiang)).data;
    expect(manager).toMatchObject({ todayCustomer: 3, followCustomer: 0 });
    expect((await t.post('/CrmBackLog/num', {}, tok.huangmin)).data.totalNum).toBe(0);
  });
});

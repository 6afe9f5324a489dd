import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { file, fixtures, postMultipart } from '../../files/test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/**
 * The shop calls of spec 7.2. Personas (seed): sunli and zhoujie sell in 销售一部 (own records
 * only) under zhaoqiang (sales manager, own and child departments); zhenghao sells in 销售二部;
 * chenjing (finance) has no shop permission; admin is super. The demo seeds 丽人医美会所 and
 * 悦颜皮肤管理中心 for sunli, 美丽人生美容院 for zhoujie, 雅韵轻医美 for zhenghao.
 */
let t: TestApp;
const { tokens, ids: users, signIn } = people(() => t);
const shops: Record<string, number> = {};
const classes: number[] = [];
const refused = { code: 403, msg: '无权访问' };

const as =
  (who: string) =>
  (url: string, body: unknown = {}) =>
    t.post(`/api/Store/${url}`, body, tokens[who]);
let batch = 0;
const nextBatch = () => `store-test-${++batch}`;

/** A valid payload as the form sends it (spec 3.1). */
const payload = (extra: Record<string, unknown> = {}) => ({
  name: '林小美',
  sex: 1,
  isManageShops: 1,
  otherManage: '林店长',
  otherPhone: '13900000000',
  phone: '13800138000',
  idCard: '510104199001011234',
  shopName: '星河美学馆',
  shopAddress: '四川省成都市锦江区红星路一段1号',
  relation: String(users.zhaoqiang),
  projectClass: String(classes[0]),
  signing: '0,2',
  signTime: '2026-11-01',
  money: '12800.456',
  giveProject: '微整项目,手术项目',
  hasOldCustomer: 0,
  isWebGuWenUpdate: 1,
  hasSign: false,
  batchId: nextBatch(),
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhoujie', 'zhaoqiang', 'zhenghao', 'chenjing']);
  for (const r of await queryRows<{ id: number; shop_name: string }>(
    t.database.db,
    sql`select id, shop_name from crm_store`,
  ))
    shops[r.shop_name] = Number(r.id);
  for (const r of await queryRows<{ class_id: number }>(
    t.database.db,
    // The catalogue's top classes (clinic/catalogue), as the shop form lists them.
    sql`select class_id from crm_project_class where pid is null order by sort`,
  ))
    classes.push(Number(r.class_id));
});
afterAll(() => t.close());

describe('POST /api/Store/addShopOwner', () => {
  it('creates a shop owned by its creator, money cut to two decimals, the codes as sent', async () => {
    const res = await as('sunli')('addShopOwner', payload());
    expect(res.code).toBe(0);
    const detail = await as('sunli')('queryShopOwnerById', { id: res.data.id });
    expect(detail.code).toBe(0);
    expect(detail.data.record).toMatchObject({
      id: res.data.id,
      shopName: '星河美学馆',
      money: 12800.45,
      signing: '0,2',
      signTime: '2026-11-01',
      sex: 1,
      hasOldCustomer: 0,
      giveProject: '微整项目,手术项目',
      ownerUserId: users.sunli,
      ownerUserName: '孙丽',
    });
    expect(detail.data).toMatchObject({ IsCanUpdateUserOwner: false, relationName: '赵强', parentName: '' });
  });

  it('makes a double click one shop', async () => {
    const body = payload({ shopName: '双击测试店' });
    const [a, b] = [await as('sunli')('addShopOwner', body), await as('sunli')('addShopOwner', body)];
    expect(a.code).toBe(0);
    expect(b.data.id).toBe(a.data.id);
  });

  it.each([
    ['name', { name: '' }, '请输入店主姓名'],
    ['phone missing', { phone: '' }, '请输入正确的门店联系电话'],
    ['phone not digits', { phone: '1380013800a' }, '请输入正确的门店联系电话'],
    ['phone over 11', { phone: '138001380001' }, '请输入正确的门店联系电话'],
    ['idCard', { idCard: '' }, '请输入身份证号'],
    ['idCard over 18', { idCard: '5101041990010112345' }, '身份证号不能超过18个字符'],
    ['money', { money: '' }, '请输入签约金额'],
    ['money negative', { money: '-1' }, '签约金额须为不小于0的数字'],
    ['shopName', { shopName: '' }, '请输入门店名称'],
    ['otherManage', { otherManage: '' }, '请输入管理员用户名'],
    ['manager phone over 11', { otherPhone: '139000000001' }, '管理员电话须为不超过11位的数字'],
    ['shopAddress', { shopAddress: '' }, '请选择门店地址'],
    ['relation', { relation: '' }, '请选择服务三级'],
    ['projectClass', { projectClass: '' }, '请选择门店主营项目分类'],
    ['signing', { signing: '' }, '请输入签约目标'],
    ['signing out of 0-3', { signing: '4' }, '签约目标有误'],
    ['signTime', { signTime: '' }, '请选择日期'],
    ['signTime not a day', { signTime: '2026-02-30' }, '请选择日期'],
    ['gift projects over 2', { giveProject: '微整项目,手术项目,3800券4张' }, '赠送项目最多选择2项'],
    ['a provider twice', { serverIds: '5,5' }, '同一服务商只能选择一次'],
    ['signing date when signed', { hasSign: true, signTimes: '' }, '请选择日期'],
  ])('refuses %s: %s', async (_what, extra, msg) => {
    const res = await as('sunli')('addShopOwner', payload(extra));
    expect({ code: res.code, msg: res.msg }).toEqual({ code: 400, msg });
  });

  it('refuses a main shop or provider out of scope, an unknown class and an unknown employee', async () => {
    const other = shops.雅韵轻医美;
    expect((await as('sunli')('addShopOwner', payload({ parentLoginShopOwnerId: other }))).msg).toBe('主店不存在');
    expect((await as('sunli')('addShopOwner', payload({ serverIds: String(other) }))).msg).toBe('服务商有误');
    expect((await as('sunli')('addShopOwner', payload({ projectClass: '999999' }))).msg).toBe('项目分类不存在');
    expect((await as('sunli')('addShopOwner', payload({ relation: '999999' }))).msg).toBe('所选员工不存在');
  });

  it('refuses whoever may not create shops', async () => {
    expect(await as('chenjing')('addShopOwner', payload())).toMatchObject(refused);
  });

  it('keeps the photos of both batches with the shop, visible to who sees it', async () => {
    const photoBatch = nextBatch();
    const up = await postMultipart(
      t,
      '/file/upload',
      { batchId: photoBatch, type: 'img', file: file('license.png', fixtures.png, 'image/png') },
      tokens.sunli,
    );
    expect(up.code).toBe(0);
    const res = await as('sunli')(
      'addShopOwner',
      payload({ shopName: '带照片的店', businessLicensePhotos: photoBatch }),
    );
    expect(res.code).toBe(0);
    const seen = await t.post('/file/queryByBatchId', { batchId: photoBatch }, tokens.zhaoqiang);
    expect(seen.data.map((f: { name: string }) => f.name)).toEqual(['license.png']);
    const hidden = await t.post('/file/queryByBatchId', { batchId: photoBatch }, tokens.zhenghao);
    expect(hidden.data ?? []).toEqual([]);
  });

  it('gives the shop its owner’s ID image (uploaded into the form’s batch), seen by who sees the shop', async () => {
    const formBatch = nextBatch();
    const up = await postMultipart(
      t,
      '/file/upload',
      { batchId: formBatch, type: 'img', file: file('id.png', fixtures.png, 'image/png') },
      tokens.sunli,
    );
    const url = up.data.url as string;
    const res = await as('sunli')(
      'addShopOwner',
      payload({ shopName: '带证件的店', batchId: formBatch, idCardUrl: url }),
    );
    expect(res.code).toBe(0);
    const view = async (who: string) => {
      const r = await t.app.inject({ method: 'GET', url, headers: { 'admin-token': tokens[who]! } });
      return r.statusCode === 200 && r.rawPayload.equals(fixtures.png) ? 'image' : r.json();
    };
    expect(await view('zhaoqiang')).toBe('image');
    expect(await view('zhenghao')).toMatchObject(refused);
    const [owner] = await queryRows<{ owner_kind: string }>(
      t.database.db,
      sql`select owner_kind from sys_file where file_id = ${up.data.fileId}`,
    );
    expect(owner!.owner_kind).toBe('crm_store.idCardUrl');
  });
});

describe('POST /api/Store/editShopOwner', () => {
  it('edits a shop in scope', async () => {
    const id = shops.丽人医美会所!;
    const res = await as('sunli')(
      'editShopOwner',
      payload({
        id,
        shopName: '丽人医美会所（旗舰店）',
        hasSign: true,
        signTimes: '2026-11-02',
        signItemUserIds: `${users.zhoujie}`,
      }),
    );
    expect(res.code).toBe(0);
    const detail = await as('sunli')('queryShopOwnerById', { id });
    expect(detail.data.record).toMatchObject({
      shopName: '丽人医美会所（旗舰店）',
      hasSign: true,
      signTimes: '2026-11-02',
    });
    expect(detail.data.signUserIds).toEqual([{ userId: users.zhoujie, realname: '周杰' }]);
  });

  it('refuses a shop out of scope, a missing one and one without the update permission', async () => {
    expect(await as('zhoujie')('editShopOwner', payload({ id: shops.悦颜皮肤管理中心 }))).toMatchObject(refused);
    expect(await as('sunli')('editShopOwner', payload({ id: 999999 }))).toMatchObject({ code: 404, msg: '门店不存在' });
    expect(await as('chenjing')('editShopOwner', payload({ id: shops.悦颜皮肤管理中心 }))).toMatchObject(refused);
  });

  it('lets a manager hand a shop to someone else, never a salesperson of own records only', async () => {
    const id = shops.悦颜皮肤管理中心!;
    const own = await as('sunli')('editShopOwner', payload({ id, ownerUserId: users.zhoujie }));
    expect(own).toMatchObject(refused);
    const detail = await as('zhaoqiang')('queryShopOwnerById', { id });
    expect(detail.data.IsCanUpdateUserOwner).toBe(true);
    const res = await as('zhaoqiang')('editShopOwner', payload({ id, ownerUserId: users.zhoujie }));
    expect(res.code).toBe(0);
    expect((await as('zhoujie')('queryShopOwnerById', { id })).data.record.ownerUserId).toBe(users.zhoujie);
  });
});

describe('the shop lists', () => {
  it('findPage answers the shops in scope, searchable', async () => {
    const mine = await as('zhenghao')('findPage', { page: 1, limit: 15 });
    expect(mine.data.list.map((r: { shopName: string }) => r.shopName)).toEqual(['雅韵轻医美']);
    const team = await as('zhaoqiang')('findPage', { search: '美丽人生' });
    expect(team.data.list.map((r: { shopName: string }) => r.shopName)).toEqual(['美丽人生美容院']);
    expect(await as('chenjing')('findPage', {})).toMatchObject(refused);
  });

  it('GET queryMyShoperOwnerPage answers the viewer’s own shops', async () => {
    const res = await t.call('GET', '/api/Store/queryMyShoperOwnerPage', {
      token: tokens.zhaoqiang,
      query: { page: '1', limit: '10', search: '' },
    });
    expect(res.code).toBe(0);
    expect(res.data.list.map((r: { shopName: string }) => r.shopName)).toEqual(['尚美医疗美容诊所']);
  });

  it('searchShop matches a case-insensitive prefix of the name in scope', async () => {
    await as('zhenghao')('addShopOwner', payload({ shopName: 'Aurora 美肤', relation: String(users.zhenghao) }));
    expect((await as('zhenghao')('searchShop', { search: 'aur' })).data).toEqual([
      { shopId: expect.any(Number), shopName: 'Aurora 美肤', relation: '郑浩' },
    ]);
    expect((await as('zhenghao')('searchShop', { search: '美肤' })).data).toEqual([]);
    expect((await as('sunli')('searchShop', { search: 'aur' })).data).toEqual([]);
    expect(await as('chenjing')('searchShop', { search: 'a' })).toMatchObject(refused);
  });

  it('queryShopOwnerList and the provider list search shops in scope, never the shop itself', async () => {
    const list = await as('zhaoqiang')('queryShopOwnerList', { search: '美' });
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((s: { shopName: string; name: string }) => /美/.test(s.shopName + s.name))).toBe(true);
    const id = shops.美丽人生美容院!;
    const providers = await as('zhaoqiang')('queryServerList', { search: '', shopId: id });
    expect(providers.data.some((s: { shopId: number }) => s.shopId === id)).toBe(false);
    expect(providers.data.some((s: { shopId: number }) => s.shopId === shops.雅韵轻医美)).toBe(false);
    expect(await as('chenjing')('queryShopOwnerList', {})).toMatchObject(refused);
  });

  it('queryShopOwnerRelation lists active employees by name', async () => {
    const res = await as('sunli')('queryShopOwnerRelation', { search: '赵' });
    expect(res.data).toEqual([{ userId: users.zhaoqiang, realname: '赵强', deptName: '销售一部' }]);
  });
});

describe('project classes and projects', () => {
  it('lists classes, projects by class, and saves and reads a shop’s projects', async () => {
    const cls = await as('sunli')('findProjectClass');
    expect(cls.data.map((c: { className: string }) => c.className)).toEqual([
      '注射美容',
      '光电美肤',
      '皮肤管理',
      '手术整形',
      '生活美容',
    ]);
    // A top class answers the projects of its subclasses too (手术整形 › 眼部, 鼻部).
    const projects = await as('sunli')('findProjectByType', { classIds: String(classes[3]) });
    expect(projects.data.map((p: { projectName: string }) => p.projectName)).toEqual([
      '全切双眼皮',
      '内切祛眼袋',
      '开眼角',
      '综合隆鼻',
      '假体隆鼻',
      '鼻综合修复',
    ]);
    const id = shops.美丽人生美容院!;
    const pick = projects.data.slice(0, 2).map((p: { projectId: number }) => p.projectId);
    expect((await as('zhoujie')('saveShopOwnerProject', { id, projectIds: pick.join(',') })).code).toBe(0);
    const saved = await as('zhoujie')('findShopOwnerProjects', { id });
    expect(saved.data.map((p: { projectId: number }) => p.projectId)).toEqual(pick);
  });

  it('refuses a shop out of scope, a missing shop, an unknown project and no permission', async () => {
    const id = shops.美丽人生美容院!;
    expect(await as('zhenghao')('findShopOwnerProjects', { id })).toMatchObject(refused);
    expect(await as('zhenghao')('saveShopOwnerProject', { id, projectIds: '' })).toMatchObject(refused);
    expect(await as('zhoujie')('findShopOwnerProjects', { id: 999999 })).toMatchObject({
      code: 404,
      msg: '门店不存在',
    });
    expect((await as('zhoujie')('saveShopOwnerProject', { id, projectIds: '999999' })).msg).toBe('项目不存在');
    expect(await as('chenjing')('findProjectClass')).toMatchObject(refused);
  });
});

describe('POST /api/Store/queryBankName', () => {
  it.each([
    ['6228480012345678', '中国农业银行'],
    ['6222 0212 3456 7890', '中国工商银行'],
    ['6217001234567890', '中国建设银行'],
    ['9999991234567890', null],
  ])('%s → %s', async (cardNumber, bankName) => {
    expect((await as('sunli')('queryBankName', { cardNumber })).data).toEqual({ bankName });
  });

  it('needs 10 digits and the permission', async () => {
    expect((await as('sunli')('queryBankName', { cardNumber: '622848001' })).msg).toBe('请输入至少10位银行卡号');
    expect(await as('chenjing')('queryBankName', { cardNumber: '6228480012345678' })).toMatchObject(refused);
  });
});

describe('POST /api/Store/queryShopOwnerById', () => {
  it('refuses out of scope and answers 门店不存在 for a missing shop', async () => {
    expect(await as('zhenghao')('queryShopOwnerById', { id: shops.美丽人生美容院 })).toMatchObject(refused);
    expect(await as('sunli')('queryShopOwnerById', { id: 999999 })).toMatchObject({ code: 404, msg: '门店不存在' });
  });
});

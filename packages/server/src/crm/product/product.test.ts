import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { download, importFinished, sheetRows, uploadImport, workbookOf } from '../records/excel/test-support.ts';

/**
 * Products and categories (crm-records §7 "Product", docs/api/products.md). Personas (seed):
 * wangzong is the CRM administrator (every product action, the category settings); sunli sells
 * (lists and reads products only); chenjing (finance) reads products; hexue (advisor) too.
 * The demo catalogue has 5 products, one of them (旧款补水面膜) off the shelf.
 */
let t: TestApp;
const { tokens, signIn } = people(() => t);
const refused = { code: 403, msg: '无权访问' };
let batch = 0;
const nextBatch = () => `product-test-${++batch}`;
const as =
  (who: string) =>
  (url: string, body: unknown = {}) =>
    t.post(url, body, tokens[who]);
let leaf = 0;
let top = 0;

const entity = (extra: Record<string, unknown> = {}) => ({
  name: '超声炮',
  categoryId: leaf,
  unit: '次',
  price: '6800.5',
  status: 1,
  batchId: nextBatch(),
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'wangzong', 'sunli', 'chenjing']);
  const tree = await as('wangzong')('/CrmProductCategory/queryList');
  top = tree.data[0].categoryId;
  leaf = tree.data[0].children[0].categoryId;
});
afterAll(() => t.close());

describe('POST /CrmProductCategory/*', () => {
  it('answers the tree (categoryId, label, children) to the settings and to product readers', async () => {
    const tree = await as('sunli')('/CrmProductCategory/queryList');
    expect(tree.code).toBe(0);
    expect(tree.data.map((n: { label: string }) => n.label)).toEqual(['医美项目', '护肤品']);
    expect(tree.data[0].children.map((n: { label: string }) => n.label)).toEqual(['注射类', '光电类']);
  });

  it('adds, renames and deletes an empty category', async () => {
    const add = await as('wangzong')('/CrmProductCategory/saveAndUpdate', { name: '仪器类', pid: top });
    expect(add.code).toBe(0);
    const rename = await as('wangzong')('/CrmProductCategory/saveAndUpdate', {
      categoryId: add.data.id,
      name: '仪器设备',
      pid: top,
    });
    expect(rename.code).toBe(0);
    const tree = await as('wangzong')('/CrmProductCategory/queryList');
    expect(tree.data[0].children.map((n: { label: string }) => n.label)).toContain('仪器设备');
    expect((await as('wangzong')('/CrmProductCategory/deleteById', { id: add.data.id })).code).toBe(0);
  });

  it.each([
    ['no name', { name: '' }, '请输入类别名称'],
    ['a sibling of the same name', { name: '注射类', pid: 0 }, '同级下已有同名类别'],
    ['an unknown parent', { name: '新类', pid: 999999 }, '上级类别不存在'],
  ])('refuses %s', async (_name, body, msg) => {
    const b = { ...body } as Record<string, unknown>;
    if (b.pid === 0) b.pid = top;
    expect(await as('wangzong')('/CrmProductCategory/saveAndUpdate', b)).toMatchObject({ msg });
  });

  it('refuses to move a category under its own child', async () => {
    expect(
      await as('wangzong')('/CrmProductCategory/saveAndUpdate', { categoryId: top, name: '医美项目', pid: leaf }),
    ).toMatchObject({ code: 400, msg: '上级类别不能是自己或下级类别' });
  });

  it('refuses deleting a category with children or products, and an unknown one', async () => {
    expect(await as('wangzong')('/CrmProductCategory/deleteById', { id: top })).toMatchObject({
      msg: '该类别下有子类别，请先删除子类别',
    });
    expect(await as('wangzong')('/CrmProductCategory/deleteById', { id: leaf })).toMatchObject({
      msg: '该类别下有产品，不能删除',
    });
    expect(await as('wangzong')('/CrmProductCategory/deleteById', { id: 999999 })).toMatchObject({
      code: 404,
      msg: '产品类别不存在',
    });
  });

  it('keeps the settings to their permission', async () => {
    expect(await as('sunli')('/CrmProductCategory/saveAndUpdate', { name: '越权' })).toMatchObject(refused);
    expect(await as('sunli')('/CrmProductCategory/deleteById', { id: leaf })).toMatchObject(refused);
  });
});

describe('POST /CrmProduct/saveAndUpdate', () => {
  it('creates a product, money to two decimals, and edits it', async () => {
    const res = await as('wangzong')('/CrmProduct/saveAndUpdate', { entity: entity(), field: [] });
    expect(res.code).toBe(0);
    const detail = await as('sunli')('/CrmProduct/queryById', { id: res.data.id });
    expect(detail.data.record).toMatchObject({ name: '超声炮', price: 6800.5, status: 1, categoryName: '注射类' });
    const edit = await as('wangzong')('/CrmProduct/saveAndUpdate', {
      entity: { ...entity({ price: 7000 }), productId: res.data.id, batchId: detail.data.record.batchId },
    });
    expect(edit.code).toBe(0);
    expect((await as('sunli')('/CrmProduct/queryById', { id: res.data.id })).data.record.price).toBe(7000);
  });

  it('exports the category by its name and the shelf state by its word, as the list shows them', async () => {
    const res = await download(t, '/CrmProduct/excelExport', { search: '超声炮' }, tokens.wangzong);
    const [head, row] = await sheetRows(res.rawPayload);
    expect([row![head!.indexOf('产品类别')], row![head!.indexOf('是否上架')]]).toEqual(['注射类', '上架']);

    // The same sheet as a new product: the category's name and the shelf word are read back.
    const copy = [...row!];
    copy[head!.indexOf('产品名称')] = '超声炮二代';
    copy[head!.indexOf('产品编码')] = '';
    const bytes = await workbookOf([head!, copy], '产品');
    const started = await uploadImport(t, 'CrmProduct', tokens.wangzong, bytes, '产品.xlsx');
    const done = await importFinished(t, 'CrmProduct', tokens.wangzong, started.data.jobId);
    expect(done.data).toMatchObject({ total: 1, imported: 1, rejected: [] });
    const list = await as('wangzong')('/CrmProduct/queryPageList', { search: '超声炮二代' });
    expect(list.data.list[0]).toMatchObject({ categoryId: leaf, categoryName: '注射类', status: 1 });
  });

  it('answers one product for a double click', async () => {
    const body = { entity: entity({ name: '双击产品' }) };
    const [a, b] = await Promise.all([
      as('wangzong')('/CrmProduct/saveAndUpdate', body),
      as('wangzong')('/CrmProduct/saveAndUpdate', body),
    ]);
    expect(a.data.id).toBe(b.data.id);
  });

  it.each([
    ['no name', { name: '' }, '请输入产品名称'],
    ['no category', { categoryId: '' }, '请选择产品类别'],
    ['an unknown category', { categoryId: 999999 }, '产品类别不存在'],
    ['no price', { price: '' }, '请输入标准价格'],
    ['three decimals', { price: '1.234' }, '货币的整数部分须少于10位，小数部分须少于2位'],
    ['a bad shelf status', { status: 5 }, '上架状态有误'],
  ])('refuses %s', async (_name, extra, msg) => {
    expect(await as('wangzong')('/CrmProduct/saveAndUpdate', { entity: entity(extra) })).toMatchObject({
      code: 400,
      msg,
    });
  });

  it('refuses a duplicate product code', async () => {
    await as('wangzong')('/CrmProduct/saveAndUpdate', { entity: entity({ name: '编码一', num: 'X-1' }) });
    expect(
      await as('wangzong')('/CrmProduct/saveAndUpdate', { entity: entity({ name: '编码二', num: 'X-1' }) }),
    ).toMatchObject({ msg: '产品编码已存在' });
  });

  it('refuses those without the permission, and an unknown product', async () => {
    expect(await as('sunli')('/CrmProduct/saveAndUpdate', { entity: entity() })).toMatchObject(refused);
    expect(
      await as('wangzong')('/CrmProduct/saveAndUpdate', { entity: { ...entity(), productId: 999999 } }),
    ).toMatchObject({ code: 404, msg: '产品不存在' });
  });
});

describe('POST /CrmProduct/queryPageList and the shelf scenes', () => {
  it('shows the whole catalogue to a salesperson who created none of it', async () => {
    const list = await as('sunli')('/CrmProduct/queryPageList', { page: 1, limit: 50 });
    expect(list.code).toBe(0);
    expect(list.data.list.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['水光针', '热玛吉']));
    expect(list.data.list[0]).toHaveProperty('categoryName');
  });

  it('lists on-shelf (-6) and off-shelf (-7) products', async () => {
    const on = await as('sunli')('/CrmProduct/queryPageList', { page: 1, limit: 50, sceneId: -6 });
    const off = await as('sunli')('/CrmProduct/queryPageList', { page: 1, limit: 50, sceneId: -7 });
    expect(on.data.list.every((r: { status: number }) => r.status === 1)).toBe(true);
    expect(off.data.list.map((r: { name: string }) => r.name)).toContain('旧款补水面膜');
    expect(off.data.list.every((r: { status: number }) => r.status === 0)).toBe(true);
  });

  it('answers the scenes 全部, 上架的产品, 下架的产品', async () => {
    const scenes = await as('sunli')('/CrmProduct/queryScene');
    expect(scenes.data.map((s: { name: string }) => s.name)).toEqual(['全部', '上架的产品', '下架的产品']);
  });

  it('refuses the list to those without it', async () => {
    expect(await as('chenjing')('/CrmProduct/queryPageList', { page: 1, limit: 10 })).toMatchObject({ code: 0 });
    const admin = await t.login('huangmin');
    expect(await t.post('/CrmProduct/queryPageList', { page: 1, limit: 10 }, admin)).toMatchObject(refused);
  });
});

describe('POST /CrmProduct/updateStatus', () => {
  it('takes products off and on the shelf, each change in the log', async () => {
    const res = await as('wangzong')('/CrmProduct/saveAndUpdate', { entity: entity({ name: '上下架' }) });
    const id = res.data.id;
    expect((await as('wangzong')('/CrmProduct/updateStatus', { ids: [id], status: 0 })).code).toBe(0);
    expect((await as('sunli')('/CrmProduct/queryById', { id })).data.record.status).toBe(0);
    const log = await as('wangzong')('/CrmProduct/queryActionRecord', { id });
    expect(log.data[0].changes[0]).toMatchObject({ name: '是否上架', before: '上架', after: '下架' });
  });

  it.each([
    ['a bad status', { ids: [1], status: 3 }, '上架状态有误'],
    ['no products', { ids: [], status: 1 }, '产品不存在'],
  ])('refuses %s', async (_n, body, msg) => {
    expect(await as('wangzong')('/CrmProduct/updateStatus', body)).toMatchObject({ code: 400, msg });
  });

  it('refuses a salesperson, and an unknown product', async () => {
    expect(await as('sunli')('/CrmProduct/updateStatus', { ids: [1], status: 0 })).toMatchObject(refused);
    expect(await as('wangzong')('/CrmProduct/updateStatus', { ids: [999999], status: 0 })).toMatchObject({
      code: 404,
      msg: '产品不存在',
    });
  });
});

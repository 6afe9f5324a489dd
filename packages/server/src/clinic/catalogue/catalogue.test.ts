import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { download, importFinished, sheetRows, uploadImport } from '../../crm/records/excel/test-support.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, people } from '../../test/people.ts';

/**
 * The project catalogue (配置 › 项目, 部位, 转换类别; docs/api.md "Clinic: project catalogue").
 * Personas (seed): wangzong holds 项目配置管理员 (every `project` key); sunli (a salesperson)
 * holds none of them. The demo catalogue: 5 top classes (注射美容 › 玻尿酸/肉毒素/水光, 光电美肤,
 * 皮肤管理, 手术整形 › 眼部/鼻部, 生活美容), 29 projects, the body-part tree, 2 conversion classes.
 */
let t: TestApp;
const { call, signIn, tokens } = people(() => t);
const nextBatch = batchIds('catalogue-test');
const refused = { code: 403, msg: '无权访问' };

type Node = { classId: number; name: string; children: Node[]; projectCount: number };
type Part = { partId: number; name: string; children: Part[] };
const find = <T extends { name: string; children: T[] }>(nodes: T[], name: string): T | undefined => {
  for (const n of nodes) {
    if (n.name === name) return n;
    const inner = find(n.children, name);
    if (inner) return inner;
  }
  return undefined;
};
const tree = async () => (await call('wangzong', '/api/projectClass/queryTree')).data as Node[];
const parts = async () => (await call('wangzong', '/api/projectPart/queryTree')).data as Part[];
const classId = async (name: string) => find(await tree(), name)!.classId;
const partId = async (name: string) => find(await parts(), name)!.partId;
const list = (body: Record<string, unknown> = {}) =>
  call('wangzong', '/api/project/queryList', { limit: 100, ...body });
const names = (res: { data: { list: { name: string }[] } }) => res.data.list.map((p) => p.name);

let laser = 0;
const project = (extra: Record<string, unknown> = {}) => ({
  classId: laser,
  name: '超皮秒',
  unit: '次',
  price: '3980',
  salesPrice: '2980.5',
  minPrice: '2500',
  cost: '300',
  sessions: 3,
  validityMonths: 12,
  batchId: nextBatch(),
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'wangzong', 'sunli']);
  laser = await classId('光电美肤');
});
afterAll(() => t.close());

describe('project classes', () => {
  it('answers the seeded tree with subclasses and project counts', async () => {
    const nodes = await tree();
    expect(nodes.map((n) => n.name)).toEqual(['注射美容', '光电美肤', '皮肤管理', '手术整形', '生活美容']);
    expect(find(nodes, '手术整形')!.children.map((n) => n.name)).toEqual(['眼部', '鼻部']);
    expect(find(nodes, '玻尿酸')!.projectCount).toBe(3);
  });

  it('adds, renames, moves and sorts classes', async () => {
    const top = await classId('手术整形');
    const add = await call('wangzong', '/api/projectClass/save', { name: '唇部', pid: top });
    expect(add.code).toBe(0);
    const renamed = await call('wangzong', '/api/projectClass/save', {
      classId: add.data.classId,
      name: '唇部整形',
      pid: top,
    });
    expect(renamed).toMatchObject({ code: 0, data: { classId: add.data.classId } });
    const ids = find(await tree(), '手术整形')!.children.map((n) => n.classId);
    expect(ids).toHaveLength(3);
    const reversed = [...ids].reverse();
    expect((await call('wangzong', '/api/projectClass/sort', { pid: top, ids: reversed.join(',') })).code).toBe(0);
    expect(find(await tree(), '手术整形')!.children.map((n) => n.name)).toEqual(['唇部整形', '鼻部', '眼部']);
    expect(
      await call('wangzong', '/api/projectClass/sort', { pid: top, ids: reversed.slice(1).join(',') }),
    ).toMatchObject({
      code: 400,
      msg: '排序的分类须是同一上级下的全部分类',
    });
    expect((await call('wangzong', '/api/projectClass/delete', { id: add.data.classId })).code).toBe(0);
  });

  it.each([
    ['no name', { name: '' }, '请输入分类名称'],
    ['a taken name (any case, anywhere in the tree)', { name: '玻尿酸' }, '已有同名的项目分类'],
    ['an unknown parent', { name: '新分类', pid: 999999 }, '上级分类不存在'],
  ])('refuses %s', async (_n, body, msg) => {
    expect((await call('wangzong', '/api/projectClass/save', body)).msg).toBe(msg);
  });

  it('refuses a parent below the class itself, and deleting a class with subclasses or projects', async () => {
    const top = await classId('注射美容');
    const sub = await classId('玻尿酸');
    expect(
      await call('wangzong', '/api/projectClass/save', { classId: top, name: '注射美容', pid: sub }),
    ).toMatchObject({
      code: 400,
      msg: '上级分类不能是自己或下级分类',
    });
    expect(await call('wangzong', '/api/projectClass/delete', { id: top })).toMatchObject({
      code: 400,
      msg: '该分类下还有子分类，不能删除',
    });
    expect(await call('wangzong', '/api/projectClass/delete', { id: sub })).toMatchObject({
      code: 400,
      msg: '该分类下还有项目，不能删除',
    });
    expect(await call('wangzong', '/api/projectClass/delete', { id: 999999 })).toMatchObject({
      code: 404,
      msg: '项目分类不存在',
    });
  });
});

describe('projects', () => {
  let id = 0;
  it('creates a project with every field, money read in yuan and answered in fen', async () => {
    const [dept] = await queryRows<{ dept_id: number }>(t.database.db, sql`select dept_id from sys_dept limit 1`);
    const convert = (await call('wangzong', '/api/projectConvertClass/queryList')).data[0];
    const body = project({
      code: 'PICO-01',
      needsVerify: false,
      settleDeptId: dept!.dept_id,
      verifyDeptId: dept!.dept_id,
      countsAsDeal: '0',
      earnsPerformance: 'true',
      earnsPoints: 0,
      convertClassId: convert.convertClassId,
      partIds: [await partId('面颊'), await partId('额头')].join(','),
      remark: '术后一周避免日晒',
    });
    const saved = await call('wangzong', '/api/project/save', body);
    expect(saved.code).toBe(0);
    id = saved.data.projectId;
    // A double click (same batch id) answers the same project.
    expect((await call('wangzong', '/api/project/save', body)).data.projectId).toBe(id);
    const read = await call('wangzong', '/api/project/queryById', { id });
    expect(read.data).toMatchObject({
      name: '超皮秒',
      code: 'PICO-01',
      className: '光电美肤',
      pinyin: 'chaopimiao cpm',
      price: 398000,
      salesPrice: 298050,
      minPrice: 250000,
      cost: 30000,
      sessions: 3,
      validityMonths: 12,
      needsVerify: false,
      countsAsDeal: false,
      earnsPerformance: true,
      earnsPoints: false,
      convertClassName: convert.name,
      partNames: ['额头', '面颊'],
      remark: '术后一周避免日晒',
      enabled: true,
    });
    expect(read.data.settleDeptName).not.toBe('');
    expect(read.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('gives a project saved without a code XM and its id, and updates it', async () => {
    const saved = await call('wangzong', '/api/project/save', project({ name: '黄金微针' }));
    const read = await call('wangzong', '/api/project/queryById', { id: saved.data.projectId });
    expect(read.data.code).toBe(`XM${String(saved.data.projectId).padStart(5, '0')}`);
    const updated = await call('wangzong', '/api/project/save', {
      ...project({ name: '黄金微针', salesPrice: '3500', minPrice: '3000' }),
      projectId: saved.data.projectId,
      code: read.data.code,
    });
    expect(updated.code).toBe(0);
    expect((await call('wangzong', '/api/project/queryById', { id: saved.data.projectId })).data.salesPrice).toBe(
      350000,
    );
  });

  it.each([
    ['a sales price above the price', { salesPrice: '4000' }, '执行价不能高于原价'],
    ['a minimum price above the sales price', { minPrice: '2990' }, '最低价不能高于执行价'],
    ['three decimals', { price: '3980.123' }, '原价须为不超过2位小数的非负金额'],
    ['a negative cost', { cost: '-1' }, '成本须为不超过2位小数的非负金额'],
    ['no sessions', { sessions: 0 }, '次数须为1到9999的整数'],
    ['a validity over 50 years', { validityMonths: 601 }, '有效期须为0到600个月的整数（0为长期有效）'],
    ['no name', { name: ' ' }, '请输入项目名称'],
    ['no class', { classId: '' }, '请选择项目分类'],
    ['an unknown class', { classId: 999999 }, '项目分类不存在'],
    ['an unknown part', { partIds: '999999' }, '部位不存在'],
    ['an unknown department', { settleDeptId: 999999 }, '科室不存在'],
    ['an unknown conversion class', { convertClassId: 999999 }, '转换类别不存在'],
    ['a taken code (any case)', { code: 'pico-01' }, '项目编码已存在'],
    ['a code with spaces', { code: 'A 1' }, '项目编码只能包含字母、数字、横线和下划线'],
  ])('refuses %s', async (_n, extra, msg) => {
    expect((await call('wangzong', '/api/project/save', project(extra))).msg).toBe(msg);
  });

  it('answers 项目不存在 for an unknown project', async () => {
    expect(await call('wangzong', '/api/project/queryById', { id: 999999 })).toMatchObject({
      code: 404,
      msg: '项目不存在',
    });
    expect(
      await call('wangzong', '/api/project/save', { ...project(), projectId: 999999, batchId: undefined }),
    ).toMatchObject({ code: 404, msg: '项目不存在' });
    expect(await call('wangzong', '/api/project/updateStatus', { ids: '999999', enabled: 0 })).toMatchObject({
      code: 404,
      msg: '项目不存在',
    });
  });

  it('finds projects by name, code and pinyin (full or initials), paged in SQL', async () => {
    expect(names(await list({ search: 'bns' }))).toEqual(['瑞蓝玻尿酸填充', '润百颜玻尿酸']);
    expect(names(await list({ search: 'remaji' }))).toEqual(['热玛吉']);
    expect(names(await list({ search: '双眼皮' }))).toEqual(['全切双眼皮']);
    expect(names(await list({ search: 'pico' }))).toEqual(['超皮秒']);
    const page = await list({ limit: 5, page: 2 });
    expect(page.data).toMatchObject({ page: 2, limit: 5 });
    expect(page.data.list).toHaveLength(5);
    // 29 seeded and the two made above.
    expect(page.data.totalRow).toBe(31);
  });

  it('filters by class with its subclasses, by body part and by enabled', async () => {
    expect((await list({ classId: await classId('注射美容') })).data.totalRow).toBe(7);
    expect(names(await list({ classId: await classId('鼻部') }))).toEqual(['综合隆鼻', '假体隆鼻', '鼻综合修复']);
    expect(names(await list({ partId: await partId('腋下') }))).toEqual(['激光脱毛（腋下）']);
    // A top part finds the projects of its children too.
    expect((await list({ partId: await partId('身体') })).data.totalRow).toBe(4);
    expect((await list({ enabled: 0 })).data.totalRow).toBe(0);
    expect(await list({ sortField: 'cost' })).toMatchObject({ code: 400, msg: '不支持按该字段排序' });
  });

  it('disables and enables in batch; the shop form is offered enabled projects only', async () => {
    const ids = (await list({ classId: await classId('眼部') })).data.list.map(
      (p: { projectId: number }) => p.projectId,
    );
    expect(
      (await call('wangzong', '/api/project/updateStatus', { ids: ids.slice(0, 2).join(','), enabled: 0 })).code,
    ).toBe(0);
    expect(names(await list({ enabled: false }))).toEqual(['全切双眼皮', '内切祛眼袋']);
    const top = await classId('手术整形');
    const offered = await call('sunli', '/api/Store/findProjectByType', { classIds: String(top) });
    // In catalogue order: 鼻部 was sorted before 眼部 above.
    expect(offered.data.map((p: { projectName: string }) => p.projectName)).toEqual([
      '综合隆鼻',
      '假体隆鼻',
      '鼻综合修复',
      '开眼角',
    ]);
    const classes = await call('sunli', '/api/Store/findProjectClass');
    expect(classes.data.map((c: { className: string }) => c.className)).toEqual([
      '注射美容',
      '光电美肤',
      '皮肤管理',
      '手术整形',
      '生活美容',
    ]);
    expect((await call('wangzong', '/api/project/updateStatus', { ids: ids.join(','), enabled: 'true' })).code).toBe(0);
    expect((await list({ enabled: false })).data.totalRow).toBe(0);
  });

  it('deletes a project nothing uses and refuses one a shop runs', async () => {
    const temp = await call('wangzong', '/api/project/save', project({ name: '临时项目' }));
    expect((await call('wangzong', '/api/project/delete', { ids: String(temp.data.projectId) })).code).toBe(0);
    const [linked] = await queryRows<{ project_id: number }>(
      t.database.db,
      sql`select project_id from crm_store_project limit 1`,
    );
    expect(await call('wangzong', '/api/project/delete', { ids: String(linked!.project_id) })).toMatchObject({
      code: 400,
      msg: '项目已被门店或订单使用，不能删除，可停用',
    });
    expect(await call('wangzong', '/api/project/delete', { ids: '' })).toMatchObject({ code: 400, msg: '请选择项目' });
  });

  it('answers a later feature’s RESTRICT foreign key (an order line) with the same message', async () => {
    const temp = await call('wangzong', '/api/project/save', project({ name: '已开单项目' }));
    const db = t.database.db;
    await db.execute(
      sql`create table test_order_line (project_id integer not null references crm_project (project_id) on delete restrict)`,
    );
    await db.execute(sql`insert into test_order_line values (${temp.data.projectId})`);
    expect(await call('wangzong', '/api/project/delete', { ids: String(temp.data.projectId) })).toMatchObject({
      code: 400,
      msg: '项目已被门店或订单使用，不能删除，可停用',
    });
    await db.execute(sql`drop table test_order_line`);
    expect((await call('wangzong', '/api/project/delete', { ids: String(temp.data.projectId) })).code).toBe(0);
  });

  it('refuses a class delete through the database too (RESTRICT), and the price rules by a check', async () => {
    const cls = await classId('光电美肤');
    await expect(t.database.db.execute(sql`delete from crm_project_class where class_id = ${cls}`)).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`update crm_project set sales_price = price + 1 where project_id = ${id}`),
    ).rejects.toThrow();
  });
});

describe('body parts', () => {
  it('adds, renames and deletes a part; refuses names taken among siblings, parts in use and parents with children', async () => {
    const face = await partId('面部');
    const add = await call('wangzong', '/api/projectPart/save', { name: '耳部', pid: face, sort: 9 });
    expect(add.code).toBe(0);
    expect(find(await parts(), '面部')!.children.map((p) => p.name)).toContain('耳部');
    expect(
      (await call('wangzong', '/api/projectPart/save', { partId: add.data.partId, name: '耳廓', pid: face })).code,
    ).toBe(0);
    expect((await call('wangzong', '/api/projectPart/save', { name: '额头', pid: face })).msg).toBe(
      '同级下已有同名部位',
    );
    expect((await call('wangzong', '/api/projectPart/save', { name: '额头' })).code).toBe(0);
    expect(
      await call('wangzong', '/api/projectPart/save', { partId: face, name: '面部', pid: add.data.partId }),
    ).toMatchObject({
      msg: '上级部位不能是自己或下级部位',
    });
    expect(await call('wangzong', '/api/projectPart/delete', { id: face })).toMatchObject({
      msg: '该部位下还有子部位，不能删除',
    });
    expect(await call('wangzong', '/api/projectPart/delete', { id: await partId('腋下') })).toMatchObject({
      msg: '该部位已被项目使用，不能删除',
    });
    expect((await call('wangzong', '/api/projectPart/delete', { id: add.data.partId })).code).toBe(0);
    expect(await call('wangzong', '/api/projectPart/delete', { id: add.data.partId })).toMatchObject({
      code: 404,
      msg: '部位不存在',
    });
    expect((await call('wangzong', '/api/projectPart/save', { name: '' })).msg).toBe('请输入部位名称');
  });
});

describe('conversion classes', () => {
  it('lists the seeded classes with their projects (in their sort order)', async () => {
    const res = await call('wangzong', '/api/projectConvertClass/queryList');
    expect(res.data.map((c: { name: string }) => c.name)).toEqual(['光电疗程互转', '皮肤管理互转']);
    expect(res.data[1].projects.map((p: { name: string }) => p.name)).toEqual([
      '小气泡清洁',
      '面部深层护理',
      '补水导入',
      '祛痘护理',
    ]);
  });

  it('findConvertByProjectId answers the enabled projects of the same class, not itself', async () => {
    const all = (await list({ search: '光子嫩肤' })).data.list[0].projectId;
    const targets = await call('wangzong', '/api/projectConvertClass/findConvertByProjectId', { projectId: all });
    // 超皮秒 joined the class when it was created above.
    expect(targets.data.map((p: { name: string }) => p.name)).toEqual([
      '超皮秒',
      '皮秒祛斑',
      '激光脱毛（腋下）',
      '点阵激光',
    ]);
    expect(targets.data[1]).toMatchObject({ price: 298000, salesPrice: 238000, sessions: 3 });
    const pico = (await list({ search: '皮秒祛斑' })).data.list[0].projectId;
    await call('wangzong', '/api/project/updateStatus', { ids: String(pico), enabled: 0 });
    const after = await call('wangzong', '/api/projectConvertClass/findConvertByProjectId', { projectId: all });
    expect(after.data.map((p: { name: string }) => p.name)).toEqual(['超皮秒', '激光脱毛（腋下）', '点阵激光']);
    await call('wangzong', '/api/project/updateStatus', { ids: String(pico), enabled: 1 });
    const none = (await list({ search: '热玛吉' })).data.list[0].projectId;
    expect(
      (await call('wangzong', '/api/projectConvertClass/findConvertByProjectId', { projectId: none })).data,
    ).toEqual([]);
    expect(
      await call('wangzong', '/api/projectConvertClass/findConvertByProjectId', { projectId: 999999 }),
    ).toMatchObject({ code: 404, msg: '项目不存在' });
  });

  it('saves a class with its projects (they move from their old class), renames, refuses a taken name, deletes', async () => {
    const ids = (await list({ classId: await classId('水光') })).data.list.map(
      (p: { projectId: number }) => p.projectId,
    );
    const laserId = (await list({ search: '光子嫩肤' })).data.list[0].projectId;
    const saved = await call('wangzong', '/api/projectConvertClass/save', {
      name: '注射互转',
      remark: '水光类互转',
      projectIds: [...ids, laserId].join(','),
    });
    expect(saved.code).toBe(0);
    const read = (await call('wangzong', '/api/projectConvertClass/queryList')).data;
    expect(read.find((c: { name: string }) => c.name === '注射互转').projects).toHaveLength(3);
    // 光子嫩肤 left its old class for the new one.
    expect(read.find((c: { name: string }) => c.name === '光电疗程互转').projects).toHaveLength(4);
    expect((await call('wangzong', '/api/projectConvertClass/save', { name: '皮肤管理互转' })).msg).toBe(
      '已有同名的转换类别',
    );
    expect((await call('wangzong', '/api/projectConvertClass/save', { name: '新类', projectIds: '999999' })).msg).toBe(
      '项目不存在',
    );
    const id = saved.data.convertClassId;
    expect(
      (await call('wangzong', '/api/projectConvertClass/save', { convertClassId: id, name: '注射类互转' })).code,
    ).toBe(0);
    // Saved without projects: they all leave it.
    const renamed = (await call('wangzong', '/api/projectConvertClass/queryList')).data;
    expect(renamed.find((c: { name: string }) => c.name === '注射类互转').projects).toEqual([]);
    expect((await call('wangzong', '/api/projectConvertClass/delete', { id })).code).toBe(0);
    expect(await call('wangzong', '/api/projectConvertClass/delete', { id })).toMatchObject({
      code: 404,
      msg: '转换类别不存在',
    });
    expect((await call('wangzong', '/api/projectConvertClass/save', { name: '' })).msg).toBe('请输入转换类别名称');
  });
});

describe('permissions', () => {
  it.each([
    ['/api/projectClass/queryTree', {}],
    ['/api/projectClass/save', { name: 'x' }],
    ['/api/project/queryList', {}],
    ['/api/project/queryById', { id: 1 }],
    ['/api/project/save', { name: 'x' }],
    ['/api/project/delete', { ids: '1' }],
    ['/api/project/updateStatus', { ids: '1', enabled: 0 }],
    ['/api/projectPart/queryTree', {}],
    ['/api/projectPart/save', { name: 'x' }],
    ['/api/projectConvertClass/queryList', {}],
    ['/api/projectConvertClass/save', { name: 'x' }],
    ['/api/projectConvertClass/findConvertByProjectId', { projectId: 1 }],
  ])('refuses %s to someone without a project permission', async (url, body) => {
    expect(await call('sunli', url, body)).toMatchObject(refused);
  });

  it('the seeded 项目配置管理员 holds every key of the project realm', async () => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sys_role_permission rp join sys_role r on r.role_id = rp.role_id
          where r.role_name = '项目配置管理员' and rp.permission like 'project:%'`,
    );
    expect(Number(row!.n)).toBeGreaterThanOrEqual(11);
  });
});

describe('Excel', () => {
  it('exports the filtered list and imports it back (a code that exists updates, a new one creates)', async () => {
    const eyes = await classId('眼部');
    const sheet = await download(t, '/api/project/excelExport', { classId: eyes }, tokens.wangzong);
    expect(sheet.statusCode).toBe(200);
    const rows = await sheetRows(sheet.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['*项目名称', '项目编码', '*项目分类']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['全切双眼皮', '内切祛眼袋', '开眼角']);
    expect(rows[1]!.slice(4, 6)).toEqual([12800, 9800]);
    // Back in with one changed price, one new project and one refused row.
    const edited = rows.map((r) => [...r]);
    edited[1]![5] = 9600;
    edited.push([
      '提眉术',
      '',
      '眼部',
      '次',
      15800,
      12800,
      11000,
      3000,
      1,
      0,
      '是',
      '',
      '',
      '是',
      '是',
      '是',
      '',
      '眼周、额头',
      '启用',
      '',
    ]);
    edited.push(['坏行', '', '眼部', '次', 100, 200, 0, 0, 1, 0, '是', '', '', '是', '是', '是', '', '', '启用', '']);
    const { workbookOf } = await import('../../crm/records/excel/test-support.ts');
    const started = await uploadImport(
      t,
      'api/project',
      tokens.wangzong,
      await workbookOf(edited),
      'p.xlsx',
      'import-1',
    );
    expect(started.code).toBe(0);
    const done = await importFinished(t, 'api/project', tokens.wangzong, started.data.jobId);
    expect(done.data).toMatchObject({ total: 5, imported: 4, rejected: [{ row: 6, reason: '执行价不能高于原价' }] });
    expect(names(await list({ classId: eyes }))).toEqual(['全切双眼皮', '内切祛眼袋', '开眼角', '提眉术']);
    const cut = (await list({ search: '全切双眼皮' })).data.list[0];
    expect(cut).toMatchObject({ salesPrice: 960000, partNames: ['眼周'] });
    const brow = (await list({ search: '提眉术' })).data.list[0];
    expect(brow).toMatchObject({ price: 1580000, partNames: ['额头', '眼周'], pinyin: 'timeishu tms' });
    const report = await download(t, '/api/project/excelImportReport', { jobId: started.data.jobId }, tokens.wangzong);
    expect((await sheetRows(report.rawPayload))[1]).toContain('执行价不能高于原价');
  });

  it('refuses the Excel calls without their permissions', async () => {
    expect((await download(t, '/api/project/excelExport', {}, tokens.sunli)).json()).toMatchObject(refused);
    expect((await download(t, '/api/project/downloadExcel', {}, tokens.sunli)).json()).toMatchObject(refused);
  });
});

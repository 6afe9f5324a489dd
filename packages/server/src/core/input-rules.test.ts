import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../test/harness.ts';

/**
 * The input rules of every call (docs/api.md, conventions): ids are a number or a string of
 * digits within 1 … 2147483647, texts have one limit per field and no control characters, and a
 * body the call does not understand is refused. Each case is a request that once succeeded or
 * answered 500.
 */
let t: TestApp;
let admin: string;
let sunli: string;
let liming: number;
let generalId: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, sunli] = [await t.login('admin'), await t.login('sunli')];
  const users = await t.post('/system/user/queryUserList', { pageType: 1, limit: 100 }, admin);
  liming = users.data.list.find((u: { username: string }) => u.username === 'liming').userId;
  const cats = await t.post('/OaExamineCategory/queryExamineCategoryList', {}, admin);
  generalId = cats.data.list.find((c: { type: string }) => c.type === 'general').categoryId;
});
afterAll(() => t.close());

const general = (content: string, detail: string) => ({
  oaExamine: { categoryId: generalId, content, detail },
  checkUserId: [liming],
});

describe('ids are numbers, never booleans or arrays', () => {
  it('does not delete approval 1 for {"examineId": true}', async () => {
    const sent = await t.post('/OaExamine/setOaExamine', general('报销', '出差'), sunli);
    const { examineId, recordId } = sent.data;
    expect(examineId).toBe(1);
    await t.post('/OaExamine/auditExamine', { recordId, status: 4, remarks: '撤回' }, sunli);
    const res = await t.post('/OaExamine/deleteOaExamine', { examineId: true }, sunli);
    expect([res.status, res.code, res.msg]).toEqual([200, 400, '审批不存在']);
    expect((await t.post('/OaExamine/queryOaExamineInfo', { examineId }, sunli)).code).toBe(0);
  });

  it('does not read a category for {"categoryId": [[id]]}', async () => {
    const id = generalId;
    for (const categoryId of [[[id]], [id], true, { id }, `${id}e0`, `0x${id.toString(16)}`]) {
      const res = await t.post('/OaExamineCategory/queryCategoryById', { categoryId }, admin);
      expect([JSON.stringify(categoryId), res.code, res.msg, res.data]).toEqual([
        JSON.stringify(categoryId),
        400,
        '审批类型不存在',
        null,
      ]);
    }
    expect((await t.post('/OaExamineCategory/queryCategoryById', { categoryId: String(id) }, admin)).code).toBe(0);
  });
});

describe('edge input answers 400, not 500', () => {
  it.each([
    ['/OaExamine/queryOaExamineInfo', { examineId: 2147483648 }, '审批不存在'],
    ['/system/user/queryUserById', { userId: '2147483648' }, '员工不存在'],
    ['/system/dept/deleteDept', { id: 2147483648 }, '部门不存在'],
    ['/file/removeById', { id: 2147483648 }, '文件不存在'],
    ['/OaExamine/urge', { recordId: 2147483648 }, '审批不存在'],
    ['/OaExamine/returnExamine', { recordId: 2147483648 }, '审批不存在'],
    ['/OaExamineCategory/deleteExamineCategory', { categoryId: 2147483648 }, '审批类型不存在'],
    ['/OaExamine/myInitiate', { categoryId: 2147483648 }, '审批类型不存在'],
    ['/OaExamine/myInitiate', { page: 2147483648 }, '页码有误'],
    ['/OaExamine/myInitiate', { limit: 1001 }, '每页条数须在1到1000之间'],
    ['/OaExamine/myInitiate', { startTime: '2026-02-30' }, '日期格式有误'],
    ['/OaExamine/myInitiate', { search: 'a\u0000b' }, '搜索内容不能包含控制字符'],
    ['/system/dept/addDept', { name: 'a\u0000b' }, '部门名称不能包含控制字符'],
    ['/system/dept/addDept', { name: '甲\n乙' }, '部门名称不能包含控制字符'],
    ['/OaExamineCategory/setExamineCategory', { title: 'a\u0000b' }, '审批类型名称不能包含控制字符'],
    ['/sysConfig/set', { companyName: 'a\u0000b' }, '企业名称不能包含控制字符'],
  ])('%s %j', async (url, body, msg) => {
    const res = await t.post(url, body, admin);
    expect([res.status, res.code, res.msg]).toEqual([200, 400, msg]);
  });

  it('refuses a path parameter the router cannot read with a Chinese message', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/file/view/${'a'.repeat(300)}`,
      headers: { 'admin-token': admin },
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ code: 400, msg: '请求的地址有误' });
  });
});

describe('one text limit per field, named in the message', () => {
  it('limits 审批内容 to 100 and 审批详情 to 800 characters, as the form does', async () => {
    const long = await t.post('/OaExamine/setOaExamine', general('x'.repeat(101), '详情'), sunli);
    expect(long.msg).toBe('审批内容不能超过100个字符');
    const detail = await t.post('/OaExamine/setOaExamine', general('内容', 'x'.repeat(801)), sunli);
    expect(detail.msg).toBe('审批详情不能超过800个字符');
    const fits = await t.post('/OaExamine/setOaExamine', general('x'.repeat(100), `第一行\n${'x'.repeat(796)}`), sunli);
    expect(fits.code).toBe(0);
  });

  it('checks the values of a category’s fields for control characters, by field name', async () => {
    const created = await t.post('/OaExamineCategory/setExamineCategory', { title: '领用', examineType: 2 }, admin);
    const categoryId = created.data.categoryId;
    const saved = await t.post(
      '/field/examineFieldSave',
      {
        categoryId,
        fields: [
          { name: '物品', formType: 'text' },
          { name: '用途', formType: 'textarea' },
        ],
      },
      admin,
    );
    expect(saved.code).toBe(0);
    const send = (item: unknown, use: unknown) =>
      t.post(
        '/OaExamine/setOaExamine',
        {
          oaExamine: { categoryId },
          field: [
            { fieldName: 'field_1', value: item },
            { fieldName: 'field_2', value: use },
          ],
          checkUserId: [liming],
        },
        admin,
      );
    expect((await send('笔\u0000记本', '')).msg).toBe('物品不能包含控制字符');
    expect((await send('笔\n记本', '')).msg).toBe('物品不能包含控制字符');
    expect((await send('笔记本', ['a\u0000'])).msg).toBe('用途不能包含控制字符');
    expect((await send('笔记本', '第一行\n第二行')).code).toBe(0);
  });
});

describe('a body the call does not understand', () => {
  const getConfig = async () => (await t.post('/sysConfig/query', {})).data;

  it('refuses /sysConfig/set as JSON with none of its fields, changing nothing', async () => {
    const before = await getConfig();
    for (const body of [{ name: 'companyName', value: '美丽' }, { sysConfig: { companyName: '美丽' } }]) {
      const res = await t.post('/sysConfig/set', body, admin);
      expect([res.code, res.msg]).toEqual([400, '请求中没有本接口可识别的参数']);
    }
    const empty = await t.post('/sysConfig/set', {}, admin);
    expect([empty.code, empty.msg]).toEqual([400, '没有要保存的设置']);
    expect(await getConfig()).toEqual(before);
  });

  it('saves /sysConfig/set as JSON, keeping the fields it does not name', async () => {
    expect((await t.post('/sysConfig/set', { companyName: '丽颜', portalUrl: 'https://a.example/' }, admin)).code).toBe(
      0,
    );
    expect((await t.post('/sysConfig/set', { companyName: '美丽医美' }, admin)).data).toMatchObject({
      companyName: '美丽医美',
      portalUrl: 'https://a.example/',
    });
  });

  it.each([
    ['[1,2]', '请求内容须为 JSON 对象或表单'],
    ['"x"', '请求内容须为 JSON 对象或表单'],
    ['null', '请求内容须为 JSON 对象或表单'],
    ['{"deptName":"甲"}', '请求中没有本接口可识别的参数'],
  ])('refuses addDept with the body %s', async (payload, msg) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/system/dept/addDept',
      headers: { 'admin-token': admin, 'content-type': 'application/json' },
      payload,
    });
    expect(res.json()).toMatchObject({ code: 400, msg });
  });

  it('refuses a list body naming no field it knows, and reads an empty one with the defaults', async () => {
    const misspelt = await t.post('/OaExamine/myInitiate', raw({ pages: 2, limt: 5 }), admin);
    expect([misspelt.code, misspelt.msg]).toEqual([400, '请求中没有本接口可识别的参数']);
    expect((await t.post('/OaExamine/myInitiate', {}, admin)).data).toMatchObject({ page: 1, limit: 15 });
  });
});

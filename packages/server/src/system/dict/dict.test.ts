import { Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/** System dictionaries (manager › 系统字典) and the approval forms' lookups that read them. */
let t: TestApp;
const { call, signIn } = people(() => t);
type Type = { typeId: number; kind: string; code: string; name: string; builtin: boolean; itemCount: number };
let types: Type[];
const typeOf = (code: string) => types.find((x) => x.code === code)!;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'huangmin', 'sunli']);
  types = (await call('admin', '/system/dict/queryTypes')).data;
});
afterAll(() => t.close());

describe('the built-in dictionaries', () => {
  it('ship with their default entries', () => {
    expect(types.map((x) => [x.kind, x.code, x.builtin])).toEqual(
      expect.arrayContaining([
        ['dict', 'ownerShareholderType', true],
        ['dict', 'post', true],
        ['dict', 'taskType', true],
        ['code', '1020', true],
      ]),
    );
    expect(typeOf('1020').itemCount).toBe(4);
  });

  it('cannot be deleted nor recoded, but may be renamed', async () => {
    const { typeId } = typeOf('ownerShareholderType');
    expect((await call('admin', '/system/dict/deleteType', { typeId })).msg).toBe('系统字典不能删除或修改编码');
    expect(
      (await call('admin', '/system/dict/saveType', { typeId, kind: 'dict', code: 'shareholder', name: 'x' })).msg,
    ).toBe('系统字典不能删除或修改编码');
    const renamed = await call('admin', '/system/dict/saveType', {
      typeId,
      kind: 'dict',
      code: 'ownerShareholderType',
      name: '股东类型',
    });
    expect(renamed.data).toEqual({ typeId });
  });
});

describe('maintaining dictionaries', () => {
  let typeId: number;
  it('creates a dictionary and its entries, edits and removes them', async () => {
    const made = await call('admin', '/system/dict/saveType', { kind: 'dict', code: 'vipLevel', name: '会员等级' });
    expect(made.code).toBe(0);
    typeId = made.data.typeId;
    const gold = await call('admin', '/system/dict/saveItem', { typeId, value: 'gold', name: '金卡', sort: 2 });
    await call('admin', '/system/dict/saveItem', { typeId, value: 'silver', name: '银卡', sort: 1 });
    expect((await call('admin', '/system/dict/saveItem', { typeId, value: 'gold', name: '重复' })).msg).toBe(
      '该字典值已存在',
    );
    await call('admin', '/system/dict/saveItem', {
      typeId,
      itemId: gold.data.itemId,
      value: 'gold',
      name: '黄金卡',
      sort: 2,
    });
    const items = await call('admin', '/system/dict/queryItems', { typeId });
    expect(items.data.map((i: { value: string; name: string }) => `${i.value}:${i.name}`)).toEqual([
      'silver:银卡',
      'gold:黄金卡',
    ]);
    // what the forms read
    const read = await call('sunli', '/OaExamine/queryDictList', { dictCode: 'vipLevel' });
    expect(read.data).toEqual([
      { dictValue: 'silver', dictName: '银卡' },
      { dictValue: 'gold', dictName: '黄金卡' },
    ]);
    expect((await call('admin', '/system/dict/deleteItem', { itemId: gold.data.itemId })).code).toBe(0);
    expect((await call('admin', '/system/dict/deleteItem', { itemId: gold.data.itemId })).msg).toBe('字典项不存在');
    expect((await call('admin', '/system/dict/deleteType', { typeId })).code).toBe(0);
    expect((await call('admin', '/system/dict/queryItems', { typeId })).msg).toBe('字典不存在');
  });

  it.each([
    [{ kind: 'dict', code: '', name: '名称' }, '请输入字典编码'],
    [{ kind: 'dict', code: 'abc', name: '' }, '请输入字典名称'],
    [{ kind: 'dict', code: '1abc', name: '名称' }, '字典编码只能包含字母、数字和下划线，且以字母开头'],
    [{ kind: 'code', code: 'abc', name: '名称' }, '编码类型须为1到9999之间的数字'],
    [{ kind: 'list', code: 'abc', name: '名称' }, '字典类型有误'],
    [{ kind: 'dict', code: 'post', name: '重复' }, '字典编码已存在'],
  ])('refuses a dictionary %j: %s', async (body, msg) => {
    expect((await call('admin', '/system/dict/saveType', raw(body))).msg).toBe(msg);
  });

  it.each([
    [{ value: '', name: '名称' }, '请输入字典值'],
    [{ value: 'v', name: '' }, '请输入显示名称'],
  ])('refuses an entry %j: %s', async (body, msg) => {
    const { typeId } = typeOf('post');
    expect((await call('admin', '/system/dict/saveItem', { typeId, ...body })).msg).toBe(msg);
  });

  it('answers 字典不存在 for an unknown dictionary', async () => {
    expect((await call('admin', '/system/dict/saveItem', { typeId: 99999, value: 'a', name: 'b' })).msg).toBe(
      '字典不存在',
    );
  });

  it.each([
    ['/system/dict/queryTypes', {}],
    ['/system/dict/saveType', { kind: 'dict', code: 'x', name: 'x' }],
    ['/system/dict/deleteType', { typeId: 1 }],
    ['/system/dict/queryItems', { typeId: 1 }],
    ['/system/dict/saveItem', { typeId: 1, value: 'a', name: 'b' }],
    ['/system/dict/deleteItem', { itemId: 1 }],
  ])('%s is refused without 系统字典', async (url, body) => {
    expect((await call('huangmin', url, body)).msg).toBe(Msg.forbidden);
  });
});

describe('the approval forms lookups', () => {
  it('dictionary ownerShareholderType and code list 1020', async () => {
    const dict = await call('sunli', '/OaExamine/queryDictList', { dictCode: 'ownerShareholderType' });
    expect(dict.data[0]).toEqual({ dictValue: '1', dictName: '非股东' });
    const codes = await call('sunli', '/OaExamine/queryCodeList', { codeType: 1020 });
    expect(codes.data[0]).toEqual({ codeNo: '1020001', codeName: '办公用品' });
    expect((await call('sunli', '/OaExamine/queryCodeList', { codeType: 9999 })).data).toEqual([]);
    expect((await call('sunli', '/OaExamine/queryDictList', {})).msg).toBe('请输入字典编码');
    expect((await call('sunli', '/OaExamine/queryCodeList', { codeType: 'x' })).msg).toBe(
      '编码类型须为1到9999之间的数字',
    );
  });

  it('adjustment option lists: 1 departments, 2 posts, 3 leaders', async () => {
    const depts = (await call('sunli', '/OaExamine/queryAdjustOptions', { type: 1 })).data;
    expect(depts.map((d: { name: string }) => d.name)).toContain('销售一部');
    expect(depts[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
    const posts = (await call('sunli', '/OaExamine/queryAdjustOptions', { type: 2 })).data;
    expect(posts).toContainEqual({ name: '设计师' });
    const leaders = (await call('sunli', '/OaExamine/queryAdjustOptions', { type: 3 })).data;
    expect(leaders.map((u: { name: string }) => u.name)).toContain('赵强');
    expect((await call('sunli', '/OaExamine/queryAdjustOptions', { type: 4 })).msg).toBe('选项类型有误');
  });

  it('department options, designers, task types', async () => {
    const depts = (await call('sunli', '/OaExamine/queryDeptOptions')).data;
    expect(depts).toContainEqual({ value: expect.any(Number), label: '财务部' });
    // 何雪 (美学顾问) is no designer; make her one
    expect((await call('sunli', '/OaExamine/queryDesignerList')).data).toEqual([]);
    const list = await call('admin', '/system/user/queryUserList', { pageType: 1, limit: 100, search: '何雪' });
    const hexue = list.data.list[0];
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update sys_user set post = '首席设计师' where user_id = ${hexue.userId}`,
    );
    expect((await call('sunli', '/OaExamine/queryDesignerList')).data).toEqual([
      { userId: hexue.userId, realName: '何雪' },
    ]);
    const tasks = (await call('sunli', '/OaExamine/queryTaskTypes')).data;
    expect(tasks[0]).toEqual({ taskId: 1, taskName: '到店加单' });
  });

  it.each([
    ['/OaExamine/queryDictList', { dictCode: 'post' }],
    ['/OaExamine/queryCodeList', { codeType: 1020 }],
    ['/OaExamine/queryAdjustOptions', { type: 1 }],
    ['/OaExamine/queryDeptOptions', {}],
    ['/OaExamine/queryDesignerList', {}],
    ['/OaExamine/queryTaskTypes', {}],
  ])('%s needs a session', async (url, body) => {
    expect((await t.post(url, body)).msg).toBe(Msg.notLoggedIn);
  });
});

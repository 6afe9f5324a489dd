import { ExamineCategoryMsg, Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../../../test/harness.ts';
import { orgIds } from '../../../test/people.ts';

let t: TestApp;
let admin: string; // yangfan: approval-flow admin
let staff: string; // sunli: a salesperson
let ids: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('yangfan');
  staff = await t.login('sunli');
  ids = (await orgIds(t)).user;
});
afterAll(() => t.close());

const save = (body: Record<string, unknown>, token = admin) =>
  t.call('POST', '/OaExamineCategory/setExamineCategory', { body, token });

describe('approval categories', () => {
  it('ships the general approval as a system category', async () => {
    const res = await t.post('/OaExamineCategory/queryExamineCategoryList', {}, admin);
    expect(res.code).toBe(0);
    expect(res.data.list).toContainEqual(
      expect.objectContaining({ title: '普通审批', type: 'general', isSystem: true }),
    );
  });

  it('creates a category with a fixed two-step flow and CC, and reads it back with names', async () => {
    const res = await save({
      title: '采购申请',
      className: '行政',
      icon: 5,
      examineType: 1,
      steps: [
        { stepType: 1, userIds: [] },
        { stepType: 2, userIds: [ids.chenjing, ids.liuyang] },
      ],
      ccUserIds: [ids.huangmin],
    });
    expect(res.code).toBe(0);
    const one = await t.post('/OaExamineCategory/queryCategoryById', { categoryId: res.data.categoryId }, admin);
    expect(one.data).toMatchObject({
      title: '采购申请',
      examineType: 1,
      steps: [
        { stepType: 1, userList: [] },
        {
          stepType: 2,
          userList: [
            { userId: ids.chenjing, realname: '陈静' },
            { userId: ids.liuyang, realname: '刘洋' },
          ],
        },
      ],
      ccUsers: [{ userId: ids.huangmin, realname: '黄敏' }],
    });
  });

  it.each([
    [{ title: '' }, ExamineCategoryMsg.titleRequired],
    [{ title: 'x', icon: 21 }, ExamineCategoryMsg.iconRange],
    [{ title: 'x', examineType: 1, steps: [{ stepType: 3, userIds: [] }] }, ExamineCategoryMsg.stepUsersRequired],
    [
      { title: 'x', examineType: 1, steps: Array.from({ length: 21 }, () => ({ stepType: 1 })) },
      ExamineCategoryMsg.tooManySteps,
    ],
    [{ title: 'x', categoryId: 99999 }, ExamineCategoryMsg.notFound],
    [{ title: 'x', examineType: 1, steps: [{ stepType: 2, userIds: [99999] }] }, '所选成员不存在或已被禁用'],
    [{ title: 'x', ccUserIds: [99999] }, '所选成员不存在或已被禁用'],
    [{ title: 'x', visibleDeptIds: [99999] }, '所选部门不存在'],
  ])('refuses %j', async (body, msg) => {
    const res = await save(body);
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe(msg);
  });

  it('refuses people without approval management', async () => {
    for (const url of [
      '/OaExamineCategory/queryExamineCategoryList',
      '/OaExamineCategory/setExamineCategory',
      '/field/examineFieldSave',
    ]) {
      const res = await t.post(url, { title: 'x', categoryId: 1, fields: [] }, staff);
      expect(res.msg).toBe(Msg.forbidden);
    }
  });

  it('saves fields of a custom category and refuses field edits on system ones', async () => {
    const { data } = await save({ title: '用车申请' });
    const res = await t.post(
      '/field/examineFieldSave',
      {
        categoryId: data.categoryId,
        fields: [
          { name: '用车事由', formType: 'textarea', isNull: 1 },
          { name: '车型', formType: 'select', options: ['轿车', '商务车'] },
          { name: '费用明细', formType: 'examine_cause' },
        ],
      },
      admin,
    );
    expect(res.code).toBe(0);
    expect(res.data.map((f: { fieldName: string }) => f.fieldName)).toEqual(['field_1', 'field_2', 'field_3']);
    // Applicants read the fields from the picker list to fill the form.
    const picker = await t.post('/OaExamineCategory/queryCategoryGroups', {}, staff);
    const mine = picker.data
      .flatMap((g: { list: { categoryId: number }[] }) => g.list)
      .find((c: { categoryId: number }) => c.categoryId === data.categoryId);
    expect(mine.fields.map((f: { name: string; fieldName: string }) => `${f.fieldName}:${f.name}`)).toEqual([
      'field_1:用车事由',
      'field_2:车型',
      'field_3:费用明细',
    ]);
    const dup = await t.post(
      '/field/examineFieldSave',
      {
        categoryId: data.categoryId,
        fields: [
          { name: 'a', formType: 'text' },
          { name: 'a', formType: 'text' },
        ],
      },
      admin,
    );
    expect(dup.msg).toBe('a已存在');
    const general = (await t.post('/OaExamineCategory/queryExamineCategoryList', {}, admin)).data.list.find(
      (c: { type: string }) => c.type === 'general',
    );
    const locked = await t.post('/field/examineFieldSave', { categoryId: general.categoryId, fields: [] }, admin);
    expect(locked.msg).toBe('系统审批类型暂不支持编辑');
    const del = await t.post('/OaExamineCategory/deleteExamineCategory', { categoryId: general.categoryId }, admin);
    expect(del.msg).toBe(ExamineCategoryMsg.systemNoDelete);
  });

  it('keeps each field’s id and key across saves, never gives a removed field’s key again, and lists each category with its own fields', async () => {
    const fieldSave = (categoryId: number, fields: unknown[]) =>
      t.post('/field/examineFieldSave', { categoryId, fields: raw(fields) }, admin);
    const keys = (fields: { fieldName: string; name: string }[]) => fields.map((f) => `${f.fieldName}:${f.name}`);
    const a = (await save({ title: '字段甲类' })).data.categoryId;
    const b = (await save({ title: '字段乙类' })).data.categoryId;
    const first = await fieldSave(a, [
      { name: '甲', formType: 'text' },
      { name: '乙', formType: 'text' },
      { name: '丙', formType: 'date' },
    ]);
    await fieldSave(b, [{ name: '丁', formType: 'number' }]);
    // 乙 and 丙 removed; then a new field: it must not take field_2 or field_3, whose values old forms hold.
    const kept = await fieldSave(a, [{ ...first.data[0], name: '甲改' }]);
    expect(kept.data[0].fieldId).toBe(first.data[0].fieldId);
    const added = await fieldSave(a, [...kept.data, { name: '戊', formType: 'text' }]);
    expect(keys(added.data)).toEqual(['field_1:甲改', 'field_4:戊']);

    const list = await t.post('/OaExamineCategory/queryExamineCategoryList', { search: '字段' }, admin);
    const byTitle = Object.fromEntries(
      list.data.list.map((c: { title: string; fields: { fieldName: string; name: string }[] }) => [
        c.title,
        keys(c.fields),
      ]),
    );
    expect(byTitle).toEqual({ 字段甲类: ['field_1:甲改', 'field_4:戊'], 字段乙类: ['field_1:丁'] });
  });

  it('the picker lists enabled, visible categories grouped by class name', async () => {
    const hidden = await save({
      title: '财务专用',
      // A group of its own: 财务 also holds the system expense types.
      className: '财务专项',
      visibleDeptIds: [],
      visibleUserIds: [ids.chenjing],
    });
    const off = await save({ title: '已停用', className: '行政' });
    await t.post('/OaExamineCategory/updateStatus', { categoryId: off.data.categoryId, status: 0 }, admin);
    const mine = await t.post('/OaExamineCategory/queryCategoryGroups', {}, staff);
    const titles = mine.data.flatMap((g: { list: { title: string }[] }) => g.list.map((c) => c.title));
    expect(titles).toContain('普通审批');
    expect(titles).not.toContain('财务专用');
    expect(titles).not.toContain('已停用');
    // Nor can its presets or flow be read by someone it is not visible to.
    for (const url of [
      '/OaExamineCategory/queryExamineUsers',
      '/OaExamineCategory/queryExamineStep',
      '/OaExamine/queryExamineFlowInfo',
    ]) {
      expect((await t.post(url, { categoryId: hidden.data.categoryId }, staff)).msg).toBe('审批类型不存在');
    }
    const general = mine.data
      .flatMap((g: { list: unknown[] }) => g.list)
      .find((c: { title: string }) => c.title === '普通审批');
    expect(general).toMatchObject({ type: 'general', examineType: 2, fields: [] });
    const finance = await t.post('/OaExamineCategory/queryCategoryGroups', {}, await t.login('chenjing'));
    const group = finance.data.find((g: { className: string }) => g.className === '财务专项');
    expect(group.list.map((c: { categoryId: number }) => c.categoryId)).toEqual([hidden.data.categoryId]);
  });

  it('department visibility includes child departments', async () => {
    const depts = await t.post('/system/dept/queryDeptTree', { type: 'list' }, admin);
    const sales = depts.data.find((d: { name: string }) => d.name === '销售部');
    await save({ title: '销售专用', className: '销售', visibleDeptIds: [sales.id] });
    const mine = await t.post('/OaExamineCategory/queryCategoryGroups', {}, staff);
    expect(mine.data.find((g: { className: string }) => g.className === '销售')?.list[0]?.title).toBe('销售专用');
  });

  it('soft-deletes a custom category', async () => {
    const { data } = await save({ title: '临时' });
    expect(
      (await t.post('/OaExamineCategory/deleteExamineCategory', { categoryId: data.categoryId }, admin)).code,
    ).toBe(0);
    expect((await t.post('/OaExamineCategory/queryCategoryById', { categoryId: data.categoryId }, admin)).msg).toBe(
      ExamineCategoryMsg.notFound,
    );
  });
});

describe('the category list on the shared list builder', () => {
  it('searches % and _ literally, sorts on declared fields only, and answers the total past the end', async () => {
    for (const title of ['报销_差旅', '报销x差旅', '提成100%', '提成1000'])
      expect((await save({ title })).code).toBe(0);
    const titles = async (search: string) =>
      (await t.post('/OaExamineCategory/queryExamineCategoryList', { search }, admin)).data.list.map(
        (c: { title: string }) => c.title,
      );
    expect(await titles('_')).toEqual(['报销_差旅']);
    expect(await titles('100%')).toEqual(['提成100%']);
    expect(await titles('提成')).toEqual(['提成100%', '提成1000']);

    const sorted = await t.post(
      '/OaExamineCategory/queryExamineCategoryList',
      { sortField: 'title', order: 'asc' },
      admin,
    );
    expect(sorted.code).toBe(0);
    const list = sorted.data.list.map((c: { title: string }) => c.title);
    expect(list).toEqual([...list].sort());
    expect(
      (await t.post('/OaExamineCategory/queryExamineCategoryList', { sortField: 'visible_user_ids' }, admin)).msg,
    ).toBe('不支持按该字段排序');

    const past = await t.post(
      '/OaExamineCategory/queryExamineCategoryList',
      { page: 40, limit: 10, search: '提成' },
      admin,
    );
    expect(past.data).toMatchObject({ list: [], totalRow: 2, page: 40, limit: 10, totalPage: 1, lastPage: true });
  });
});

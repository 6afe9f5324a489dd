import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, people } from '../../test/people.ts';

let t: TestApp;
const { ids, call, signIn, signInNewUser } = people(() => t);
const nextBatch = batchIds('label-batch');
let crmOnly = '';

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'liming', 'sunli', 'zhoujie']);
  crmOnly = await signInNewUser('crmonly-label', { roles: ['销售'], dept: '总经办' });
});
afterAll(() => t.close());

async function label(name: string, color = '#3498DB') {
  const res = await call('liming', '/taskLabel/setLabel', { name, color });
  expect(res).toMatchObject({ code: 0 });
  return res.data.labelId as number;
}

/** 李明's task with 孙丽 taking part (she sees it but may not edit it). */
async function task(extra: Record<string, unknown> = {}) {
  const res = await call('liming', '/OaTask/setTask', {
    title: '季度复盘',
    participantIds: [ids.sunli],
    batchId: nextBatch(),
    ...extra,
  });
  expect(res).toMatchObject({ code: 0 });
  return res.data.taskId as number;
}

const labelNames = async (who: string, taskId: number) =>
  (await call(who, '/OaTask/queryTaskInfo', { taskId })).data.labelList.map((l: { labelName: string }) => l.labelName);

describe('taskLabel/setLabel', () => {
  it('creates and edits a label; the colour is stored as #RRGGBB', async () => {
    const id = await label('待跟进', '#ff6a00');
    expect((await call('sunli', '/taskLabel/queryById', { labelId: id })).data).toMatchObject({
      labelId: id,
      name: '待跟进',
      color: '#FF6A00',
      createUserId: ids.liming,
    });
    // Anyone who uses tasks manages the shared list, as in the original.
    expect(await call('sunli', '/taskLabel/setLabel', { labelId: id, name: '跟进中', color: '#53D397' })).toMatchObject(
      {
        code: 0,
        data: { labelId: id },
      },
    );
    const list = (await call('zhoujie', '/taskLabel/getLabelList')).data;
    expect(list).toContainEqual(expect.objectContaining({ labelId: id, name: '跟进中', color: '#53D397' }));
  });

  it('refuses a blank or long name, a bad colour and a taken name', async () => {
    await label('唯一名称');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ', color: '#3498DB' }, '请输入标签名称'],
      [{ name: '一二三四五六七八九十十一', color: '#3498DB' }, '标签名称不能超过10个字符'],
      [{ name: '颜色', color: 'red' }, '标签颜色有误'],
      [{ name: '颜色' }, '标签颜色有误'],
      [{ name: '唯一名称', color: '#3498DB' }, '标签名称已存在'],
    ];
    for (const [body, msg] of cases)
      expect([body, await call('liming', '/taskLabel/setLabel', body)]).toMatchObject([body, { msg }]);
    expect(await call('liming', '/taskLabel/setLabel', { name: '唯一名称', color: '#3498DB' })).toMatchObject({
      code: 409,
    });
  });

  it('answers 标签不存在 for a label that does not exist', async () => {
    const gone = { code: 404, msg: '标签不存在' };
    expect(
      await call('liming', '/taskLabel/setLabel', { labelId: 999999, name: '无', color: '#3498DB' }),
    ).toMatchObject(gone);
    expect(await call('liming', '/taskLabel/queryById', { labelId: 999999 })).toMatchObject(gone);
    expect(await call('liming', '/taskLabel/deleteLabel', { labelId: 999999 })).toMatchObject(gone);
  });

  it('refuses someone whose roles grant no tasks', async () => {
    for (const path of ['/taskLabel/getLabelList', '/taskLabel/setLabel', '/taskLabel/deleteLabel'])
      expect(await t.post(path, { name: '越权', color: '#3498DB', labelId: 1 }, crmOnly)).toMatchObject({
        code: 403,
        msg: '无权访问',
      });
  });
});

describe('labels on a task', () => {
  it('are set with the form, replaced by the original picker, and kept by an edit that does not name them', async () => {
    const a = await label('甲');
    const b = await label('乙');
    const taskId = await task({ labelIds: [a] });
    expect(await labelNames('sunli', taskId)).toEqual(['甲']);
    // The original's picker: `{taskId, labelId}` and nothing else changes the labels only.
    expect(await call('liming', '/task/setTask', { taskId, labelId: `${b},${a}` })).toMatchObject({ code: 0 });
    expect(await labelNames('liming', taskId)).toEqual(['甲', '乙']);
    const info = (await call('liming', '/OaTask/queryTaskInfo', { taskId })).data;
    expect(info.title).toBe('季度复盘');
    await call('liming', '/OaTask/setTask', { taskId, title: '季度复盘（改）', participantIds: [ids.sunli] });
    expect(await labelNames('liming', taskId)).toEqual(['甲', '乙']);
    // Blank clears them.
    await call('liming', '/task/setTask', { taskId, labelId: '' });
    expect(await labelNames('liming', taskId)).toEqual([]);
  });

  it('may be changed only by those who may edit the task', async () => {
    const a = await label('丙');
    const taskId = await task();
    expect(await call('sunli', '/task/setTask', { taskId, labelId: String(a) })).toMatchObject({
      code: 403,
      msg: '只有任务的创建人或负责人可以操作',
    });
    expect(await call('zhoujie', '/task/setTask', { taskId, labelId: String(a) })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(await labelNames('liming', taskId)).toEqual([]);
    await call('liming', '/OaTask/setTaskStatus', { taskId, status: 3 });
    expect(await call('liming', '/task/setTask', { taskId, labelId: String(a) })).toMatchObject({
      code: 400,
      msg: '已归档的任务不能修改',
    });
  });

  it('refuses an unknown label, a bad list and too many labels, and a task that does not exist', async () => {
    const taskId = await task();
    const cases: [unknown, string][] = [
      ['999999', '标签不存在'],
      ['1,abc', '标签有误'],
      [Array.from({ length: 11 }, (_, i) => i + 1).join(','), '一个任务最多10个标签'],
    ];
    for (const [labelId, msg] of cases)
      expect([labelId, await call('liming', '/task/setTask', { taskId, labelId })]).toMatchObject([labelId, { msg }]);
    expect(await call('liming', '/task/setTask', { taskId: 999999, labelId: '' })).toMatchObject({
      code: 404,
      msg: '任务不存在',
    });
    // A create naming an unknown label creates nothing.
    const res = await call('liming', '/OaTask/setTask', {
      title: '无效标签',
      labelIds: [999999],
      batchId: nextBatch(),
    });
    expect(res).toMatchObject({ code: 400, msg: '标签不存在' });
    const list = await call('liming', '/OaTask/queryTaskList', { type: 2, search: '无效标签' });
    expect(list.data.totalRow).toBe(0);
  });

  it('filter the task list by label', async () => {
    const d = await label('丁');
    const withD = await task({ title: '带标签的任务', labelIds: [d] });
    await task({ title: '不带标签的任务' });
    const list = await call('liming', '/OaTask/queryTaskList', { type: 2, labelId: d });
    expect(list.data.list.map((r: { taskId: number }) => r.taskId)).toEqual([withD]);
    expect(list.data.list[0].labelList).toEqual([{ labelId: d, labelName: '丁', color: '#3498DB' }]);
  });
});

describe('taskLabel/deleteLabel and getLabelListByOwn', () => {
  it('keeps a label on a live task, deletes it once its tasks are gone', async () => {
    const e = await label('戊');
    const taskId = await task({ labelIds: [e] });
    expect(
      (await call('zhoujie', '/taskLabel/getLabelListByOwn')).data.map((l: { name: string }) => l.name),
    ).not.toContain('戊');
    expect((await call('sunli', '/taskLabel/getLabelListByOwn')).data.map((l: { name: string }) => l.name)).toContain(
      '戊',
    );
    expect(await call('liming', '/taskLabel/deleteLabel', { labelId: e })).toMatchObject({
      code: 400,
      msg: '使用中的标签不能删除',
    });
    await call('liming', '/OaTask/deleteTask', { taskId });
    expect(await call('liming', '/taskLabel/deleteLabel', { labelId: e })).toMatchObject({ code: 0 });
    expect(await call('liming', '/taskLabel/queryById', { labelId: e })).toMatchObject({ code: 404 });
  });
});

// biome-ignore-all lint/suspicious/noThenProperty: a wire row's `then` (test/original-client.ts) reads the answer; rows are never awaited.
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { wireTable } from '../test/original-client.ts';

/**
 * Task labels as the original WuKong 9.0 client uses them (issue 20): its tag picker of a task's
 * detail (tagIndex.vue: getLabelList, setLabel, then `task/setTask {taskId, labelId: "1,2"}`), the
 * labels shown on its task cells (`labelList[].labelName`, `.color`), the 标签 pages of its
 * project views (queryById, getLabelListByOwn) and its label management (edit, delete).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

wireTable('the original client: task labels', () => t, [
  {
    path: 'taskLabel/setLabel',
    note: '创建新标签',
    as: 'liming',
    body: { name: '紧急', color: '#F24D70' },
  },
  {
    path: 'taskLabel/setLabel',
    note: 'a second label',
    as: 'liming',
    body: { name: '客户', color: '#3498DB' },
  },
  {
    path: 'taskLabel/getLabelList',
    as: 'liming',
    reads: ['data[0].labelId', 'data[0].name', 'data[0].color'],
    then: (a, s) => {
      s.urgent = a.data.find((l: any) => l.name === '紧急').labelId;
      s.client = a.data.find((l: any) => l.name === '客户').labelId;
    },
  },
  {
    path: 'task/setTask',
    note: 'a task from the original create form',
    as: 'liming',
    body: { name: '整理报价单', mainUserId: '', ownerUserIds: '', stopTime: '', priority: 2, description: '' },
    then: (a, s) => {
      s.task = a.data.taskId;
    },
  },
  {
    path: 'task/setTask',
    note: 'the tag picker: both labels',
    as: 'liming',
    body: (s) => ({ taskId: s.task, labelId: `${s.urgent},${s.client}` }),
  },
  {
    path: 'task/queryTaskInfo',
    as: 'liming',
    body: (s) => ({ taskId: s.task }),
    reads: ['data.labelList[0].labelId', 'data.labelList[0].labelName', 'data.labelList[0].color'],
    then: (a) => expect(a.data.labelList.map((l: any) => l.labelName)).toEqual(['紧急', '客户']),
  },
  {
    path: 'task/queryTaskList',
    note: 'the cells show the labels',
    as: 'liming',
    body: { type: 0, page: 1, limit: 15 },
    reads: ['data.list[0].labelList[0].labelName', 'data.list[0].labelList[0].color'],
    then: (a, s) => {
      const row = a.data.list.find((r: any) => r.taskId === s.task);
      expect(row.labelList).toEqual([
        { labelId: s.urgent, labelName: '紧急', color: '#F24D70' },
        { labelId: s.client, labelName: '客户', color: '#3498DB' },
      ]);
    },
  },
  {
    path: 'task/setTask',
    note: 'the tag picker: one label taken off',
    as: 'liming',
    body: (s) => ({ taskId: s.task, labelId: String(s.client) }),
  },
  {
    path: 'taskLabel/queryById',
    as: 'liming',
    body: (s) => ({ labelId: s.client }),
    reads: ['data.labelId', 'data.name', 'data.color'],
  },
  {
    path: 'taskLabel/getLabelListByOwn',
    note: 'the labels on my tasks',
    as: 'liming',
    reads: ['data[0].labelId'],
    then: (a) => expect(a.data.map((l: any) => l.name)).toEqual(['客户']),
  },
  {
    path: 'taskLabel/setLabel',
    note: '编辑标签',
    as: 'liming',
    body: (s) => ({ name: '重点客户', labelId: s.client, color: '#20C1BD' }),
  },
  {
    path: 'taskLabel/deleteLabel',
    note: 'a label in use stays',
    as: 'liming',
    code: 400,
    body: (s) => ({ labelId: s.client }),
    then: (a) => expect(a.msg).toBe('使用中的标签不能删除'),
  },
  {
    path: 'taskLabel/deleteLabel',
    note: 'an unused label',
    as: 'liming',
    body: (s) => ({ labelId: s.urgent }),
  },
  {
    path: 'taskLabel/getLabelList',
    note: 'after the edit and the delete',
    as: 'liming',
    then: (a) => expect(a.data.map((l: any) => [l.name, l.color])).toEqual([['重点客户', '#20C1BD']]),
  },
]);

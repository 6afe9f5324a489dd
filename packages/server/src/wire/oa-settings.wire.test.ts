// biome-ignore-all lint/suspicious/noThenProperty: a wire row's `then` (test/original-client.ts) reads the answer; rows are never awaited.
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { wireTable } from '../test/original-client.ts';
import { orgIds } from '../test/people.ts';

/**
 * The original WuKong 9.0 client's organisation and settings calls (issue 20) under their own
 * names, as ux/src/views/SystemManagement and the store send them: one row per call.
 */
let t: TestApp;
let org = { user: {}, dept: {}, role: {} } as Awaited<ReturnType<typeof orgIds>>;
beforeAll(async () => {
  t = await createTestApp();
  org = await orgIds(t);
});
afterAll(() => t.close());

wireTable('the original client: organisation and settings', () => t, [
  {
    path: 'sysConfig/querySysConfig',
    reads: ['data.name', 'data.logo'],
  },
  {
    path: 'system/role/getAllRoleList',
    reads: ['data[0].name', 'data[0].pid', 'data[0].list[0].id', 'data[0].list[0].title'],
    then: (a) => {
      const titles = a.data.flatMap((g: any) => g.list.map((r: any) => r.title));
      expect(titles).toContain('销售');
    },
  },
  {
    path: 'system/dept/addDept',
    body: () => ({ name: '线上渠道部', pid: org.dept['总经办'] }),
  },
  {
    path: 'system/dept/queryDeptTree',
    body: { type: 'tree' },
    then: (a, s) => {
      const find = (nodes: any[]): any =>
        nodes.map((n) => (n.name === '线上渠道部' ? n : find(n.children ?? []))).find(Boolean);
      s.dept = find(a.data).id ?? find(a.data).deptId;
    },
  },
  {
    path: 'system/dept/updateDept',
    note: 'the department as deptId',
    body: (s) => ({ name: '线上渠道二部', deptId: s.dept, pid: org.dept['总经办'] }),
  },
  {
    path: 'system/dept/queryDeptTree',
    note: 'the rename took',
    body: { type: 'tree' },
    then: (a) => expect(JSON.stringify(a.data)).toContain('线上渠道二部'),
  },
  {
    path: 'examine/queryAllExamine',
    note: "the CRM review flows' settings",
    body: { page: 1, limit: 15 },
    reads: [
      'data.list[0].examineId',
      'data.list[0].name',
      'data.list[0].categoryType',
      'data.list[0].examineType',
      'data.list[0].stepList',
      'data.list[0].userIds',
      'data.list[0].deptIds',
      'data.list[0].status',
      'data.list[0].updateTime',
      'data.totalRow',
    ],
    then: (a, s) => {
      s.flow = a.data.list.find((f: any) => f.categoryType === 2).examineId;
    },
  },
  {
    path: 'examine/saveExamine',
    note: 'the receivable review as a fixed flow',
    json: true,
    body: (s) => ({
      examineId: s.flow,
      categoryType: 2,
      name: '回款审核',
      remarks: '财务确认',
      userIds: [],
      deptIds: [],
      examineType: 1,
      step: [{ stepType: 2, checkUserId: [org.user.chenjing] }],
    }),
  },
  {
    path: 'examine/updateStatus',
    note: 'disable',
    body: (s) => ({ examineId: s.flow, status: 0 }),
  },
  {
    path: 'examine/queryAllExamine',
    note: 'the flow as saved',
    body: { page: 1, limit: 15 },
    then: (a, s) =>
      expect(a.data.list.find((f: any) => f.examineId === s.flow)).toMatchObject({
        examineType: 1,
        status: 0,
        stepList: [{ stepType: 2, userList: [{ realname: '陈静' }] }],
      }),
  },
  {
    path: 'system/user/resetPassword',
    body: () => ({ password: 'abc12345', userIds: String(org.user.hexue) }),
  },
  {
    path: 'login',
    note: 'the new password signs in',
    body: { username: 'hexue', password: 'abc12345' },
    reads: ['Admin-Token'],
  },
]);

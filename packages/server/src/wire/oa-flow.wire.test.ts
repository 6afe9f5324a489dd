// biome-ignore-all lint/suspicious/noThenProperty: a wire row's `then` (test/original-client.ts) reads the answer; rows are never awaited.
import { localDay } from '@crm/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { type WireState, wireTable } from '../test/original-client.ts';
import { orgIds } from '../test/people.ts';

/**
 * The whole office flow of the original WuKong 9.0 client (issue 20), one row per call as its
 * views send them: sign in, approvals from the category list to 我已审批, a task, an event, a
 * log with a comment, a notice, the address book, the user picker, and sign out. Bodies and the
 * answer paths read are those of ux/src/views/OAManagement and ux/src/components/Examine.
 */
let t: TestApp;
let ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  ids = (await orgIds(t)).user;
});
afterAll(() => t.close());

const day = (offset: number) => localDay(new Date(Date.now() + offset * 86_400_000));
const listReads = [
  'data.totalRow',
  'data.list[0].examineId',
  'data.list[0].categoryTitle',
  'data.list[0].createUser.realname',
  'data.list[0].createUser.img',
  'data.list[0].createtime',
  'data.list[0].examineStatus',
  'data.list[0].content',
  'data.list[0].causeTitle',
  'data.list[0].file',
  'data.list[0].img',
  'data.list[0].permission.isChecked',
  'data.list[0].permission.isUpdate',
  'data.list[0].permission.isDelete',
  'data.list[0].examineRecordId',
];
const mine = (a: any, s: WireState) => a.data.list.find((r: any) => r.examineId === s.general);

wireTable('the original client: the office flow', () => t, [
  {
    // Someone the rows do not act as: signing in again ends that person's other session.
    path: 'login',
    body: { username: 'wangzong', password: '123456a' },
    reads: ['Admin-Token', 'user.realname', 'user.userId', 'auth'],
  },
  {
    path: 'OaExamineCategory/queryAllExamineCategoryList',
    as: 'sunli',
    reads: ['data[0].categoryId', 'data[0].title'],
    then: (a, s) => {
      // Flat: every item is a category, not a group.
      for (const c of a.data) expect(c).toMatchObject({ categoryId: expect.any(Number), title: expect.any(String) });
      s.generalCategory = a.data.find((c: any) => c.title === '普通审批').categoryId;
      s.leaveCategory = a.data.find((c: any) => c.title === '请假').categoryId;
    },
  },
  {
    path: 'OaExamine/queryExaminStep',
    note: 'the create view asks the flow of the category',
    as: 'sunli',
    body: (s) => ({ categoryId: s.generalCategory }),
    reads: ['data.examineType'],
  },
  {
    path: 'OaExamine/setOaExamine',
    note: 'general: content and remark',
    as: 'sunli',
    json: true,
    body: (s) => ({
      oaExamine: { categoryId: s.generalCategory, content: '采购投影仪', remark: '会议室用', batchId: 'wire-oa-1' },
      oaExamineRelation: {},
      field: [],
      oaExamineTravelList: [],
      checkUserId: ids.chenjing,
    }),
    then: (a, s) => {
      s.general = a.data.examineId;
    },
  },
  {
    path: 'OaExamine/setOaExamine',
    note: 'leave: its fixed fields in oaExamine',
    as: 'sunli',
    json: true,
    body: (s) => ({
      oaExamine: {
        categoryId: s.leaveCategory,
        type_id: '事假',
        content: '家中有事请假',
        start_time: `${day(1)} 09:00:00`,
        end_time: `${day(2)} 18:00:00`,
        duration: '2',
        remark: '回老家',
        handover_user: String(ids.liuyang),
        batchId: 'wire-oa-2',
      },
      oaExamineRelation: {},
      field: [],
      oaExamineTravelList: [],
      checkUserId: ids.chenjing,
    }),
    then: (a, s) => {
      s.leave = a.data.examineId;
    },
  },
  {
    path: 'OaExamine/myInitiate',
    as: 'sunli',
    json: true,
    body: { page: 1, limit: 15, categoryId: '', checkStatus: '' },
    reads: listReads,
    then: (a, s) => {
      expect(a.data.list.map((r: any) => r.examineId)).toEqual(expect.arrayContaining([s.general, s.leave]));
      expect(mine(a, s)).toMatchObject({
        createUser: { realname: '孙丽' },
        examineStatus: 0,
        causeTitle: '采购投影仪',
        permission: { isChecked: 0, isUpdate: 0, isDelete: 0 },
      });
    },
  },
  {
    path: 'OaExamine/myInitiate',
    note: 'checkStatus filters by state',
    as: 'sunli',
    json: true,
    body: { page: 1, limit: 15, checkStatus: 1 },
    then: (a) => expect(a.data.totalRow).toBe(0),
  },
  {
    path: 'OaExamine/myOaExamine',
    note: 'status 1: 待我审批',
    as: 'chenjing',
    json: true,
    body: { page: 1, limit: 15, categoryId: '', status: 1, startTime: '', endTime: '' },
    reads: listReads,
    then: (a, s) => {
      const row = mine(a, s);
      expect(row.permission.isChecked).toBe(1);
      s.recordId = row.examineRecordId;
    },
  },
  {
    path: 'OaExamine/queryOaExamineInfo',
    as: 'chenjing',
    body: (s) => ({ examineId: s.general }),
    reads: [
      'data.categoryId',
      'data.type',
      'data.category',
      'data.file',
      'data.img',
      'data.examineRecordId',
      'data.customerList',
      'data.contactsList',
      'data.businessList',
      'data.contractList',
      'data.examineTravelList',
      'data.createUser.realname',
    ],
    then: (a, s) => expect(a.data.examineRecordId).toBe(s.recordId),
  },
  {
    path: 'OaExamine/queryExamineRecordList',
    as: 'chenjing',
    body: (s) => ({ recordId: s.recordId, ownerUserId: ids.sunli }),
    reads: [
      'data.examineType',
      'data.isCheck',
      'data.isRecheck',
      'data.steps[0].examinUser.realname',
      'data.steps[0].examineStatus',
    ],
    then: (a) =>
      expect(a.data).toMatchObject({ isCheck: 1, steps: [{ examinUser: { realname: '陈静' }, examineStatus: 3 }] }),
  },
  {
    path: 'OaExamine/auditExamine',
    note: 'approve',
    as: 'chenjing',
    body: (s) => ({ id: s.general, recordId: s.recordId, status: 1, remarks: '同意' }),
  },
  {
    path: 'OaExamine/queryExamineLogList',
    as: 'chenjing',
    body: (s) => ({ recordId: s.recordId }),
    reads: ['data[0].examineStatus', 'data[0].realname', 'data[0].examineTime', 'data[1].remarks'],
    then: (a) =>
      expect(a.data.map((e: any) => [e.realname, e.examineStatus])).toEqual([
        ['孙丽', 5],
        ['陈静', 1],
      ]),
  },
  {
    path: 'OaExamine/myOaExamine',
    note: 'status 2: 我已审批',
    as: 'chenjing',
    json: true,
    body: { page: 1, limit: 15, status: 2 },
    reads: listReads,
    then: (a, s) => expect(mine(a, s)).toMatchObject({ examineStatus: 1, permission: { isChecked: 0 } }),
  },
  {
    path: 'task/setTask',
    as: 'sunli',
    body: () => ({
      name: '整理投标资料',
      mainUserId: ids.sunli,
      stopTime: `${day(3)} 18:00:00`,
      priority: 2,
      description: '周五前',
    }),
    reads: ['data.taskId'],
    then: (a, s) => {
      s.task = a.data.taskId;
    },
  },
  {
    path: 'task/queryTaskList',
    note: 'type 0: all of mine',
    as: 'sunli',
    body: { type: '0', status: '1', priority: '', date: '', subUser: '', limit: 15, page: 1, search: '' },
    reads: [
      'data.list[0].name',
      'data.list[0].mainUser.realname',
      'data.list[0].stopTime',
      'data.list[0].priority',
      'data.list[0].childAllCount',
      'data.list[0].childWCCount',
      'data.list[0].commentCount',
    ],
    then: (a, s) =>
      expect(a.data.list.find((r: any) => r.taskId === s.task)).toMatchObject({
        name: '整理投标资料',
        mainUser: { realname: '孙丽' },
        priority: 2,
      }),
  },
  {
    path: 'OaEvent/add',
    as: 'sunli',
    body: () => ({
      title: '拜访客户',
      startTime: `${day(1)} 09:00:00`,
      endTime: `${day(1)} 10:30:00`,
      ownerUserIds: String(ids.chenjing),
      remark: '带样品',
      color: '#3E84E9',
      customerIds: '',
    }),
    then: (a, s) => {
      s.event = a.data.eventId;
    },
  },
  {
    path: 'OaEvent/queryList',
    as: 'sunli',
    body: { startTime: day(0), endTime: day(7) },
    reads: ['data[0].title', 'data[0].startTime', 'data[0].endTime'],
    then: (a) =>
      expect(a.data.find((e: any) => e.title === '拜访客户')).toMatchObject({
        startTime: `${day(1)} 09:00:00`,
        endTime: `${day(1)} 10:30:00`,
      }),
  },
  {
    path: 'OaLog/addOrUpdate',
    as: 'sunli',
    json: true,
    body: () => ({
      categoryId: 1,
      content: '今日拜访两家客户',
      tomorrow: '整理报价',
      question: '',
      batchId: 'wire-log-1',
      sendUserIds: String(ids.chenjing),
      sendDeptIds: '',
      customerIds: '',
      contactsIds: '',
      businessIds: '',
      contractIds: '',
    }),
    reads: ['data.logId'],
    then: (a, s) => {
      s.log = a.data.logId;
    },
  },
  {
    path: 'OaLog/queryList',
    note: 'as the recipient',
    as: 'chenjing',
    json: true,
    body: { page: 1, limit: 5 },
    reads: ['data.list[0].logId'],
    then: (a, s) => expect(a.data.list.map((l: any) => l.logId)).toContain(s.log),
  },
  {
    path: 'OaLog/addComment',
    as: 'chenjing',
    body: (s) => ({ logId: s.log, content: '辛苦了' }),
    reads: ['data.commentId'],
  },
  {
    path: 'OaLog/readLog',
    as: 'chenjing',
    body: (s) => ({ logId: s.log }),
  },
  {
    path: 'OaAnnouncement/saveAndUpdate',
    body: () => ({
      title: '年会通知',
      content: '周五下午三点年会',
      startTime: `${day(0)} 00:00:00`,
      endTime: `${day(7)} 23:59:59`,
      deptIds: '',
      ownerUserIds: String(ids.sunli),
    }),
    reads: ['data.announcementId'],
    then: (a, s) => {
      s.notice = a.data.announcementId;
    },
  },
  {
    path: 'OaAnnouncement/queryList',
    as: 'sunli',
    body: { type: 1, page: 1, limit: 15 },
    reads: ['data.list[0].title', 'data.list[0].content'],
    then: (a, s) => expect(a.data.list.map((n: any) => n.announcementId)).toContain(s.notice),
  },
  {
    path: 'OaAnnouncement/readAnnouncement',
    as: 'sunli',
    body: (s) => ({ announcementId: s.notice }),
  },
  {
    path: 'system/user/queryListName',
    as: 'sunli',
    body: { search: '' },
    reads: ['data.S[0].realname', 'data.S[0].post', 'data.S[0].mobile', 'data.S[0].deptName'],
    then: (a) => expect(a.data.S.map((u: any) => u.realname)).toContain('孙丽'),
  },
  {
    path: 'system/user/queryListNameByDept',
    as: 'sunli',
    body: { name: '孙' },
    reads: ['data[0].name', 'data[0].userList'],
    then: (a) => expect(a.data.flatMap((d: any) => d.userList.map((u: any) => u.realname))).toEqual(['孙丽']),
  },
  {
    path: 'system/user/queryUserList',
    note: 'pageType 0: the plain array of the pickers',
    as: 'sunli',
    body: { pageType: 0 },
    reads: ['data[0].userId', 'data[0].realname'],
  },
  { path: 'OaEvent/delete', as: 'sunli', body: (s) => ({ eventId: s.event }) },
  { path: 'task/deleteTask', as: 'sunli', body: (s) => ({ taskId: s.task }) },
  { path: 'OaLog/deleteById', as: 'sunli', body: (s) => ({ logId: s.log }) },
  { path: 'OaAnnouncement/delete', note: 'by id', body: (s) => ({ id: s.notice }) },
  {
    path: 'OaAnnouncement/queryList',
    note: 'the deleted notice is gone',
    as: 'sunli',
    body: { type: 1, page: 1, limit: 15 },
    then: (a, s) => expect(a.data.list.map((n: any) => n.announcementId)).not.toContain(s.notice),
  },
  { path: 'logout', as: 'sunli' },
  {
    path: 'OaExamine/myInitiate',
    note: 'after logout',
    as: 'sunli',
    json: true,
    body: { page: 1, limit: 15 },
    code: 302,
  },
]);

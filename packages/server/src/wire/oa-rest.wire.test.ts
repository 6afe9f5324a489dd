// biome-ignore-all lint/suspicious/noThenProperty: a wire row's `then` (test/original-client.ts) reads the answer; rows are never awaited.
import { localDay } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { queryRows } from '../core/sql.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { type WireState, wireTable } from '../test/original-client.ts';
import { orgIds } from '../test/people.ts';

/**
 * The last office calls of the original WuKong 9.0 client (issue 20), as its views send them:
 * the approval form built from `field/queryField {label: 10}` (an administrator's category, and
 * the 差旅报销 and 付款 types with their fixed fields and 费用明细), editing through
 * `OaExamine/getField`, a contract review's flow and log by its recordId, the shared comment
 * calls of tasks and logs, and the 日志 / 审批 tabs of a customer's detail page.
 */
let t: TestApp;
let ids: Record<string, number> = {};
let custom = 0;
let customer = 0;
beforeAll(async () => {
  t = await createTestApp();
  ids = (await orgIds(t)).user;
  // An administrator's category with one custom select field (made through our own designer calls).
  const admin = await t.login('admin');
  const made = await t.post('/OaExamineCategory/setExamineCategory', { title: '用车申请' }, admin);
  custom = made.data.categoryId;
  await t.post(
    '/field/examineFieldSave',
    { categoryId: custom, fields: [{ name: '车型', formType: 'select', options: ['轿车', '商务车'], isNull: 1 }] },
    admin,
  );
  const [row] = await queryRows<{ customer_id: number }>(
    t.database.db,
    sql`select customer_id from crm_customer where owner_user_id = ${ids.sunli!} order by customer_id limit 1`,
  );
  customer = Number(row!.customer_id);
});
afterAll(() => t.close());

const day = (offset: number) => localDay(new Date(Date.now() + offset * 86_400_000));
const fieldReads = [
  'data[0].fieldName',
  'data[0].name',
  'data[0].formType',
  'data[0].fieldType',
  'data[0].isNull',
  'data[0].setting',
];
/** The original form's body: fixed fields in `oaExamine`, custom ones in `field`, 费用明细 in the travel list. */
const form = (categoryId: number, oaExamine: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  oaExamine: { categoryId, batchId: `wire-rest-${categoryId}-${Math.random().toString(36).slice(2)}`, ...oaExamine },
  oaExamineRelation: { customerIds: '', contactsIds: '', businessIds: '', contractIds: '' },
  field: [],
  oaExamineTravelList: [],
  checkUserId: ids.chenjing,
  ...extra,
});
const byName = (a: any) => Object.fromEntries(a.data.map((f: any) => [f.fieldName, f.value]));

wireTable('the original client: approval forms, reviews, comments and a record’s office tabs', () => t, [
  {
    path: 'OaExamineCategory/queryAllExamineCategoryList',
    as: 'sunli',
    then: (a, s) => {
      for (const type of ['travel', 'payment']) s[type] = a.data.find((c: any) => c.type === type).categoryId;
    },
  },
  {
    path: 'field/queryField',
    note: "an administrator's category",
    as: 'sunli',
    body: () => ({ label: 10, id: custom }),
    reads: [...fieldReads, 'data[2].setting[1]'],
    then: (a, s) => {
      expect(a.data.map((f: any) => [f.fieldName, f.fieldType])).toEqual([
        ['content', 1],
        ['remark', 1],
        [expect.stringMatching(/^field_/), 0],
      ]);
      s.customField = a.data[2];
    },
  },
  {
    path: 'OaExamine/setOaExamine',
    note: "an administrator's category: its field in `field` with the value",
    as: 'sunli',
    json: true,
    body: (s) =>
      form(custom, { content: '去机场接客户', remark: '' }, { field: [{ ...s.customField, value: '商务车' }] }),
    reads: ['data.examineId'],
    then: (a, s) => {
      s.customExamine = a.data.examineId;
    },
  },
  {
    path: 'OaExamine/getField',
    note: 'editing it',
    as: 'sunli',
    body: (s) => ({ id: s.customExamine, isDetail: 2 }),
    reads: ['data[0].value', 'data[2].value', 'data[2].setting'],
    then: (a) => expect(Object.values(byName(a))).toEqual(['去机场接客户', '', '商务车']),
  },
  {
    path: 'field/queryField',
    note: '差旅报销: the fixed fields and 费用明细',
    as: 'sunli',
    body: (s) => ({ label: 10, id: s.travel }),
    reads: fieldReads,
    then: (a) =>
      expect(a.data.find((f: any) => f.fieldName === 'cause')).toMatchObject({
        formType: 'examine_cause',
        fieldType: 1,
      }),
  },
  {
    path: 'OaExamine/setOaExamine',
    note: '差旅报销: the rows in oaExamineTravelList',
    as: 'sunli',
    json: true,
    body: (s) =>
      form(
        s.travel,
        { content: '上海出差', vehicle: '高铁', money: '860' },
        {
          oaExamineTravelList: [
            {
              startAddress: '北京',
              endAddress: '上海',
              startTime: `${day(-4)} 00:00:00`,
              endTime: `${day(-3)} 00:00:00`,
              traffic: '560',
              stay: '300',
              diet: '',
              other: '',
              money: '860',
              description: '往返车票与住宿',
              batchId: 'wire-rest-line-1',
            },
          ],
        },
      ),
    reads: ['data.examineId'],
    then: (a, s) => {
      s.travelExamine = a.data.examineId;
    },
  },
  {
    path: 'OaExamine/getField',
    note: '差旅报销 with its rows',
    as: 'sunli',
    body: (s) => ({ id: s.travelExamine, isDetail: 2 }),
    reads: ['data[0].value', 'data[2].value[0].endAddress', 'data[2].value[0].money'],
    then: (a) => expect(byName(a)).toMatchObject({ content: '上海出差', vehicle: '高铁', money: 860 }),
  },
  {
    path: 'OaExamine/setOaExamine',
    note: '付款审批: one payment from its fixed fields',
    as: 'sunli',
    json: true,
    body: (s) =>
      form(s.payment, {
        content: '付样品费',
        money: '320',
        pay_time: day(0),
        cause: '客户样品',
        payee: '某某印务',
        bank_account: '6222000011113333',
        bank_deposit: '建设银行',
      }),
    reads: ['data.examineId'],
  },
  {
    path: 'OaExamine/setOaExamine',
    note: 'an approval about a customer (its 审批 tab below)',
    as: 'sunli',
    json: true,
    body: (s) =>
      form(
        custom,
        { content: '客户样品寄送' },
        { oaExamineRelation: { customerIds: String(customer) }, field: [{ ...s.customField, value: '轿车' }] },
      ),
    then: (a, s) => {
      s.related = a.data.examineId;
    },
  },
  {
    path: 'CrmContract/saveAndUpdate',
    note: 'a contract submitted for review',
    as: 'sunli',
    json: true,
    body: () => ({
      entity: {
        num: 'HT-WIRE-REST-1',
        name: '原版审核记录合同',
        customer_id: [{ customerId: customer }],
        business_id: [],
        money: '5000',
        order_date: day(0),
        start_time: day(0),
        end_time: day(365),
        remark: '',
      },
      field: [],
      product: [],
      checkUserId: ids.chenjing,
    }),
    then: (a, s) => {
      s.contract = a.data.id;
    },
  },
  {
    path: 'CrmContract/queryById',
    as: 'sunli',
    body: (s) => ({ contractId: s.contract }),
    reads: ['data.examineRecordId'],
    then: (a, s) => {
      s.review = a.data.examineRecordId;
    },
  },
  {
    path: 'examineRecord/queryExamineRecordList',
    note: "the contract review's steps by its recordId",
    as: 'sunli',
    body: (s) => ({ recordId: s.review, ownerUserId: ids.sunli }),
    reads: ['data.examineType', 'data.steps[0].examinUser.realname', 'data.steps[0].examineStatus'],
    then: (a) => expect(a.data.steps[0]).toMatchObject({ examinUser: { realname: '陈静' }, examineStatus: 3 }),
  },
  {
    path: 'examineRecord/queryExamineLogList',
    note: "the contract review's log",
    as: 'sunli',
    body: (s) => ({ recordId: s.review }),
    reads: ['data[0].realname', 'data[0].examineStatus', 'data[0].examineTime'],
    then: (a) => expect(a.data[0]).toMatchObject({ realname: '孙丽', examineStatus: 5 }),
  },
  {
    path: 'task/setTask',
    as: 'sunli',
    body: () => ({
      name: '寄送样品',
      mainUserId: ids.sunli,
      ownerUserIds: String(ids.chenjing),
      stopTime: `${day(2)} 18:00:00`,
    }),
    then: (a, s) => {
      s.task = a.data.taskId;
    },
  },
  {
    path: 'task/saveTaskRelation',
    note: '关联业务: the lists as `,id,`',
    as: 'sunli',
    body: (s) => ({ taskId: s.task, customerIds: `,${customer},`, contactsIds: '', businessIds: '', contractIds: '' }),
  },
  {
    path: 'task/queryTaskRelation',
    note: "the customer's 任务 tab",
    as: 'sunli',
    body: () => ({ page: 1, limit: 10, customerIds: customer }),
    reads: ['data.list[0].taskId', 'data.list[0].name', 'data.list[0].mainUser.realname', 'data.totalRow'],
    then: (a, s) => expect(a.data.list.map((r: any) => r.taskId)).toEqual([s.task]),
  },
  {
    path: 'task/queryWorkTaskLog',
    note: "the task detail's 活动 list",
    as: 'chenjing',
    body: (s) => ({ taskId: s.task }),
    reads: ['data[0].realname', 'data[0].img', 'data[0].content', 'data[0].createTime'],
  },
  {
    path: 'comment/setComment',
    note: 'a task (type 1)',
    as: 'chenjing',
    body: (s) => ({ typeId: s.task, type: 1, content: '已安排' }),
    reads: ['data.commentId', 'data.content', 'data.typeId'],
    then: (a, s) => {
      s.taskComment = a.data.commentId;
    },
  },
  {
    path: 'comment/queryCommentList',
    note: "the task's comments",
    as: 'sunli',
    body: (s) => ({ typeId: s.task, type: 1 }),
    reads: [
      'data[0].commentId',
      'data[0].content',
      'data[0].createTime',
      'data[0].user.realname',
      'data[0].childCommentList',
    ],
    then: (a, s) => expect(a.data.map((c: any) => c.commentId)).toEqual([s.taskComment]),
  },
  {
    path: 'comment/deleteComment',
    note: 'by its id alone, as the views send it',
    as: 'chenjing',
    body: (s) => ({ commentId: s.taskComment }),
  },
  {
    path: 'comment/queryCommentList',
    note: 'gone',
    as: 'sunli',
    body: (s) => ({ typeId: s.task, type: 1 }),
    then: (a) => expect(a.data).toEqual([]),
  },
  {
    path: 'OaLog/addOrUpdate',
    note: 'a log about the customer',
    as: 'sunli',
    json: true,
    body: () => ({
      categoryId: 1,
      content: '给客户寄了样品',
      tomorrow: '电话回访',
      question: '',
      batchId: 'wire-rest-log-1',
      sendUserIds: String(ids.chenjing),
      customerIds: String(customer),
    }),
    then: (a, s) => {
      s.log = a.data.logId;
    },
  },
  {
    path: 'OaLog/queryList',
    note: "the log cell, as the recipient's 发给我的",
    as: 'chenjing',
    json: true,
    body: { page: 1, limit: 5 },
    reads: [
      'data.list[0].createUser.realname',
      'data.list[0].content',
      'data.list[0].tomorrow',
      'data.list[0].question',
      'data.list[0].isRead',
      'data.list[0].permission.is_update',
      'data.list[0].permission.isDelete',
      'data.list[0].sendUserList[0].realname',
      'data.list[0].sendDeptList',
      'data.list[0].img',
      'data.list[0].file',
    ],
  },
  {
    path: 'comment/setComment',
    note: 'a log (type 2)',
    as: 'chenjing',
    body: (s) => ({ typeId: s.log, type: 2, content: '客户很满意' }),
    then: (a, s) => {
      s.logComment = a.data.commentId;
    },
  },
  {
    path: 'OaLog/delComment',
    as: 'chenjing',
    body: (s) => ({ commentId: s.logComment }),
  },
  {
    path: 'comment/queryCommentList',
    note: "the log's comments after the delete",
    as: 'sunli',
    body: (s) => ({ typeId: s.log, type: 2 }),
    then: (a) => expect(a.data).toEqual([]),
  },
  {
    path: 'OaLog/queryLogRelation',
    note: "the customer's 日志 tab",
    as: 'sunli',
    body: () => ({ page: 1, limit: 10, customerIds: customer }),
    reads: ['data.list[0].logId', 'data.list[0].createUser.realname', 'data.list[0].content', 'data.totalRow'],
    then: (a, s: WireState) => expect(a.data.list.map((l: any) => l.logId)).toEqual([s.log]),
  },
  {
    path: 'OaExamine/queryExamineRelation',
    note: "the customer's 审批 tab",
    as: 'sunli',
    body: () => ({ page: 1, limit: 10, customerIds: customer }),
    reads: [
      'data.list[0].examineId',
      'data.list[0].createUser.realname',
      'data.list[0].causeTitle',
      'data.list[0].customerList',
    ],
    then: (a, s) => expect(a.data.list.map((e: any) => e.examineId)).toEqual([s.related]),
  },
]);

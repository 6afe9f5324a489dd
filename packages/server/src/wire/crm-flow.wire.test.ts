import { systemSceneIds } from '@crm/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { wireTable } from '../test/original-client.ts';
import { orgIds } from '../test/people.ts';

/**
 * Issue 20's whole flow as the original WuKong client sends it (docs/api.md "Aliases: the
 * original client's names", CRM): its login, a customer from its create form (snake_case entity,
 * no batchId), the list after its list head, the detail, a follow-up, the team, a transfer, a
 * contract submitted for review with the customer picked as a row, the approver's review list,
 * the audit by the review's recordId, and a deletion. One row per call, in order.
 */
let t: TestApp;
let uid: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  uid = (await orgIds(t)).user;
});
afterAll(() => t.close());

const customer = {
  customer_name: '线上原版客户',
  mobile: '13912345678',
  has_old_customer: '',
  gender: 2,
  shop_owner_id: 1,
  relation: '原版三级',
  id_card: '510104199203031234',
  gat_id_card: '',
  id_card_url: '',
  has_sign: '',
  sign_time: '',
  sign_item_user_ids: '',
};

wireTable('the CRM flow of the original client', () => t, [
  {
    // Its own user: a new login replaces the session the harness signed in with.
    path: 'login',
    as: 'zhenghao',
    body: { username: 'zhenghao', password: '123456a' },
    reads: ['Admin-Token', 'user.realname', 'auth.crm'],
  },
  {
    path: 'field/queryField',
    body: { label: 2 },
    reads: ['data[0].fieldId', 'data[0].fieldName', 'data[0].fieldType', 'data[0].isNull', 'data[0].defaultValue'],
    then: (a) => {
      const gender = a.data.find((f: any) => f.name === '性别');
      expect([gender.setting, gender.fieldType, gender.isUnique]).toEqual([['男', '女'], 1, 0]);
    },
  },
  {
    path: 'CrmCustomer/addOrUpdate',
    note: 'the create form: snake_case entity, no batchId',
    json: true,
    body: { entity: customer, field: [] },
    reads: ['data.id'],
    then: (a, s) => {
      s.customerId = a.data.id;
    },
  },
  {
    path: 'field/queryListHead',
    body: { label: 2 },
    reads: ['data[0].fieldName', 'data[0].name', 'data[0].formType'],
    then: (a) => expect(a.data.map((c: any) => c.fieldName)).toContain('customerName'),
  },
  { path: 'scene/queryScene', body: { type: 2 }, reads: ['data[0].sceneId', 'data[0].name', 'data[0].isDefault'] },
  {
    path: 'CrmCustomer/queryPageList',
    note: 'search',
    json: true,
    body: { page: 1, limit: 15, search: '线上原版', type: 2 },
    reads: ['data.list[0].customerId', 'data.list[0].ownerUserName', 'data.totalRow'],
    then: (a, s) => expect([a.data.totalRow, a.data.list[0].customerId]).toEqual([1, s.customerId]),
  },
  {
    path: 'CrmCustomer/queryPageList',
    note: 'paging and sort as the original sends them',
    json: true,
    body: { page: 1, limit: 2, search: '', type: 2, sortField: 'createTime', order: 1 },
    reads: ['data.list[1].customerId', 'data.totalRow', 'data.lastPage'],
    then: (a, s) => expect(a.data.list[0].customerId).toBe(s.customerId),
  },
  {
    path: 'CrmCustomer/queryById',
    body: (s) => ({ customerId: s.customerId }),
    reads: ['data.customerName', 'data.ownerUserName', 'data.batchId', 'data.createTime'],
    then: (a) => expect([a.data.customerName, a.data.relation]).toEqual(['线上原版客户', '原版三级']),
  },
  {
    path: 'field/information',
    body: (s) => ({ types: 2, id: s.customerId }),
    reads: ['data[0].name', 'data[0].formType'],
    then: (a) => expect(a.data.find((f: any) => f.fieldName === 'mobile').value).toBe('13912345678'),
  },
  {
    path: 'CrmRecord/queryRecordList',
    note: 'the operation log',
    body: (s) => ({ types: 2, actionId: s.customerId }),
    reads: ['data[0].realname', 'data[0].img', 'data[0].content', 'data[0].createTime'],
  },
  {
    path: 'CrmRecord/queryRecordOptions',
    reads: ['data[0]'],
    then: (a, s) => {
      s.category = a.data[0];
    },
  },
  {
    path: 'CrmCustomer/addRecord',
    body: (s) => ({
      typesId: s.customerId,
      content: '电话沟通了护理方案',
      category: s.category,
      batchId: '',
      businessIds: '',
      contactsIds: '',
      isEvent: 0,
      nextTime: '',
    }),
    reads: ['data.id'],
  },
  {
    path: 'CrmCustomer/getRecord',
    body: (s) => ({ page: 1, limit: 10, customerId: s.customerId }),
    reads: ['data.list[0].content', 'data.list[0].createUser.realname', 'data.totalRow'],
  },
  {
    path: 'CrmCustomer/addMembers',
    body: (s) => ({ ids: s.customerId, memberIds: String(uid.zhenghao), power: 1 }),
  },
  {
    path: 'CrmCustomer/getMembers',
    body: (s) => ({ customerId: s.customerId }),
    reads: ['data[1].realname', 'data[1].power'],
    then: (a) => expect(a.data.map((m: any) => m.userId)).toContain(uid.zhenghao),
  },
  {
    path: 'CrmCustomer/transfer',
    body: (s) => ({
      newOwnerUserId: uid.sunli,
      transferType: 2,
      power: 1,
      customerIds: String(s.customerId),
      changeType: '1,2,3',
    }),
  },
  {
    path: 'CrmCustomer/queryById',
    note: 'the new owner',
    as: 'sunli',
    body: (s) => ({ customerId: s.customerId }),
    reads: ['data.ownerUserName'],
    then: (a) => expect(a.data.ownerUserId).toBe(uid.sunli),
  },
  {
    path: 'examine/queryExaminStep',
    note: "the contract form's review flow",
    as: 'sunli',
    body: { categoryType: 1 },
    reads: ['data.examineType', 'data.examineSteps'],
  },
  {
    path: 'CrmContract/saveAndUpdate',
    note: 'submitted for review; the customer picked as a row',
    as: 'sunli',
    json: true,
    body: (s) => ({
      entity: {
        num: 'HT-WIRE-1',
        name: '原版客户端合同',
        customer_id: [{ customerId: s.customerId, customerName: '线上原版客户' }],
        business_id: [],
        money: '12800',
        order_date: '2026-11-20',
        start_time: '2026-11-20',
        end_time: '2027-11-19',
        remark: '',
      },
      field: [],
      product: [],
      checkUserId: uid.chenjing,
    }),
    reads: ['data.id'],
    then: (a, s) => {
      s.contractId = a.data.id;
    },
  },
  {
    path: 'CrmContract/queryById',
    as: 'sunli',
    body: (s) => ({ contractId: s.contractId }),
    reads: ['data.examineRecordId', 'data.checkStatus', 'data.customerName'],
    then: (a, s) => {
      expect([a.data.checkStatus, a.data.customerId]).toEqual([0, s.customerId]);
      s.recordId = a.data.examineRecordId;
    },
  },
  {
    path: 'CrmContract/queryPageList',
    note: "the approver's 待审核 scene",
    as: 'chenjing',
    json: true,
    body: { page: 1, limit: 15, search: '', type: 6, sceneId: systemSceneIds.toReview },
    reads: ['data.list[0].contractId', 'data.list[0].num', 'data.totalRow'],
    then: (a, s) => expect(a.data.list.map((c: any) => c.contractId)).toContain(s.contractId),
  },
  {
    path: 'CrmBackLog/checkContract',
    note: "the approver's 待审核 to-do list",
    as: 'chenjing',
    json: true,
    body: { page: 1, limit: 15, isSub: 1, type: 1 },
    reads: ['data.list[0].contractId', 'data.list[0].customerName', 'data.totalRow'],
    then: (a, s) => expect(a.data.list.map((c: any) => c.contractId)).toContain(s.contractId),
  },
  {
    path: 'examineRecord/auditExamine',
    as: 'chenjing',
    body: (s) => ({ id: s.contractId, recordId: s.recordId, status: 1, remarks: '同意' }),
  },
  {
    path: 'CrmBackLog/checkContract',
    note: 'no longer waiting',
    as: 'chenjing',
    json: true,
    body: { page: 1, limit: 15, isSub: 1, type: 1 },
    then: (a, s) => expect(a.data.list.map((c: any) => c.contractId)).not.toContain(s.contractId),
  },
  {
    path: 'CrmContract/queryById',
    note: 'approved',
    body: (s) => ({ contractId: s.contractId }),
    reads: ['data.checkStatus'],
    then: (a) => expect(a.data.checkStatus).toBe(1),
  },
  {
    path: 'CrmCustomer/addOrUpdate',
    note: 'a second customer to delete',
    json: true,
    body: { entity: { ...customer, customer_name: '待删除原版客户', mobile: '13912340000' }, field: [] },
    reads: ['data.id'],
    then: (a, s) => {
      s.doomedId = a.data.id;
    },
  },
  { path: 'CrmCustomer/deleteByIds', body: (s) => ({ customerIds: String(s.doomedId) }) },
  { path: 'CrmCustomer/queryById', note: 'deleted', body: (s) => ({ customerId: s.doomedId }), code: 404 },
]);

// biome-ignore-all lint/suspicious/noThenProperty: a wire row's `then` (test/original-client.ts) reads the answer; rows are never awaited.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { wireTable } from '../test/original-client.ts';
import { customerIds, orgIds } from '../test/people.ts';

/**
 * The original WuKong client's last CRM calls (docs/api.md "Aliases", CRM): a follow-up deleted
 * from its timeline (FollowRecordCell), the to-do tabs and their 标记已跟进 (CRMMessage), the 查重
 * dialog (checkContent) and the 列设置 / 场景设置 dialogs (FieldsSet, SceneSet), one row per call
 * as its request layer sends it. The import dialog's multipart upload is covered by
 * crm/original/import-messages.test.ts.
 */
let t: TestApp;
let cid: Record<string, number> = {};
let adminId = 0;
beforeAll(async () => {
  t = await createTestApp();
  cid = await customerIds(t);
  adminId = (await orgIds(t)).user.admin!;
  // A plan due for its reminder, on a contract of admin's, for the 待回款提醒 tab.
  const saved = await t.post(
    '/CrmContract/saveAndUpdate',
    {
      entity: {
        name: '提醒合同',
        num: 'HT-WIRE-REMIND',
        customerId: cid.林婉清,
        money: '5000',
        checkStatus: 5,
        batchId: 'wire-remind',
      },
      field: [],
    },
    await t.login('admin'),
  );
  expect(saved.code).toBe(0);
  await t.database.db.execute(
    sql`insert into crm_receivables_plan (num, contract_id, customer_id, money, return_date, remind, remind_date, create_user_id)
        values (1, ${saved.data.id}, ${cid.林婉清}, 2500, current_date + 3, 5, current_date - 2, ${adminId})`,
  );
});
afterAll(() => t.close());

wireTable('the original client: the last CRM calls', () => t, [
  {
    path: 'CrmRecord/queryRecordOptions',
    reads: ['data[0]'],
    then: (a, s) => {
      s.category = a.data[0];
    },
  },
  {
    path: 'CrmCustomer/addRecord',
    body: (s) => ({ typesId: cid.林婉清, content: '稍后删除的跟进', category: s.category, isEvent: 0 }),
  },
  {
    path: 'CrmCustomer/getRecord',
    body: () => ({ page: 1, limit: 10, customerId: cid.林婉清 }),
    reads: ['data.list[0].recordId'],
    then: (a, s) => {
      s.recordId = a.data.list.find((f: any) => f.content === '稍后删除的跟进').recordId;
    },
  },
  { path: 'CrmRecord/deleteFollowRecord', body: (s) => ({ recordId: s.recordId }) },
  {
    path: 'CrmCustomer/getRecord',
    note: 'the follow-up is gone',
    body: () => ({ page: 1, limit: 10, customerId: cid.林婉清 }),
    then: (a, s) => expect(a.data.list.map((f: any) => f.recordId)).not.toContain(s.recordId),
  },
  {
    path: 'CrmBackLog/followCustomer',
    json: true,
    body: { page: 1, limit: 15, isSub: 1, type: 1 },
    then: async (a, s) => {
      // admin owns no customer yet: give one without follow-ups, then read the tab again.
      expect(a.code).toBe(0);
      await t.database.db.execute(
        sql`update crm_customer set owner_user_id = ${adminId} where customer_id = ${cid.陈雨桐}`,
      );
      await t.database.db.execute(sql`delete from crm_follow_record where label = 2 and record_id = ${cid.陈雨桐}`);
      s.customerId = cid.陈雨桐;
    },
  },
  {
    path: 'CrmBackLog/followCustomer',
    note: 'the customer waits',
    json: true,
    body: { page: 1, limit: 15, isSub: 1, type: 1 },
    reads: ['data.list[0].customerId'],
    then: (a, s) => expect(a.data.list.map((c: any) => c.customerId)).toContain(s.customerId),
  },
  { path: 'CrmBackLog/setCustomerFollowup', body: (s) => ({ ids: String(s.customerId) }) },
  {
    path: 'CrmBackLog/followCustomer',
    note: 'marked 已跟进',
    json: true,
    body: { page: 1, limit: 15, isSub: 1, type: 1 },
    then: (a, s) => expect(a.data.list.map((c: any) => c.customerId)).not.toContain(s.customerId),
  },
  {
    path: 'CrmLeads/addOrUpdate',
    json: true,
    body: { entity: { leads_name: '待标记线索', mobile: '13600003333' }, field: [] },
    reads: ['data.id'],
    then: (a, s) => {
      s.leadsId = a.data.id;
    },
  },
  {
    path: 'CrmLeads/addRecord',
    body: (s) => ({ typesId: s.leadsId, content: '约了面谈', category: s.category, nextTime: '2020-01-02 09:00:00' }),
  },
  {
    path: 'CrmBackLog/followLeads',
    json: true,
    body: { page: 1, limit: 15, isSub: 1, type: 1 },
    then: (a, s) => expect(a.data.list.map((l: any) => l.leadsId)).toContain(s.leadsId),
  },
  { path: 'CrmBackLog/setLeadsFollowup', body: (s) => ({ ids: String(s.leadsId) }) },
  {
    path: 'CrmBackLog/followLeads',
    note: 'marked 已跟进',
    json: true,
    body: { page: 1, limit: 15, isSub: 1, type: 1 },
    then: (a, s) => expect(a.data.list.map((l: any) => l.leadsId)).not.toContain(s.leadsId),
  },
  {
    path: 'CrmBackLog/remindReceivables',
    json: true,
    body: { page: 1, limit: 15, isSub: 1, type: 1 },
    reads: [
      'data.list[0].num',
      'data.list[0].customerName',
      'data.list[0].contractNum',
      'data.list[0].money',
      'data.list[0].returnDate',
      'data.list[0].remind',
      'data.totalRow',
    ],
    then: (a) => expect(a.data.list[0].contractNum).toBe('HT-WIRE-REMIND'),
  },
  {
    path: 'CrmBackLog/putInPoolRemind',
    json: true,
    body: { page: 1, limit: 15, isSub: 1 },
    reads: ['data.list', 'data.totalRow'],
  },
  {
    path: 'CrmCustomer/queryList',
    note: '查重',
    body: { page: 1, limit: 10, types: 'crm_customer', customerName: '林婉', mobile: '', telephone: '' },
    reads: ['data.list[0].customerId', 'data.list[0].customerName', 'data.list[0].ownerUserName', 'data.totalRow'],
  },
  {
    path: 'CrmLeads/queryList',
    body: { page: 1, limit: 10, types: 'crm_leads', leadsName: '待标记', mobile: '', telephone: '' },
    reads: ['data.list[0].leadsId', 'data.list[0].leadsName', 'data.list[0].ownerUserName'],
  },
  {
    path: 'CrmContacts/queryList',
    body: {
      page: 1,
      limit: 10,
      types: 'crm_contacts',
      name: '',
      customerName: '',
      mobile: '13600003333',
      telephone: '',
    },
    reads: ['data.list', 'data.totalRow'],
  },
  {
    path: 'CrmCustomer/queryList',
    note: 'no condition',
    body: { page: 1, limit: 10, types: 'crm_customer', customerName: '', mobile: '', telephone: '' },
    code: 400,
  },
  {
    path: 'field/queryFieldConfig',
    body: { label: 2 },
    reads: ['data.value[0].id', 'data.value[0].name', 'data.hideValue'],
    then: (a, s) => {
      s.columns = a.data.value.map((c: any) => c.id);
      s.hiddenColumns = a.data.hideValue.map((c: any) => c.id);
    },
  },
  {
    path: 'field/fieldConfig',
    note: 'the last column hidden',
    body: (s) => ({
      label: 2,
      noHideIds: s.columns.slice(0, -1).join(','),
      hideIds: [s.columns.at(-1), ...s.hiddenColumns].join(','),
    }),
  },
  {
    path: 'field/queryListHead',
    note: 'the list shows the rest',
    body: { label: 2 },
    then: (a, s) => expect(a.data.map((c: any) => c.fieldName)).toEqual(s.columns.slice(0, -1)),
  },
  {
    path: 'scene/querySceneConfig',
    body: { type: 2 },
    reads: ['data.value[0].sceneId', 'data.value[0].name', 'data.value[0].isSystem', 'data.hide_value'],
    then: (a, s) => {
      s.scenes = a.data.value.map((x: any) => x.sceneId);
    },
  },
  {
    path: 'scene/sceneConfig',
    note: 'the last scene hidden, the rest reversed',
    body: (s) => ({ type: 2, noHideIds: s.scenes.slice(0, -1).reverse().join(','), hideIds: String(s.scenes.at(-1)) }),
  },
  {
    path: 'scene/queryScene',
    note: 'the picker follows',
    body: { type: 2 },
    then: (a, s) => expect(a.data.map((x: any) => x.sceneId)).toEqual(s.scenes.slice(0, -1).reverse()),
  },
]);

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { wireTable } from '../test/original-client.ts';
import { customerIds, orgIds } from '../test/people.ts';

/**
 * A customer's own calls and the related lists as the original WuKong client's detail pages and
 * selection bars send them (docs/api.md "Aliases: the original client's names", CRM): deal
 * status, pool in and out, lock, distribution, a contract discarded from its detail, a lead
 * converted, and the lists a detail's tabs read.
 */
let t: TestApp;
let uid: Record<string, number> = {};
let cid: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  uid = (await orgIds(t)).user;
  cid = await customerIds(t);
});
afterAll(() => t.close());

const customer = () => cid.林婉清!;

wireTable("a customer's calls and related lists through the original client", () => t, [
  {
    path: 'CrmCustomer/setDealStatus',
    note: 'the status as dealStatus',
    body: () => ({ ids: String(customer()), dealStatus: 1 }),
  },
  {
    path: 'CrmCustomer/queryById',
    body: () => ({ customerId: customer() }),
    reads: ['data.dealStatus'],
    then: (a) => expect(a.data.dealStatus).toBe(1),
  },
  { path: 'CrmCustomer/updateCustomerByIds', note: '放入公海', body: () => ({ ids: String(customer()) }) },
  {
    path: 'CrmCustomer/queryPoolPageList',
    json: true,
    body: { page: 1, limit: 50, search: '林婉清', type: 9 },
    reads: ['data.list[0].customerId'],
    then: (a) => expect(a.data.list.map((c: any) => c.customerId)).toContain(customer()),
  },
  {
    path: 'CrmCustomer/distributeByIds',
    body: () => ({ ids: String(customer()), userId: uid.sunli }),
  },
  {
    path: 'CrmCustomer/queryById',
    note: 'distributed',
    body: () => ({ customerId: customer() }),
    then: (a) => expect(a.data.ownerUserId).toBe(uid.sunli),
  },
  {
    path: 'CrmCustomer/lock',
    note: 'a closed deal is not locked',
    body: () => ({ ids: String(customer()), isLock: '1' }),
    code: 400,
  },
  { path: 'CrmCustomer/lock', body: () => ({ ids: String(cid.陈雨桐), isLock: '1' }) },
  {
    path: 'CrmCustomer/queryContacts',
    body: () => ({ customerId: customer(), page: 1, limit: 10 }),
    reads: ['data.list', 'data.totalRow'],
  },
  {
    path: 'CrmCustomer/queryBusiness',
    body: () => ({ customerId: customer(), page: 1, limit: 10 }),
    reads: ['data.list', 'data.totalRow'],
  },
  {
    path: 'CrmCustomer/queryContract',
    body: () => ({ customerId: customer(), page: 1, limit: 10 }),
    reads: ['data.list', 'data.totalRow'],
  },
  {
    path: 'CrmContract/saveAndUpdate',
    note: 'to discard, once approved',
    json: true,
    body: () => ({
      entity: {
        num: 'HT-WIRE-D',
        name: '待作废合同',
        customer_id: [{ customerId: customer() }],
        money: '100',
        checkStatus: 5,
      },
      field: [],
      product: [],
    }),
    reads: ['data.id'],
    then: async (a, s) => {
      s.contractId = a.data.id;
      // Only an approved contract is discarded; the review itself is the flow's (crm-flow.wire.test.ts).
      await t.database.db.execute(sql`update crm_contract set check_status = 1 where contract_id = ${a.data.id}`);
    },
  },
  {
    path: 'CrmContract/qureyProductListByContractId',
    body: (s) => ({ contractId: s.contractId }),
    reads: ['data'],
  },
  {
    path: 'CrmContract/contractDiscard',
    note: 'one contract by contractId',
    body: (s) => ({ contractId: s.contractId }),
  },
  {
    path: 'CrmContract/queryById',
    note: 'discarded (checkStatus 6)',
    body: (s) => ({ contractId: s.contractId }),
    then: (a) => expect(a.data.checkStatus).toBe(6),
  },
  {
    path: 'CrmBackLog/endContract',
    note: '已到期',
    json: true,
    body: { page: 1, limit: 15, type: 2 },
    reads: ['data.list', 'data.totalRow'],
  },
  {
    path: 'CrmBackLog/followCustomer',
    json: true,
    body: { page: 1, limit: 15, type: 1 },
    reads: ['data.list', 'data.totalRow'],
  },
  {
    path: 'CrmBackLog/todayCustomer',
    note: '已逾期',
    json: true,
    body: { page: 1, limit: 15, type: 2, isSub: 1 },
    reads: ['data.list', 'data.totalRow'],
  },
  {
    path: 'CrmBackLog/checkContract',
    note: '已审核 has no list here',
    json: true,
    body: { page: 1, limit: 15, type: 2, isSub: 1 },
    code: 400,
  },
  {
    path: 'CrmLeads/addOrUpdate',
    json: true,
    body: { entity: { leads_name: '待转化线索', mobile: '13600002222' }, field: [] },
    reads: ['data.id'],
    then: (a, s) => {
      s.leadsId = a.data.id;
    },
  },
  {
    path: 'CrmRecord/queryRecordOptions',
    reads: ['data[0]'],
    then: (a, s) => {
      s.category = a.data[0];
    },
  },
  {
    path: 'CrmLeads/addRecord',
    note: 'the next contact already due',
    body: (s) => ({
      typesId: s.leadsId,
      content: '约了面谈',
      category: s.category,
      nextTime: '2020-01-02 09:00:00',
      isEvent: 0,
    }),
    reads: ['data.id'],
  },
  {
    path: 'CrmBackLog/followLeads',
    note: 'the lead waits for its follow-up',
    json: true,
    body: { page: 1, limit: 15, type: 1 },
    reads: ['data.list[0].leadsId'],
    then: (a, s) => expect(a.data.list.map((l: any) => l.leadsId)).toContain(s.leadsId),
  },
  { path: 'CrmLeads/transfer', note: 'converted into a customer', body: (s) => ({ leadsIds: String(s.leadsId) }) },
  {
    path: 'CrmLeads/queryById',
    body: (s) => ({ leadsId: s.leadsId }),
    then: (a) => expect(a.data.isTransform ?? a.data.customerId).toBeTruthy(),
  },
]);

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { queryRows } from '../core/sql.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { wireTable } from '../test/original-client.ts';
import { customerIds, orgIds } from '../test/people.ts';

/**
 * The CRM kinds through the original WuKong client (docs/api.md "Aliases: the original client's
 * names", CRM): each kind's create form as it posts it (fixed fields by the original's names,
 * picked relations as rows, the category as its path, no batchId), its detail by the kind's id
 * name, its edit form (the kind's id and batchId in the entity), the label-keyed scene and column
 * calls, and the pool list under its original path.
 */
let t: TestApp;
let uid: Record<string, number> = {};
let cid: Record<string, number> = {};
/** Seeded rows the forms pick: a product category path, an opportunity group and stage, an approved contract. */
let seed = { categoryPath: [] as number[], typeId: 0, statusId: 0, contractId: 0, contractCustomerId: 0 };

beforeAll(async () => {
  t = await createTestApp();
  uid = (await orgIds(t)).user;
  cid = await customerIds(t);
  const db = t.database.db;
  const [category] = await queryRows<{ pid: number; id: number }>(
    db,
    sql`select pid, category_id as id from crm_product_category where pid is not null order by category_id limit 1`,
  );
  const [stage] = await queryRows<{ type_id: number; status_id: number }>(
    db,
    sql`select type_id, status_id from crm_business_status order by status_id limit 1`,
  );
  seed = {
    categoryPath: category ? [Number(category.pid), Number(category.id)] : [],
    typeId: Number(stage?.type_id),
    statusId: Number(stage?.status_id),
    contractId: 0,
    contractCustomerId: cid.林婉清!,
  };
});
afterAll(() => t.close());

const picked = (key: string, id: number) => [{ [key]: id, name: '选中的记录' }];

wireTable('the CRM kinds through the original client', () => t, [
  {
    path: 'CrmLeads/addOrUpdate',
    note: 'leads_name is our name',
    json: true,
    body: {
      entity: {
        leads_name: '原版线索',
        source: '',
        mobile: '13700001111',
        telephone: '',
        email: '',
        address: '',
        remark: '',
      },
      field: [],
    },
    reads: ['data.id'],
    then: (a, s) => {
      s.leadsId = a.data.id;
    },
  },
  {
    path: 'CrmLeads/queryById',
    body: (s) => ({ leadsId: s.leadsId }),
    reads: ['data.name', 'data.batchId'],
    then: (a, s) => {
      expect([a.data.name, a.data.mobile]).toEqual(['原版线索', '13700001111']);
      s.leadsBatch = a.data.batchId;
    },
  },
  {
    path: 'CrmLeads/addOrUpdate',
    note: 'the edit form: the kind id and batchId in the entity',
    json: true,
    body: (s) => ({
      entity: { leads_name: '原版线索（改）', mobile: '13700001111', leadsId: s.leadsId, batchId: s.leadsBatch },
      field: [],
    }),
    then: (a, s) => expect(a.data.id).toBe(s.leadsId),
  },
  {
    path: 'CrmLeads/queryById',
    note: 'edited in place',
    body: (s) => ({ leadsId: s.leadsId }),
    reads: ['data.name'],
    then: (a) => expect(a.data.name).toBe('原版线索（改）'),
  },
  {
    path: 'CrmContacts/addOrUpdate',
    note: 'the customer picked as a row',
    json: true,
    body: () => ({
      entity: {
        name: '原版联系人',
        customer_id: picked('customerId', cid.林婉清!),
        mobile: '',
        policymaker: '',
        post: '店长',
      },
      field: [],
    }),
    reads: ['data.id'],
    then: (a, s) => {
      s.contactsId = a.data.id;
    },
  },
  {
    path: 'CrmContacts/queryById',
    body: (s) => ({ contactsId: s.contactsId }),
    reads: ['data.name', 'data.customerId'],
    then: (a) => expect([a.data.customerId, a.data.post]).toEqual([cid.林婉清, '店长']),
  },
  {
    path: 'CrmProduct/saveAndUpdate',
    note: 'category_id as its path',
    json: true,
    body: () => ({
      entity: {
        name: '原版产品',
        category_id: seed.categoryPath,
        num: 'P-WIRE',
        unit: '次',
        price: '199',
        description: '',
      },
      field: [],
    }),
    reads: ['data.id'],
    then: (a, s) => {
      s.productId = a.data.id;
    },
  },
  {
    path: 'CrmProduct/queryById',
    body: (s) => ({ productId: s.productId }),
    reads: ['data.categoryId'],
    then: (a) => expect([a.data.categoryId, a.data.price]).toEqual([seed.categoryPath[1], 199]),
  },
  {
    path: 'CrmBusiness/addOrUpdate',
    json: true,
    body: () => ({
      entity: {
        business_name: '原版商机',
        customer_id: picked('customerId', cid.林婉清!),
        type_id: seed.typeId,
        status_id: seed.statusId,
        money: '5000',
        deal_date: '2026-12-31',
        remark: '',
      },
      field: [],
      product: [],
    }),
    reads: ['data.id'],
    then: (a, s) => {
      s.businessId = a.data.id;
    },
  },
  {
    path: 'CrmBusiness/queryById',
    body: (s) => ({ businessId: s.businessId }),
    reads: ['data.businessName', 'data.customerName'],
    then: (a) => expect([a.data.customerId, a.data.typeId]).toEqual([cid.林婉清, seed.typeId]),
  },
  {
    path: 'CrmContract/saveAndUpdate',
    note: 'a draft (checkStatus 5), approved below for the receivable',
    json: true,
    body: () => ({
      entity: {
        num: 'HT-WIRE-K',
        name: '回款用合同',
        customer_id: picked('customerId', cid.林婉清!),
        money: '1000',
        checkStatus: 5,
      },
      field: [],
      product: [],
    }),
    reads: ['data.id'],
    then: async (a) => {
      seed.contractId = a.data.id;
      // The review itself is the flow's (crm-flow.wire.test.ts); here only its outcome is needed.
      await t.database.db.execute(sql`update crm_contract set check_status = 1 where contract_id = ${a.data.id}`);
    },
  },
  {
    path: 'Crm/ReceivablesPlan/saveAndUpdate',
    note: "the plan form's {entity, field} body",
    json: true,
    body: () => ({
      entity: {
        customer_id: picked('customerId', seed.contractCustomerId),
        contract_id: picked('contractId', seed.contractId),
        money: '300',
        return_date: '2026-12-31',
        return_type: '',
        remind: '',
        remark: '',
      },
      field: [],
    }),
    reads: ['data.id'],
  },
  {
    path: 'CrmContract/qureyReceivablesPlanListByContractId',
    body: () => ({ contractId: seed.contractId, page: 1, limit: 10 }),
    reads: ['data.list[0].money', 'data.list[0].returnDate'],
    then: (a) => expect(Number(a.data.list[0].money)).toBe(300),
  },
  {
    path: 'CrmReceivables/saveOrUpdate',
    note: 'customer and contract picked as rows',
    json: true,
    body: () => ({
      entity: {
        number: 'HK-WIRE-1',
        customer_id: picked('customerId', seed.contractCustomerId),
        contract_id: picked('contractId', seed.contractId),
        plan_id: '',
        return_time: '2026-11-25',
        money: '100',
        return_type: '',
        remark: '',
      },
      field: [],
      checkUserId: uid.chenjing,
    }),
    reads: ['data.id'],
    then: (a, s) => {
      s.receivablesId = a.data.id;
    },
  },
  {
    path: 'CrmReceivables/queryById',
    body: (s) => ({ receivablesId: s.receivablesId }),
    reads: ['data.number', 'data.examineRecordId'],
    then: (a) => expect(a.data.contractId).toBe(seed.contractId),
  },
  { path: 'CrmLeads/deleteByIds', body: (s) => ({ leadsIds: String(s.leadsId) }) },
  { path: 'CrmLeads/queryById', note: 'deleted by leadsIds', body: (s) => ({ leadsId: s.leadsId }), code: 404 },
  {
    path: 'scene/queryField',
    body: { label: 2 },
    reads: ['data[0].fieldName', 'data[0].name', 'data[0].formType', 'data[0].setting'],
  },
  {
    path: 'scene/addScene',
    body: {
      type: 2,
      name: '原版场景',
      isDefault: 1,
      data: JSON.stringify({
        customerName: { name: 'customerName', condition: 'contains', value: '林', formType: 'text' },
      }),
    },
    reads: ['data.id'],
    then: (a, s) => {
      s.sceneId = a.data.id;
    },
  },
  {
    path: 'scene/queryScene',
    note: 'the new scene is the default',
    body: { type: 2 },
    then: (a, s) => {
      const mine = a.data.find((x: any) => x.sceneId === s.sceneId);
      expect([mine?.isDefault, mine?.data.customerName.condition]).toEqual([1, 'contains']);
    },
  },
  {
    path: 'scene/updateScene',
    body: (s) => ({ sceneId: s.sceneId, name: '原版场景二', data: '{}' }),
  },
  { path: 'scene/setDefaultScene', note: 'a system scene names its type', body: { sceneId: -1, type: 2 } },
  { path: 'scene/setDefaultScene', note: 'without it', body: { sceneId: -1 }, code: 400 },
  {
    path: 'scene/queryScene',
    note: 'renamed, no longer the default',
    body: { type: 2 },
    then: (a, s) => {
      const mine = a.data.find((x: any) => x.sceneId === s.sceneId);
      expect([mine?.name, mine?.isDefault]).toEqual(['原版场景二', 0]);
    },
  },
  { path: 'scene/deleteScene', body: (s) => ({ sceneId: s.sceneId }) },
  {
    path: 'scene/queryScene',
    note: "refused without the kind's list permission",
    as: 'huangmin',
    body: { type: 2 },
    code: 403,
  },
  {
    path: 'field/setFelidStyle',
    note: 'a dragged column width',
    body: { types: 'crm_customer', field: 'customerName', width: 222 },
  },
  {
    path: 'field/queryListHead',
    note: 'the width kept',
    body: { label: 2 },
    then: (a) => expect(a.data.find((c: any) => c.fieldName === 'customerName')?.width).toBe(222),
  },
  {
    path: 'field/setFelidStyle',
    note: 'an unknown column',
    body: { types: 'crm_customer', field: 'nope', width: 100 },
    code: 400,
  },
  {
    path: 'field/queryListHead',
    note: 'the pool (label 9)',
    body: { label: 9 },
    reads: ['data[0].fieldName', 'data[0].name'],
  },
  {
    path: 'CrmCustomer/queryPoolPageList',
    json: true,
    body: { page: 1, limit: 15, search: '', type: 9 },
    reads: ['data.list', 'data.totalRow'],
  },
  {
    path: 'field/queryFields',
    note: "the field settings page's kinds",
    reads: ['data[0].types', 'data[0].name', 'data[0].label'],
    then: (a) => expect(a.data.map((k: any) => k.types)).toContain('crm_customer'),
  },
  {
    path: 'businessType/setBusinessType',
    note: "the settings dialog's body",
    json: true,
    body: {
      crmBusinessType: { name: '原版商机组', typeId: null },
      deptIds: [],
      crmBusinessStatus: [
        { name: '初步接洽', rate: 10 },
        { name: '方案报价', rate: 60 },
      ],
    },
    reads: ['data.id'],
    then: (a, s) => {
      s.typeId = a.data.id;
    },
  },
  {
    path: 'businessType/getBusinessType',
    body: (s) => ({ id: s.typeId }),
    reads: ['data.typeId', 'data.name', 'data.statusList[1].rate'],
    then: (a) => expect(a.data.statusList.map((x: any) => x.name)).toEqual(['初步接洽', '方案报价']),
  },
  {
    path: 'businessType/queryBusinessTypeList',
    body: { page: 1, limit: 100, search: '' },
    reads: ['data.list[0].typeId', 'data.list[0].name', 'data.totalRow'],
  },
]);

import { contractKind, receivablesKind } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { ServerKind } from '../records/kind.ts';
import type { ComputedColumn } from '../records/list.ts';

/** Contracts on the record machinery: `CrmContract/*` over `crm_contract` (tables.ts). */
export const contractServerKind: ServerKind = {
  kind: contractKind,
  routePrefix: 'CrmContract',
  table: 'crm_contract',
  idColumn: 'contract_id',
  columns: {
    num: { column: 'num', type: 'text' },
    name: { column: 'name', type: 'text' },
    customerId: { column: 'customer_id', type: 'number' },
    money: { column: 'money', type: 'number' },
    orderDate: { column: 'order_date', type: 'text' },
    startTime: { column: 'start_time', type: 'text' },
    endTime: { column: 'end_time', type: 'text' },
    remark: { column: 'remark', type: 'text' },
    businessId: { column: 'business_id', type: 'number' },
    // Set by the review only, never by the form.
    checkStatus: { column: 'check_status', type: 'number' },
    examineRecordId: { column: 'examine_record_id', type: 'number' },
  },
};

/** Receivables: `CrmReceivables/*` over `crm_receivables`. */
export const receivablesServerKind: ServerKind = {
  kind: receivablesKind,
  routePrefix: 'CrmReceivables',
  table: 'crm_receivables',
  idColumn: 'receivables_id',
  columns: {
    number: { column: 'number', type: 'text' },
    customerId: { column: 'customer_id', type: 'number' },
    contractId: { column: 'contract_id', type: 'number' },
    planId: { column: 'plan_id', type: 'number' },
    returnTime: { column: 'return_time', type: 'text' },
    money: { column: 'money', type: 'number' },
    returnType: { column: 'return_type', type: 'text' },
    remark: { column: 'remark', type: 'text' },
    checkStatus: { column: 'check_status', type: 'number' },
    examineRecordId: { column: 'examine_record_id', type: 'number' },
  },
};

/** The review's state as a list column (filter 待审核 / 通过 … by its code). */
const checkStatus: ComputedColumn = { name: '审核状态', type: 'number', sql: sql`r.check_status` };

const customerName: ComputedColumn = {
  name: '客户名称',
  type: 'text',
  sql: sql`(select c.customer_name from crm_customer c where c.customer_id = r.customer_id)`,
};

/** Money received: approved receivables only (DECISIONS "Contracts and receivables review"). */
const received = sql`(select coalesce(sum(x.money), 0) from crm_receivables x
  where x.contract_id = r.contract_id and x.check_status = 1)`;

/** The contract list's columns from linked records (one subquery per shown row, by index). */
export const contractComputed: Record<string, ComputedColumn> = {
  customerName,
  checkStatus,
  receivedMoney: { name: '已回款金额', type: 'number', sql: received, optional: true },
  unreceivedMoney: { name: '未回款金额', type: 'number', sql: sql`(r.money - ${received})`, optional: true },
  // The opportunity it was made from (its detail, the form's 商机 choice when editing).
  businessName: {
    name: '商机名称',
    type: 'text',
    optional: true,
    sql: sql`(select b.business_name from crm_business b where b.business_id = r.business_id)`,
  },
};

export const receivablesComputed: Record<string, ComputedColumn> = {
  customerName,
  checkStatus,
  contractNum: {
    name: '合同编号',
    type: 'text',
    sql: sql`(select k.num from crm_contract k where k.contract_id = r.contract_id)`,
  },
  contractName: {
    name: '合同名称',
    type: 'text',
    optional: true,
    sql: sql`(select k.name from crm_contract k where k.contract_id = r.contract_id)`,
  },
  planNum: {
    name: '期数',
    type: 'number',
    optional: true,
    sql: sql`(select p.num from crm_receivables_plan p where p.plan_id = r.plan_id)`,
  },
};

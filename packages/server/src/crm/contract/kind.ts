import { contractKind, receivablesKind, receivablesRequiredFields } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { zoneSql } from '../../core/times.ts';
import type { ComputedColumn } from '../records/computed-column.ts';
import { fixedColumns, type ServerKind } from '../records/kind.ts';
import { contracts, receivables } from './tables.ts';

/** Today in the company's zone, as a date (contract ends, plan reminders are days). */
const today = () => sql`(now() at time zone ${zoneSql()})::date`;

/** A review of `subject` (a row `r` with `idColumn`) waiting for the viewer: a pending, current task of theirs. */
const waitingForMe = (subject: 'contract' | 'receivable', idColumn: string) => (user: SessionUser) =>
  sql`exists (select 1 from examine_record e join examine_task t on t.record_id = e.record_id
      where e.subject_type = ${subject} and e.subject_id = r.${sql.identifier(idColumn)}
        and t.user_id = ${user.userId} and t.status = 'pending' and not t.superseded)`;

/**
 * The contract configuration's reminder (setContractConfig): on, and `r.end_time` within its days
 * from today. Read in the statement, so the count and the list see the same configuration.
 */
const endsWithinReminderDays = () => sql`exists (select 1 from sys_config c
    where c.key = 'crmContractConfig' and (c.value::jsonb ->> 'status')::int = 1
      and r.end_time <= ${today()} + coalesce((c.value::jsonb ->> 'contractDay')::int, 0))`;

/**
 * The contract scenes of the workbench's to-dos (CrmBackLog/num, docs/api/contracts.md), counted
 * through the same list (crm/records/list.ts `sceneCount`): approved contracts ending from today
 * within the reminder days (expiring) or before today (expired); contracts with a plan whose
 * reminder day has come, return day not passed and no receivable yet (planDue).
 */
const contractScenes: ServerKind['scenes'] = {
  toReview: waitingForMe('contract', 'contract_id'),
  expiring: () => sql`r.check_status = 1 and r.end_time >= ${today()} and ${endsWithinReminderDays()}`,
  expired: () => sql`r.check_status = 1 and r.end_time < ${today()}`,
  planDue: () => sql`exists (select 1 from crm_receivables_plan p
      where p.contract_id = r.contract_id and p.remind_date <= ${today()} and p.return_date >= ${today()}
        and not exists (select 1 from crm_receivables x where x.plan_id = p.plan_id))`,
};

/** Contracts on the record machinery: `CrmContract/*` over `crm_contract` (tables.ts). */
export const contractServerKind: ServerKind = {
  kind: contractKind,
  routePrefix: 'CrmContract',
  table: 'crm_contract',
  pgTable: contracts,
  idColumn: 'contract_id',
  columns: {
    ...fixedColumns(contractKind),
    businessId: { column: 'business_id', type: 'number' },
  },
  scenes: contractScenes,
  // 待我审批的 lists every contract waiting for the viewer: a reviewer reads it (access.ts).
  sceneReach: { toReview: waitingForMe('contract', 'contract_id') },
};

/** Receivables: `CrmReceivables/*` over `crm_receivables`. */
export const receivablesServerKind: ServerKind = {
  kind: receivablesKind,
  routePrefix: 'CrmReceivables',
  required: receivablesRequiredFields,
  table: 'crm_receivables',
  pgTable: receivables,
  idColumn: 'receivables_id',
  // The review's state derives from the declaration's `review` (fixedColumns).
  columns: fixedColumns(receivablesKind),
  scenes: { toReview: waitingForMe('receivable', 'receivables_id') },
  sceneReach: { toReview: waitingForMe('receivable', 'receivables_id') },
};

/** The review's state as a list column (filter 待审核 / 通过 … by its code). */
const checkStatus: ComputedColumn = { name: '审核状态', type: 'number', sql: sql`r.check_status` };

const customerName: ComputedColumn = {
  name: '客户名称',
  type: 'text',
  derivedFrom: ['customerId'],
  sql: sql`(select c.customer_name from crm_customer c where c.customer_id = r.customer_id)`,
};

/** Money received: approved receivables only (DECISIONS "Contracts and receivables review"). */
const received = sql`(select coalesce(sum(x.money), 0) from crm_receivables x
  where x.contract_id = r.contract_id and x.check_status = 1)`;

/** The review's engine record, where the original client's detail finds it (`examineRecordId`). */
const reviewRecord = (subject: 'contract' | 'receivable', idColumn: string): ComputedColumn => ({
  name: '审批记录',
  type: 'number',
  carried: true,
  sql: sql`(select e.record_id from examine_record e
            where e.subject_type = ${subject} and e.subject_id = r.${sql.identifier(idColumn)})`,
});

export const contractComputed: Record<string, ComputedColumn> = {
  customerName,
  checkStatus,
  examineRecordId: reviewRecord('contract', 'contract_id'),
  receivedMoney: {
    name: '已回款金额',
    type: 'number',
    sql: received,
    optional: true,
    derivedFrom: ['receivables.money'],
  },
  // Money minus received: hidden with either (it would give the money away).
  unreceivedMoney: {
    name: '未回款金额',
    type: 'number',
    sql: sql`(r.money - ${received})`,
    optional: true,
    derivedFrom: ['money', 'receivables.money'],
  },
  // The opportunity it was made from (its detail, the form's 商机 choice when editing).
  businessName: {
    name: '商机名称',
    type: 'text',
    optional: true,
    derivedFrom: ['businessId'],
    sql: sql`(select b.business_name from crm_business b where b.business_id = r.business_id)`,
  },
};

export const receivablesComputed: Record<string, ComputedColumn> = {
  examineRecordId: reviewRecord('receivable', 'receivables_id'),
  customerName,
  checkStatus,
  contractNum: {
    name: '合同编号',
    type: 'text',
    sql: sql`(select k.num from crm_contract k where k.contract_id = r.contract_id)`,
    derivedFrom: ['contractId', 'contract.num'],
  },
  contractName: {
    name: '合同名称',
    type: 'text',
    optional: true,
    derivedFrom: ['contractId'],
    sql: sql`(select k.name from crm_contract k where k.contract_id = r.contract_id)`,
  },
  planNum: {
    name: '期数',
    type: 'number',
    optional: true,
    derivedFrom: ['planId'],
    sql: sql`(select p.num from crm_receivables_plan p where p.plan_id = r.plan_id)`,
  },
};

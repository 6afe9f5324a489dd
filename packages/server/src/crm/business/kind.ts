import { businessKind, businessRequiredFields } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { ComputedColumn } from '../records/computed-column.ts';
import { fixedColumns, type ServerKind } from '../records/kind.ts';
import { businesses } from './tables.ts';

/** Opportunities on the record machinery: `businessKind` mapped onto `crm_business` (tables.ts). */
export const businessServerKind: ServerKind = {
  kind: businessKind,
  routePrefix: 'CrmBusiness',
  required: businessRequiredFields,
  table: 'crm_business',
  pgTable: businesses,
  idColumn: 'business_id',
  columns: {
    ...fixedColumns(businessKind),
    // Set by boostBusinessStatus only, never by the save form; the stage bar reads them.
    isEnd: { column: 'is_end', type: 'number' },
    statusRemark: { column: 'status_remark', type: 'text' },
  },
};

/** The list's names of the linked customer, group and stage (an ended opportunity shows how it ended). */
export const businessComputedColumns: Record<string, ComputedColumn> = {
  customerName: {
    name: '客户名称',
    type: 'text',
    derivedFrom: ['customerId'],
    sql: sql`(select c.customer_name from crm_customer c where c.customer_id = r.customer_id)`,
  },
  typeName: {
    name: '商机状态组',
    type: 'text',
    derivedFrom: ['typeId'],
    sql: sql`(select t.name from crm_business_type t where t.type_id = r.type_id)`,
  },
  statusName: {
    name: '商机阶段',
    type: 'text',
    derivedFrom: ['statusId', 'isEnd'],
    sql: sql`(case r.is_end when 1 then '赢单' when 2 then '输单' when 3 then '无效'
      else (select s.name from crm_business_status s where s.status_id = r.status_id) end)`,
  },
};

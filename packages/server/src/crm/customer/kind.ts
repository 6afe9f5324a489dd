import { customerKind } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { zoneSql } from '../../core/times.ts';
import type { ComputedColumn } from '../records/computed-column.ts';
import { fixedColumns, type ServerKind } from '../records/kind.ts';
import { customers } from './tables.ts';

/** The start of today in the company's zone, as a timestamp (a next follow-up time has a clock time). */
const today = () => sql`(date_trunc('day', now() at time zone ${zoneSql()}) at time zone ${zoneSql()})`;

/**
 * The customer's to-do scenes of the workbench (CrmBackLog/num, docs/api/customers.md), counted
 * through the same list (crm/records/list.ts `sceneCount`), inside the list's data scope and never
 * the pool: 今日需联系客户 — next follow-up time within today (the company's day); 待跟进客户 — owned
 * by the viewer and without any follow-up record yet (docs/decisions.md).
 */
const customerScenes: ServerKind['scenes'] = {
  contactToday: () => sql`r.next_time >= ${today()} and r.next_time < ${today()} + interval '1 day'`,
  // Mine, never followed up and not marked 已跟进 from the to-do list (CrmBackLog/setCustomerFollowup).
  notFollowed: (user) => sql`r.owner_user_id = ${user.userId} and r.follow_marked_at is null
      and not exists (select 1 from crm_follow_record f
      where f.label = ${customerKind.label} and f.record_id = r.customer_id)`,
};

/** The customer kind on the server: its descriptor mapped onto `crm_customer` (tables.ts). */
export const customerServerKind: ServerKind = {
  kind: customerKind,
  routePrefix: 'CrmCustomer',
  table: 'crm_customer',
  pgTable: customers,
  idColumn: 'customer_id',
  columns: {
    ...fixedColumns(customerKind),
    // Set only by their own calls (setDealStatus, lock), never by the save form; the detail's header shows them.
    dealStatus: { column: 'deal_status', type: 'number' },
    isLock: { column: 'is_lock', type: 'boolean' },
  },
  scenes: customerScenes,
  // The ID image: seen by the customer's readers holding lookIdCardUrl (its field permission).
  fileUrlFields: ['idCardUrl'],
};

/** What the customer's rows carry beside their ids: the shop's name (所属门店 holds the shop's id). */
export const customerNames: Record<string, ComputedColumn> = {
  shopOwnerName: {
    name: '所属门店',
    type: 'text',
    carried: true,
    derivedFrom: ['shopOwnerId'],
    sql: sql`(select s.shop_name from crm_store s where s.id = r.shop_owner_id)`,
  },
  // Clinic settings (issue 22): the customer's enabled tags (markManage) by their order, comma-joined;
  // a list column, filtered on with contains a tag's name.
  tagNames: {
    name: '标签',
    type: 'text',
    sql: sql`(select string_agg(t.name, ',' order by t.sort, t.tag_id) from crm_customer_tag ct
      join clinic_tag t on t.tag_id = ct.tag_id where ct.customer_id = r.customer_id and t.enabled)`,
  },
};

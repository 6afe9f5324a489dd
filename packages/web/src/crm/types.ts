import type { RecordAccess, RecordKind } from '@crm/shared';
import type { ComponentType, ReactNode } from 'react';
import type { BadgeSource } from '@/shell/route-types';
import type { ListBody, RecordRow } from './api';
import type { KindForm } from './form/layout/types';

/** The toolbar slot of a kind's list: the current filter as the list sends it (Excel export reads it). */
export type ToolbarExtraContext = { kind: CrmKind; listBody: ListBody; refresh: () => void };

/** A kind's own bulk actions on the selected rows (the pool's 放入公海, 锁定). `onDone` clears and reloads. */
export type BulkActionsProps = { kind: CrmKind; ids: number[]; rows: RecordRow[]; onDone: () => void };

/** What a detail's slots receive: the record, the viewer's access and permissions, and a reload. */
export type DetailContext = {
  kind: CrmKind;
  id: number;
  record: RecordRow;
  access: RecordAccess;
  refresh: () => void;
  /** Whether the viewer holds a permission (`crm.contacts.index`): a related tab shows only then. */
  can: (permission: string) => boolean;
};

/** A tab a kind adds to its detail page (related records: a customer's contacts, opportunities). */
export type DetailTab = {
  key: string;
  label: ReactNode;
  children: ReactNode;
  /** The permission the tab needs (a customer's 商机 tab: `crm:business:index`); shown to everyone without. */
  access?: string;
};

/**
 * One record kind on the web: its shared descriptor, where its calls and pages live, and the
 * slots for what the kind truly owns. Everything else (list, scenes, filter, columns, detail,
 * team, follow-ups, log, the generic form) is the shared pages reading the descriptor.
 */
export type CrmKind = {
  descriptor: RecordKind;
  /** First segment of the kind's calls: `CrmCustomer` → `/CrmCustomer/queryPageList`. */
  prefix: string;
  /** Page path under `/crm`: `customer` → `/crm/customer`, the detail at `/crm/customer/:id`. */
  path: string;
  /** A to-do count on the kind's menu item (the customer's: the total of `CrmBackLog/num`). */
  badge?: BadgeSource;
  /**
   * The generic form in the kind's own sections (issue 27, h-layout): its layout declaration,
   * widgets, load and save (crm/form/layout/types.ts), loaded on first use.
   */
  form?: () => Promise<{ default: KindForm }>;
  /** Extra toolbar buttons of the list (Excel import/export). */
  toolbarExtra?: (ctx: ToolbarExtraContext) => ReactNode;
  /** Extra bulk actions on selected rows, next to 转移, 添加团队成员, 删除. */
  bulkActions?: ComponentType<BulkActionsProps>;
  /** Extra actions in the detail header (lock, deal status). */
  detailActions?: ComponentType<DetailContext>;
  /** The permission of the CRM quick-create entry when it is not the kind's `save` (spec 6). */
  quickAddAccess?: string;
  /** Extra detail tabs, after 跟进记录 (the related-records tabs). */
  detailTabs?: (ctx: DetailContext) => DetailTab[];
  /** A block between the detail's header and its tabs (the opportunity's stage bar). */
  detailBanner?: ComponentType<DetailContext>;
  /** The kind's save call when it is not `addOrUpdate` (products: `saveAndUpdate`). */
  saveCall?: string;
  /**
   * A kind with `features.products`: the call answering a record's lines `{list, money,
   * discountRate}` and the name of its id (`queryProduct` with `businessId`).
   */
  productLines?: { call: string; idParam: string };
  /** Whether a record may still be edited (a converted lead may not; the server refuses too). */
  editable?: (record: RecordRow) => boolean;
};

/** The permission path of an action of a kind: `crm:customer:transfer`. */
export const kindCan = (kind: CrmKind, action: string) => `${kind.descriptor.permission}:${action}`;

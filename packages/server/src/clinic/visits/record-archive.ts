import type { ArchivePageInput } from '@crm/shared';
import { fenOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db } from '../../db/client.ts';
import { text } from '../cashier/scope.ts';
import { toTreatment, treatmentRows } from './record-detail.ts';
import { customerVisitPage } from './record-list.ts';

/**
 * The customer archive's clinic tabs (/customer): visits, treatments and the balance ledger of
 * one customer, newest first, each after the customer's own check (loadRecord: 客户不存在 /
 * 无权访问). Orders, deal records, appointments and follow-ups are the existing calls.
 */

const checked = (db: Db, user: SessionUser, customerId: number) =>
  loadRecord(db, customerServerKind, user, customerId, 'read');

export async function archiveVisits(db: Db, user: SessionUser, input: ArchivePageInput) {
  await checked(db, user, input.customerId);
  return customerVisitPage(db, user, input);
}

const oneCustomer = 'one customer, checked with loadRecord before the list is read';

export async function archiveTreatments(db: Db, user: SessionUser, input: ArchivePageInput) {
  await checked(db, user, input.customerId);
  const def = defineList({
    from: sql`clinic_treatment t`,
    id: sql`t.treatment_id`,
    fields: { time: { sql: sql`t.create_time`, type: 'date' } },
    defaultSort: [{ field: 'time', order: 'desc' }],
    scope: { unscoped: oneCustomer },
  });
  const page = await listPage(
    db,
    def,
    { user, page: input.page, limit: input.limit, where: [sql`t.customer_id = ${input.customerId}`] },
    { columns: sql`page.id`, map: (r: { id: number }) => Number(r.id) },
  );
  if (page.list.length === 0) return { ...page, list: [] };
  const ids = sql`${`{${page.list.join(',')}}`}::int[]`;
  const rows = await treatmentRows(
    db,
    sql`t.treatment_id = any(${ids})`,
    sql`order by t.create_time desc, t.treatment_id desc`,
  );
  return { ...page, list: rows.map(toTreatment) };
}

export async function archiveLedger(db: Db, user: SessionUser, input: ArchivePageInput) {
  await checked(db, user, input.customerId);
  const def = defineList({
    from: sql`clinic_balance_ledger b`,
    id: sql`b.ledger_id`,
    fields: { id: { sql: sql`b.ledger_id`, type: 'number' } },
    // Ledger ids grow with time: the customer index (customer, id) serves the page.
    defaultSort: [{ field: 'id', order: 'desc' }],
    scope: { unscoped: oneCustomer },
  });
  return listPage(
    db,
    def,
    { user, page: input.page, limit: input.limit, where: [sql`b.customer_id = ${input.customerId}`] },
    {
      columns: sql`b.ledger_id, b.cause, b.source_id, b.principal_delta, b.gift_delta, b.principal_after,
        b.gift_after, b.create_time`,
      joins: sql`join clinic_balance_ledger b on b.ledger_id = page.id`,
      map: (r: Record<string, unknown>) => ({
        ledgerId: Number(r.ledger_id),
        cause: text(r.cause),
        sourceId: r.source_id === null ? null : Number(r.source_id),
        principalDelta: fenOf(text(r.principal_delta)),
        giftDelta: fenOf(text(r.gift_delta)),
        principalAfter: fenOf(text(r.principal_after)),
        giftAfter: fenOf(text(r.gift_after)),
        time: r.create_time as Date,
      }),
    },
  );
}

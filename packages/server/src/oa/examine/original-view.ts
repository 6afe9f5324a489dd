import { canStartFrom } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import { batchFiles } from '../../files/original-files.ts';

/**
 * The original client's fields of approvals (issue 20): its list rows and detail read the
 * attachments as `file` and `img`, the linked records as named lists and the row's actions as
 * `permission` 1/0. Computed for a page at once: one query per kind of fact, not per row.
 */
export type FormFacts = {
  examineId: number;
  recordId: number;
  batchId: string;
  relation: Record<string, number[]>;
  createUserId: number;
  status: number;
};

/** Names of the linked records, by kind: the original lists them as `customerList` and so on. */
const relationKinds = {
  customerIds: { table: sql`crm_customer`, id: sql`customer_id`, name: sql`customer_name` },
  contactsIds: { table: sql`crm_contacts`, id: sql`contacts_id`, name: sql`name` },
  businessIds: { table: sql`crm_business`, id: sql`business_id`, name: sql`business_name` },
  contractIds: { table: sql`crm_contract`, id: sql`contract_id`, name: sql`name` },
} as const;

async function relationNames(db: Db, forms: FormFacts[]) {
  const out: Record<keyof typeof relationKinds, Map<number, string>> = {
    customerIds: new Map(),
    contactsIds: new Map(),
    businessIds: new Map(),
    contractIds: new Map(),
  };
  for (const [key, kind] of Object.entries(relationKinds) as [
    keyof typeof relationKinds,
    (typeof relationKinds)[keyof typeof relationKinds],
  ][]) {
    const ids = [...new Set(forms.flatMap((f) => f.relation[key] ?? []))];
    if (ids.length === 0) continue;
    const rows = await queryRows<{ id: number; name: string }>(
      db,
      sql`select ${kind.id} as id, ${kind.name} as name from ${kind.table} where ${kind.id} in ${ids}`,
    );
    for (const r of rows) out[key].set(Number(r.id), r.name);
  }
  return out;
}

/** The original's fields of each form, by examineId. */
export async function originalFields(db: Db, forms: FormFacts[], viewer: SessionUser) {
  const [byBatch, names, pending] = await Promise.all([
    batchFiles(
      db,
      forms.map((f) => f.batchId),
    ),
    relationNames(db, forms),
    forms.length
      ? queryRows<{ record_id: number }>(
          db,
          sql`select distinct record_id from examine_task where user_id = ${viewer.userId} and status = 'pending'
              and not superseded and record_id in ${forms.map((f) => f.recordId)}`,
        )
      : Promise.resolve([]),
  ]);
  const mine = new Set(pending.map((p) => Number(p.record_id)));
  const listOf = (ids: number[] | undefined, map: Map<number, string>) =>
    (ids ?? []).filter((id) => map.has(id)).map((id) => ({ id, name: map.get(id)! }));
  const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;
  return new Map(
    forms.map((f) => {
      const own = f.createUserId === viewer.userId;
      const attached = byBatch.get(f.batchId) ?? { file: [], img: [] };
      return [
        f.examineId,
        {
          examineStatus: f.status,
          examineRecordId: f.recordId,
          file: attached.file,
          img: attached.img,
          customerList: listOf(f.relation.customerIds, names.customerIds).map((r) => ({
            customerId: r.id,
            customerName: r.name,
          })),
          contactsList: listOf(f.relation.contactsIds, names.contactsIds).map((r) => ({
            contactsId: r.id,
            name: r.name,
          })),
          businessList: listOf(f.relation.businessIds, names.businessIds).map((r) => ({
            businessId: r.id,
            businessName: r.name,
          })),
          contractList: listOf(f.relation.contractIds, names.contractIds).map((r) => ({
            contractId: r.id,
            contractName: r.name,
            name: r.name,
          })),
          permission: {
            isChecked: flag(mine.has(f.recordId)),
            isUpdate: flag(own && canStartFrom('resubmit', f.status)),
            isDelete: flag(viewer.isSuper || (own && canStartFrom('delete', f.status))),
          },
        },
      ] as const;
    }),
  );
}

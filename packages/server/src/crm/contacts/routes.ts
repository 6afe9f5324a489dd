import {
  type ContactsSaveInput,
  contactsImportSchema,
  contactsSaveSchema,
  customerContactsSchema,
  ModuleCode,
  recordPageResponse,
  savedIdResponse,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../../core/access.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import type { Tx } from '../../db/client.ts';
import { customFieldsOf } from '../../fields/store.ts';
import { inList } from '../../org/sql-lists.ts';
import type { AppRegistry } from '../../registry.ts';
import { customerServerKind } from '../customer/kind.ts';
import { customerNamed } from '../customer/named.ts';
import { loadRecord } from '../records/access.ts';
import type { ComputedColumn } from '../records/computed-column.ts';
import { relatedPage } from '../records/related.ts';
import { registerRecordKind } from '../records/routes.ts';
import { contactsServerKind as sk } from './kind.ts';
import { saveContacts } from './save.ts';

// The customer's name as a list column: one subquery per row of the page, no call per cell.
export const contactsComputedColumns: Record<string, ComputedColumn> = {
  customerName: {
    sql: sql`(select c.customer_name from crm_customer c where c.customer_id = r.customer_id)`,
    type: 'text',
    name: '所属客户',
    derivedFrom: ['customerId'],
  },
};

/**
 * A customer's contacts follow it to its new owner (DECISIONS "CRM": transfer carries contacts
 * along); the customer's transfer calls this in its transaction.
 */
export async function carryContacts(tx: Tx, customerIds: number[], newOwnerId: number) {
  await tx.execute(sql`update crm_contacts set owner_user_id = ${newOwnerId}, update_time = now()
      where customer_id in ${inList(customerIds)}`);
}

/**
 * The contact calls (crm-records §7, docs/api/contacts.md): every kind's under `/CrmContacts`,
 * the save, and the customer's `queryContacts`. The opportunity relation joins with opportunities.
 */
export function registerContactsRoutes(app: FastifyInstance, ctx: Ctx) {
  registerDeleteRules(ctx.registry);
  const { db } = ctx;
  registerRecordKind(app, ctx, sk, {
    computedColumns: async () => contactsComputedColumns,
    excelImport: {
      schema: contactsImportSchema,
      save: async (db, user, row) => {
        const customerId = await customerNamed(db, user, String(row.fixed.customerId));
        await saveContacts(db, await customFieldsOf(db, sk.kind.label), user, {
          entity: {
            ...(row.fixed as ContactsSaveInput['entity']),
            customerId,
            contactsId: undefined,
            batchId: row.batchId,
          },
          field: Object.entries(row.custom).map(([fieldName, value]) => ({ fieldName, value })),
        });
      },
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmContacts/addOrUpdate',
    access: { any: ['crm:contacts:save', 'crm:contacts:update'] },
    schema: contactsSaveSchema,
    response: savedIdResponse,
    handler: async ({ input, user }) => ({
      id: (await saveContacts(db, await customFieldsOf(db, sk.kind.label), user, input)).id,
    }),
  });

  // The customer detail's 联系人 tab: the customer must be readable, its contacts in the viewer's scope.
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/queryContacts',
    access: 'crm:customer:read',
    schema: customerContactsSchema,
    response: recordPageResponse,
    async handler({ input, user }) {
      requirePermission(user, 'crm:contacts:index');
      await loadRecord(db, customerServerKind, user, input.customerId, 'read');
      return relatedPage(db, sk, user, sql`r.customer_id = ${input.customerId}`, input);
    },
  });
}

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerDeleteRules(registry: AppRegistry): void {
  // A customer's contacts are deleted with it, with their follow-ups, files, team and log.
  registry.recordDeletes.deleteWithParent(ModuleCode.customer, sk, 'customer_id');
}

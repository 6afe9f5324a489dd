import {
  businessContactsSchema,
  contactsBusinessSchema,
  noData,
  recordPageResponse,
  relateBusinessSchema,
  relateContactsSchema,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { businessComputedColumns, businessServerKind } from '../business/kind.ts';
import { contactsServerKind } from '../contacts/kind.ts';
import { contactsComputedColumns } from '../contacts/routes.ts';
import { loadRecord, loadRecords } from '../records/access.ts';
import { relatedPage } from '../records/related.ts';

type Pair = { contactsIds: number[]; businessIds: number[] };

/**
 * Relate or unrelate contacts and opportunities: every record named must be in the caller's scope
 * (the side being changed writable, the other readable); relating an existing pair is a no-op.
 */
async function change(db: Tx, user: SessionUser, from: 'contacts' | 'business', pair: Pair, relate: boolean) {
  await db.transaction(async (tx) => {
    const [own, other] =
      from === 'contacts'
        ? ([contactsServerKind, businessServerKind] as const)
        : ([businessServerKind, contactsServerKind] as const);
    const [ownIds, otherIds] =
      from === 'contacts' ? [pair.contactsIds, pair.businessIds] : [pair.businessIds, pair.contactsIds];
    await loadRecords(tx, own, user, ownIds, 'write');
    await loadRecords(tx, other, user, [...new Set(otherIds)], 'read');
    if (relate) {
      const rows = pair.contactsIds.flatMap((c) => pair.businessIds.map((b) => sql`(${c}, ${b})`));
      await tx.execute(sql`insert into crm_contacts_business (contacts_id, business_id)
          values ${sql.join(rows, sql`, `)} on conflict do nothing`);
    } else {
      await tx.execute(sql`delete from crm_contacts_business
          where contacts_id in ${inList(pair.contactsIds)} and business_id in ${inList(pair.businessIds)}`);
    }
  });
}

/**
 * The contacts ↔ opportunities relation (crm-records §7; docs/api/contacts.md, business.md):
 * each side lists the other (a page in the viewer's scope), relates and unrelates.
 */
export function registerBusinessContactsRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;

  defineRoute(app, {
    method: 'POST',
    url: '/CrmContacts/queryBusiness',
    access: 'crm:contacts:read',
    schema: contactsBusinessSchema,
    response: recordPageResponse,
    async handler({ input, user }) {
      requirePermission(user, 'crm:business:index');
      await loadRecord(db, contactsServerKind, user, input.contactsId, 'read');
      return relatedPage(
        db,
        businessServerKind,
        user,
        sql`r.business_id in (select l.business_id from crm_contacts_business l where l.contacts_id = ${input.contactsId})`,
        input,
        businessComputedColumns,
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmBusiness/queryContacts',
    access: 'crm:business:read',
    schema: businessContactsSchema,
    response: recordPageResponse,
    async handler({ input, user }) {
      requirePermission(user, 'crm:contacts:index');
      await loadRecord(db, businessServerKind, user, input.businessId, 'read');
      return relatedPage(
        db,
        contactsServerKind,
        user,
        sql`r.contacts_id in (select l.contacts_id from crm_contacts_business l where l.business_id = ${input.businessId})`,
        input,
        contactsComputedColumns,
      );
    },
  });

  for (const relate of [true, false]) {
    const verb = relate ? 'relate' : 'unrelate';
    defineRoute(app, {
      method: 'POST',
      url: `/CrmContacts/${verb}Business`,
      access: 'crm:contacts:update',
      schema: relateBusinessSchema,
      response: noData,
      async handler({ input, user }) {
        await change(db, user, 'contacts', { contactsIds: [input.contactsId], businessIds: input.businessIds }, relate);
        return null;
      },
    });
    defineRoute(app, {
      method: 'POST',
      url: `/CrmBusiness/${verb}Contacts`,
      access: 'crm:business:update',
      schema: relateContactsSchema,
      response: noData,
      async handler({ input, user }) {
        await change(db, user, 'business', { contactsIds: input.contactsIds, businessIds: [input.businessId] }, relate);
        return null;
      },
    });
  }
}

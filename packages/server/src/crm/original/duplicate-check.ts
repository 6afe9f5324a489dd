import {
  contactsDuplicatePage,
  contactsDuplicateSchema,
  customerDuplicatePage,
  customerDuplicateSchema,
  leadsDuplicatePage,
  leadsDuplicateSchema,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { containsPattern } from '../../core/list/like.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { contactsServerKind } from '../contacts/kind.ts';
import { customerServerKind } from '../customer/kind.ts';
import { leadsServerKind } from '../leads/kind.ts';
import { fieldAccessFor } from '../records/field-access.ts';
import type { ServerKind } from '../records/kind.ts';
import { readableTable } from '../records/readable.ts';

/**
 * The original client's 查重 (`<Kind>/queryList`): before creating a customer, contact or lead,
 * whether one with this name or phone exists under any owner, the pool included. A match answers
 * its id, name and owner only (opening it is the detail's call, which checks the scope). Records
 * are read as the viewer may read them (readable.ts): a field hidden from them is null, so a
 * condition on it matches nothing and a hidden name answers empty — the check never tells more
 * than the viewer may read.
 */
type Conditions = { mobile: string; telephone: string; page: number; limit: number };

const hiddenOf = async (db: Tx, user: SessionUser, sk: ServerKind) => (await fieldAccessFor(db, user, sk.kind)).hidden;
const contains = (column: SQL, text: string) => (text ? [sql`${column} ilike ${containsPattern(text)}`] : []);
const equals = (column: SQL, text: string) => (text ? [sql`${column} = ${text}`] : []);

/** One page of matches of `from` (alias `r`, owner joined as `o`) for any of `conds`. */
async function matches<T>(db: Tx, select: SQL, from: SQL, conds: SQL[], order: SQL, input: Conditions) {
  const where = sql.join(conds, sql` or `);
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`);
  const list = await queryRows<T>(
    db,
    sql`select ${select} from ${from} where ${where} order by ${order}
        limit ${input.limit} offset ${(input.page - 1) * input.limit}`,
  );
  return { list, totalRow: Number(count?.n ?? 0), page: input.page, limit: input.limit };
}

const ownerJoin = sql`left join sys_user o on o.user_id = r.owner_user_id`;
const ownerColumns = sql`r.owner_user_id as "ownerUserId", coalesce(o.realname, '') as "ownerUserName"`;
type Owned = { ownerUserId: number | null; ownerUserName: string };
const ownerOf = (r: Owned) => (r.ownerUserId === null ? null : Number(r.ownerUserId));

export function registerDuplicateCheckRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/queryList',
    access: `${customerServerKind.kind.permission}:index`,
    schema: customerDuplicateSchema,
    response: customerDuplicatePage,
    async handler({ input, user }) {
      const q = input as Conditions & { customerName: string };
      const from = sql`${readableTable(customerServerKind, await hiddenOf(db, user, customerServerKind))} r ${ownerJoin}`;
      // A customer has one phone (mobile): 电话 is looked for there too.
      const conds = [
        ...contains(sql`r.customer_name`, q.customerName),
        ...equals(sql`r.mobile`, q.mobile),
        ...equals(sql`r.mobile`, q.telephone),
      ];
      const page = await matches<{ customerId: number; customerName: string | null } & Owned>(
        db,
        sql`r.customer_id as "customerId", r.customer_name as "customerName", ${ownerColumns}`,
        from,
        conds,
        sql`r.customer_id desc`,
        q,
      );
      return {
        ...page,
        list: page.list.map((r) => ({
          ...r,
          customerId: Number(r.customerId),
          customerName: r.customerName ?? '',
          ownerUserId: ownerOf(r),
        })),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmContacts/queryList',
    access: `${contactsServerKind.kind.permission}:index`,
    schema: contactsDuplicateSchema,
    response: contactsDuplicatePage,
    async handler({ input, user }) {
      const q = input as Conditions & { name: string; customerName: string };
      const [contactsHidden, customerHidden] = await Promise.all([
        hiddenOf(db, user, contactsServerKind),
        hiddenOf(db, user, customerServerKind),
      ]);
      const from = sql`${readableTable(contactsServerKind, contactsHidden)} r ${ownerJoin}
        left join ${readableTable(customerServerKind, customerHidden)} c on c.customer_id = r.customer_id`;
      const conds = [
        ...contains(sql`r.name`, q.name),
        ...contains(sql`c.customer_name`, q.customerName),
        ...equals(sql`r.mobile`, q.mobile),
        ...equals(sql`r.telephone`, q.telephone),
      ];
      type Row = {
        contactsId: number;
        name: string | null;
        customerId: number | null;
        customerName: string | null;
      } & Owned;
      const page = await matches<Row>(
        db,
        sql`r.contacts_id as "contactsId", r.name, r.customer_id as "customerId", c.customer_name as "customerName",
          ${ownerColumns}`,
        from,
        conds,
        sql`r.contacts_id desc`,
        q,
      );
      return {
        ...page,
        list: page.list.map((r) => ({
          ...r,
          contactsId: Number(r.contactsId),
          name: r.name ?? '',
          customerId: r.customerId === null ? null : Number(r.customerId),
          customerName: r.customerName ?? '',
          ownerUserId: ownerOf(r),
        })),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmLeads/queryList',
    access: `${leadsServerKind.kind.permission}:index`,
    schema: leadsDuplicateSchema,
    response: leadsDuplicatePage,
    async handler({ input, user }) {
      const q = input as Conditions & { leadsName: string };
      const from = sql`${readableTable(leadsServerKind, await hiddenOf(db, user, leadsServerKind))} r ${ownerJoin}`;
      const conds = [
        ...contains(sql`r.name`, q.leadsName),
        ...equals(sql`r.mobile`, q.mobile),
        ...equals(sql`r.telephone`, q.telephone),
      ];
      const page = await matches<{ leadsId: number; name: string | null } & Owned>(
        db,
        sql`r.leads_id as "leadsId", r.name, ${ownerColumns}`,
        from,
        conds,
        sql`r.leads_id desc`,
        q,
      );
      return {
        ...page,
        list: page.list.map((r) => ({
          leadsId: Number(r.leadsId),
          leadsName: r.name ?? '',
          name: r.name ?? '',
          ownerUserId: ownerOf(r),
          ownerUserName: r.ownerUserName,
        })),
      };
    },
  });
}

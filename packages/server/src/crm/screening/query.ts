import {
  maskNumber,
  SCREENING_LIMIT,
  type ScreeningField,
  type ScreeningKind,
  screeningKinds,
  type screeningResponse,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { containsPattern } from '../../core/list/like.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { contactsServerKind } from '../contacts/kind.ts';
import { customerServerKind } from '../customer/kind.ts';
import { leadsServerKind } from '../leads/kind.ts';
import { memberOf, ownerScope } from '../records/access.ts';
import { fieldAccessFor } from '../records/field-access.ts';
import type { ServerKind } from '../records/kind.ts';
import { readableTable } from '../records/readable.ts';

/**
 * 客户查重: the point is to find a duplicate whoever owns it, so the search runs over every row of
 * the kind, not the viewer's data scope. Matching reads the raw table (a hidden phone still finds
 * its record, issue 25), while everything answered is read through readableTable: a hidden
 * number is answered masked from the viewer's own keyword, never from the row.
 */

type Searched = { sk: ServerKind; name: string; numbers: [ScreeningField, string][] };

const searched: Record<ScreeningKind, Searched> = {
  customer: {
    sk: customerServerKind,
    name: 'customer_name',
    numbers: [
      ['mobile', 'mobile'],
      ['idCard', 'id_card'],
      ['gatIdCard', 'gat_id_card'],
    ],
  },
  leads: {
    sk: leadsServerKind,
    name: 'name',
    numbers: [
      ['mobile', 'mobile'],
      ['telephone', 'telephone'],
    ],
  },
  contacts: {
    sk: contactsServerKind,
    name: 'name',
    numbers: [
      ['mobile', 'mobile'],
      ['telephone', 'telephone'],
    ],
  },
};

/**
 * A keyword with a digit is a phone or ID number (exact, on indexed columns); any other is a
 * name or its pinyin / initials (contains). A name never holds digits, so one kind of search is enough.
 */
export const isNumberKeyword = (keyword: string) => /\d/.test(keyword);

type Row = {
  id: number;
  name: string | null;
  field: ScreeningField;
  value: string | null;
  ownerUserId: number | null;
  ownerUserName: string | null;
  ownerDeptName: string | null;
  createTime: Date | string;
  canRead: boolean;
  total: number;
};

async function searchKind(db: Tx, user: SessionUser, kind: ScreeningKind, keyword: string) {
  const { sk, name, numbers } = searched[kind];
  const hidden = (await fieldAccessFor(db, user, sk.kind)).hidden;
  const col = (alias: string, c: string) => sql`${sql.identifier(alias)}.${sql.identifier(c)}`;
  let where: SQL;
  let field: SQL;
  let value: SQL;
  if (isNumberKeyword(keyword)) {
    // ID numbers end in x or X as typed; the phones have no letters, so the upper-case form is the same.
    const eq = (c: string) => sql`${col('t', c)} in (${keyword}, ${keyword.toUpperCase()})`;
    where = sql.join(
      numbers.map(([, c]) => eq(c)),
      sql` or `,
    );
    field = sql`case ${sql.join(
      numbers.map(([f, c]) => sql`when ${eq(c)} then ${f}`),
      sql` `,
    )} end`;
    value = sql`case ${sql.join(
      numbers.map(([, c]) => sql`when ${eq(c)} then ${col('r', c)}`),
      sql` `,
    )} end`;
  } else {
    const pattern = containsPattern(keyword);
    where = sql`(${col('t', name)} ilike ${pattern} or t.search_key ilike ${pattern})`;
    field = sql`'name'`;
    value = col('r', name);
  }
  // Open means: in the viewer's scope, on the record's team, or (a customer) in the pool they may browse.
  const readable = hasPermission(user, `${sk.kind.permission}:read`)
    ? sql`(${ownerScope(sk, user)} or ${memberOf(sk, user)}${
        kind === 'customer' && hasPermission(user, 'crm:pool:index') ? sql` or r.owner_user_id is null` : sql``
      })`
    : sql`false`;
  const id = sql.identifier(sk.idColumn);
  const rows = await queryRows<Row>(
    db,
    sql`select r.${id} as id, ${col('r', name)} as name, ${field} as field, ${value} as value,
          r.owner_user_id as "ownerUserId", o.realname as "ownerUserName", d.name as "ownerDeptName",
          r.create_time as "createTime", ${readable} as "canRead", count(*) over () as total
        from ${sql.identifier(sk.table)} t
        join ${readableTable(sk, hidden)} r on r.${id} = t.${id}
        left join sys_user o on o.user_id = r.owner_user_id
        left join sys_dept d on d.dept_id = o.dept_id
        where ${where}
        order by r.create_time desc, r.${id} desc
        limit ${SCREENING_LIMIT}`,
  );
  const list = rows.map((r) => ({
    kind: kind as ScreeningKind,
    id: Number(r.id),
    name: r.name ?? '',
    matchedField: r.field,
    // A visible number equals the keyword; a hidden one reads null and is shown masked from the keyword.
    matchedValue: r.value ?? (r.field === 'name' ? '' : maskNumber(keyword)),
    ownerUserId: r.ownerUserId === null ? null : Number(r.ownerUserId),
    ownerUserName: r.ownerUserName ?? '',
    ownerDeptName: r.ownerDeptName ?? '',
    pool: kind === 'customer' && r.ownerUserId === null,
    createTime: r.createTime,
    canRead: Boolean(r.canRead),
  }));
  return { kind, total: Number(rows[0]?.total ?? 0), list };
}

export async function screen(
  db: Tx,
  user: SessionUser,
  input: { keyword: string; types?: ScreeningKind[] | undefined },
): Promise<z.input<typeof screeningResponse>> {
  const kinds = screeningKinds.filter((k) => !input.types?.length || input.types.includes(k));
  const groups = [];
  for (const kind of kinds) groups.push(await searchKind(db, user, kind, input.keyword));
  return { groups };
}

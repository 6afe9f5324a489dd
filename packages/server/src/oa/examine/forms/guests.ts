import { AdditionalOrderMsg, ageFromIdCard, type GuestChoice, type GuestFormType, localDay } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/session.ts';
import { forbidden, notFound } from '../../../core/errors.ts';
import { containsPattern } from '../../../core/list/like.ts';
import { queryRows } from '../../../core/sql.ts';
import { customerServerKind } from '../../../crm/customer/kind.ts';
import { memberOf, ownerScope } from '../../../crm/records/access.ts';
import { fieldAccessFor } from '../../../crm/records/field-access.ts';
import { readableTable } from '../../../crm/records/readable.ts';
import { storeServerKind } from '../../../crm/store/kind.ts';
import type { Tx } from '../../../db/client.ts';
import { inList } from '../../../org/sql-lists.ts';

/**
 * The guests of an additional order as the applicant may see them: customers (type 1) and shops
 * (type 2) in the viewer's scope (owner data scope or a team place, as the CRM lists), with what
 * a guest block fills in from the record. The pickers list them; the save reads them again by
 * id and fills the block from them (phone, age, gender, owner), never from the client.
 */

type ChoiceRow = {
  id: number;
  name: string;
  owner_user_id: number | null;
  mobile: string;
  id_card: string;
  gender: number;
  has_old_customer: boolean;
  relation: string;
  shop_name: string | null;
  boss_mobile: string | null;
  dept_name: string | null;
  has_store_shareholder: boolean | null;
  owner_shareholder_type: number | null;
  visible: boolean;
};

const PICKER_LIMIT = 50;

/** The rows' condition, given the visibility one: a list requires it, a load by id reports it. */
type Where = (visible: SQL) => SQL;

/** The latest additional order of the guest: its shareholder answers prefill the next one. */
const lastBooking = (formType: GuestFormType, id: SQL) => sql`left join lateral (
    select g.has_store_shareholder, g.owner_shareholder_type from oa_examine_additional_order g
    where g.form_type = ${formType} and g.customer_id = ${id}
    order by g.examine_id desc, g.seq limit 1) last on true`;

/**
 * What the viewer may read of customers and of shops (their field permissions): both tables are
 * read through `readableTable`, so a hidden phone or ID number is neither shown, nor the source
 * of an age, nor found by a search.
 */
type Hidden = { customer: ReadonlySet<string>; store: ReadonlySet<string> };

export async function hiddenOf(db: Tx, user: SessionUser): Promise<Hidden> {
  const [customer, store] = await Promise.all([
    fieldAccessFor(db, user, customerServerKind.kind),
    fieldAccessFor(db, user, storeServerKind.kind),
  ]);
  return { customer: customer.hidden, store: store.hidden };
}

/** Customers: the owning shop gives the shop name and the boss's phone. */
function customerRows(user: SessionUser, hidden: Hidden, filter: Where, limit: number): SQL {
  const visible = sql`(${ownerScope(customerServerKind, user)} or ${memberOf(customerServerKind, user)})`;
  return sql`select r.customer_id as id, r.customer_name as name, r.owner_user_id, r.mobile, r.id_card, r.gender,
      r.has_old_customer, r.relation, s.shop_name, s.phone as boss_mobile, d.name as dept_name,
      last.has_store_shareholder, last.owner_shareholder_type, ${visible} as visible
    from ${readableTable(customerServerKind, hidden.customer)} r
    left join ${readableTable(storeServerKind, hidden.store)} s on s.id = r.shop_owner_id
    left join sys_user u on u.user_id = r.owner_user_id
    left join sys_dept d on d.dept_id = u.dept_id
    ${lastBooking(1, sql`r.customer_id`)}
    where ${filter(visible)}
    order by r.update_time desc, r.customer_id desc limit ${limit}`;
}

/** Shops: the person is the boss (name, phone, ID card); 店家三级 is the serving employee's name. */
function shopRows(user: SessionUser, hidden: Hidden, filter: Where, limit: number): SQL {
  const visible = sql`(${ownerScope(storeServerKind, user)} or ${memberOf(storeServerKind, user)})`;
  return sql`select r.id, r.name, r.owner_user_id, r.phone as mobile, r.id_card,
      case r.sex when 0 then 1 when 1 then 2 else 0 end as gender,
      r.has_old_customer = 1 as has_old_customer, coalesce(ru.realname, r.relation) as relation,
      r.shop_name, r.phone as boss_mobile, d.name as dept_name,
      last.has_store_shareholder, last.owner_shareholder_type, ${visible} as visible
    from ${readableTable(storeServerKind, hidden.store)} r
    left join sys_user ru on ru.user_id::text = r.relation
    left join sys_user u on u.user_id = r.owner_user_id
    left join sys_dept d on d.dept_id = u.dept_id
    ${lastBooking(2, sql`r.id`)}
    where ${filter(visible)}
    order by r.update_time desc, r.id desc limit ${limit}`;
}

const toChoice = (r: ChoiceRow, today: string): GuestChoice => ({
  userId: r.owner_user_id === null ? null : Number(r.owner_user_id),
  customerId: Number(r.id),
  customerName: r.name,
  mobile: r.mobile ?? '',
  age: ageFromIdCard(r.id_card ?? '', today),
  gender: Number(r.gender ?? 0),
  bossMobile: r.boss_mobile ?? '',
  deptName: r.dept_name ?? '',
  shopOwnerName: r.shop_name ?? '',
  hasOldCustomer: Boolean(r.has_old_customer),
  relation: r.relation ?? '',
  hasOwnerShareholder: Boolean(r.has_store_shareholder),
  ownerShareholderType: r.owner_shareholder_type === null ? null : Number(r.owner_shareholder_type),
});

async function rowsOf(db: Tx, user: SessionUser, type: GuestFormType, fn: Where, limit: number) {
  const query = type === 1 ? customerRows : shopRows;
  return queryRows<ChoiceRow>(db, query(user, await hiddenOf(db, user), fn, limit));
}

const nameOrPhone = (type: GuestFormType, search: string) => {
  const p = containsPattern(search);
  return type === 1
    ? sql`(r.customer_name ilike ${p} or r.mobile like ${p})`
    : sql`(r.name ilike ${p} or r.shop_name ilike ${p} or r.phone like ${p})`;
};

/** The picker's choices: customers or shops in the viewer's scope, by name or phone, newest change first. */
export async function guestChoices(db: Tx, user: SessionUser, type: GuestFormType, search: string) {
  const rows = await rowsOf(
    db,
    user,
    type,
    (visible) => (search ? sql`${visible} and ${nameOrPhone(type, search)}` : visible),
    PICKER_LIMIT,
  );
  const today = localDay();
  return rows.map((r) => toChoice(r, today));
}

/** The customer name list: customers in scope with their shop and its boss. */
export async function customerNames(db: Tx, user: SessionUser, search: string) {
  const p = containsPattern(search);
  const visible = sql`(${ownerScope(customerServerKind, user)} or ${memberOf(customerServerKind, user)})`;
  const hidden = await hiddenOf(db, user);
  const rows = await queryRows<{
    id: number;
    name: string;
    owner_user_id: number | null;
    mobile: string;
    has_old_customer: boolean;
    relation: string;
    shop_name: string | null;
    boss_name: string | null;
  }>(
    db,
    sql`select r.customer_id as id, r.customer_name as name, r.owner_user_id, r.mobile, r.has_old_customer,
          r.relation, s.shop_name, s.name as boss_name
        from ${readableTable(customerServerKind, hidden.customer)} r
        left join ${readableTable(storeServerKind, hidden.store)} s on s.id = r.shop_owner_id
        where ${visible} ${search ? sql`and (r.customer_name ilike ${p} or r.mobile like ${p})` : sql``}
        order by r.update_time desc, r.customer_id desc limit ${PICKER_LIMIT}`,
  );
  return rows.map((r) => ({
    customerId: Number(r.id),
    customerName: r.name,
    ownerUserId: r.owner_user_id === null ? null : Number(r.owner_user_id),
    mobile: r.mobile ?? '',
    hasOldCustomer: Boolean(r.has_old_customer),
    relation: r.relation ?? '',
    shopAndBossNmae: r.shop_name ? `${r.shop_name}（${r.boss_name ?? ''}）` : '',
  }));
}

/**
 * Guests by id for the save and the detail lookup: each must exist (客户不存在 / 店家不存在) and
 * be one the viewer may see (只能选择您有权查看的客户 / 店家), else the call is refused.
 */
export async function loadGuests(
  db: Tx,
  user: SessionUser,
  type: GuestFormType,
  ids: number[],
): Promise<Map<number, GuestChoice>> {
  if (ids.length === 0) return new Map();
  const distinct = [...new Set(ids)];
  const idColumn = type === 1 ? sql`r.customer_id` : sql`r.id`;
  const rows = await rowsOf(db, user, type, () => sql`${idColumn} in ${inList(distinct)}`, distinct.length);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const today = localDay();
  const found = new Map<number, GuestChoice>();
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) throw notFound(type === 1 ? AdditionalOrderMsg.customerMissing : AdditionalOrderMsg.shopMissing);
    if (!r.visible)
      throw forbidden(type === 1 ? AdditionalOrderMsg.customerOutOfScope : AdditionalOrderMsg.shopOutOfScope);
    found.set(id, toChoice(r, today));
  }
  return found;
}

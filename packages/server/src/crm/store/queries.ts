import { DataScope, StoreMsg, splitList } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { dataScopeFor } from '../../core/data-scope.ts';
import { badRequest } from '../../core/errors.ts';
import { containsPattern } from '../../core/list/like.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { ownerScope } from '../records/access.ts';
import { fieldAccessFor } from '../records/field-access.ts';
import { readableTable } from '../records/readable.ts';
import { storeServerKind as sk } from './kind.ts';

/** The shops the viewer may see (owner scope of `crm:store:index`), as a condition on `r`. */
export const visibleShop = (user: SessionUser): SQL => ownerScope(sk, user);

const prefixPattern = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The customer panel's shop autocomplete: shop names starting with the text, any case, in the
 * viewer's scope; the prefix index on lower(shop_name) answers it.
 */
export async function searchShops(db: Tx, user: SessionUser, search: string, limit: number) {
  const rows = await queryRows<{ id: number; shop_name: string; relation: string | null }>(
    db,
    sql`select r.id, r.shop_name, ${servingName(sql`r`)} as relation from crm_store r
        where ${visibleShop(user)}
        ${search ? sql`and lower(r.shop_name) like ${prefixPattern(search)}` : sql``}
        order by lower(r.shop_name), r.id limit ${Math.min(limit, 50)}`,
  );
  return rows.map((r) => ({ shopId: Number(r.id), shopName: r.shop_name, relation: r.relation ?? '' }));
}

/**
 * A customer's 服务三级 is its shop's (one meaning for both): the name of the employee the shop's
 * `relation` names (stored as the user id's text), what a customer of the shop stores as its own.
 */
export const servingName = (shop: SQL) =>
  sql`(select u.realname from sys_user u where u.user_id::text = ${shop}.relation)`;

/** Shops by name or owner name (the form's main-shop and provider pickers): page 1, limit 50. */
export async function shopOwners(db: Tx, user: SessionUser, search: string, excludeId?: number) {
  const p = containsPattern(search);
  // The boss's name and phone as the viewer may read them: hidden ones are empty and not searched.
  const { hidden } = await fieldAccessFor(db, user, sk.kind);
  const rows = await queryRows<{ id: number; shop_name: string; name: string | null; phone: string | null }>(
    db,
    sql`select r.id, r.shop_name, r.name, r.phone from ${readableTable(sk, hidden)} r
        where ${visibleShop(user)}
        ${search ? sql`and (r.shop_name ilike ${p} or r.name ilike ${p})` : sql``}
        ${excludeId ? sql`and r.id <> ${excludeId}` : sql``}
        order by r.update_time desc, r.id desc limit 50`,
  );
  return rows.map((r) => ({ shopId: Number(r.id), shopName: r.shop_name, name: r.name ?? '', phone: r.phone ?? '' }));
}

/** Active employees by name (服务三级, the signing users): at most 50. */
export async function activeUsers(db: Tx, search: string) {
  const p = containsPattern(search);
  const rows = await queryRows<{ user_id: number; realname: string; dept_name: string | null }>(
    db,
    sql`select u.user_id, u.realname, d.name as dept_name
        from sys_user u left join sys_dept d on d.dept_id = u.dept_id
        where u.status = 1 ${search ? sql`and (u.realname ilike ${p} or u.username ilike ${p})` : sql``}
        order by u.user_id limit 50`,
  );
  return rows.map((r) => ({ userId: Number(r.user_id), realname: r.realname, deptName: r.dept_name ?? '' }));
}

export async function projectClassList(db: Tx) {
  const rows = await queryRows<{ class_id: number; class_name: string }>(
    db,
    // The catalogue's top-level enabled classes (clinic/catalogue): the shop's 主营项目分类.
    sql`select class_id, class_name from crm_project_class where pid is null and enabled order by sort, class_id`,
  );
  return rows.map((r) => ({ classId: Number(r.class_id), className: r.class_name }));
}

type ProjectRow = { project_id: number; project_name: string; class_id: number; class_name: string };
const toProject = (r: ProjectRow) => ({
  projectId: Number(r.project_id),
  projectName: r.project_name,
  classId: Number(r.class_id),
  className: r.class_name,
});

/**
 * The enabled projects of the given classes and their subclasses (all classes when none is
 * named), in catalogue order: a disabled project, or one of a disabled class, is not offered to
 * the shop form.
 */
export async function projectsOfClasses(db: Tx, classIds: number[]) {
  const rows = await queryRows<ProjectRow>(
    db,
    sql`with recursive cls as (
          select class_id from crm_project_class
          where ${classIds.length ? sql`class_id in ${inList(classIds)}` : sql`pid is null`}
          union select c.class_id from crm_project_class c join cls on c.pid = cls.class_id)
        select p.project_id, p.project_name, p.class_id, c.class_name
        from crm_project p join crm_project_class c on c.class_id = p.class_id
        where p.enabled and c.enabled and p.class_id in (select class_id from cls)
        order by c.sort, c.class_id, p.sort, p.project_id`,
  );
  return rows.map(toProject);
}

export async function projectsOfShop(db: Tx, shopId: number) {
  const rows = await queryRows<ProjectRow>(
    db,
    sql`select p.project_id, p.project_name, p.class_id, c.class_name
        from crm_store_project sp
        join crm_project p on p.project_id = sp.project_id
        join crm_project_class c on c.class_id = p.class_id
        where sp.store_id = ${shopId}
        order by c.sort, c.class_id, p.sort, p.project_id`,
  );
  return rows.map(toProject);
}

export const ids = (csv: string) => splitList(csv).map(Number);

/** Refuse (`msg`) unless every id is a row of `table.column` matching `where`. */
async function allExist(db: Tx, list: number[], from: SQL, msg: string) {
  const unique = [...new Set(list)];
  if (unique.length === 0) return;
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} ${inList(unique)}`);
  if (Number(row?.n) !== unique.length) throw badRequest(msg);
}

export const checkUsers = (db: Tx, list: number[]) =>
  allExist(db, list, sql`sys_user where status = 1 and user_id in`, StoreMsg.userInvalid);
export const checkProjects = (db: Tx, list: number[]) =>
  allExist(db, list, sql`crm_project where project_id in`, StoreMsg.projectInvalid);
export const checkProjectClasses = (db: Tx, list: number[]) =>
  allExist(db, list, sql`crm_project_class where class_id in`, StoreMsg.projectClassInvalid);

/** Shops named by a save (main shop, providers) must be ones the viewer sees. */
export async function checkVisibleShops(db: Tx, user: SessionUser, list: number[], msg: string) {
  const unique = [...new Set(list)];
  if (unique.length === 0) return;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from crm_store r where r.id in ${inList(unique)} and ${visibleShop(user)}`,
  );
  if (Number(row?.n) !== unique.length) throw badRequest(msg);
}

/**
 * IsCanUpdateUserOwner: the viewer may change the shop and update shops, and sees beyond their
 * own records (a manager or administrator), so handing it to someone else keeps it in sight.
 */
export const canChangeOwner = (user: SessionUser, write: boolean) =>
  write && hasPermission(user, 'crm:store:update') && dataScopeFor(user, 'crm:store:index') !== DataScope.self;

/** Shop names by id, in one query. */
export async function shopNames(db: Tx, list: number[]) {
  const unique = [...new Set(list)];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await queryRows<{ id: number; shop_name: string }>(
    db,
    sql`select id, shop_name from crm_store where id in ${inList(unique)}`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.shop_name]));
}

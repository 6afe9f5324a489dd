import { Msg, type SystemRole } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

type RoleRow = {
  role_id: number;
  role_name: string;
  role_type: number;
  data_type: number;
  remark: string;
  is_super: boolean;
  permissions: string[] | null;
  user_count: number;
};

/** Roles with their permission keys and holder count, in one statement. */
const selectRoles = (where: SQL) => sql`
  select r.role_id, r.role_name, r.role_type, r.data_type, r.remark, r.is_super,
         (select array_agg(rp.permission order by rp.permission) from sys_role_permission rp
           where rp.role_id = r.role_id) as permissions,
         (select count(*) from sys_user_role ur where ur.role_id = r.role_id)::int as user_count
  from sys_role r
  where ${where}
  order by r.role_id`;

const toRole = (r: RoleRow): SystemRole => ({
  roleId: Number(r.role_id),
  roleName: r.role_name,
  roleType: Number(r.role_type),
  dataType: Number(r.data_type),
  remark: r.remark,
  isSuper: r.is_super,
  permissions: r.permissions ?? [],
  userCount: Number(r.user_count),
});

export async function rolesByType(db: Tx, roleType: number): Promise<SystemRole[]> {
  return (await queryRows<RoleRow>(db, selectRoles(sql`r.role_type = ${roleType}`))).map(toRole);
}

/** The role; 404 when it does not exist. */
export async function requireRole(tx: Tx, roleId: number): Promise<SystemRole> {
  const [row] = await queryRows<RoleRow>(tx, selectRoles(sql`r.role_id = ${roleId}`));
  if (!row) throw notFound(Msg.roleNotFound);
  return toRole(row);
}

/** Is the name used by another role of the same type? */
export async function roleNameTaken(tx: Tx, name: string, roleType: number, exceptId = 0): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`select 1 from sys_role where role_type = ${roleType} and lower(role_name) = lower(${name})
        and role_id <> ${exceptId} limit 1`,
  );
  return rows.length > 0;
}

/** The first free copy name: "<name>（副本）", then "<name>（副本2）", ... within the 50-character column. */
export async function copyName(tx: Tx, name: string, roleType: number): Promise<string> {
  const rows = await queryRows<{ role_name: string }>(
    tx,
    sql`select role_name from sys_role where role_type = ${roleType}`,
  );
  const used = new Set(rows.map((r) => r.role_name.toLowerCase()));
  for (let i = 1; ; i++) {
    const suffix = `（副本${i === 1 ? '' : i}）`;
    const candidate = name.slice(0, 50 - suffix.length) + suffix;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

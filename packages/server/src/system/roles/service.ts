import {
  allPermissionKeys,
  isPermissionKey,
  Msg,
  menuTreeForRoleType,
  type RoleMenuInput,
  type RoleSaveInput,
  type RoleUpdateInput,
} from '@crm/shared';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { rolePermissions, roles } from '../../db/schema.ts';
import { lockOrg } from '../common.ts';
import { copyName, requireRole, roleNameTaken } from './repository.ts';

/** The keys a role of this type may hold: the leaves of its permission tree. */
const keysByType = new Map<number, Set<string>>();
export function keysForRoleType(roleType: number): Set<string> {
  let keys = keysByType.get(roleType);
  if (!keys) {
    keys = new Set(allPermissionKeys(menuTreeForRoleType(roleType)));
    keysByType.set(roleType, keys);
  }
  return keys;
}

export async function addRole(db: Db, input: RoleSaveInput): Promise<{ roleId: number }> {
  return db.transaction(async (tx) => {
    await lockOrg(tx, 'role-names');
    if (await roleNameTaken(tx, input.roleName, input.roleType)) throw badRequest(Msg.roleNameTaken);
    const [row] = await tx
      .insert(roles)
      .values({ name: input.roleName, roleType: input.roleType, dataType: input.dataType, remark: input.remark })
      .returning({ id: roles.id });
    return { roleId: row!.id };
  });
}

export async function updateRole(db: Db, input: RoleUpdateInput): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrg(tx, 'role-names');
    const role = await requireRole(tx, input.roleId);
    if (role.isSuper) throw badRequest(Msg.roleProtected);
    if (await roleNameTaken(tx, input.roleName, input.roleType, input.roleId)) throw badRequest(Msg.roleNameTaken);
    await tx
      .update(roles)
      .set({ name: input.roleName, roleType: input.roleType, dataType: input.dataType, remark: input.remark })
      .where(eq(roles.id, input.roleId));
    if (input.roleType !== role.roleType) {
      // A role moved to another type keeps only the keys that type's tree offers.
      const allowed = [...keysForRoleType(input.roleType)];
      await tx
        .delete(rolePermissions)
        .where(
          allowed.length
            ? and(eq(rolePermissions.roleId, input.roleId), notInArray(rolePermissions.permission, allowed))
            : eq(rolePermissions.roleId, input.roleId),
        );
    }
  });
}

/** Refused for the super admin role and while anyone holds the role. */
export async function deleteRole(db: Db, roleId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await requireRole(tx, roleId);
    if (role.isSuper) throw badRequest(Msg.roleProtected);
    if (role.userCount > 0) throw badRequest(Msg.roleInUse);
    await tx.delete(roles).where(eq(roles.id, roleId));
  });
}

/** A new role "<name>（副本）" of the same type, scope, remark and permissions. */
export async function copyRole(db: Db, roleId: number): Promise<{ roleId: number }> {
  return db.transaction(async (tx) => {
    await lockOrg(tx, 'role-names');
    const role = await requireRole(tx, roleId);
    if (role.isSuper) throw badRequest(Msg.roleNotCopyable);
    const name = await copyName(tx, role.roleName, role.roleType);
    const [row] = await tx
      .insert(roles)
      .values({ name, roleType: role.roleType, dataType: role.dataType, remark: role.remark })
      .returning({ id: roles.id });
    const copyId = row!.id;
    await tx.execute(sql`insert into sys_role_permission (role_id, permission)
      select ${copyId}, permission from sys_role_permission where role_id = ${roleId}`);
    return { roleId: copyId };
  });
}

/** Replace the role's permissions (and optionally its data scope). Unknown keys refuse the whole call. */
export async function updateRoleMenu(db: Db, input: RoleMenuInput): Promise<void> {
  const keys = [...new Set(input.permissions.map((k) => k.trim()).filter((k) => k !== ''))];
  await db.transaction(async (tx) => {
    const role = await requireRole(tx, input.roleId);
    if (role.isSuper) throw badRequest(Msg.roleProtected);
    const allowed = keysForRoleType(role.roleType);
    if (keys.some((k) => !isPermissionKey(k) || !allowed.has(k))) throw badRequest(Msg.unknownPermission);
    if (input.dataType !== undefined)
      await tx.update(roles).set({ dataType: input.dataType }).where(eq(roles.id, input.roleId));
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, input.roleId));
    if (keys.length)
      await tx.insert(rolePermissions).values(keys.map((permission) => ({ roleId: input.roleId, permission })));
  });
}

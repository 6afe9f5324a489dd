import { Msg, type RoleUsersInput } from '@crm/shared';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { userRoles } from '../../db/schema.ts';
import { allFound, existingRoleIds, existingUserIds, otherSuperAdminExists, superRoleIds } from '../common.ts';

/** Add every user to every role; pairs that exist already stay as they are. */
export async function relateUsers(db: Db, actor: SessionUser, input: RoleUsersInput): Promise<void> {
  const roleIds = [...new Set(input.roleIds)];
  const userIds = [...new Set(input.userIds)];
  await db.transaction(async (tx) => {
    if (!allFound(roleIds, await existingRoleIds(tx, roleIds))) throw notFound(Msg.roleNotFound);
    if (!allFound(userIds, await existingUserIds(tx, userIds))) throw notFound(Msg.userNotFound);
    if (!actor.isSuper && (await superRoleIds(tx, roleIds)).size > 0) throw badRequest(Msg.superRoleGrant);
    await tx
      .insert(userRoles)
      .values(roleIds.flatMap((roleId) => userIds.map((userId) => ({ roleId, userId }))))
      .onConflictDoNothing();
  });
}

/** Take one user out of one role; the last active super admin keeps the super admin role. */
export async function unbindUser(db: Db, actor: SessionUser, input: { roleId: number; userId: number }) {
  await db.transaction(async (tx) => {
    if (!(await existingRoleIds(tx, [input.roleId])).has(input.roleId)) throw notFound(Msg.roleNotFound);
    if (!(await existingUserIds(tx, [input.userId])).has(input.userId)) throw notFound(Msg.userNotFound);
    if ((await superRoleIds(tx, [input.roleId])).size > 0) {
      if (!actor.isSuper) throw badRequest(Msg.superRoleGrant);
      if (!(await otherSuperAdminExists(tx, [input.userId]))) throw badRequest(Msg.lastSuperAdmin);
    }
    await tx.delete(userRoles).where(and(eq(userRoles.roleId, input.roleId), eq(userRoles.userId, input.userId)));
  });
}

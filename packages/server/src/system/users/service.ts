import {
  Msg,
  type ResetPasswordInput,
  type UserCreateInput,
  type UserStatusInput,
  type UserUpdateInput,
} from '@crm/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { endUserSessions, type SessionUser } from '../../auth/session.ts';
import { clearUsernames } from '../../auth/throttle.ts';
import { hashPassword } from '../../auth/tokens.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { userRoles, users } from '../../db/schema.ts';
import {
  allFound,
  existingDeptIds,
  existingRoleIds,
  existingUserIds,
  isUniqueViolation,
  lockOrg,
  otherSuperAdminExists,
  superRoleIds,
  superUserIds,
} from '../common.ts';
import { wouldCycleParent } from './repository.ts';

type Refs = { deptId: number; parentId: number | null; roleIds?: number[] };

/** Department, supervisor and roles must exist; only a super admin hands out the super admin role. */
async function checkRefs(tx: Tx, actor: SessionUser, refs: Refs): Promise<void> {
  // Hold off a concurrent delete of the department until this write commits.
  await lockOrg(tx, 'dept-tree');
  if (!(await existingDeptIds(tx, [refs.deptId])).has(refs.deptId)) throw badRequest(Msg.deptNotFound);
  if (refs.parentId !== null && !(await existingUserIds(tx, [refs.parentId])).has(refs.parentId))
    throw badRequest(Msg.parentNotFound);
  if (refs.roleIds?.length) {
    if (!allFound(refs.roleIds, await existingRoleIds(tx, refs.roleIds))) throw badRequest(Msg.roleNotFound);
    if (!actor.isSuper && (await superRoleIds(tx, refs.roleIds)).size > 0) throw badRequest(Msg.superRoleGrant);
  }
}

/** A non-super admin may not touch a super admin's account (else HR could take it over). */
async function guardSuperTargets(tx: Tx, actor: SessionUser, userIds: number[]): Promise<void> {
  if (!actor.isSuper && (await superUserIds(tx, userIds)).size > 0) throw badRequest(Msg.superAdminOnly);
}

async function usernameTaken(tx: Tx, username: string): Promise<boolean> {
  const rows = await queryRows(tx, sql`select 1 from sys_user where lower(username) = lower(${username}) limit 1`);
  return rows.length > 0;
}

export async function addUser(db: Db, actor: SessionUser, input: UserCreateInput): Promise<{ userId: number }> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      if (await usernameTaken(tx, input.username)) throw badRequest(Msg.usernameTaken);
      await checkRefs(tx, actor, input);
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          passwordHash,
          realname: input.realname,
          mobile: input.mobile,
          email: input.email,
          sex: input.sex,
          deptId: input.deptId,
          post: input.post,
          parentId: input.parentId,
          num: input.num,
        })
        .returning({ id: users.id });
      const userId = row!.id;
      const roleIds = [...new Set(input.roleIds)];
      if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
      return { userId };
    });
  } catch (err) {
    // Two creates of one name at once: the unique index decides, the message stays the same.
    if (isUniqueViolation(err)) throw badRequest(Msg.usernameTaken);
    throw err;
  }
}

export async function setUser(db: Db, actor: SessionUser, input: UserUpdateInput): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await existingUserIds(tx, [input.userId])).has(input.userId)) throw notFound(Msg.userNotFound);
    const targetIsSuper = (await superUserIds(tx, [input.userId])).size > 0;
    if (targetIsSuper && !actor.isSuper) throw badRequest(Msg.superAdminOnly);
    await checkRefs(tx, actor, input);
    if (input.parentId !== null) {
      await lockOrg(tx, 'user-tree');
      if (await wouldCycleParent(tx, input.userId, input.parentId)) throw badRequest(Msg.parentCycle);
    }
    await tx
      .update(users)
      .set({
        realname: input.realname,
        mobile: input.mobile,
        email: input.email,
        sex: input.sex,
        deptId: input.deptId,
        post: input.post,
        parentId: input.parentId,
        num: input.num,
        updatedAt: new Date(),
      })
      .where(eq(users.id, input.userId));
    if (input.roleIds !== undefined) {
      const roleIds = [...new Set(input.roleIds)];
      const keepsSuper = roleIds.length > 0 && (await superRoleIds(tx, roleIds)).size > 0;
      if (targetIsSuper && !keepsSuper && !(await otherSuperAdminExists(tx, [input.userId])))
        throw badRequest(Msg.lastSuperAdmin);
      await tx.delete(userRoles).where(eq(userRoles.userId, input.userId));
      if (roleIds.length)
        await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: input.userId, roleId })));
    }
  });
}

async function requireUsers(tx: Tx, userIds: number[]): Promise<void> {
  if (!allFound(userIds, await existingUserIds(tx, userIds))) throw notFound(Msg.userNotFound);
}

/** Disable or enable; disabling ends the users' sessions at once. */
export async function setUserStatus(db: Db, actor: SessionUser, input: UserStatusInput): Promise<void> {
  const userIds = [...new Set(input.userIds)];
  await db.transaction(async (tx) => {
    await requireUsers(tx, userIds);
    if (input.status === 0) {
      if (userIds.includes(actor.userId)) throw badRequest(Msg.cannotDisableSelf);
      if ((await superUserIds(tx, userIds)).size > 0) throw badRequest(Msg.superAdminProtected);
    }
    await tx.update(users).set({ status: input.status, updatedAt: new Date() }).where(inArray(users.id, userIds));
    if (input.status === 0) await endUserSessions(tx as Db, userIds);
  });
}

/** Set a new password for each user, lift any lockout, and end their sessions. */
export async function resetPasswords(db: Db, actor: SessionUser, input: ResetPasswordInput): Promise<void> {
  const userIds = [...new Set(input.userIds)];
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await requireUsers(tx, userIds);
    await guardSuperTargets(tx, actor, userIds);
    const names = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(inArray(users.id, userIds))
      .returning({ username: users.username });
    await clearUsernames(
      tx,
      names.map((n) => n.username),
    );
    await endUserSessions(tx as Db, userIds);
  });
}

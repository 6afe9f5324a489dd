import {
  DataScope,
  deptAndDescendants,
  deptsByAuthResponse,
  Msg,
  moduleSettingSchema,
  moduleSettingsResponse,
  noData,
  OrgRestMsg,
  originalModules,
  usernameEditSchema,
  usersOfDeptResponse,
  usersOfDeptSchema,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endUserSessions, type SessionUser } from '../auth/session.ts';
import { clearUsernames } from '../auth/throttle.ts';
import { hashPassword } from '../auth/tokens.ts';
import { badRequest, notFound } from '../core/errors.ts';
import { type Ctx, defineRoute } from '../core/route.ts';
import { queryRows } from '../core/sql.ts';
import { isUniqueViolation } from '../core/unique.ts';
import type { Db, Tx } from '../db/client.ts';
import { selfAndSubordinatesSql } from '../org/tree.ts';
import { listDepts } from './depts/service.ts';

/**
 * The original WuKong client's last organisation and settings calls (issue 20, docs/api.md
 * "Aliases"): the departments of the viewer's data scope and a department's people (its
 * statistics filters), a new sign-in name for an employee, and the 应用管理 page's modules.
 */

/**
 * The departments the viewer's roles reach, as the original's filter lists them: their own, and
 * with a role of 本部门及下属部门 the ones below it, with 本人及下属 their subordinates'; every one
 * with 全部 (or as super admin). No role: none.
 */
async function deptsByAuth(db: Tx, user: SessionUser) {
  const all = await listDepts(db);
  const types = new Set(user.roles.map((r) => r.dataType));
  if (user.isSuper || types.has(DataScope.all)) return all;
  if (types.size === 0 || user.deptId === null) return [];
  const ids = new Set([user.deptId]);
  if (types.has(DataScope.deptAndChildren)) for (const id of deptAndDescendants(user.deptId, all)) ids.add(id);
  if (types.has(DataScope.subordinates)) {
    const rows = await queryRows<{ dept_id: number | null }>(
      db,
      sql`select distinct dept_id from sys_user where user_id in (${selfAndSubordinatesSql(user.userId)})`,
    );
    for (const r of rows) if (r.dept_id !== null) ids.add(Number(r.dept_id));
  }
  return all.filter((d) => ids.has(d.id));
}

async function usernameEdit(db: Db, actor: SessionUser, input: { userId: number; username: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  try {
    await db.transaction(async (tx) => {
      const [target] = await queryRows<{ username: string; is_super: boolean }>(
        tx,
        sql`select u.username, exists (select 1 from sys_user_role ur join sys_role r on r.role_id = ur.role_id
              where ur.user_id = u.user_id and r.is_super) as is_super
            from sys_user u where u.user_id = ${input.userId} for update`,
      );
      if (!target) throw notFound(Msg.userNotFound);
      if (target.is_super && !actor.isSuper) throw badRequest(Msg.superAdminOnly);
      if (target.username.toLowerCase() === input.username.toLowerCase()) throw badRequest(OrgRestMsg.sameUsername);
      const taken = await queryRows(
        tx,
        sql`select 1 from sys_user where lower(username) = lower(${input.username}) limit 1`,
      );
      if (taken.length > 0) throw badRequest(Msg.usernameTaken);
      await tx.execute(
        sql`update sys_user set username = ${input.username}, password_hash = ${passwordHash}, update_time = now()
            where user_id = ${input.userId}`,
      );
      // The old name's failed attempts go with it; the person signs in again with the new one.
      await clearUsernames(tx, [target.username]);
      await endUserSessions(tx as Db, [input.userId]);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(Msg.usernameTaken);
    throw err;
  }
}

export function registerOriginalOrgRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/system/dept/queryDeptByAuth',
    access: 'login',
    response: deptsByAuthResponse,
    handler: async ({ user }) => (await deptsByAuth(db, user)).map(({ id, name, pid }) => ({ id, name, pid })),
  });

  // Names and ids of the people of a department and those below it: what any signed-in user's
  // pickers already read (system/user/queryUserList); disabled accounts are left out.
  defineRoute(app, {
    method: 'POST',
    url: '/system/user/queryUserByDeptId',
    access: 'login',
    schema: usersOfDeptSchema,
    response: usersOfDeptResponse,
    async handler({ input }) {
      const all = await listDepts(db);
      if (!all.some((d) => d.id === input.deptId)) throw notFound(Msg.deptNotFound);
      const ids = [...deptAndDescendants(input.deptId, all)];
      const rows = await queryRows<{ user_id: number; realname: string }>(
        db,
        sql`select user_id, realname from sys_user
            where status = 1 and dept_id = any(${sql.param(ids)}::int[]) order by user_id`,
      );
      return rows.map((r) => ({ id: Number(r.user_id), userId: Number(r.user_id), realname: r.realname }));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/user/usernameEdit',
    access: 'manage:users:userUpdate',
    schema: usernameEditSchema,
    response: noData,
    handler: ({ input, user }) => usernameEdit(db, user, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/sysConfig/queryModuleSetting',
    access: 'manage:system:read',
    response: moduleSettingsResponse,
    handler: async () =>
      originalModules.map((m) => ({
        settingId: m.settingId,
        module: m.module,
        name: m.name,
        status: m.provided ? 1 : 0,
        type: m.provided ? 1 : 2,
      })),
  });

  // Switching on what is always on is a no-op; off, or a module this system lacks, is refused.
  defineRoute(app, {
    method: 'POST',
    url: '/sysConfig/setModuleSetting',
    access: 'manage:system:update',
    schema: moduleSettingSchema,
    response: noData,
    async handler({ input }) {
      const module = originalModules.find((m) => m.settingId === input.settingId);
      if (!module) throw notFound(OrgRestMsg.moduleNotFound);
      if (!module.provided) throw badRequest(OrgRestMsg.moduleMissing);
      if (input.status === 0) throw badRequest(OrgRestMsg.moduleAlwaysOn);
    },
  });
}

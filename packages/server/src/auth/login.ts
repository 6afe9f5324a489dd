import { allPermissionKeys, buildAuthObject, type LoginInput, Msg, ResultCode } from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { AppError, badRequest } from '../core/errors.ts';
import { queryRows } from '../core/sql.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { loadProfile } from './profile.ts';
import { createSession, loadRoles, toSessionUser } from './session.ts';
import { verifyPassword } from './tokens.ts';

/** 5 failures within 5 minutes lock the account for 5 minutes. */
export const LOCKOUT = { attempts: 5, windowMinutes: 5, lockMinutes: 5 } as const;

/** Record a failed attempt in one statement (safe under parallel attempts); answers whether the account is now locked. */
async function recordFailure(db: Db, userId: number): Promise<boolean> {
  const { attempts, windowMinutes, lockMinutes } = LOCKOUT;
  const rows = await queryRows<{ locked: boolean }>(
    db,
    sql`
    with f as (
      select user_id,
             case when login_fail_since is null or login_fail_since < now() - make_interval(mins => ${windowMinutes})
                  then 1 else login_fail_count + 1 end as n,
             case when login_fail_since is null or login_fail_since < now() - make_interval(mins => ${windowMinutes})
                  then now() else login_fail_since end as since
      from sys_user where user_id = ${userId} for update)
    update sys_user u set
      login_fail_count = case when f.n >= ${attempts} then 0 else f.n end,
      login_fail_since = case when f.n >= ${attempts} then null else f.since end,
      locked_until = case when f.n >= ${attempts} then now() + make_interval(mins => ${lockMinutes}) else u.locked_until end
    from f where u.user_id = f.user_id
    returning (f.n >= ${attempts}) as locked`,
  );
  return rows[0]?.locked === true;
}

export async function login(db: Db, config: Config, input: LoginInput) {
  const [user] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${input.username})`).limit(1);
  if (!user) throw badRequest(Msg.loginFailed);
  if (user.lockedUntil && user.lockedUntil > new Date()) throw new AppError(ResultCode.tooMany, Msg.accountLocked);
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    const locked = await recordFailure(db, user.id);
    throw locked ? new AppError(ResultCode.tooMany, Msg.accountLocked) : badRequest(Msg.loginFailed);
  }
  if (user.status !== 1) throw badRequest(Msg.accountDisabled);
  await db
    .update(users)
    .set({ loginFailCount: 0, loginFailSince: null, lockedUntil: null, lastLoginTime: new Date() })
    .where(eq(users.id, user.id));
  const token = await createSession(db, config, user.id, input.type);
  const sessionUser = toSessionUser(user, await loadRoles(db, user.id));
  return {
    token,
    data: {
      'Admin-Token': token,
      user: await loadProfile(db, sessionUser),
      auth: authObjectOf(sessionUser),
    },
  };
}

/** The nested permission object; a super admin holds every key of the tree. */
export function authObjectOf(user: { isSuper: boolean; permissions: Set<string> }) {
  return buildAuthObject(user.isSuper ? allKeys() : user.permissions);
}

let cachedAll: string[] | undefined;
const allKeys = () => (cachedAll ??= allPermissionKeys());

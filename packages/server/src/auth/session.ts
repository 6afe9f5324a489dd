import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { queryRows } from '../core/sql.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

export type UserRole = { roleId: number; isSuper: boolean; dataType: number; permissions: string[] };

/** The signed-in user of a request, with what their roles grant. */
export type SessionUser = {
  userId: number;
  username: string;
  realname: string;
  deptId: number | null;
  parentId: number | null;
  isSuper: boolean;
  roles: UserRole[];
  permissions: Set<string>;
};

export async function loadRoles(db: Db, userId: number): Promise<UserRole[]> {
  const rows = await queryRows<{ role_id: number; is_super: boolean; data_type: number; permissions: string[] | null }>(
    db,
    sql`
    select r.role_id, r.is_super, r.data_type,
           array_remove(array_agg(rp.permission), null) as permissions
    from sys_user_role ur
    join sys_role r on r.role_id = ur.role_id
    left join sys_role_permission rp on rp.role_id = r.role_id
    where ur.user_id = ${userId}
    group by r.role_id`,
  );
  return rows.map((r) => ({
    roleId: Number(r.role_id),
    isSuper: r.is_super,
    dataType: Number(r.data_type),
    permissions: r.permissions ?? [],
  }));
}

export function toSessionUser(u: typeof users.$inferSelect, roles: UserRole[]): SessionUser {
  return {
    userId: u.id,
    username: u.username,
    realname: u.realname,
    deptId: u.deptId,
    parentId: u.parentId,
    isSuper: roles.some((r) => r.isSuper),
    roles,
    permissions: new Set(roles.flatMap((r) => r.permissions)),
  };
}

/** Start a session; a newer login on the same client type ends the older one. */
export async function createSession(db: Db, config: Config, userId: number, clientType: number): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + config.sessionIdleMinutes * 60_000);
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.clientType, clientType)));
    await tx.insert(sessions).values({ tokenHash: hashToken(token), userId, clientType, expiresAt });
  });
  return token;
}

/**
 * Resolve a token to its user and slide the expiry. The expiry is written at most once a
 * minute so the 5-second keep-alive does not write on every call.
 */
export async function resolveSession(db: Db, config: Config, token: string): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date()), eq(users.status, 1)))
    .limit(1);
  if (!row) return null;
  const idleMs = config.sessionIdleMinutes * 60_000;
  if (row.session.expiresAt.getTime() - Date.now() < idleMs - 60_000) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + idleMs) })
      .where(eq(sessions.id, row.session.id));
  }
  return toSessionUser(row.user, await loadRoles(db, row.user.id));
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function endUserSessions(db: Db, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.delete(sessions).where(inArray(sessions.userId, userIds));
}

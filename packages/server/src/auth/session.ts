import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
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

/** A session as resolved from the database: its row, expiry (ms) and user. */
export type ResolvedSession = { sessionId: number; expiresAt: number; user: SessionUser };

type LookupRow = {
  sessionId: number;
  expiresAt: Date;
  userId: number;
  username: string;
  realname: string;
  deptId: number | null;
  parentId: number | null;
  roles: { roleId: number; isSuper: boolean; dataType: number; permissions: string[] }[];
};

/** The session lookup, prepared once per database handle: session, user and roles in one round trip. */
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      username: users.username,
      realname: users.realname,
      deptId: users.deptId,
      parentId: users.parentId,
      roles: sql<LookupRow['roles']>`(
        select coalesce(json_agg(json_build_object(
          'roleId', r.role_id, 'isSuper', r.is_super, 'dataType', r.data_type,
          'permissions', array(select rp.permission from sys_role_permission rp where rp.role_id = r.role_id)
        )), '[]'::json)
        from sys_user_role ur join sys_role r on r.role_id = ur.role_id
        where ur.user_id = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.status, 1),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
}

const slides = new WeakMap<Db, ReturnType<typeof prepareSlide>>();
function prepareSlide(db: Db) {
  return db
    .update(sessions)
    .set({ expiresAt: sql`now() + make_interval(mins => ${sql.placeholder('minutes')}::int)` })
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_slide');
}

function memo<T>(map: WeakMap<Db, T>, db: Db, make: (db: Db) => T): T {
  const found = map.get(db);
  if (found) return found;
  const made = make(db);
  map.set(db, made);
  return made;
}

/** Look a token up in the database (no cache, no sliding). */
export async function lookupSession(db: Db, tokenHash: string): Promise<ResolvedSession | null> {
  const lookup = memo(lookups, db, prepareLookup);
  const [row] = (await lookup.execute({ tokenHash })) as LookupRow[];
  if (!row) return null;
  const roles = row.roles.map((r) => ({ ...r, roleId: Number(r.roleId), dataType: Number(r.dataType) }));
  return {
    sessionId: row.sessionId,
    expiresAt: new Date(row.expiresAt).getTime(),
    user: {
      userId: row.userId,
      username: row.username,
      realname: row.realname,
      deptId: row.deptId,
      parentId: row.parentId,
      isSuper: roles.some((r) => r.isSuper),
      roles,
      permissions: new Set(roles.flatMap((r) => r.permissions)),
    },
  };
}

/**
 * Whether the expiry should slide now: at most once a minute per session, so a busy client
 * does not write on every call.
 */
export const slideDue = (config: Config, expiresAt: number, now = Date.now()) =>
  expiresAt - now < config.sessionIdleMinutes * 60_000 - 60_000;

export async function writeSlide(db: Db, config: Config, sessionId: number): Promise<void> {
  const slide = memo(slides, db, prepareSlide);
  await slide.execute({ id: sessionId, minutes: config.sessionIdleMinutes });
}

/** Resolve a token to its user and slide the expiry, straight from the database. */
export async function resolveSession(db: Db, config: Config, token: string): Promise<SessionUser | null> {
  const session = await lookupSession(db, hashToken(token));
  if (!session) return null;
  if (slideDue(config, session.expiresAt)) await writeSlide(db, config, session.sessionId);
  return session.user;
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** End every session of these users, but the one `exceptSessionId` (the caller's own) when given. */
export async function endUserSessions(db: Db, userIds: number[], exceptSessionId?: number): Promise<void> {
  if (userIds.length === 0) return;
  const others = exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId);
  await db.delete(sessions).where(and(inArray(sessions.userId, userIds), others));
}

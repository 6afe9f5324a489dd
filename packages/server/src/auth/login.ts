import {
  APP_OFF_NODE,
  allPermissionKeys,
  buildAuthObject,
  keysInUse,
  type LoginInput,
  Msg,
  ResultCode,
} from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { AppError, badRequest } from '../core/errors.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { loadProfile } from './profile.ts';
import { createSession, loadRoles, toSessionUser } from './session.ts';
import { clearAccount, isThrottled, recordFailure, throttleKeys } from './throttle.ts';
import { hashPassword, newToken, passwordHashing, verifyPassword } from './tokens.ts';

/** Checked when the name is unknown, so an unknown name costs what a wrong password does (at today's cost). */
let dummy: { cost: number; hash: Promise<string> } | undefined;
const unknownUserHash = () => {
  if (dummy?.cost !== passwordHashing.cost) dummy = { cost: passwordHashing.cost, hash: hashPassword(newToken()) };
  return dummy.hash;
};

/**
 * Sign in. Unknown names and wrong passwords take the same time and get the same answer, and
 * both count towards the throttle of the name typed and of the client address.
 */
export async function login(
  db: Db,
  config: Config,
  input: LoginInput,
  address: string,
  appsOff: ReadonlySet<string> = new Set(),
) {
  const keys = throttleKeys(input.username, address);
  if (await isThrottled(db, keys)) throw new AppError(ResultCode.tooMany, Msg.accountLocked);
  const [user] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${input.username})`).limit(1);
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await unknownUserHash()));
  if (!user || !matches) {
    const locked = await recordFailure(db, keys);
    throw locked ? new AppError(ResultCode.tooMany, Msg.accountLocked) : badRequest(Msg.loginFailed);
  }
  if (user.status !== 1) throw badRequest(Msg.accountDisabled);
  await clearAccount(db, keys);
  await db.update(users).set({ lastLoginTime: new Date() }).where(eq(users.id, user.id));
  const token = await createSession(db, config, user.id, input.type);
  const sessionUser = toSessionUser(user, await loadRoles(db, user.id));
  return {
    token,
    data: {
      'Admin-Token': token,
      user: await loadProfile(db, sessionUser),
      auth: authObjectOf(sessionUser, appsOff),
    },
  };
}

/**
 * The nested permission object; a super admin holds every key of the tree. A switched-off
 * application's keys are left out (its menus and pages go), and `appOff.<key>` names it for the
 * entries that need only a sign-in (chat).
 */
export function authObjectOf(
  user: { isSuper: boolean; permissions: Set<string> },
  appsOff: ReadonlySet<string> = new Set(),
) {
  const keys = keysInUse(user.isSuper ? allKeys() : user.permissions, appsOff);
  for (const app of appsOff) keys.push(`${APP_OFF_NODE}:${app}`);
  return buildAuthObject(keys);
}

let cachedAll: string[] | undefined;
const allKeys = () => (cachedAll ??= allPermissionKeys());

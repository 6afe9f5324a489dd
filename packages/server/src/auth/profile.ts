import type { Profile } from '@crm/shared';
import type { Db } from '../db/client.ts';
import { findUser } from '../system/users/repository.ts';
import type { SessionUser } from './session.ts';

export async function loadProfile(db: Db, user: SessionUser): Promise<Profile> {
  const row = await findUser(db, user.userId);
  if (!row) throw new Error(`signed-in user ${user.userId} not found`);
  return { ...row, isAdmin: user.isSuper };
}

import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { createOpenLink, revokeOpenLinksOf } from '../../core/open-links/service.ts';
import type { Tx } from '../../db/client.ts';

/** A phone link lives half a year; the person makes a new one when it ends or is lost. */
export const SIGN_LINK_DAYS = 180;

/** The session user's own /signH5 link; making one revokes the ones before it (one phone at a time). */
export async function makeMySignLink(db: Tx, user: SessionUser) {
  return db.transaction(async (tx) => {
    // Two clicks at once: the second waits here, then revokes the first's link.
    await tx.execute(sql`select 1 from sys_user where user_id = ${user.userId} for update`);
    await revokeOpenLinksOf(tx, 'signIn', { userId: user.userId });
    return createOpenLink(tx, {
      purpose: 'signIn',
      subject: { userId: user.userId },
      label: user.realname,
      days: SIGN_LINK_DAYS,
      userId: user.userId,
    });
  });
}

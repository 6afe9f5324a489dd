import { FollowStatus, ReviewMsg } from '@crm/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { reviewCustomer } from './list.ts';
import { reviewFollows, reviews } from './tables.ts';

/**
 * Follow-up of poor reviews (`evaluate/followList`, `editFollow`): who called the customer, when,
 * what was done; the follow-up that says 已解决 closes the case (待跟进 → 已结束), after which
 * nothing more is added. Good reviews need none.
 */

export async function followList(db: Db, user: SessionUser, reviewId: number) {
  await reviewCustomer(db, user, reviewId);
  const rows = await db
    .select({
      followId: reviewFollows.id,
      content: reviewFollows.content,
      closed: reviewFollows.closed,
      userName: sql<string>`coalesce(${users.realname}, '')`,
      createTime: reviewFollows.createdAt,
    })
    .from(reviewFollows)
    .leftJoin(users, eq(users.id, reviewFollows.createUserId))
    .where(eq(reviewFollows.reviewId, reviewId))
    .orderBy(asc(reviewFollows.createdAt), asc(reviewFollows.id));
  return rows;
}

export async function editFollow(
  db: Db,
  user: SessionUser,
  input: { reviewId: number; content: string; closed: boolean },
) {
  await reviewCustomer(db, user, input.reviewId);
  return db.transaction(async (tx) => {
    // The review's lock: two follow-ups closing at once cannot both pass the 已结束 check.
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, input.reviewId)).for('update');
    if (!review) throw notFound(ReviewMsg.reviewMissing);
    if (review.followStatus === FollowStatus.none) throw badRequest(ReviewMsg.followNotPoor);
    if (review.followStatus === FollowStatus.closed) throw badRequest(ReviewMsg.followClosed);
    const [made] = await tx
      .insert(reviewFollows)
      .values({ reviewId: review.id, content: input.content, closed: input.closed, createUserId: user.userId })
      .returning({ id: reviewFollows.id });
    const followStatus = input.closed ? FollowStatus.closed : FollowStatus.open;
    if (input.closed)
      await tx.update(reviews).set({ followStatus, updatedAt: sql`now()` }).where(eq(reviews.id, review.id));
    return { followId: made!.id, followStatus };
  });
}

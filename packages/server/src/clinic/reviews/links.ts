import { REVIEW_LINK_DAYS, ReviewMsg, TreatmentStatus } from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { createOpenLink, revokeOpenLink } from '../../core/open-links/service.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { treatments } from '../money/tables.ts';
import { reviewLinks, reviews } from './tables.ts';

/**
 * The review link of a treatment (docs/clinic-reviews.md): one-use, 7 days, purpose 'review' with
 * subject {treatmentId, customerId, visitId}. The 划扣 makes it in its own transaction (once per
 * treatment: the row's primary key); staff remake it to hand it out, which revokes the older link,
 * because the token is shown once and never stored.
 */

export type ReviewLinkFor = { treatmentId: number; customerId: number; visitId: number | null; storeId: number | null };

/** After a 划扣: the treatment's link, made once; answers its path (null when it existed already). */
export async function reviewLinkAfterTreatment(tx: Tx, t: ReviewLinkFor, userId: number) {
  const [had] = await tx
    .select({ id: reviewLinks.treatmentId })
    .from(reviewLinks)
    .where(eq(reviewLinks.treatmentId, t.treatmentId));
  if (had) return null;
  const link = await createOpenLink(tx, {
    purpose: 'review',
    subject: { treatmentId: t.treatmentId, customerId: t.customerId, visitId: t.visitId },
    days: REVIEW_LINK_DAYS,
    maxUses: 1,
    label: `评价 #${t.treatmentId}`,
    userId,
  });
  await tx
    .insert(reviewLinks)
    .values({ ...t, linkId: link.linkId })
    .onConflictDoNothing();
  return link;
}

/** Staff hand the link out (again): the older link is revoked and a new one answered, once. */
export async function remakeReviewLink(db: Db, user: SessionUser, treatmentId: number) {
  return db.transaction(async (tx) => {
    const [t] = await tx.select().from(treatments).where(eq(treatments.id, treatmentId)).for('update');
    if (!t) throw notFound(ReviewMsg.treatmentMissing);
    await loadRecord(tx, customerServerKind, user, t.customerId, 'read');
    if (t.status === TreatmentStatus.undone) throw badRequest(ReviewMsg.treatmentUndone);
    const [done] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.treatmentId, treatmentId));
    if (done) throw badRequest(ReviewMsg.reviewed);
    const [old] = await tx.select().from(reviewLinks).where(eq(reviewLinks.treatmentId, treatmentId));
    if (old) await revokeOpenLink(tx, 'review', old.linkId, user.userId);
    const visitId = old?.visitId ?? null;
    const [deal] = await queryRows<{ store_id: number | null }>(
      tx,
      sql`select store_id from crm_customer_project_deal_record where deal_id = ${t.dealId}`,
    );
    const storeId = old?.storeId ?? deal?.store_id ?? null;
    const link = await createOpenLink(tx, {
      purpose: 'review',
      subject: { treatmentId, customerId: t.customerId, visitId },
      days: REVIEW_LINK_DAYS,
      maxUses: 1,
      label: `评价 #${treatmentId}`,
      userId: user.userId,
    });
    await tx
      .insert(reviewLinks)
      .values({ treatmentId, customerId: t.customerId, visitId, storeId, linkId: link.linkId })
      .onConflictDoUpdate({ target: reviewLinks.treatmentId, set: { linkId: link.linkId, updatedAt: sql`now()` } });
    return { path: link.path, token: link.token, expireTime: link.expireTime };
  });
}

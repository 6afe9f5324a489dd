import { randomUUID } from 'node:crypto';
import {
  CouponStatus,
  FollowStatus,
  fenOf,
  isPoorReview,
  REVIEW_PHOTO_MAX,
  REVIEW_PHOTO_MAX_MB,
  ReviewMsg,
  type ReviewSubmitInput,
  reviewEarns,
  TreatmentStatus,
} from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../core/errors.ts';
import type { OpenLink } from '../../core/open-links/service.ts';
import type { Ctx } from '../../core/route.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { insertFile } from '../../files/repository.ts';
import { sniff } from '../../files/sniff.ts';
import { readSysConfig } from '../../files/sys-config.ts';
import { newStorageKey, storedName } from '../../files/upload.ts';
import { issueCoupon } from '../coupons/issue.ts';
import { couponRules } from '../coupons/tables.ts';
import { REVIEW_FILES, REVIEW_STAGED_FILES } from './file-owner.ts';
import { sweepReviewPhotos } from './sweep.ts';
import { reviews } from './tables.ts';

/**
 * The open review page's calls (/evaluateH5?token=…): what was done and by whom, photos staged under
 * the link, and the one submit that spends the link, stores the review and issues the coupons its
 * scores earn, all in one transaction.
 */

type Subject = { treatmentId: number; customerId: number; visitId: number | null };
const subjectOf = (link: OpenLink) => link.subject as Subject;

async function treatmentOf(db: Tx, link: OpenLink) {
  const { treatmentId } = subjectOf(link);
  const [t] = await queryRows<Record<string, unknown>>(
    db,
    sql`select t.treatment_id, t.customer_id, t.status, t.create_time, t.create_user_id, d.project_id, d.name project_name,
        coalesce(l.store_id, d.store_id) store_id, sd.name store_name,
        (select coalesce(array_agg(s.user_id order by s.user_id), '{}') from clinic_treatment_staff s where s.treatment_id = t.treatment_id) staff_ids,
        (select coalesce(array_agg(distinct u.realname), '{}') from clinic_treatment_staff s join sys_user u on u.user_id = s.user_id
          where s.treatment_id = t.treatment_id) staff_names
      from clinic_treatment t join crm_customer_project_deal_record d using (deal_id)
        left join clinic_review_link l on l.treatment_id = t.treatment_id
        left join sys_dept sd on sd.dept_id = coalesce(l.store_id, d.store_id)
      where t.treatment_id = ${treatmentId}`,
  );
  if (!t) throw notFound(ReviewMsg.treatmentMissing);
  if (Number(t.status) === TreatmentStatus.undone) throw badRequest(ReviewMsg.treatmentUndone);
  return t;
}

export async function openInfo(ctx: Ctx, link: OpenLink) {
  const t = await treatmentOf(ctx.db, link);
  const config = await readSysConfig(ctx.db);
  return {
    clinicName: config.companyName,
    storeName: String(t.store_name ?? ''),
    projectName: String(t.project_name ?? ''),
    treatmentTime: t.create_time as Date,
    staff: (t.staff_names as string[]) ?? [],
  };
}

/** A photo (base64, the page shrank it) staged under the link until the submit attaches it. */
export async function openPhoto(ctx: Ctx, link: OpenLink, input: { name: string; data: string }) {
  const bytes = Buffer.from(input.data.replace(/^data:[^,]*,/, ''), 'base64');
  if (bytes.length === 0) throw badRequest(ReviewMsg.photoRequired);
  if (bytes.length > REVIEW_PHOTO_MAX_MB * 1024 * 1024)
    throw badRequest(ReviewMsg.photoTooLarge.replace('{size}', String(REVIEW_PHOTO_MAX_MB)));
  const name = input.name || 'photo.jpg';
  const sniffed = await sniff(name, bytes);
  if (!sniffed?.image) throw badRequest(ReviewMsg.photoNotImage);
  const t = await treatmentOf(ctx.db, link);
  const key = newStorageKey();
  await ctx.storage.put(key, bytes);
  let made: { fileId: number };
  try {
    made = await ctx.db.transaction(async (tx) => {
      // One link's uploads one at a time, so the count below holds.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`clinic:review:photo:${link.id}`}))`);
      const [staged] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int n from sys_file where owner_kind = ${REVIEW_STAGED_FILES} and owner_id = ${link.id}`,
      );
      if ((staged?.n ?? 0) >= REVIEW_PHOTO_MAX)
        throw badRequest(ReviewMsg.photosTooMany.replace('{max}', String(REVIEW_PHOTO_MAX)));
      const file = await insertFile(tx, {
        batchId: randomUUID().replaceAll('-', ''),
        name: storedName(name, sniffed),
        size: bytes.length,
        mime: sniffed.mime,
        type: 'img',
        storageKey: key,
        // The nurse who made the treatment vouches for the customer's upload.
        createUserId: Number(t.create_user_id),
        ownerKind: REVIEW_STAGED_FILES,
        ownerId: link.id,
      });
      return { fileId: file.fileId };
    });
  } catch (err) {
    await ctx.storage.remove(key).catch(() => {});
    throw err;
  }
  // Uploads are where abandoned photos of dead links are cleared, a few at a time.
  await sweepReviewPhotos(ctx.db, ctx.storage);
  return made;
}

/**
 * The submit: spends the link (a second submit, even at the same instant, reads 已使用过), stores
 * the review with the treatment's staff, attaches its photos and issues each enabled rule's coupon
 * the scores earn (source 'review', once per review and rule).
 */
export async function openSubmit(
  db: Db,
  link: OpenLink,
  input: ReviewSubmitInput,
  consume: (tx: Tx) => Promise<OpenLink>,
) {
  return db.transaction(async (tx) => {
    await consume(tx);
    const t = await treatmentOf(tx, link);
    const subject = subjectOf(link);
    const poor = isPoorReview(input);
    const [review] = await tx
      .insert(reviews)
      .values({
        treatmentId: subject.treatmentId,
        linkId: link.id,
        customerId: Number(t.customer_id),
        visitId: subject.visitId ?? null,
        storeId: t.store_id === null ? null : Number(t.store_id),
        projectId: t.project_id === null ? null : Number(t.project_id),
        staffIds: (t.staff_ids as number[]).map(Number),
        effect: input.effect,
        service: input.service,
        environment: input.environment,
        content: input.content,
        followStatus: poor ? FollowStatus.open : FollowStatus.none,
      })
      .onConflictDoNothing({ target: reviews.treatmentId })
      .returning({ id: reviews.id });
    if (!review) throw badRequest(ReviewMsg.reviewed);
    const fileIds = [...new Set(input.fileIds)];
    if (fileIds.length) {
      const moved = await queryRows<{ file_id: number }>(
        tx,
        sql`update sys_file set owner_kind = ${REVIEW_FILES}, owner_id = ${review.id}
          where file_id = any(${`{${fileIds.join(',')}}`}::int[]) and owner_kind = ${REVIEW_STAGED_FILES} and owner_id = ${link.id}
          returning file_id`,
      );
      if (moved.length !== fileIds.length) throw badRequest(ReviewMsg.photoMissing);
    }
    const rules = await tx
      .select()
      .from(couponRules)
      .where(and(eq(couponRules.enabled, 1), eq(couponRules.deleted, 0), eq(couponRules.reviewReward, 1)));
    const earned = rules.filter((r) =>
      reviewEarns({ reviewReward: true, minAverage: Number(r.minAverage), minEach: r.minEach }, input),
    );
    const coupons = [];
    for (const rule of earned) {
      const c = await issueCoupon(tx, {
        ruleId: rule.id,
        customerId: Number(t.customer_id),
        source: 'review',
        sourceId: review.id,
        userId: null,
      });
      if (c.status === CouponStatus.usable)
        coupons.push({
          name: c.name,
          code: c.code,
          value: fenOf(c.value),
          threshold: fenOf(c.threshold),
          validTo: c.validTo,
        });
    }
    return { reviewId: review.id, coupons };
  });
}

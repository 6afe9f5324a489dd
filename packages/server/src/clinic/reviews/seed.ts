import { chargeSchema, couponRuleEditSchema, editFollowSchema, orderSaveSchema, reviewSubmitSchema } from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import type { OpenLink } from '../../core/open-links/service.ts';
import { sysOpenLink } from '../../core/open-links/tables.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import type { DemoKit } from '../../db/demo-kit.ts';
import { saveCouponRule } from '../coupons/rules.ts';
import { chargeOrder } from '../money/charge.ts';
import { saveOrder } from '../money/orders.ts';
import { editFollow } from './follow.ts';
import { openSubmit } from './open.ts';

/**
 * 顾客评价's living demo (issue 25, h-coupons): two coupon rules, four reviews of the demo's
 * treatments (one poor, followed up and closed), the coupons they earned, and one of them spent at
 * the desk. Through the real services; the customer's own link use is counted as the page would.
 */
const SCORES = [
  { effect: 5, service: 5, environment: 5, content: '效果很明显，护士很细心' },
  { effect: 5, service: 4, environment: 4, content: '整体满意，下次还来' },
  { effect: 2, service: 3, environment: 4, content: '做完两天还有点红肿，没什么效果' },
  { effect: 4, service: 4, environment: 5, content: '' },
];

export async function seedReviewsLivingDemo(kit: DemoKit): Promise<void> {
  const admin = await kit.as('admin');
  await saveCouponRule(
    kit.db,
    admin,
    couponRuleEditSchema.parse({
      name: '好评礼券',
      value: '50',
      threshold: '300',
      validDays: 60,
      reviewReward: true,
      minAverage: '4',
      remark: '评价平均4分以上自动发放',
    }),
  );
  await saveCouponRule(
    kit.db,
    admin,
    couponRuleEditSchema.parse({
      name: '五星专享券',
      value: '100',
      threshold: '1000',
      validDays: 30,
      reviewReward: true,
      minEach: 5,
    }),
  );
  const links = await queryRows<{ link_id: number }>(
    kit.db,
    sql`select l.link_id from clinic_review_link l join clinic_treatment t using (treatment_id)
      where t.status = 1 order by t.treatment_id limit ${SCORES.length}`,
  );
  const reviewIds: number[] = [];
  for (const [i, l] of links.entries()) {
    const [link] = await kit.db
      .select()
      .from(sysOpenLink)
      .where(eq(sysOpenLink.id, Number(l.link_id)));
    const consume = async (tx: Tx): Promise<OpenLink> => {
      await tx
        .update(sysOpenLink)
        .set({ useCount: sql`${sysOpenLink.useCount} + 1` })
        .where(eq(sysOpenLink.id, link!.id));
      return link!;
    };
    const done = await openSubmit(kit.db, link!, reviewSubmitSchema.parse({ ...SCORES[i], fileIds: [] }), consume);
    reviewIds.push(done.reviewId);
  }
  // Each review came in the evening of its treatment's day, as a customer at home would write it.
  await kit.db.execute(sql`update clinic_review r set create_time = t.create_time + interval '5 hours'
    from clinic_treatment t where t.treatment_id = r.treatment_id`);
  const poor = reviewIds[2];
  if (poor !== undefined) {
    const manager = await kit.as('wangzong');
    await editFollow(
      kit.db,
      manager,
      editFollowSchema.parse({ reviewId: poor, content: '电话回访：红肿属正常反应，已约复诊' }),
    );
    await editFollow(
      kit.db,
      manager,
      editFollowSchema.parse({ reviewId: poor, content: '复诊后已消退，顾客表示满意', closed: true }),
    );
  }
  // The first review's 好评礼券 spent on the customer's next order at the desk.
  const [coupon] = await queryRows<{ coupon_id: number; customer_id: number }>(
    kit.db,
    sql`select coupon_id, customer_id from clinic_coupon where source = 'review' and name = '好评礼券' order by coupon_id limit 1`,
  );
  if (!coupon) return;
  const [project] = await queryRows<{ project_id: number }>(
    kit.db,
    sql`select project_id from crm_project where project_name = '光子嫩肤'`,
  );
  const order = await saveOrder(
    kit.db,
    admin,
    orderSaveSchema.parse({
      customerId: Number(coupon.customer_id),
      lines: [
        {
          projectId: Number(project!.project_id),
          quantity: 1,
          salespeople: [{ userId: kit.user('hexue'), rate: 100 }],
        },
      ],
      batchId: 'demo-review-coupon-order',
    }),
  );
  // Opened at the customer's latest visit, as every demo sale is (the desk reads the visit's story).
  await kit.db.execute(sql`update clinic_order set visit_id = (select visit_id from clinic_visit
      where customer_id = ${coupon.customer_id} order by arrived_time desc limit 1)
    where order_id = ${order.orderId}`);
  const rest = ((order.payable - 5000) / 100).toFixed(2);
  await chargeOrder(
    kit.db,
    await kit.as('chenjing'),
    chargeSchema.parse({
      orderId: order.orderId,
      couponId: Number(coupon.coupon_id),
      payments: [
        { method: 'coupon', amount: '50' },
        { method: 'wechat', amount: rest },
      ],
    }),
  );
}

import {
  couponStatusNames,
  DealKind,
  DealStatus,
  formatTime,
  GiftStatus,
  type LotteryDrawn,
  LotteryMsg,
  type lotteryOpenInfoSchema,
  maskName,
  PrizeKind,
} from '@crm/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import type { OpenLink } from '../../core/open-links/service.ts';
import { queryRows } from '../../core/sql.ts';
import { customers } from '../../crm/customer/tables.ts';
import type { Db, Tx } from '../../db/client.ts';
import { projects } from '../catalogue/tables.ts';
import { issueCoupon } from '../coupons/issue.ts';
import { dealRecords } from '../money/tables.ts';
import { pickPrize } from './pick.ts';
import { lotteryActivities, lotteryDraws, lotteryPrizes } from './tables.ts';

type Activity = typeof lotteryActivities.$inferSelect;
type LotteryOpenInfo = z.input<typeof lotteryOpenInfoSchema>;
/** What a link opens: its activity and customer (the subject staff gave it). */
export type DrawSubject = { activityId: number; customerId: number };

export const companyDay = (now = new Date()) => formatTime(now).slice(0, 10);

export function subjectOf(link: Pick<OpenLink, 'subject'>): DrawSubject {
  const s = link.subject as Partial<DrawSubject>;
  if (!Number.isInteger(s.activityId) || !Number.isInteger(s.customerId)) throw notFound(LotteryMsg.activityMissing);
  return { activityId: s.activityId!, customerId: s.customerId! };
}

async function liveActivity(tx: Tx, activityId: number, style: number): Promise<Activity> {
  const [a] = await tx
    .select()
    .from(lotteryActivities)
    .where(and(eq(lotteryActivities.id, activityId), eq(lotteryActivities.deleted, 0)));
  // A link of another style (a wheel link after the activity became a grid) opens nothing.
  if (!a || a.style !== style) throw notFound(LotteryMsg.activityMissing);
  return a;
}

/** Draws left to a customer now: the smaller of what is left in total and of today's. */
export async function remainingDraws(tx: Tx, a: Activity, customerId: number, day = companyDay()): Promise<number> {
  const [used] = await queryRows<{ total: number; today: number }>(
    tx,
    sql`select count(*)::int as total, count(*) filter (where business_day = ${day}::date)::int as today
        from clinic_lottery_draw where activity_id = ${a.id} and customer_id = ${customerId}`,
  );
  return Math.max(0, Math.min(a.drawsTotal - Number(used?.total ?? 0), a.drawsPerDay - Number(used?.today ?? 0)));
}

/** Why a draw is refused now, in the customer's words; null when the activity is open. */
export function closedReason(a: Activity, now = new Date()): string | null {
  if (a.enabled !== 1) return LotteryMsg.disabled;
  if (now < a.startTime) return LotteryMsg.notStarted;
  if (now >= a.endTime) return LotteryMsg.ended;
  return null;
}

/** What a won prize gave, as the customer reads it. */
function detailOf(d: {
  kind: number;
  couponCode: string | null;
  couponStatus: number | null;
  giftStatus: number;
  sessions: number | null;
}) {
  if (d.kind === PrizeKind.coupon && d.couponCode)
    return `券码 ${d.couponCode}${d.couponStatus ? `（${couponStatusNames[d.couponStatus]}）` : ''}`;
  if (d.kind === PrizeKind.gift) return d.giftStatus === GiftStatus.handed ? '已领取' : '请到前台领取';
  if (d.kind === PrizeKind.sessions && d.sessions) return `已存入您的项目，共${d.sessions}次`;
  return '';
}

/** The open page's view: the activity, the prizes in their places, draws left, the customer's wins. */
export async function openInfo(db: Db, link: OpenLink, style: number): Promise<LotteryOpenInfo> {
  const { activityId, customerId } = subjectOf(link);
  const a = await liveActivity(db, activityId, style);
  const [customer] = await db
    .select({ name: customers.customerName })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw notFound(LotteryMsg.customerMissing);
  const prizes = await db
    .select({ name: lotteryPrizes.name, kind: lotteryPrizes.kind })
    .from(lotteryPrizes)
    .where(eq(lotteryPrizes.activityId, a.id))
    .orderBy(asc(lotteryPrizes.sort), asc(lotteryPrizes.id));
  const mine = await queryRows<{
    draw_id: number;
    prize_name: string;
    kind: number;
    code: string | null;
    coupon_status: number | null;
    gift_status: number;
    sessions: number | null;
    create_time: Date;
  }>(
    db,
    sql`select d.draw_id, d.prize_name, d.kind, c.code, c.status as coupon_status, d.gift_status,
          r.sessions_bought as sessions, d.create_time
        from clinic_lottery_draw d
        left join clinic_coupon c on c.coupon_id = d.coupon_id
        left join crm_customer_project_deal_record r on r.deal_id = d.deal_id
        where d.activity_id = ${a.id} and d.customer_id = ${customerId} and d.kind <> ${PrizeKind.nothing}
        order by d.draw_id desc limit 50`,
  );
  return {
    name: a.name,
    style: a.style,
    remark: a.remark,
    startTime: a.startTime,
    endTime: a.endTime,
    drawsTotal: a.drawsTotal,
    drawsPerDay: a.drawsPerDay,
    customerName: maskName(customer.name),
    remaining: closedReason(a) ? 0 : await remainingDraws(db, a, customerId),
    prizes: prizes.map((p, index) => ({ index, name: p.name, kind: p.kind })),
    mine: mine.map((m) => ({
      drawId: Number(m.draw_id),
      prizeName: m.prize_name,
      kind: Number(m.kind),
      detail: detailOf({
        kind: Number(m.kind),
        couponCode: m.code,
        couponStatus: m.coupon_status === null ? null : Number(m.coupon_status),
        giftStatus: Number(m.gift_status),
        sessions: m.sessions === null ? null : Number(m.sessions),
      }),
      time: m.create_time,
    })),
  };
}

/**
 * One draw, in one transaction: the activity's prizes locked (FOR UPDATE: draws of one activity
 * take turns, so neither the stock nor a customer's limit can be overrun by parallel draws), the
 * period and the customer's draws left checked, a prize picked by weight with a cryptographic
 * random among those with stock, its stock taken (the CHECK keeps it ≥ 0), the draw logged, the
 * prize given (a coupon, a free deal record, a gift to collect) and the link's use counted.
 */
export async function draw(
  db: Db,
  link: OpenLink,
  style: number,
  consume: (tx: Tx) => Promise<OpenLink>,
  random?: (max: number) => number,
): Promise<LotteryDrawn> {
  const { activityId, customerId } = subjectOf(link);
  return db.transaction(async (tx) => {
    const prizes = await tx
      .select()
      .from(lotteryPrizes)
      .where(eq(lotteryPrizes.activityId, activityId))
      .orderBy(asc(lotteryPrizes.sort), asc(lotteryPrizes.id))
      .for('update');
    const a = await liveActivity(tx, activityId, style);
    const closed = closedReason(a);
    if (closed) throw forbidden(closed);
    const day = companyDay();
    const left = await remainingDraws(tx, a, customerId, day);
    if (left <= 0) {
      const [used] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from clinic_lottery_draw where activity_id = ${a.id} and customer_id = ${customerId}`,
      );
      throw forbidden(Number(used?.n ?? 0) >= a.drawsTotal ? LotteryMsg.noDrawsLeft : LotteryMsg.noDrawsToday);
    }
    const prize = pickPrize(prizes, random);
    if (!prize) throw forbidden(LotteryMsg.soldOut);
    if (prize.kind !== PrizeKind.nothing) {
      const [taken] = await tx
        .update(lotteryPrizes)
        .set({ stock: sql`${lotteryPrizes.stock} - 1` })
        .where(and(eq(lotteryPrizes.id, prize.id), sql`${lotteryPrizes.stock} > 0`))
        .returning({ id: lotteryPrizes.id });
      if (!taken) throw forbidden(LotteryMsg.soldOut);
    }
    const used = await consume(tx);
    const [logged] = await tx
      .insert(lotteryDraws)
      .values({
        activityId: a.id,
        prizeId: prize.id,
        customerId,
        linkId: used.id,
        businessDay: day,
        prizeName: prize.name,
        kind: prize.kind,
        giftStatus: prize.kind === PrizeKind.gift ? GiftStatus.waiting : GiftStatus.none,
      })
      .returning({ id: lotteryDraws.id });
    const drawId = logged!.id;
    // Who gave it: the staff who made the link (a deal record names a user), else the activity's author.
    const giver = used.createUserId ?? a.createUserId ?? 1;
    let detail = '';
    if (prize.kind === PrizeKind.coupon) {
      const coupon = await issueCoupon(tx, {
        ruleId: prize.couponRuleId!,
        customerId,
        source: 'lottery',
        sourceId: drawId,
        userId: giver,
      });
      await tx.update(lotteryDraws).set({ couponId: coupon.id }).where(eq(lotteryDraws.id, drawId));
      detail = detailOf({
        kind: prize.kind,
        couponCode: coupon.code,
        couponStatus: null,
        giftStatus: 0,
        sessions: null,
      });
    } else if (prize.kind === PrizeKind.sessions) {
      const dealId = await giveSessions(tx, {
        drawId,
        customerId,
        projectId: prize.projectId!,
        sessions: prize.sessions,
        userId: giver,
      });
      await tx.update(lotteryDraws).set({ dealId }).where(eq(lotteryDraws.id, drawId));
      detail = detailOf({
        kind: prize.kind,
        couponCode: null,
        couponStatus: null,
        giftStatus: 0,
        sessions: prize.sessions,
      });
    } else if (prize.kind === PrizeKind.gift) {
      detail = `${prize.gift}，${detailOf({ kind: prize.kind, couponCode: null, couponStatus: null, giftStatus: GiftStatus.waiting, sessions: null })}`;
    }
    return {
      drawId,
      index: prizes.findIndex((p) => p.id === prize.id),
      prizeName: prize.name,
      kind: prize.kind,
      detail,
      remaining: left - 1,
    };
  });
}

/**
 * Sessions of a project as a prize: a free deal record (value 0, nothing paid, no order), made as
 * the money path makes a free 返修 deal (repairs.ts), keyed by the draw (`batch_id` lottery-<id>), so
 * ledgerAgrees holds: no money moved, the sessions add up, 划扣 uses them like any deal's.
 */
async function giveSessions(
  tx: Tx,
  g: { drawId: number; customerId: number; projectId: number; sessions: number; userId: number },
): Promise<number> {
  const [p] = await tx
    .select({ name: projects.name, months: projects.validityMonths, deptId: projects.settleDeptId })
    .from(projects)
    .where(eq(projects.id, g.projectId));
  if (!p) throw badRequest(LotteryMsg.projectMissing);
  const [c] = await tx.select({ storeId: customers.shopOwnerId }).from(customers).where(eq(customers.id, g.customerId));
  const day = companyDay();
  const [deal] = await tx
    .insert(dealRecords)
    .values({
      customerId: g.customerId,
      projectId: g.projectId,
      name: p.name,
      sessionsBought: g.sessions,
      sessionsLeft: g.sessions,
      expiresOn: p.months > 0 ? sql`(${day}::date + make_interval(months => ${p.months}))::date` : null,
      storeId: c?.storeId ?? null,
      deptId: p.deptId,
      kind: DealKind.normal,
      status: DealStatus.unused,
      createUserId: g.userId,
      batchId: `lottery-${g.drawId}`,
    })
    .returning({ id: dealRecords.id });
  return deal!.id;
}

/** Mark a won gift handed out at the front desk (once). */
export async function handOutGift(db: Db, drawId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [d] = await tx.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId)).for('update');
    if (!d) throw notFound(LotteryMsg.drawMissing);
    if (d.kind !== PrizeKind.gift) throw badRequest(LotteryMsg.notAGift);
    if (d.giftStatus === GiftStatus.handed) throw badRequest(LotteryMsg.handedAlready);
    await tx
      .update(lotteryDraws)
      .set({ giftStatus: GiftStatus.handed, handedBy: userId, handedAt: sql`now()` })
      .where(eq(lotteryDraws.id, drawId));
  });
}

import {
  fenOf,
  LotteryMsg,
  type LotterySaveInput,
  type lotteryActivitySchema,
  lotteryPurposeOf,
  PrizeKind,
} from '@crm/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, notFound } from '../../core/errors.ts';
import { revokeOpenLinksOf } from '../../core/open-links/service.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { projects } from '../catalogue/tables.ts';
import { couponRules } from '../coupons/tables.ts';
import { lotteryActivities, lotteryDraws, lotteryPrizes } from './tables.ts';

type ActivityRow = typeof lotteryActivities.$inferSelect;
type LotteryActivity = z.input<typeof lotteryActivitySchema>;

async function withPrizes(db: Tx, rows: ActivityRow[]): Promise<LotteryActivity[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const prizes = await queryRows<Record<string, number | string | null>>(
    db,
    sql`select p.*, (select count(*)::int from clinic_lottery_draw d where d.prize_id = p.prize_id) as won
        from clinic_lottery_prize p where p.activity_id in (${sql.join(ids, sql`, `)})
        order by p.sort, p.prize_id`,
  );
  const draws = await queryRows<{ activity_id: number; n: number }>(
    db,
    sql`select activity_id, count(*)::int as n from clinic_lottery_draw
        where activity_id in (${sql.join(ids, sql`, `)}) group by activity_id`,
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((a) => ({
    activityId: a.id,
    name: a.name,
    style: a.style,
    startTime: a.startTime,
    endTime: a.endTime,
    drawsTotal: a.drawsTotal,
    drawsPerDay: a.drawsPerDay,
    enabled: a.enabled === 1,
    remark: a.remark,
    draws: Number(draws.find((d) => Number(d.activity_id) === a.id)?.n ?? 0),
    createTime: a.createdAt,
    prizes: prizes
      .filter((p) => Number(p.activity_id) === a.id)
      .map((p) => ({
        prizeId: Number(p.prize_id),
        name: String(p.name),
        kind: Number(p.kind),
        couponRuleId: num(p.coupon_rule_id),
        gift: String(p.gift),
        projectId: num(p.project_id),
        sessions: Number(p.sessions),
        stock: num(p.stock),
        weight: Number(p.weight),
        won: Number(p.won),
      })),
  }));
}

export async function listActivities(db: Db, input: { page: number; limit: number; search: string }) {
  const cond = and(
    eq(lotteryActivities.deleted, 0),
    input.search ? sql`${lotteryActivities.name} ilike ${`%${input.search}%`}` : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(lotteryActivities)
      .where(cond)
      .orderBy(sql`${lotteryActivities.createdAt} desc`, sql`${lotteryActivities.id} desc`)
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(lotteryActivities).where(cond),
  ]);
  return { list: await withPrizes(db, rows), totalRow: Number(count?.n ?? 0), page: input.page, limit: input.limit };
}

export async function activityById(db: Tx, activityId: number): Promise<LotteryActivity> {
  const rows = await db
    .select()
    .from(lotteryActivities)
    .where(and(eq(lotteryActivities.id, activityId), eq(lotteryActivities.deleted, 0)));
  const [one] = await withPrizes(db, rows);
  if (!one) throw notFound(LotteryMsg.activityMissing);
  return one;
}

/** Each prize's coupon rule (enabled, not deleted) and project (enabled) exist. */
async function checkPrizeRefs(tx: Tx, input: LotterySaveInput) {
  const ruleIds = input.prizes.filter((p) => p.kind === PrizeKind.coupon).map((p) => p.couponRuleId!);
  if (ruleIds.length) {
    const rules = await tx
      .select({ id: couponRules.id })
      .from(couponRules)
      .where(and(inArray(couponRules.id, ruleIds), eq(couponRules.enabled, 1), eq(couponRules.deleted, 0)));
    if (new Set(rules.map((r) => r.id)).size !== new Set(ruleIds).size) throw badRequest(LotteryMsg.couponRuleMissing);
  }
  const projectIds = input.prizes.filter((p) => p.kind === PrizeKind.sessions).map((p) => p.projectId!);
  if (projectIds.length) {
    const found = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(inArray(projects.id, projectIds), eq(projects.enabled, true)));
    if (new Set(found.map((r) => r.id)).size !== new Set(projectIds).size) throw badRequest(LotteryMsg.projectMissing);
  }
}

/**
 * Create or edit an activity and its prizes in one transaction. Prizes keep their ids (a draw
 * names its prize); a prize already won cannot be removed, and an activity with draws keeps its
 * style (its links open one page). Fields a prize's kind does not use are stored empty.
 */
export async function saveActivity(db: Db, input: LotterySaveInput, userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await checkPrizeRefs(tx, input);
    const values = {
      name: input.name,
      style: input.style,
      startTime: input.startTime,
      endTime: input.endTime,
      drawsTotal: input.drawsTotal,
      drawsPerDay: input.drawsPerDay,
      enabled: input.enabled ? 1 : 0,
      remark: input.remark,
    };
    let activityId: number;
    if (input.activityId === undefined) {
      const [made] = await tx
        .insert(lotteryActivities)
        .values({ ...values, createUserId: userId })
        .returning({ id: lotteryActivities.id });
      activityId = made!.id;
    } else {
      activityId = input.activityId;
      const [old] = await tx
        .select()
        .from(lotteryActivities)
        .where(and(eq(lotteryActivities.id, activityId), eq(lotteryActivities.deleted, 0)))
        .for('update');
      if (!old) throw notFound(LotteryMsg.activityMissing);
      const [drawn] = await tx
        .select({ id: lotteryDraws.id })
        .from(lotteryDraws)
        .where(eq(lotteryDraws.activityId, activityId))
        .limit(1);
      if (drawn && old.style !== input.style) throw badRequest(LotteryMsg.styleLocked);
      await tx
        .update(lotteryActivities)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(lotteryActivities.id, activityId));
    }
    const existing = await tx
      .select({ id: lotteryPrizes.id, name: lotteryPrizes.name })
      .from(lotteryPrizes)
      .where(eq(lotteryPrizes.activityId, activityId))
      .for('update');
    const kept = new Set(input.prizes.map((p) => p.prizeId).filter((id) => id !== undefined));
    for (const id of kept) if (!existing.some((e) => e.id === id)) throw badRequest(LotteryMsg.prizeMissing);
    const gone = existing.filter((e) => !kept.has(e.id));
    if (gone.length) {
      const won = await queryRows<{ prize_id: number }>(
        tx,
        sql`select distinct prize_id from clinic_lottery_draw where prize_id in (${sql.join(
          gone.map((g) => g.id),
          sql`, `,
        )})`,
      );
      const first = gone.find((g) => won.some((w) => Number(w.prize_id) === g.id));
      if (first) throw badRequest(LotteryMsg.prizeHasDraws.replace('{name}', first.name));
      await tx.delete(lotteryPrizes).where(
        inArray(
          lotteryPrizes.id,
          gone.map((g) => g.id),
        ),
      );
    }
    for (const [sort, p] of input.prizes.entries()) {
      const row = {
        activityId,
        sort,
        name: p.name,
        kind: p.kind,
        couponRuleId: p.kind === PrizeKind.coupon ? p.couponRuleId! : null,
        gift: p.kind === PrizeKind.gift ? p.gift : '',
        projectId: p.kind === PrizeKind.sessions ? p.projectId! : null,
        sessions: p.kind === PrizeKind.sessions ? p.sessions : 1,
        stock: p.kind === PrizeKind.nothing ? null : p.stock,
        weight: p.weight,
      };
      if (p.prizeId === undefined) await tx.insert(lotteryPrizes).values(row);
      else await tx.update(lotteryPrizes).set(row).where(eq(lotteryPrizes.id, p.prizeId));
    }
    return activityId;
  });
}

/** Delete (kept for its draws' sake) and retire every link to it. */
export async function deleteActivity(db: Db, activityId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(lotteryActivities)
      .set({ deleted: 1, updatedAt: sql`now()` })
      .where(and(eq(lotteryActivities.id, activityId), eq(lotteryActivities.deleted, 0)))
      .returning({ style: lotteryActivities.style });
    if (!row) throw notFound(LotteryMsg.activityMissing);
    for (const style of [1, 2]) await revokeOpenLinksOf(tx, lotteryPurposeOf(style), { activityId });
  });
}

/** The prize picker's coupon rules: enabled and not deleted. */
export async function pickableCouponRules(db: Db, search: string) {
  const rows = await db
    .select({ ruleId: couponRules.id, name: couponRules.name, value: couponRules.value })
    .from(couponRules)
    .where(
      and(
        eq(couponRules.enabled, 1),
        eq(couponRules.deleted, 0),
        search ? sql`${couponRules.name} ilike ${`%${search}%`}` : undefined,
      ),
    )
    .orderBy(asc(couponRules.id))
    .limit(100);
  return rows.map((r) => ({ ...r, value: fenOf(r.value) }));
}

/** The prize picker's projects: enabled ones, by name. */
export async function pickableProjects(db: Db, search: string) {
  return db
    .select({ projectId: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.enabled, true), search ? sql`${projects.name} ilike ${`%${search}%`}` : undefined))
    .orderBy(asc(projects.id))
    .limit(100);
}

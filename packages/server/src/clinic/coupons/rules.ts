import {
  CouponMsg,
  type CouponRuleEditInput,
  CouponRuleMsg,
  type couponRuleRowSchema,
  fenOf,
  fenToYuan,
} from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { couponRules } from './tables.ts';

/**
 * Coupon rules (`evaluate/editCouponRule`, `couponRuleList`, `delCouponRule`): money terms, the
 * projects they pay for and the review condition. Editing a rule never changes coupons already
 * issued (they carry copied terms); deleting keeps the row so they still name it.
 */

/** Every named project must be in the catalogue. */
async function checkProjects(tx: Tx, ids: number[]) {
  if (!ids.length) return;
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int n from crm_project where project_id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  if (row?.n !== new Set(ids).size) throw badRequest(CouponRuleMsg.projectInvalid);
}

export async function saveCouponRule(db: Db, user: SessionUser, input: CouponRuleEditInput) {
  const projectIds = [...new Set(input.projectIds)];
  return db.transaction(async (tx) => {
    await checkProjects(tx, projectIds);
    const values = {
      name: input.name,
      value: fenToYuan(input.value),
      threshold: fenToYuan(input.threshold),
      validDays: input.validDays,
      projectIds,
      enabled: input.enabled ? 1 : 0,
      remark: input.remark,
      reviewReward: input.reviewReward ? 1 : 0,
      minAverage: input.minAverage.toFixed(1),
      minEach: input.minEach,
    };
    if (input.ruleId === undefined) {
      const [made] = await tx
        .insert(couponRules)
        .values({ ...values, createUserId: user.userId })
        .returning({ id: couponRules.id });
      return { ruleId: made!.id };
    }
    const [saved] = await tx
      .update(couponRules)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(couponRules.id, input.ruleId), eq(couponRules.deleted, 0)))
      .returning({ id: couponRules.id });
    if (!saved) throw notFound(CouponMsg.ruleMissing);
    return { ruleId: saved.id };
  });
}

export async function deleteCouponRule(db: Db, ruleId: number) {
  const [gone] = await db
    .update(couponRules)
    .set({ deleted: 1, enabled: 0, updatedAt: sql`now()` })
    .where(and(eq(couponRules.id, ruleId), eq(couponRules.deleted, 0)))
    .returning({ id: couponRules.id });
  if (!gone) throw notFound(CouponMsg.ruleMissing);
  return null;
}

/** The names of projects, in the order of the ids. */
export async function projectNamesOf(db: Tx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ project_id: number; project_name: string }>(
    db,
    sql`select project_id, project_name from crm_project where project_id = any(${`{${[...new Set(ids)].join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.project_id), r.project_name]));
}

export async function listCouponRules(
  db: Db,
  input: { page: number; limit: number; search: string; enabled?: boolean },
): Promise<{ list: z.input<typeof couponRuleRowSchema>[]; totalRow: number; page: number; limit: number }> {
  const conds = [sql`r.deleted = 0`];
  if (input.search) conds.push(sql`r.name ilike ${`%${input.search.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (input.enabled !== undefined) conds.push(sql`r.enabled = ${input.enabled ? 1 : 0}`);
  const where = sql.join(conds, sql` and `);
  const [rows, [count]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select r.*, (select count(*)::int from clinic_coupon c where c.rule_id = r.rule_id) issued
        from clinic_coupon_rule r where ${where} order by r.rule_id desc
        limit ${input.limit} offset ${(input.page - 1) * input.limit}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int n from clinic_coupon_rule r where ${where}`),
  ]);
  const names = await projectNamesOf(
    db,
    rows.flatMap((r) => r.project_ids as number[]),
  );
  const list = rows.map((r) => {
    const projectIds = (r.project_ids as number[]).map(Number);
    return {
      ruleId: Number(r.rule_id),
      name: String(r.name),
      value: fenOf(String(r.value)),
      threshold: fenOf(String(r.threshold)),
      validDays: Number(r.valid_days),
      projectIds,
      projectNames: projectIds.map((id) => names.get(id) ?? ''),
      enabled: Number(r.enabled) === 1,
      remark: String(r.remark),
      reviewReward: Number(r.review_reward) === 1,
      minAverage: Number(r.min_average),
      minEach: Number(r.min_each),
      issuedCount: Number(r.issued),
      createTime: r.create_time as Date,
    };
  });
  return { list, totalRow: count?.n ?? 0, page: input.page, limit: input.limit };
}

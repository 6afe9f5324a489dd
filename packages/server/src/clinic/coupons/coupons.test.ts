import { CouponMsg, CouponStatus } from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds } from '../../test/people.ts';
import { runDealExpiry } from '../money/expiry.ts';
import { expireCoupons, issueCoupon } from './issue.ts';
import { couponRules, coupons } from './tables.ts';

let t: TestApp;
let customer: number;
let ruleId: number;
beforeAll(async () => {
  t = await createTestApp();
  customer = (await customerIds(t))['陈雨桐']!;
  const [rule] = await t.database.db
    .insert(couponRules)
    .values({ name: '好评券', value: '50.00', threshold: '300.00', validDays: 30, projectIds: [1, 2] })
    .returning();
  ruleId = rule!.id;
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('issuing a coupon', () => {
  it('copies the rule’s terms and lives the rule’s days from today', async () => {
    const coupon = await issueCoupon(db(), {
      ruleId,
      customerId: customer,
      source: 'manual',
      sourceId: null,
      userId: 1,
    });
    expect(coupon).toMatchObject({
      name: '好评券',
      value: '50.00',
      remaining: '50.00',
      threshold: '300.00',
      projectIds: [1, 2],
      status: CouponStatus.usable,
    });
    expect(coupon.code).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
    const [row] = await queryRows<{ days: number }>(
      db(),
      sql`select (valid_to - valid_from)::int as days from clinic_coupon where coupon_id = ${coupon.id}`,
    );
    expect(row?.days).toBe(29);
  });

  it('issues once per source and rule, even when ten ask at once', async () => {
    const issue = () =>
      db().transaction((tx) =>
        issueCoupon(tx, { ruleId, customerId: customer, source: 'review', sourceId: 77, userId: null }),
      );
    const got = await Promise.all(Array.from({ length: 10 }, issue));
    expect(new Set(got.map((c) => c.id)).size).toBe(1);
    const rows = await db().select().from(coupons).where(eq(coupons.sourceId, 77));
    expect(rows).toHaveLength(1);
  });

  it('refuses a missing, deleted or disabled rule and a missing customer', async () => {
    const base = { customerId: customer, source: 'manual' as const, sourceId: null, userId: 1 };
    await expect(issueCoupon(db(), { ...base, ruleId: 999999 })).rejects.toMatchObject({
      message: CouponMsg.ruleMissing,
    });
    const [off] = await db()
      .insert(couponRules)
      .values({ name: '停用券', value: '10', validDays: 7, enabled: 0 })
      .returning();
    await expect(issueCoupon(db(), { ...base, ruleId: off!.id })).rejects.toMatchObject({
      message: CouponMsg.ruleDisabled,
    });
    await expect(issueCoupon(db(), { ...base, ruleId, customerId: 999999 })).rejects.toMatchObject({
      message: CouponMsg.customerMissing,
    });
  });

  it('expires coupons after their last day, with the nightly deal expiry', async () => {
    const coupon = await issueCoupon(db(), {
      ruleId,
      customerId: customer,
      source: 'manual',
      sourceId: null,
      userId: 1,
    });
    await db().execute(sql`update clinic_coupon set valid_to = current_date - 1 where coupon_id = ${coupon.id}`);
    await runDealExpiry(db());
    const [after] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(after!.status).toBe(CouponStatus.expired);
    expect(await expireCoupons(db())).toBe(0);
  });
});

import { LotteryMsg, LotteryStyle, PrizeKind } from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenLink, openLinkFor } from '../../core/open-links/service.ts';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds } from '../../test/people.ts';
import { draw } from './draw.ts';
import { pickPrize } from './pick.ts';
import { lotteryActivities, lotteryPrizes } from './tables.ts';

describe('picking a prize by weight', () => {
  const prizes = [
    { id: 1, kind: PrizeKind.gift, stock: 100, weight: 1 },
    { id: 2, kind: PrizeKind.coupon, stock: 100, weight: 2 },
    { id: 3, kind: PrizeKind.nothing, stock: null, weight: 7 },
  ];

  it('wins each prize in proportion to its weight over 10,000 cryptographic draws', () => {
    const n = 10_000;
    const won = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const p = pickPrize(prizes)!;
      won.set(p.id, (won.get(p.id) ?? 0) + 1);
    }
    // Expected 10 %, 20 %, 70 %; 1.5 points is over 3.5 standard deviations for each.
    expect(Math.abs(won.get(1)! / n - 0.1)).toBeLessThan(0.015);
    expect(Math.abs(won.get(2)! / n - 0.2)).toBeLessThan(0.015);
    expect(Math.abs(won.get(3)! / n - 0.7)).toBeLessThan(0.015);
  });

  it('maps every roll onto its prize’s share and skips prizes without stock or weight', () => {
    const roll = (r: number) => pickPrize(prizes, () => r)!.id;
    expect([0, 1, 2, 3, 9].map(roll)).toEqual([1, 2, 2, 3, 3]);
    const left = [
      { id: 1, kind: PrizeKind.gift, stock: 0, weight: 5 },
      { id: 2, kind: PrizeKind.coupon, stock: 3, weight: 0 },
      { id: 3, kind: PrizeKind.coupon, stock: 1, weight: 1 },
    ];
    const asked: number[] = [];
    const firstRoll = (max: number) => {
      asked.push(max);
      return 0;
    };
    expect(pickPrize(left, firstRoll)!.id).toBe(3);
    expect(asked).toEqual([1]);
    expect(pickPrize([{ id: 1, kind: PrizeKind.gift, stock: 0, weight: 1 }])).toBeUndefined();
  });
});

describe('drawing on the database', () => {
  let t: TestApp;
  let customers: number[];
  beforeAll(async () => {
    t = await createTestApp();
    customers = Object.values(await customerIds(t)).slice(0, 6);
  });
  afterAll(() => t.close());

  async function activityWith(stock: number, drawsTotal = 10) {
    const db = t.database.db;
    const [a] = await db
      .insert(lotteryActivities)
      .values({
        name: '并发测试',
        style: LotteryStyle.wheel,
        startTime: new Date(Date.now() - 3600_000),
        endTime: new Date(Date.now() + 3600_000),
        drawsTotal,
        drawsPerDay: drawsTotal,
      })
      .returning();
    const [p] = await db
      .insert(lotteryPrizes)
      .values({ activityId: a!.id, sort: 0, name: '伞', kind: PrizeKind.gift, gift: '雨伞', stock, weight: 1 })
      .returning();
    return { activityId: a!.id, prizeId: p!.id };
  }

  const drawFor = async (activityId: number, customerId: number) => {
    const db = t.database.db;
    const made = await createOpenLink(db, {
      purpose: 'lottery',
      subject: { activityId, customerId },
      days: 1,
      userId: 1,
    });
    const link = await openLinkFor(db, 'lottery', made.token);
    return draw(db, link, LotteryStyle.wheel, (tx) => openLinkFor(tx, 'lottery', made.token, { consume: true }));
  };

  it('never takes stock below zero under 30 parallel draws', async () => {
    const { activityId, prizeId } = await activityWith(7);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => drawFor(activityId, customers[i % customers.length]!)),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(won).toHaveLength(7);
    expect(new Set(refused.map((r) => (r.reason as Error).message))).toEqual(new Set([LotteryMsg.soldOut]));
    const [prize] = await t.database.db.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, prizeId));
    expect(prize!.stock).toBe(0);
    const [logged] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from clinic_lottery_draw where prize_id = ${prizeId}`,
    );
    expect(logged!.n).toBe(7);
  });

  it('never lets one customer past the limit under parallel draws', async () => {
    const { activityId } = await activityWith(100, 3);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => drawFor(activityId, customers[0]!)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });

  it('the database refuses a negative stock even without the lock', async () => {
    const { prizeId } = await activityWith(0);
    await expect(
      t.database.db.execute(sql`update clinic_lottery_prize set stock = stock - 1 where prize_id = ${prizeId}`),
    ).rejects.toThrow();
  });
});

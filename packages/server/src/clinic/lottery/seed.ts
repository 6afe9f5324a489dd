import { LotteryStyle, PrizeKind } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { createOpenLink, openLinkFor } from '../../core/open-links/service.ts';
import { queryRows } from '../../core/sql.ts';
import type { DemoKit } from '../../db/demo-kit.ts';
import { draw } from './draw.ts';
import { lotteryActivities, lotteryPrizes } from './tables.ts';

/**
 * The living demo's lottery (issue 25, h-lottery): a running wheel and a nine-grid, and a few of
 * today's draws through links the front desk (张雨) made, so the records page and the customers'
 * prizes have something to show. Fixed seeds; times relative to today.
 */
export async function seedLotteryLivingDemo(kit: DemoKit): Promise<void> {
  const db = kit.db;
  const author = kit.user('admin');
  const [project] = await queryRows<{ project_id: number }>(
    db,
    sql`select project_id from crm_project where enabled order by project_id limit 1`,
  );
  const [wheel] = await db
    .insert(lotteryActivities)
    .values({
      name: '周年庆幸运大转盘',
      style: LotteryStyle.wheel,
      startTime: kit.at(-7, '09:00'),
      endTime: kit.at(30, '21:00'),
      drawsTotal: 3,
      drawsPerDay: 1,
      remark: '到店顾客扫码参与，赠品请到前台领取。',
      createUserId: author,
    })
    .returning();
  const wheelPrizes = [
    { name: '补水面膜', kind: PrizeKind.gift, gift: '补水面膜一盒', stock: 20, weight: 3 },
    {
      name: '护理一次',
      kind: PrizeKind.sessions,
      projectId: project?.project_id ?? null,
      sessions: 1,
      stock: 5,
      weight: 1,
    },
    { name: '定制化妆包', kind: PrizeKind.gift, gift: '品牌化妆包', stock: 10, weight: 2 },
    { name: '谢谢参与', kind: PrizeKind.nothing, stock: null, weight: 4 },
  ].filter((p) => p.kind !== PrizeKind.sessions || p.projectId !== null);
  await db.insert(lotteryPrizes).values(wheelPrizes.map((p, sort) => ({ ...p, activityId: wheel!.id, sort })));
  const [grid] = await db
    .insert(lotteryActivities)
    .values({
      name: '会员日九宫格',
      style: LotteryStyle.grid,
      startTime: kit.at(-1, '09:00'),
      endTime: kit.at(14, '21:00'),
      drawsTotal: 2,
      drawsPerDay: 1,
      createUserId: author,
    })
    .returning();
  const gridPrizes = [
    { name: '保湿喷雾', kind: PrizeKind.gift, gift: '保湿喷雾一支', stock: 30, weight: 2 },
    { name: '精华小样', kind: PrizeKind.gift, gift: '精华小样三支', stock: 50, weight: 3 },
    { name: '谢谢参与', kind: PrizeKind.nothing, stock: null, weight: 5 },
  ];
  await db.insert(lotteryPrizes).values(gridPrizes.map((p, sort) => ({ ...p, activityId: grid!.id, sort })));

  const random = kit.random('lottery');
  const customers = await queryRows<{ customer_id: number }>(
    db,
    sql`select customer_id from crm_customer where customer_name in ('林婉清', '陈雨桐', '刘子涵') order by customer_id`,
  );
  for (const c of customers) {
    const made = await createOpenLink(db, {
      purpose: 'lottery',
      subject: { activityId: wheel!.id, customerId: Number(c.customer_id) },
      days: 7,
      label: '前台扫码',
      userId: kit.user('zhangyu'),
    });
    const link = await openLinkFor(db, 'lottery', made.token);
    await draw(
      db,
      link,
      LotteryStyle.wheel,
      (tx) => openLinkFor(tx, 'lottery', made.token, { consume: true }),
      (max) => random.int(0, max - 1),
    );
  }
}

import type { LotteryDrawListInput, lotteryDrawRowSchema } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { customers } from '../../crm/customer/tables.ts';
import type { Db } from '../../db/client.ts';
import { customerScope, ownedCustomer } from '../cashier/scope.ts';

/**
 * Every draw, newest first, of the customers the viewer may read (the cashier's customer scope:
 * owner in scope or a place on the team; pool customers' draws are not listed).
 */
const drawList = defineList({
  from: sql`clinic_lottery_draw d join ${customers} c on c.customer_id = d.customer_id
    join clinic_lottery_activity a on a.activity_id = d.activity_id`,
  id: sql`d.draw_id`,
  fields: { time: { sql: sql`d.create_time`, type: 'date' } },
  search: [sql`c.customer_name`, sql`d.prize_name`, sql`a.name`],
  defaultSort: [{ field: 'time', order: 'desc' }],
  scope: customerScope,
});

export async function listDraws(db: Db, user: SessionUser, input: LotteryDrawListInput) {
  const where = [
    ownedCustomer,
    input.activityId ? sql`d.activity_id = ${input.activityId}` : undefined,
    input.customerId ? sql`d.customer_id = ${input.customerId}` : undefined,
    input.kind >= 0 ? sql`d.kind = ${input.kind}` : undefined,
    input.giftStatus >= 0 ? sql`d.gift_status = ${input.giftStatus}` : undefined,
    // Days of the company's calendar, as the per-day limit counts them.
    input.from ? sql`d.business_day >= ${input.from}::date` : undefined,
    input.to ? sql`d.business_day <= ${input.to}::date` : undefined,
  ];
  return listPage(
    db,
    drawList,
    { user, page: input.page, limit: input.limit, search: input.search, where },
    {
      columns: sql`d.draw_id, d.activity_id, a.name as activity_name, d.customer_id, c.customer_name, d.prize_name,
        d.kind, cp.code as coupon_code, d.deal_id, d.gift_status, hu.realname as handed_by, d.handed_time, d.create_time`,
      joins: sql`join clinic_lottery_draw d on d.draw_id = page.id
        join clinic_lottery_activity a on a.activity_id = d.activity_id
        join ${customers} c on c.customer_id = d.customer_id
        left join clinic_coupon cp on cp.coupon_id = d.coupon_id
        left join sys_user hu on hu.user_id = d.handed_by`,
      map: (r: Record<string, unknown>): z.input<typeof lotteryDrawRowSchema> => ({
        drawId: Number(r.draw_id),
        activityId: Number(r.activity_id),
        activityName: String(r.activity_name),
        customerId: Number(r.customer_id),
        customerName: String(r.customer_name),
        prizeName: String(r.prize_name),
        kind: Number(r.kind),
        couponCode: r.coupon_code == null ? null : String(r.coupon_code),
        dealId: r.deal_id == null ? null : Number(r.deal_id),
        giftStatus: Number(r.gift_status),
        handedBy: r.handed_by == null ? null : String(r.handed_by),
        handedTime: (r.handed_time as Date | null) ?? null,
        createTime: r.create_time as Date,
      }),
    },
  );
}

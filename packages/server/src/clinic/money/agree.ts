import { ConversionStatus, chargedOrderStatuses, OrderStatus, RefundStatus, TreatmentStatus } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

export type Agreement = { ok: boolean; problems: string[] };

const cashSources = sql`('cash', 'wechat', 'alipay', 'card')`;
const charged = sql.raw(`(${chargedOrderStatuses.join(', ')})`);

/**
 * Does the money add up? Sums every ledger against the counters it explains and checks the
 * records against each other, for one customer or all. Every money test ends with it; a problem
 * is a sentence naming the record, so a failing test says what broke.
 *
 * - accounts: principal, gift = Σ balance ledger; arrears = Σ arrears rows; each ledger chain has
 *   before = the previous after and ends at the counter; total paid = Σ cash-method payments of
 *   charged orders; total consumed = Σ value of treatments not undone
 * - deals: bought = used + refunded + converted + left, held ≤ left; used = Σ treatments not undone;
 *   converted = Σ done conversions; refunded = Σ paid refunds; held = Σ pending and approved refunds
 *   and pending conversions (their difference order unpaid);
 *   arrears = Σ its arrears rows
 * - conversions: done ones have their target deal (and a charged order when they had one); a
 *   pending one's order is unpaid; a cancelled one's order is voided
 * - charged orders: Σ payments per method = Σ allocations of that source; each line's allocations
 *   = its deal price; the order's columns = its payments by kind
 */
export async function ledgerAgrees(db: Tx, customerId?: number): Promise<Agreement> {
  const only = (column: string): SQL => (customerId == null ? sql`true` : sql`${sql.raw(column)} = ${customerId}`);
  const problems: string[] = [];
  const collect = async (query: SQL, say: (r: Record<string, unknown>) => string) => {
    for (const r of await queryRows<Record<string, unknown>>(db, query)) problems.push(say(r));
  };

  await collect(
    sql`with l as (select customer_id, sum(principal_delta) p, sum(gift_delta) g from clinic_balance_ledger group by customer_id),
      r as (select customer_id, sum(amount) s from clinic_arrears group by customer_id),
      c as (select customer_id from clinic_customer_account union select customer_id from l union select customer_id from r)
      select c.customer_id, coalesce(a.principal, 0) ap, coalesce(l.p, 0) lp, coalesce(a.gift, 0) ag, coalesce(l.g, 0) lg,
        coalesce(a.arrears, 0) aa, coalesce(r.s, 0) ra
      from c left join clinic_customer_account a using (customer_id) left join l using (customer_id) left join r using (customer_id)
      where ${only('c.customer_id')}
        and (coalesce(a.principal, 0) <> coalesce(l.p, 0) or coalesce(a.gift, 0) <> coalesce(l.g, 0) or coalesce(a.arrears, 0) <> coalesce(r.s, 0))`,
    (r) =>
      `customer ${r.customer_id}: account principal ${r.ap} gift ${r.ag} arrears ${r.aa}, ledgers principal ${r.lp} gift ${r.lg} arrears ${r.ra}`,
  );
  await collect(
    sql`select ledger_id, customer_id from (
        select ledger_id, customer_id, principal_before, gift_before,
          lag(principal_after) over w pa, lag(gift_after) over w ga, row_number() over w n
        from clinic_balance_ledger where ${only('customer_id')} window w as (partition by customer_id order by ledger_id)) x
      where (n = 1 and (principal_before <> 0 or gift_before <> 0)) or (n > 1 and (principal_before <> pa or gift_before <> ga))`,
    (r) => `balance ledger ${r.ledger_id} (customer ${r.customer_id}): before is not the previous row's after`,
  );
  await collect(
    sql`select arrears_id, customer_id from (
        select arrears_id, customer_id, arrears_before, lag(arrears_after) over w pa, row_number() over w n
        from clinic_arrears where ${only('customer_id')} window w as (partition by customer_id order by arrears_id)) x
      where (n = 1 and arrears_before <> 0) or (n > 1 and arrears_before <> pa)`,
    (r) => `arrears ${r.arrears_id} (customer ${r.customer_id}): before is not the previous row's after`,
  );
  await collect(
    sql`select a.customer_id, a.total_paid, coalesce(p.s, 0) paid, a.total_consumed, coalesce(t.s, 0) consumed
      from clinic_customer_account a
      left join (select o.customer_id, sum(p.amount) s from clinic_payment p join clinic_order o using (order_id)
        where o.status in ${charged} and p.method in ${cashSources} group by o.customer_id) p using (customer_id)
      left join (select customer_id, sum(value) s from clinic_treatment where status = ${TreatmentStatus.normal} group by customer_id) t
        using (customer_id)
      where ${only('a.customer_id')} and (a.total_paid <> coalesce(p.s, 0) or a.total_consumed <> coalesce(t.s, 0))`,
    (r) =>
      `customer ${r.customer_id}: total paid ${r.total_paid} (payments ${r.paid}), total consumed ${r.total_consumed} (treatments ${r.consumed})`,
  );

  await collect(
    sql`select d.deal_id, d.sessions_bought, d.sessions_used, d.sessions_refunded, d.sessions_converted, d.sessions_left, d.sessions_held,
        coalesce(t.s, 0) treated, coalesce(c.s, 0) conv, coalesce(rp.s, 0) refunded, coalesce(rh.s, 0) held, d.arrears, coalesce(ar.s, 0) owed
      from crm_customer_project_deal_record d
      left join (select deal_id, sum(sessions) s from clinic_treatment where status = ${TreatmentStatus.normal} group by deal_id) t using (deal_id)
      left join (select from_deal_id deal_id, sum(sessions) s from clinic_conversion where status = ${ConversionStatus.done}
        group by from_deal_id) c using (deal_id)
      left join (select deal_id, sum(sessions) s from clinic_refund where status = ${RefundStatus.paid} group by deal_id) rp using (deal_id)
      left join (select deal_id, sum(s) s from (
          select deal_id, sum(sessions) s from clinic_refund where status in (${RefundStatus.pending}, ${RefundStatus.approved})
          group by deal_id
          union all
          select from_deal_id, sum(sessions) from clinic_conversion where status = ${ConversionStatus.pending} group by from_deal_id
        ) h group by deal_id) rh using (deal_id)
      left join (select deal_id, sum(amount) s from clinic_arrears where deal_id is not null group by deal_id) ar using (deal_id)
      where ${only('d.customer_id')} and (
        d.sessions_bought <> d.sessions_used + d.sessions_refunded + d.sessions_converted + d.sessions_left
        or least(d.sessions_used, d.sessions_refunded, d.sessions_converted, d.sessions_left, d.sessions_held) < 0
        or d.sessions_held > d.sessions_left
        or d.sessions_used <> coalesce(t.s, 0) or d.sessions_converted <> coalesce(c.s, 0)
        or d.sessions_refunded <> coalesce(rp.s, 0) or d.sessions_held <> coalesce(rh.s, 0) or d.arrears <> coalesce(ar.s, 0))`,
    (r) =>
      `deal ${r.deal_id}: bought ${r.sessions_bought} used ${r.sessions_used} (treatments ${r.treated}) refunded ${r.sessions_refunded} (refunds ${r.refunded}) converted ${r.sessions_converted} (conversions ${r.conv}) left ${r.sessions_left} held ${r.sessions_held} (pending ${r.held}) arrears ${r.arrears} (rows ${r.owed})`,
  );

  await collect(
    sql`select c.conversion_id, c.status, o.status order_status from clinic_conversion c left join clinic_order o using (order_id)
      where ${only('c.customer_id')} and (
        (c.status = ${ConversionStatus.done} and (c.to_deal_id is null or (c.order_id is not null and o.status not in ${charged})))
        or (c.status = ${ConversionStatus.pending} and o.status is distinct from ${OrderStatus.unpaid})
        or (c.status = ${ConversionStatus.cancelled} and o.status is distinct from ${OrderStatus.cancelled}))`,
    (r) =>
      `conversion ${r.conversion_id}: status ${r.status} but its order is ${r.order_status ?? 'missing'} or it has no target deal`,
  );
  await collect(
    sql`with p as (select order_id, method source, amount from clinic_payment),
      a as (select order_id, source, sum(amount) amount from clinic_allocation where source <> 'arrears' group by order_id, source)
      select o.order_id, coalesce(p.source, a.source) source, coalesce(p.amount, 0) paid, coalesce(a.amount, 0) allocated
      from clinic_order o join p using (order_id) full join a on a.order_id = p.order_id and a.source = p.source
      where o.kind = 1 and o.status in ${charged} and ${only('o.customer_id')} and coalesce(p.amount, 0) <> coalesce(a.amount, 0)`,
    (r) => `order ${r.order_id}: ${r.source} paid ${r.paid}, allocated ${r.allocated}`,
  );
  await collect(
    sql`select l.line_id, l.order_id, l.deal_price, coalesce(sum(a.amount), 0) allocated
      from clinic_order_line l join clinic_order o using (order_id) left join clinic_allocation a on a.line_id = l.line_id
      where o.kind = 1 and o.status in ${charged} and l.status = 1 and ${only('o.customer_id')}
      group by l.line_id, l.order_id, l.deal_price having l.deal_price <> coalesce(sum(a.amount), 0)`,
    (r) => `order ${r.order_id} line ${r.line_id}: deal price ${r.deal_price}, allocated ${r.allocated}`,
  );
  await collect(
    sql`select o.order_id, o.received, o.principal_used, o.gift_used, o.coupon_used,
        coalesce(sum(p.amount) filter (where p.method in ${cashSources}), 0) cash,
        coalesce(sum(p.amount) filter (where p.method = 'principal'), 0) principal,
        coalesce(sum(p.amount) filter (where p.method = 'gift'), 0) gift,
        coalesce(sum(p.amount) filter (where p.method = 'coupon'), 0) coupon
      from clinic_order o left join clinic_payment p using (order_id)
      where o.status in ${charged} and ${only('o.customer_id')}
      group by o.order_id
      having o.received <> coalesce(sum(p.amount) filter (where p.method in ${cashSources}), 0)
        or o.principal_used <> coalesce(sum(p.amount) filter (where p.method = 'principal'), 0)
        or o.gift_used <> coalesce(sum(p.amount) filter (where p.method = 'gift'), 0)
        or o.coupon_used <> coalesce(sum(p.amount) filter (where p.method = 'coupon'), 0)`,
    (r) =>
      `order ${r.order_id}: received ${r.received} principal ${r.principal_used} gift ${r.gift_used} coupon ${r.coupon_used}; payments ${r.cash} ${r.principal} ${r.gift} ${r.coupon}`,
  );
  // Coupons (issue 25, h-coupons): an order's coupon payment = its coupon uses; a coupon's value =
  // what is left on it + every use (refunds never give coupon money back).
  await collect(
    sql`select o.order_id, o.coupon_used, coalesce(sum(u.amount), 0) used
      from clinic_order o left join clinic_coupon_use u using (order_id)
      where ${only('o.customer_id')}
      group by o.order_id having o.coupon_used <> coalesce(sum(u.amount), 0)`,
    (r) => `order ${r.order_id}: coupon payment ${r.coupon_used}, coupon uses ${r.used}`,
  );
  await collect(
    sql`select c.coupon_id, c.value, c.remaining, coalesce(sum(u.amount), 0) used
      from clinic_coupon c left join clinic_coupon_use u using (coupon_id)
      where ${only('c.customer_id')}
      group by c.coupon_id having c.value <> c.remaining + coalesce(sum(u.amount), 0)
        or (c.status = 2) <> (c.remaining = 0)`,
    (r) => `coupon ${r.coupon_id}: value ${r.value}, remaining ${r.remaining}, used ${r.used}`,
  );
  return { ok: problems.length === 0, problems };
}

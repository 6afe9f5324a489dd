import { chargeSchema, deskPaymentSchema, orderSaveSchema, verifySchema } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { DemoCustomerRow } from '../../crm/customer/seed.ts';
import type { DemoKit } from '../../db/demo-kit.ts';
import { chargeOrder } from './charge.ts';
import { repay, topUp } from './desk.ts';
import { cancelOrder, saveOrder } from './orders.ts';
import { verify } from './treatment.ts';

/** What a visit buys: one or two projects of the demo catalogue. */
const baskets = [
  ['光子嫩肤'],
  ['水光针', '小气泡清洁'],
  ['皮秒祛斑'],
  ['瘦脸针'],
  ['祛痘护理', '面部深层护理'],
  ['激光脱毛（腋下）'],
  ['热玛吉'],
  ['润百颜玻尿酸', '补水导入'],
];
/** How a visit is paid: in full, half now (arrears), left at the cashier today, or voided. */
type Fate = 'paid' | 'arrears' | 'unpaid' | 'void';
const fateOf = (i: number, ago: number): Fate =>
  ago === 0 ? (i % 2 ? 'unpaid' : 'paid') : i % 4 === 1 ? 'arrears' : i === 6 ? 'void' : 'paid';
const cash = ['wechat', 'alipay', 'card', 'cash'] as const;

/**
 * The clinic's money of the living demo (issue 26), through the real services so every invariant
 * holds (`ledgerAgrees`): over the last three months the salespeople and the consultant open
 * orders, finance charges them (some in part, leaving arrears; a few customers top up first and
 * pay from their balance; one repays later), the clinic's staff use sessions (划扣), and today's
 * orders wait at the cashier. The services work on today; each visit is then moved to its day
 * (order, deals, ledgers and performance together), oldest first, so the ledgers' order holds.
 */
export async function seedClinicMoneyDemo(kit: DemoKit, customers: DemoCustomerRow[]): Promise<void> {
  const projects = new Map(
    (
      await queryRows<{ id: number; name: string }>(
        kit.db,
        sql`select project_id as id, project_name as name from crm_project`,
      )
    ).map((p) => [p.name, Number(p.id)]),
  );
  const cashier = await kit.as('chenjing');
  const nurse = await kit.as('wangzong');
  const clinicDept = kit.dept('客服部');
  const visits = customers.filter((c) => c.owner && c.owner !== 'liming').slice(0, 10);
  for (const [i, c] of visits.entries()) {
    // From 80 days ago to today, the last two today.
    const ago = Math.max(0, 80 - i * 10);
    const fate = fateOf(i, ago);
    const seller = await kit.as(c.owner!);
    const batch = `seed-demo-order-${i + 1}`;
    let topUpId: number | undefined;
    if (i % 5 === 2) {
      const t = await topUp(
        kit.db,
        cashier,
        deskPaymentSchema.parse({
          customerId: c.id,
          payments: [{ method: 'wechat', amount: i % 2 ? '10000' : '5000' }],
          batchId: `${batch}-topup`,
        }),
      );
      topUpId = t.orderId ?? undefined;
    }
    const lines = baskets[i % baskets.length]!.map((name) => ({
      projectId: projects.get(name)!,
      quantity: 1,
      salespeople:
        c.owner === 'hexue'
          ? [{ userId: kit.user('hexue'), rate: 100 }]
          : [
              { userId: kit.user(c.owner!), rate: 70 },
              { userId: kit.user('hexue'), rate: 30 },
            ],
    }));
    const order = await saveOrder(kit.db, seller, orderSaveSchema.parse({ customerId: c.id, lines, batchId: batch }));
    if (fate === 'void') await cancelOrder(kit.db, seller, order.orderId);
    let dealIds: number[] = [];
    if (fate === 'paid' || fate === 'arrears') {
      const payable = order.payable;
      const [balance] = await queryRows<{ principal: string }>(
        kit.db,
        sql`select principal from clinic_customer_account where customer_id = ${c.id}`,
      );
      const principal = Math.min(payable, Math.round(Number(balance?.principal ?? 0) * 100));
      const rest = fate === 'arrears' ? Math.floor((payable - principal) / 2) : payable - principal;
      const payments = [
        ...(principal > 0 ? [{ method: 'principal', amount: yuan(principal) }] : []),
        ...(rest > 0 ? [{ method: cash[i % cash.length]!, amount: yuan(rest) }] : []),
      ];
      const charged = await chargeOrder(kit.db, cashier, chargeSchema.parse({ orderId: order.orderId, payments }));
      dealIds = charged.dealIds;
    }
    await moveOrder(kit, order.orderId, ago, `${10 + (i % 7)}:${String(10 + i).padStart(2, '0')}`);
    if (topUpId) await moveOrder(kit, topUpId, ago, '10:00');
    // 划扣: a session of each deal at the visit, for the older visits one more two weeks later.
    for (const [d, dealId] of dealIds.entries()) {
      const [deal] = await queryRows<{ left: number }>(
        kit.db,
        sql`select sessions_left as left from crm_customer_project_deal_record where deal_id = ${dealId}`,
      );
      const uses = Math.min(Math.max(1, Number(deal!.left) - 1), ago >= 40 ? 2 : 1);
      for (let u = 0; u < uses; u++) {
        const done = await verify(
          kit.db,
          nurse,
          verifySchema.parse({
            dealId,
            sessions: 1,
            staff: [
              { userId: kit.user('hexue'), role: 'doctor', share: 1 },
              { userId: kit.user('yangfan'), role: 'nurse', share: 1 },
            ],
            deptId: clinicDept,
            remark: '',
            batchId: `${batch}-treat-${d}-${u}`,
          }),
        );
        await moveTreatment(kit, done.treatmentId, Math.max(0, ago - u * 14), `${14 + u}:30`);
      }
    }
    // The fifth customer with arrears comes back a week later and repays half of it.
    if (fate === 'arrears' && i % 8 === 5 && ago >= 7) {
      const [owed] = await queryRows<{ arrears: string }>(
        kit.db,
        sql`select arrears from clinic_customer_account where customer_id = ${c.id}`,
      );
      const half = Math.floor(Math.round(Number(owed!.arrears) * 100) / 2);
      if (half > 0) {
        const r = await repay(
          kit.db,
          cashier,
          deskPaymentSchema.parse({
            customerId: c.id,
            payments: [{ method: 'wechat', amount: yuan(half) }],
            batchId: `${batch}-repay`,
          }),
        );
        if (r.orderId) await moveOrder(kit, r.orderId, ago - 7, '11:00');
      }
    }
  }
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * Move an order the services made today, and everything it caused, to its day: number, business
 * day and times of the order, its payments, allocations and deals (expiry shifted with them),
 * its ledger and arrears rows and the performance it earned.
 */
async function moveOrder(kit: DemoKit, orderId: number, ago: number, hm: string) {
  if (ago === 0) return;
  const at = kit.at(-ago, hm);
  const day = kit.day(-ago);
  // One statement (data-modifying CTEs): the seed's first start is measured in statements.
  await kit.db.execute(
    sql`with o as (
          update clinic_order set business_day = ${day}, create_time = ${at}, update_time = ${at},
            order_number = ${day.replaceAll('-', '')} || lpad((select count(*) + 1 from clinic_order
              where business_day = ${day})::text, 4, '0'),
            charged_time = case when charged_time is null then null else ${at}::timestamptz end
          where order_id = ${orderId} returning order_id),
        l as (update clinic_order_line set create_time = ${at} where order_id = ${orderId} returning line_id),
        p as (update clinic_payment set create_time = ${at} where order_id = ${orderId}),
        d as (update crm_customer_project_deal_record set create_time = ${at},
            expires_on = case when expires_on is null then null else expires_on - ${ago}::int end
          where order_id = ${orderId}),
        b as (update clinic_balance_ledger set create_time = ${at}
          where idempotency_key in (${`charge:${orderId}`}, ${`topup:${orderId}`}, ${`tier:${orderId}`})),
        a as (update clinic_arrears set create_time = ${at} where order_id = ${orderId})
        update clinic_performance set business_day = ${day}, create_time = ${at}
        where (source_kind = 'order_line' and source_id in (select line_id from l))
           or (source_kind = 'repayment' and source_id = ${orderId})
           or (source_kind = 'top_up' and source_id = ${orderId})`,
  );
}

/** Move a 划扣 to its day: the treatment, its consumption performance, the account's last treatment. */
async function moveTreatment(kit: DemoKit, treatmentId: number, ago: number, hm: string) {
  if (ago === 0) return;
  const at = kit.at(-ago, hm);
  await kit.db.execute(
    sql`with t as (update clinic_treatment set create_time = ${at} where treatment_id = ${treatmentId} returning customer_id),
        p as (update clinic_performance set business_day = ${kit.day(-ago)}, create_time = ${at}
          where source_kind = 'treatment' and source_id = ${treatmentId})
        update clinic_customer_account a set last_treatment_time = greatest(
            (select max(x.create_time) from clinic_treatment x where x.customer_id = a.customer_id
              and x.treatment_id <> ${treatmentId}), ${at}::timestamptz)
        where a.customer_id = (select customer_id from t)`,
  );
}

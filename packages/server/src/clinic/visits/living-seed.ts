import {
  AppointmentStatus,
  chargeSchema,
  OrderKind,
  OrderStatus,
  orderSaveSchema,
  VisitStatus,
  VisitType,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { DemoCustomerRow } from '../../crm/customer/seed.ts';
import type { DemoKit } from '../../db/demo-kit.ts';
import { chargeOrder } from '../money/charge.ts';
import { saveOrder } from '../money/orders.ts';

/**
 * Appointments and visits of the living demo (issue 23/24) in the demo store 客服部: every sale
 * order the money demo made gets the visit it was opened in (clinic_order.visit_id), earlier
 * first visits that bought nothing, check-ups after treatments, a repeat buyer and an 其他 visit
 * over the last three months; today's queue holds a visit at every station (已到店 … 已治疗) and
 * today's board bookings in every state. Rows are written in a few multi-row statements (the
 * first start is measured in statements); only today's two extra paid orders go through the
 * money services, so the ledgers still agree.
 */

type Booking = { kind: number; status: number; start: Date; reason?: string; remark?: string };
type PlannedVisit = {
  customerId: number;
  type: number;
  status: number;
  arrived: Date;
  left: Date | null;
  consultant: string | null;
  doctor: string | null;
  deal: 0 | 1 | 2;
  reason: string;
  orderId: number | null;
  booking: Booking | null;
  note: string;
};
type LooseBooking = Booking & { customerId: number; consultant: string | null; doctor: string | null };

const MIN = 60_000;
const reasons = ['价格原因，考虑后再定', '想先了解效果', '需要和家人商量', '对恢复期有顾虑'];
const consultNotes = ['关注色斑与肤色不均，推荐光子嫩肤疗程', '皮肤干燥缺水，建议水光针', '咨询面部轮廓，先做皮肤检测'];
const rooms = ['诊室1', '诊室2', '治疗室', '手术室'];

export async function seedVisitsLivingDemo(kit: DemoKit, customers: DemoCustomerRow[]): Promise<void> {
  const store = kit.dept('客服部');
  const now = kit.minutesAgo(0);
  const todayStart = kit.at(0, '00:00');
  /** Today `minutes` ago, never before the day began (a seed run just after midnight). */
  const todayAgo = (minutes: number) => new Date(Math.max(now.getTime() - minutes * MIN, todayStart.getTime()));
  const consultants = ['hexue', 'sunli', 'zhoujie'];
  const doctors = ['wangzong', 'hexue'];

  const orders = await queryRows<{
    order_id: number;
    customer_id: number;
    status: number;
    business_day: string;
    create_time: Date;
  }>(
    kit.db,
    sql`select order_id, customer_id, status, to_char(business_day, 'YYYY-MM-DD') as business_day, create_time
      from clinic_order where kind = ${OrderKind.sale} order by order_id`,
  );
  const buyers = new Set(orders.map((o) => Number(o.customer_id)));
  // Customers with no order yet: first visits that bought nothing, today's queue, bookings.
  const others = customers.filter((c) => !buyers.has(c.id));
  let next = 0;
  const another = () => others[next++ % others.length]!;

  const plans: PlannedVisit[] = [];
  const visit = (v: Partial<PlannedVisit> & Pick<PlannedVisit, 'customerId' | 'arrived'>) =>
    plans.push({
      type: VisitType.first,
      status: VisitStatus.left,
      left: new Date(v.arrived.getTime() + 120 * MIN),
      consultant: consultants[plans.length % consultants.length]!,
      doctor: doctors[plans.length % doctors.length]!,
      deal: 0,
      reason: '',
      orderId: null,
      booking: null,
      note: '',
      ...v,
    });

  // The money demo's sales: each was opened in a visit that day (a void one ended without a deal).
  const today = kit.day(0);
  for (const [i, o] of orders.entries()) {
    const opened = new Date(o.create_time);
    const arrived = o.business_day === today ? todayAgo(90 - i) : new Date(opened.getTime() - 50 * MIN);
    const earlier = i % 4 === 3;
    if (earlier) {
      // A first visit three weeks before, no deal: the sale's visit is then a return (复诊).
      visit({
        customerId: Number(o.customer_id),
        arrived: new Date(arrived.getTime() - 21 * 1440 * MIN),
        deal: 2,
        reason: reasons[i % reasons.length]!,
        note: consultNotes[i % consultNotes.length]!,
      });
    }
    const paid = o.status !== OrderStatus.unpaid && o.status !== OrderStatus.cancelled;
    const isToday = o.business_day === today;
    visit({
      customerId: Number(o.customer_id),
      type: earlier ? VisitType.returning : VisitType.first,
      arrived,
      // Today: paid and treated already, or waiting at the cashier.
      status: !isToday ? VisitStatus.left : paid ? VisitStatus.treated : VisitStatus.awaitingPayment,
      left: isToday ? null : new Date(opened.getTime() + 150 * MIN),
      consultant: consultants[i % consultants.length]!,
      deal: o.status === OrderStatus.cancelled ? 2 : paid ? 1 : 0,
      reason: o.status === OrderStatus.cancelled ? reasons[0]! : '',
      orderId: Number(o.order_id),
      booking: i % 2 === 0 ? { kind: 1, status: AppointmentStatus.arrived, start: arrived } : null,
      note: consultNotes[i % consultNotes.length]!,
    });
    // A check-up two weeks after an older sale; the first buyer comes back a month ago (再消费).
    const ago = Math.round((todayStart.getTime() - arrived.getTime()) / (1440 * MIN));
    if (paid && ago >= 40)
      visit({
        customerId: Number(o.customer_id),
        type: VisitType.checkUp,
        arrived: new Date(arrived.getTime() + 14 * 1440 * MIN),
        consultant: null,
        doctor: 'wangzong',
        booking: { kind: 2, status: AppointmentStatus.arrived, start: new Date(arrived.getTime() + 14 * 1440 * MIN) },
        note: '术后复查，恢复良好',
      });
    if (i === 0)
      visit({
        customerId: Number(o.customer_id),
        type: VisitType.repeatBuyer,
        arrived: kit.at(-30, '15:10'),
        deal: 2,
        reason: '疗程未做完，暂不加购',
      });
  }

  // First visits over the months that bought nothing (or left before the consult).
  for (let j = 0; j < 12; j++) {
    const c = another();
    const consulted = j % 4 !== 3;
    visit({
      customerId: c.id,
      arrived: kit.at(-(85 - j * 7), `${10 + (j % 6)}:${j % 2 ? '30' : '00'}`),
      deal: consulted ? 2 : 0,
      reason: consulted ? reasons[j % reasons.length]! : '',
      booking: j % 3 ? { kind: 1, status: AppointmentStatus.arrived, start: kit.at(-(85 - j * 7), '10:00') } : null,
      note: consulted ? consultNotes[j % consultNotes.length]! : '',
    });
  }
  visit({ customerId: another().id, type: VisitType.other, arrived: kit.at(-50, '16:00'), note: '陪同家人到店' });

  // Today's queue: one visit at every station before the cashier (the cashier's, treated: the sales above).
  const queue: [number, number, 0 | 2][] = [
    [VisitStatus.arrived, 6, 0],
    [VisitStatus.arrived, 12, 0],
    [VisitStatus.photographed, 25, 0],
    [VisitStatus.triaged, 40, 0],
    [VisitStatus.consulting, 55, 0],
    [VisitStatus.consulted, 80, 2],
  ];
  for (const [k, [status, ago, deal]] of queue.entries()) {
    const assigned = status >= VisitStatus.triaged;
    visit({
      customerId: another().id,
      status,
      arrived: todayAgo(ago),
      left: null,
      consultant: assigned ? consultants[k % consultants.length]! : null,
      doctor: assigned ? 'wangzong' : null,
      deal,
      reason: deal ? reasons[k % reasons.length]! : '',
      booking: k === 1 ? { kind: 1, status: AppointmentStatus.arrived, start: todayAgo(ago) } : null,
      note: status >= VisitStatus.consulted ? consultNotes[k % consultNotes.length]! : '',
    });
  }
  // Paid today: one waiting for the nurse, one being treated (through the money services).
  const cashier = await kit.as('chenjing');
  const project = new Map(
    (
      await queryRows<{ id: number; name: string }>(
        kit.db,
        sql`select project_id as id, project_name as name from crm_project where project_name in ('光子嫩肤', '水光针')`,
      )
    ).map((p) => [p.name, Number(p.id)]),
  );
  for (const [k, [status, name]] of (
    [
      [VisitStatus.paid, '光子嫩肤'],
      [VisitStatus.treating, '水光针'],
    ] as const
  ).entries()) {
    const c = others.slice(next).find((x) => x.owner && x.owner !== 'liming') ?? another();
    next = others.indexOf(c) + 1;
    const seller = await kit.as(c.owner ?? 'hexue');
    const order = await saveOrder(
      kit.db,
      seller,
      orderSaveSchema.parse({
        customerId: c.id,
        lines: [
          { projectId: project.get(name)!, quantity: 1, salespeople: [{ userId: kit.user('hexue'), rate: 100 }] },
        ],
        batchId: `seed-demo-visit-order-${k + 1}`,
      }),
    );
    await chargeOrder(
      kit.db,
      cashier,
      chargeSchema.parse({
        orderId: order.orderId,
        payments: [{ method: 'wechat', amount: (order.payable / 100).toFixed(2) }],
      }),
    );
    visit({
      customerId: c.id,
      status,
      arrived: todayAgo(110 + k * 15),
      left: null,
      consultant: 'hexue',
      doctor: 'wangzong',
      deal: 1,
      orderId: order.orderId,
      note: consultNotes[k]!,
    });
  }
  // Came today, consulted, no deal, gone home.
  visit({ customerId: another().id, arrived: todayAgo(150), left: todayAgo(100), deal: 2, reason: reasons[1]! });

  // Bookings that did not become visits: today's board in every open state, the coming days, the past.
  const loose: LooseBooking[] = [];
  const book = (b: Omit<LooseBooking, 'customerId' | 'consultant' | 'doctor'>) =>
    loose.push({ customerId: another().id, consultant: 'hexue', doctor: doctors[loose.length % 2]!, ...b });
  for (const [hm, status] of [
    ['14:00', AppointmentStatus.confirmed],
    ['15:00', AppointmentStatus.pending],
    ['15:30', AppointmentStatus.confirmed],
    ['16:00', AppointmentStatus.pending],
    ['17:00', AppointmentStatus.pending],
  ] as const)
    book({ kind: loose.length % 3 === 2 ? 2 : 1, status, start: kit.at(0, hm), remark: '电话预约' });
  book({ kind: 1, status: AppointmentStatus.cancelled, start: kit.at(0, '11:00'), reason: '临时有事，改天再约' });
  for (let d = 1; d <= 8; d++)
    book({
      kind: (d % 3) + 1,
      status: d % 2 ? AppointmentStatus.pending : AppointmentStatus.confirmed,
      start: kit.at(d, `${9 + d}:00`),
    });
  for (let d = 1; d <= 6; d++)
    book({
      kind: 1,
      status: d % 3 === 0 ? AppointmentStatus.cancelled : AppointmentStatus.noShow,
      start: kit.at(-d * 12, '10:30'),
      reason: d % 3 === 0 ? '行程变动' : '',
    });

  await writeVisits(kit, store, plans, loose, now);
}

const people = (kit: DemoKit, u: string | null) => (u ? kit.user(u) : null);

/** The plan in five statements: bookings, visits, their links, notes, the customers' visit counters. */
async function writeVisits(kit: DemoKit, store: number, plans: PlannedVisit[], loose: LooseBooking[], now: Date) {
  const desk = kit.user('zhangyu');
  const bookingRow = (
    key: string,
    b: Booking,
    customerId: number,
    consultant: string | null,
    doctor: string | null,
    n: number,
  ): SQL =>
    sql`(${customerId}, ${store}, ${b.kind}, ${b.status}, ${b.start}::timestamptz,
      ${new Date(b.start.getTime() + (b.kind === 3 ? 90 : 30) * MIN)}::timestamptz,
      ${people(kit, doctor)}::int, ${people(kit, consultant)}::int, ${b.kind === 2 ? kit.user('yangfan') : null}::int,
      ${rooms[n % rooms.length]!}, ${b.remark ?? ''}, ${b.reason ?? ''}, ${key}, ${desk},
      ${new Date(b.start.getTime() - 2 * 1440 * MIN)}::timestamptz)`;
  const bookings = [
    ...plans.flatMap((v, i) =>
      v.booking ? [bookingRow(`seed-demo-visit-${i + 1}`, v.booking, v.customerId, v.consultant, v.doctor, i)] : [],
    ),
    ...loose.map((b, i) => bookingRow(`seed-demo-booking-${i + 1}`, b, b.customerId, b.consultant, b.doctor, i)),
  ];
  // A booking is made before it happens, but never in the future.
  await kit.db.execute(
    sql`insert into clinic_appointment (customer_id, store_id, kind, status, start_time, end_time, doctor_id,
        consultant_id, technician_id, room, remark, cancel_reason, batch_id, create_user_id, create_time)
      values ${sql.join(bookings, sql`, `)}`,
  );
  await kit.db.execute(sql`update clinic_appointment set create_time = least(create_time, ${now}::timestamptz)
    where batch_id like 'seed-demo-%'`);

  const visitRows = plans.map((v, i) => {
    const assigned = v.consultant !== null && v.status >= VisitStatus.triaged;
    const statusAt = v.left ?? new Date(v.arrived.getTime() + 3 * MIN);
    return sql`(${v.customerId}, ${store},
      (select appointment_id from clinic_appointment where batch_id = ${`seed-demo-visit-${i + 1}`}),
      ${v.type}, ${v.status}, ${statusAt}::timestamptz, ${store},
      (select shop_owner_id from crm_customer where customer_id = ${v.customerId}), ${kit.user('zhangyu')},
      ${assigned ? people(kit, v.consultant) : null}::int, ${assigned ? people(kit, v.doctor) : null}::int,
      ${assigned ? new Date(v.arrived.getTime() + 5 * MIN) : null}::timestamptz, ${v.deal}, ${v.reason},
      ${v.arrived}::timestamptz, ${v.left}::timestamptz, ${`seed-demo-visit-${i + 1}`}, ${desk}, ${v.arrived}::timestamptz)`;
  });
  await kit.db.execute(
    sql`insert into clinic_visit (customer_id, store_id, appointment_id, visit_type, status, status_time, dept_id,
        shop_id, triage_user_id, consultant_id, doctor_id, assigned_time, deal_status, no_deal_reason,
        arrived_time, left_time, batch_id, create_user_id, create_time)
      values ${sql.join(visitRows, sql`, `)}`,
  );
  // The links: a booking names the visit it became, an order the visit it was opened in.
  const linked = plans.flatMap((v, i) => (v.orderId ? [sql`(${v.orderId}::int, ${`seed-demo-visit-${i + 1}`})`] : []));
  await kit.db.execute(
    sql`with a as (update clinic_appointment a set visit_id = v.visit_id from clinic_visit v
          where v.appointment_id = a.appointment_id and v.batch_id like 'seed-demo-visit-%')
        update clinic_order o set visit_id = v.visit_id
        from (values ${sql.join(linked, sql`, `)}) as l(order_id, batch_id)
        join clinic_visit v on v.batch_id = l.batch_id where o.order_id = l.order_id`,
  );
  const notes = plans.flatMap((v, i) =>
    v.note
      ? [
          sql`(${`seed-demo-visit-${i + 1}`}, ${v.type === VisitType.checkUp ? 3 : 2}::smallint,
            ${people(kit, v.type === VisitType.checkUp ? v.doctor : (v.consultant ?? 'hexue'))}::int, ${v.note},
            ${new Date(v.arrived.getTime() + 30 * MIN)}::timestamptz)`,
        ]
      : [],
  );
  await kit.db.execute(
    sql`insert into clinic_visit_note (visit_id, kind, user_id, content, create_time)
      select v.visit_id, n.kind, n.user_id, n.content, least(n.at, ${now}::timestamptz)
      from (values ${sql.join(notes, sql`, `)}) as n(batch_id, kind, user_id, content, at)
      join clinic_visit v on v.batch_id = n.batch_id`,
  );
  // The customers' first and last visit (CLINIC.md counters), as the arrivals would have set them.
  await kit.db.execute(
    sql`insert into clinic_customer_account as a (customer_id, first_visit_time, last_visit_time)
        select customer_id, min(arrived_time), max(arrived_time) from clinic_visit
        where batch_id like 'seed-demo-visit-%' group by customer_id
      on conflict (customer_id) do update set
        first_visit_time = least(coalesce(a.first_visit_time, excluded.first_visit_time), excluded.first_visit_time),
        last_visit_time = greatest(coalesce(a.last_visit_time, excluded.last_visit_time), excluded.last_visit_time)`,
  );
}

import { formatTime } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, orgIds, people } from '../../test/people.ts';
import { runNoShow } from './no-show.ts';

/**
 * Booking and triage on the demo data: zhangyu (前台, every customer) books and registers;
 * wangzong (客户管理员) as well; chenjing (财务) holds none of it; sunli (销售) is given the rights
 * here but sees only her own customers. 客服部 is the demo store (09:00–18:00, 30-minute slots).
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
const nextBatch = batchIds('visits-test');
let store: number;
/** Customers owned by sunli (hers) and by someone else (other). */
const cust: Record<string, number> = {};

const dayAfter = (days: number) => formatTime(Date.now() + days * 86_400_000).slice(0, 10);
const tomorrow = dayAfter(1);
const today = dayAfter(0);

beforeAll(async () => {
  t = await createTestApp();
  store = (await orgIds(t)).dept.客服部!;
  // sunli's role gets the booking and triage rights; her data scope (self) stays.
  await t.database.db.execute(sql`insert into sys_role_permission (role_id, permission)
    select role_id, p from sys_role, unnest(array['oa:booking:read','oa:booking:save','oa:booking:cancel',
      'oa:booking:arrive','oa:workflow:triage']) p where role_name = '销售'`);
  await signIn(['zhangyu', 'wangzong', 'chenjing', 'sunli']);
  const owned = await queryRows<{ id: number; owner: string }>(
    t.database.db,
    sql`select c.customer_id as id, u.username as owner from crm_customer c join sys_user u on u.user_id = c.owner_user_id
        order by c.customer_id`,
  );
  const hers = owned.filter((o) => o.owner === 'sunli').map((o) => Number(o.id));
  const others = owned.filter((o) => o.owner !== 'sunli').map((o) => Number(o.id));
  Object.assign(cust, { hers: hers[0], hers2: hers[1], other: others[0], other2: others[1], other3: others[2] });
  Object.assign(cust, { other4: others[3], other5: others[4] });
  if (Object.values(cust).some((id) => id === undefined)) throw new Error('the demo has too few customers');
});
afterAll(() => t?.close());

const book = (body: Record<string, unknown>, who = 'zhangyu') =>
  call(who, '/clinic/booking/create', {
    customerId: cust.other,
    storeId: store,
    startTime: `${tomorrow} 10:00`,
    batchId: nextBatch(),
    ...body,
  });

describe('stores', () => {
  it('lists the demo store with its hours, and saves settings (an upsert)', async () => {
    expect((await call('zhangyu', '/clinic/booking/stores')).data).toEqual([
      expect.objectContaining({
        storeId: store,
        storeName: '客服部',
        opening: '09:00',
        closing: '18:00',
        slotMinutes: 30,
      }),
    ]);
    const body = {
      storeId: store,
      opening: '09:00',
      closing: '18:00',
      slotMinutes: 30,
      rooms: ['诊室1', '诊室2', '治疗室', '手术室'],
    };
    expect(await call('wangzong', '/clinic/booking/saveSettings', body)).toMatchObject({
      code: 0,
      data: { doubleBooking: false, rooms: body.rooms },
    });
    expect(await call('wangzong', '/clinic/booking/saveSettings', { ...body, closing: '08:00' })).toMatchObject({
      code: 400,
      msg: '营业时间格式为HH:mm，且开始早于结束',
    });
    expect(await call('wangzong', '/clinic/booking/saveSettings', { ...body, storeId: 999_999 })).toMatchObject({
      code: 400,
      msg: '科室不存在',
    });
    // The front desk may not change the hours.
    expect(await call('zhangyu', '/clinic/booking/saveSettings', body)).toMatchObject({ code: 403, msg: '无权访问' });
  });
});

describe('booking', () => {
  let id: number;
  it('books a customer in the store’s slot length, once per batch id', async () => {
    const batchId = nextBatch();
    const res = await book({ doctorId: uid.hexue, room: '诊室1', remark: '想了解玻尿酸', batchId });
    expect(res).toMatchObject({
      code: 0,
      data: {
        customerId: cust.other,
        status: 1,
        startTime: `${tomorrow} 10:00:00`,
        endTime: `${tomorrow} 10:30:00`,
        doctorName: '何雪',
        room: '诊室1',
      },
    });
    id = res.data.appointmentId;
    expect(await book({ doctorId: uid.hexue, room: '诊室1', batchId })).toMatchObject({
      code: 0,
      data: { appointmentId: id },
    });
    // The same batch from someone else is refused.
    expect(await book({ batchId }, 'wangzong')).toMatchObject({ code: 400, msg: '重复提交，请刷新后重试' });
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int n from clinic_appointment where customer_id = ${cust.other}`,
    );
    expect(n!.n).toBe(1);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['before opening', { startTime: `${tomorrow} 08:30` }, '预约时间不在营业时间内'],
    ['past closing', { startTime: `${tomorrow} 17:45` }, '预约时间不在营业时间内'],
    ['an unknown room', { room: '不存在的屋' }, '诊室不存在'],
    ['an unknown doctor', { doctorId: 999_999 }, '人员不存在或已停用'],
    ['an unknown store', { storeId: 999_999 }, '门店不存在或未开通预约'],
    ['without a time', { startTime: '' }, '请选择预约时间'],
    ['a bad length', { minutes: 3 }, '预约时长须为5到720分钟的整数'],
  ])('refuses %s', async (_, body, msg) => {
    expect(await book({ customerId: cust.other2, ...body })).toMatchObject({ code: 400, msg });
  });

  it('refuses the same doctor at an overlapping time unless the store allows it', async () => {
    expect(await book({ customerId: cust.other2, doctorId: uid.hexue, startTime: `${tomorrow} 10:15` })).toMatchObject({
      code: 400,
      msg: '该医生在此时段已有预约',
    });
    // Back to back is no overlap; another doctor is free.
    expect(await book({ customerId: cust.other2, doctorId: uid.hexue, startTime: `${tomorrow} 10:30` })).toMatchObject({
      code: 0,
    });
    expect(
      await book({ customerId: cust.other3, doctorId: uid.wangzong, startTime: `${tomorrow} 10:00` }),
    ).toMatchObject({
      code: 0,
    });
    const settings = { storeId: store, opening: '09:00', closing: '18:00', slotMinutes: 30, rooms: ['诊室1'] };
    await call('wangzong', '/clinic/booking/saveSettings', { ...settings, doubleBooking: true });
    try {
      expect(
        await book({ customerId: cust.other3, doctorId: uid.hexue, startTime: `${tomorrow} 10:00` }),
      ).toMatchObject({
        code: 0,
      });
    } finally {
      await call('wangzong', '/clinic/booking/saveSettings', {
        ...settings,
        rooms: ['诊室1', '诊室2', '治疗室', '手术室'],
      });
    }
  });

  it('moves a booking in time and to another column, with the checks again', async () => {
    expect(
      await call('zhangyu', '/clinic/booking/update', {
        appointmentId: id,
        startTime: `${tomorrow} 14:00`,
        room: '诊室2',
      }),
    ).toMatchObject({
      code: 0,
      data: { startTime: `${tomorrow} 14:00:00`, endTime: `${tomorrow} 14:30:00`, room: '诊室2', doctorId: uid.hexue },
    });
    // Onto wangzong's 10:00: taken.
    expect(
      await call('zhangyu', '/clinic/booking/update', {
        appointmentId: id,
        startTime: `${tomorrow} 10:00`,
        doctorId: uid.wangzong,
      }),
    ).toMatchObject({ code: 400, msg: '该医生在此时段已有预约' });
    expect(await call('zhangyu', '/clinic/booking/update', { appointmentId: id, doctorId: null })).toMatchObject({
      code: 0,
      data: { doctorId: null, startTime: `${tomorrow} 14:00:00` },
    });
    expect(await call('zhangyu', '/clinic/booking/update', { appointmentId: 999_999, room: '' })).toMatchObject({
      code: 404,
      msg: '预约不存在',
    });
  });

  it('confirms (twice is harmless), then refuses to confirm a cancelled one', async () => {
    expect(await call('zhangyu', '/clinic/booking/confirm', { appointmentId: id })).toMatchObject({
      code: 0,
      data: { status: 2 },
    });
    expect(await call('zhangyu', '/clinic/booking/confirm', { appointmentId: id })).toMatchObject({
      code: 0,
      data: { status: 2 },
    });
    const other = (await book({ customerId: cust.other4, startTime: `${tomorrow} 16:00` })).data.appointmentId;
    expect(await call('zhangyu', '/clinic/booking/cancel', { appointmentId: other, reason: '临时有事' })).toMatchObject(
      {
        code: 0,
        data: { status: 4 },
      },
    );
    expect(await call('zhangyu', '/clinic/booking/cancel', { appointmentId: other })).toMatchObject({
      code: 0,
      data: { status: 4 },
    });
    expect(await call('zhangyu', '/clinic/booking/confirm', { appointmentId: other })).toMatchObject({
      code: 400,
      msg: '预约已取消，不能确认',
    });
    expect(await call('zhangyu', '/clinic/booking/update', { appointmentId: other, room: '' })).toMatchObject({
      code: 400,
      msg: '预约已取消，不能修改',
    });
    expect(await call('zhangyu', '/clinic/booking/arrive', { appointmentId: other })).toMatchObject({
      code: 400,
      msg: '预约已取消，不能登记到店',
    });
  });

  it('shows the board in columns with counts by status, for a day and a week', async () => {
    const byDoctor = await call('zhangyu', '/clinic/booking/board', {
      storeId: store,
      day: tomorrow,
      column: 'doctor',
    });
    expect(byDoctor.code).toBe(0);
    expect(byDoctor.data.slots[0]).toBe('09:00');
    expect(byDoctor.data.slots).toHaveLength(18);
    expect(byDoctor.data.columns.map((c: { name: string }) => c.name)).toEqual(['王建国', '何雪', '未指定']);
    expect(byDoctor.data.counts).toEqual({ 1: 3, 2: 1, 4: 1 });
    const moved = byDoctor.data.appointments.find((a: { appointmentId: number }) => a.appointmentId === id);
    expect(moved.column).toBe('');
    const byRoom = await call('zhangyu', '/clinic/booking/board', { storeId: store, day: tomorrow, column: 'room' });
    expect(byRoom.data.columns.map((c: { key: string }) => c.key)).toEqual(['诊室1', '诊室2', '治疗室', '手术室', '']);
    expect(byRoom.data.appointments.find((a: { appointmentId: number }) => a.appointmentId === id).column).toBe(
      '诊室2',
    );
    const byConsultant = await call('zhangyu', '/clinic/booking/board', {
      storeId: store,
      day: tomorrow,
      column: 'consultant',
    });
    expect(byConsultant.data.columns.map((c: { name: string }) => c.name)).toEqual(['何雪', '孙丽', '周杰', '未指定']);
    const week = await call('zhangyu', '/clinic/booking/board', { storeId: store, day: tomorrow, span: 'week' });
    expect(week.data.days).toHaveLength(7);
    expect(week.data.days).toContain(tomorrow);
    expect(week.data.appointments.length).toBeGreaterThanOrEqual(5);
    expect(await call('zhangyu', '/clinic/booking/board', { storeId: store, day: '2026-02-30' })).toMatchObject({
      code: 400,
      msg: '请选择日期',
    });
    // A week running past the last year a time may have.
    expect(
      await call('zhangyu', '/clinic/booking/board', { storeId: store, day: '9999-12-31', span: 'week' }),
    ).toMatchObject({
      code: 400,
      msg: '请选择日期',
    });
  });

  it('lists a customer’s bookings, newest first', async () => {
    const res = await call('zhangyu', '/clinic/booking/history', { customerId: cust.other });
    expect(res.data.map((a: { appointmentId: number }) => a.appointmentId)).toEqual([id]);
  });

  it('refuses who holds no booking rights, and customers outside one’s data scope', async () => {
    for (const url of [
      '/clinic/booking/board',
      '/clinic/booking/create',
      '/clinic/booking/confirm',
      '/clinic/visit/queue',
    ])
      expect(await call('chenjing', url, { storeId: store, appointmentId: id, day: tomorrow })).toMatchObject({
        code: 403,
        msg: '无权访问',
      });
    // sunli sees her own customers only.
    expect(await book({ customerId: cust.other5 }, 'sunli')).toMatchObject({ code: 403, msg: '无权访问' });
    expect(await call('sunli', '/clinic/booking/confirm', { appointmentId: id })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(await call('sunli', '/clinic/booking/history', { customerId: cust.other })).toMatchObject({ code: 403 });
    const hers = await book({ customerId: cust.hers, startTime: `${tomorrow} 11:00` }, 'sunli');
    expect(hers.code).toBe(0);
    const board = await call('sunli', '/clinic/booking/board', { storeId: store, day: tomorrow });
    expect(board.data.appointments.map((a: { customerId: number }) => a.customerId)).toEqual([cust.hers]);
  });
});

describe('the no-show job', () => {
  it('marks yesterday’s open bookings 未到, once, whoever runs it', async () => {
    const past = dayAfter(-2);
    const open = (await book({ customerId: cust.other5, startTime: `${past} 10:00` })).data.appointmentId;
    const confirmed = (await book({ customerId: cust.other5, startTime: `${past} 11:00` })).data.appointmentId;
    await call('zhangyu', '/clinic/booking/confirm', { appointmentId: confirmed });
    const cancelled = (await book({ customerId: cust.other5, startTime: `${past} 12:00` })).data.appointmentId;
    await call('zhangyu', '/clinic/booking/cancel', { appointmentId: cancelled });
    const runs = await Promise.all([runNoShow(t.database.db), runNoShow(t.database.db)]);
    expect(runs.reduce<number>((s, n) => s + (n ?? 0), 0)).toBe(2);
    expect(await runNoShow(t.database.db)).toBe(0);
    const rows = await queryRows<{ id: number; status: number }>(
      t.database.db,
      sql`select appointment_id id, status from clinic_appointment where customer_id = ${cust.other5} order by 1`,
    );
    expect(rows.map((r) => [Number(r.id), Number(r.status)])).toEqual([
      [open, 5],
      [confirmed, 5],
      [cancelled, 4],
    ]);
    // Tomorrow's bookings are untouched.
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int n from clinic_appointment where status = 5 and start_time > now()`,
    );
    expect(left!.n).toBe(0);
  });
});

describe('triage', () => {
  let visitId: number;
  let bookingId: number;
  it('arrives a booking: a visit 已到店 typed 初诊, the booking 已到店; again is the same visit', async () => {
    bookingId = (await book({ customerId: cust.other2, startTime: `${today} 09:00` })).data.appointmentId;
    expect(await call('zhangyu', '/clinic/visit/visitType', { customerId: cust.other2 })).toMatchObject({
      data: { visitType: 1, earlierVisits: 0 },
    });
    const res = await call('zhangyu', '/clinic/booking/arrive', { appointmentId: bookingId });
    expect(res).toMatchObject({ code: 0, data: { status: 1, visitType: 1, appointmentId: bookingId, waited: 0 } });
    visitId = res.data.visitId;
    expect(await call('zhangyu', '/clinic/booking/arrive', { appointmentId: bookingId })).toMatchObject({
      code: 0,
      data: { visitId },
    });
    const history = await call('zhangyu', '/clinic/booking/history', { customerId: cust.other2 });
    expect(history.data.find((a: { appointmentId: number }) => a.appointmentId === bookingId)).toMatchObject({
      status: 3,
      visitId,
    });
    const [account] = await queryRows<{ first: Date | null }>(
      t.database.db,
      sql`select first_visit_time first from clinic_customer_account where customer_id = ${cust.other2}`,
    );
    expect(account?.first).toBeTruthy();
  });

  it('refuses a second open visit the same day', async () => {
    expect(
      await call('zhangyu', '/clinic/visit/walkIn', { customerId: cust.other2, storeId: store, batchId: nextBatch() }),
    ).toMatchObject({ code: 400, msg: '顾客今天已到店，尚未离店' });
  });

  it('takes a walk-in once per batch id, typed from history', async () => {
    const batchId = nextBatch();
    const body = { customerId: cust.other3, storeId: store, remark: '朋友介绍', batchId };
    const res = await call('zhangyu', '/clinic/visit/walkIn', body);
    expect(res).toMatchObject({ code: 0, data: { appointmentId: null, visitType: 1, status: 1 } });
    expect(await call('zhangyu', '/clinic/visit/walkIn', body)).toMatchObject({ data: { visitId: res.data.visitId } });
    const [note] = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from clinic_visit_note where visit_id = ${res.data.visitId}`,
    );
    expect(note?.content).toBe('朋友介绍');
    expect(
      await call('zhangyu', '/clinic/visit/walkIn', { customerId: 999_999, storeId: store, batchId: nextBatch() }),
    ).toMatchObject({ code: 404, msg: '客户不存在' });
    expect(
      await call('sunli', '/clinic/visit/walkIn', { customerId: cust.other4, storeId: store, batchId: nextBatch() }),
    ).toMatchObject({ code: 403, msg: '无权访问' });
  });

  it('suggests 复诊 or 再消费 after a first visit', async () => {
    await t.database.db.execute(sql`insert into clinic_visit (customer_id, store_id, visit_type, status, create_user_id, arrived_time)
      values (${cust.hers2}, ${store}, 1, 12, ${uid.zhangyu}, now() - interval '30 days')`);
    expect(await call('zhangyu', '/clinic/visit/visitType', { customerId: cust.hers2 })).toMatchObject({
      data: { visitType: 2, earlierVisits: 1 },
    });
    await t.database.db.execute(sql`insert into clinic_order (order_number, business_day, customer_id, kind, status, payable, received, batch_id, create_user_id)
      values ('209901010001', '2099-01-01', ${cust.hers2}, 1, 3, 100, 100, 'visits-order-1', ${uid.zhangyu})`);
    expect(await call('zhangyu', '/clinic/visit/visitType', { customerId: cust.hers2 })).toMatchObject({
      data: { visitType: 3 },
    });
  });

  it('shows today’s queue and bookings, with minutes waited', async () => {
    await t.database.db.execute(
      sql`update clinic_visit set status_time = now() - interval '12 minutes' where visit_id = ${visitId}`,
    );
    const q = await call('zhangyu', '/clinic/visit/queue', { storeId: store });
    const mine = q.data.find((v: { visitId: number }) => v.visitId === visitId);
    expect(mine).toMatchObject({ waited: 12, status: 1 });
    expect(q.data.length).toBe(2);
    const bookings = await call('zhangyu', '/clinic/visit/today', { storeId: store });
    expect(bookings.data.map((a: { appointmentId: number }) => a.appointmentId)).toEqual([bookingId]);
    // sunli sees neither of these customers.
    expect((await call('sunli', '/clinic/visit/queue', { storeId: store })).data).toEqual([]);
  });

  it('suggests the rotation’s next free consultant, skipping a disabled one', async () => {
    expect(await call('zhangyu', '/clinic/visit/suggestConsultant', { storeId: store })).toMatchObject({
      data: { userId: uid.hexue, realname: '何雪' },
    });
    await t.database.db.execute(sql`update sys_user set status = 0 where user_id = ${uid.hexue}`);
    try {
      expect(await call('zhangyu', '/clinic/visit/suggestConsultant', { storeId: store })).toMatchObject({
        data: { userId: uid.sunli },
      });
    } finally {
      await t.database.db.execute(sql`update sys_user set status = 1 where user_id = ${uid.hexue}`);
    }
  });

  it('assigns, reassigns until accepted, and refuses after', async () => {
    const res = await call('zhangyu', '/clinic/visit/assign', {
      visitId,
      consultantId: uid.hexue,
      doctorId: uid.wangzong,
    });
    expect(res).toMatchObject({
      code: 0,
      data: { status: 3, consultantName: '何雪', doctorName: '王建国', waited: 0 },
    });
    // Twice: nothing changes.
    expect(
      await call('zhangyu', '/clinic/visit/assign', { visitId, consultantId: uid.hexue, doctorId: uid.wangzong }),
    ).toMatchObject({ code: 0, data: { status: 3 } });
    // hexue is busy now and took the last one: the rotation suggests sunli.
    expect(await call('zhangyu', '/clinic/visit/suggestConsultant', { storeId: store })).toMatchObject({
      data: { userId: uid.sunli },
    });
    expect(await call('zhangyu', '/clinic/visit/assign', { visitId, consultantId: uid.sunli })).toMatchObject({
      code: 0,
      data: { consultantName: '孙丽', doctorId: null },
    });
    expect(await call('zhangyu', '/clinic/visit/assign', { visitId, consultantId: 999_999 })).toMatchObject({
      code: 400,
      msg: '人员不存在或已停用',
    });
    expect(await call('zhangyu', '/clinic/visit/assign', { visitId: 999_999, consultantId: uid.sunli })).toMatchObject({
      code: 404,
      msg: '就诊记录不存在',
    });
    // The consultant accepts (the consultation room's move, issue 23's next part).
    await t.database.db.execute(sql`update clinic_visit set status = 4 where visit_id = ${visitId}`);
    expect(await call('zhangyu', '/clinic/visit/assign', { visitId, consultantId: uid.hexue })).toMatchObject({
      code: 400,
      msg: '顾问已接诊，不能改派',
    });
  });

  it('lets the customer leave from any state; twice is harmless; then nothing moves', async () => {
    const res = await call('zhangyu', '/clinic/visit/leave', { visitId });
    expect(res).toMatchObject({ code: 0, data: { status: 12, leftTime: expect.stringMatching(/^\d{4}-/) } });
    expect(await call('zhangyu', '/clinic/visit/leave', { visitId })).toMatchObject({ code: 0, data: { status: 12 } });
    expect(await call('zhangyu', '/clinic/visit/assign', { visitId, consultantId: uid.hexue })).toMatchObject({
      code: 400,
      msg: '顾客已离店',
    });
    expect(await call('chenjing', '/clinic/visit/leave', { visitId })).toMatchObject({ code: 403 });
    // Left: no longer in the queue, and the customer may come again today.
    const q = await call('zhangyu', '/clinic/visit/queue', { storeId: store });
    expect(q.data.map((v: { visitId: number }) => v.visitId)).not.toContain(visitId);
    expect(
      await call('zhangyu', '/clinic/visit/walkIn', { customerId: cust.other2, storeId: store, batchId: nextBatch() }),
    ).toMatchObject({ code: 0, data: { visitType: 2 } });
  });
});

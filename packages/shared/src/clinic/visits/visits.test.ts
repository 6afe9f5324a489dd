import { describe, expect, it } from 'vitest';
import {
  doubleBooking,
  minutesWaited,
  nextConsultant,
  onSlotGrid,
  overlaps,
  slotStarts,
  visitTypeFromHistory,
  weekOf,
  withinHours,
} from './rules.ts';
import { appointmentCreateSchema, bookingSettingsSchema } from './schemas.ts';
import { type AppointmentAction, appointmentMove, VisitStatus as V, type VisitAction, visitMove } from './states.ts';

describe('appointment moves', () => {
  // Every (state, action) pair: the table lists the allowed ones; every other pair is refused.
  const allowed: [number, AppointmentAction, number][] = [
    [1, 'update', 1],
    [2, 'update', 2],
    [1, 'confirm', 2],
    [1, 'arrive', 3],
    [2, 'arrive', 3],
    [1, 'cancel', 4],
    [2, 'cancel', 4],
    [1, 'noShow', 5],
    [2, 'noShow', 5],
  ];
  const actions: AppointmentAction[] = ['update', 'confirm', 'arrive', 'cancel', 'noShow'];
  for (const status of [1, 2, 3, 4, 5]) {
    for (const action of actions) {
      const edge = allowed.find(([s, a]) => s === status && a === action);
      it(`${status} ${action} → ${edge ? edge[2] : 'refused'}`, () => {
        const move = appointmentMove(status, action);
        if (edge) expect(move).toEqual({ ok: true, to: edge[2] });
        else expect(move).toMatchObject({ ok: false, msg: expect.stringMatching(/^预约.+，不能.+$/) });
      });
    }
  }
  it('names the state and the action', () => {
    expect(appointmentMove(2, 'confirm')).toEqual({ ok: false, msg: '预约已确认，不能确认' });
    expect(appointmentMove(4, 'arrive')).toEqual({ ok: false, msg: '预约已取消，不能登记到店' });
  });
});

describe('visit moves', () => {
  const all: VisitAction[] = [
    'photograph',
    'assign',
    'accept',
    'refuse',
    'consult',
    'openOrder',
    'charge',
    'startTreatment',
    'finishTreatment',
    'admit',
    'discharge',
    'leave',
  ];
  const allowed: [number, VisitAction, number][] = [
    [V.arrived, 'photograph', V.photographed],
    [V.photographed, 'photograph', V.photographed],
    [V.triaged, 'photograph', V.triaged],
    [V.arrived, 'assign', V.triaged],
    [V.photographed, 'assign', V.triaged],
    [V.triaged, 'assign', V.triaged],
    [V.triaged, 'accept', V.consulting],
    [V.triaged, 'refuse', V.arrived],
    [V.consulting, 'consult', V.consulted],
    [V.consulting, 'openOrder', V.awaitingPayment],
    [V.consulted, 'openOrder', V.awaitingPayment],
    [V.awaitingPayment, 'openOrder', V.awaitingPayment],
    [V.awaitingPayment, 'charge', V.paid],
    [V.paid, 'startTreatment', V.treating],
    [V.treated, 'startTreatment', V.treating],
    [V.treating, 'finishTreatment', V.treated],
    [V.paid, 'admit', V.inpatient],
    [V.treating, 'admit', V.inpatient],
    [V.treated, 'admit', V.inpatient],
    [V.inpatient, 'discharge', V.discharged],
    ...Object.values(V)
      .filter((s) => s !== V.left)
      .map((s): [number, VisitAction, number] => [s, 'leave', V.left]),
  ];
  for (const status of Object.values(V)) {
    for (const action of all) {
      const edge = allowed.find(([s, a]) => s === status && a === action);
      it(`${status} ${action} → ${edge ? edge[2] : 'refused'}`, () => {
        const move = visitMove(status, action);
        if (edge) expect(move).toEqual({ ok: true, to: edge[2] });
        else expect(move.ok).toBe(false);
      });
    }
  }
  it('explains the refusals a desk meets', () => {
    expect(visitMove(V.consulting, 'assign')).toEqual({ ok: false, msg: '顾问已接诊，不能改派' });
    expect(visitMove(V.left, 'assign')).toEqual({ ok: false, msg: '顾客已离店' });
    expect(visitMove(V.left, 'leave')).toEqual({ ok: false, msg: '顾客已离店' });
    expect(visitMove(V.paid, 'accept')).toEqual({ ok: false, msg: '就诊已收费，不能接诊' });
  });
});

describe('visit type from history', () => {
  it.each([
    [0, false, 1],
    [0, true, 1],
    [1, false, 2],
    [3, true, 3],
  ])('%i earlier visits, bought %s → %i', (earlierVisits, boughtBefore, type) => {
    expect(visitTypeFromHistory({ earlierVisits, boughtBefore })).toBe(type);
  });
});

describe('slots', () => {
  it('steps from opening, leaving out a slot that runs past closing', () => {
    expect(slotStarts({ open: '09:00', close: '11:00', slotMinutes: 30 })).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
    ]);
    expect(slotStarts({ open: '09:00', close: '10:40', slotMinutes: 45 })).toEqual(['09:00', '09:45']);
    expect(slotStarts({ open: '10:00', close: '09:00', slotMinutes: 30 })).toEqual([]);
    expect(slotStarts({ open: '9:00', close: '10:00', slotMinutes: 30 })).toEqual([]);
  });
  it('knows the hours and the grid', () => {
    const h = { open: '09:00', close: '18:00', slotMinutes: 30 };
    expect(withinHours(h, 540, 570)).toBe(true);
    expect(withinHours(h, 530, 570)).toBe(false);
    expect(withinHours(h, 1050, 1090)).toBe(false);
    expect(withinHours(h, 600, 600)).toBe(false);
    expect(onSlotGrid(h, 570)).toBe(true);
    expect(onSlotGrid(h, 575)).toBe(false);
  });
  it('gives the Monday-to-Sunday week of a day', () => {
    expect(weekOf('2026-11-26')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(weekOf('2026-11-29')[0]).toBe('2026-11-23');
    expect(weekOf('2026-11-30')[0]).toBe('2026-11-30');
  });
});

describe('double booking', () => {
  it.each([
    [{ start: 0, end: 30 }, { start: 30, end: 60 }, false],
    [{ start: 0, end: 31 }, { start: 30, end: 60 }, true],
    [{ start: 10, end: 20 }, { start: 0, end: 60 }, true],
    [{ start: 60, end: 90 }, { start: 0, end: 60 }, false],
  ])('%o and %o overlap: %s', (a, b, yes) => {
    expect(overlaps(a, b)).toBe(yes);
    expect(overlaps(b, a)).toBe(yes);
  });
  const others = [
    { id: 1, doctorId: 7, start: 0, end: 30 },
    { id: 2, doctorId: 8, start: 30, end: 60 },
  ];
  it('finds the same doctor at the same time only', () => {
    expect(doubleBooking({ id: 3, doctorId: 7, start: 15, end: 45 }, others)?.id).toBe(1);
    expect(doubleBooking({ id: 3, doctorId: 7, start: 30, end: 60 }, others)).toBeNull();
    expect(doubleBooking({ id: 3, doctorId: null, start: 0, end: 30 }, others)).toBeNull();
    expect(doubleBooking({ id: 1, doctorId: 7, start: 0, end: 30 }, others)).toBeNull();
  });
});

describe('the rotation’s next consultant', () => {
  it.each<[number[], number | null, number[], number | null]>([
    [[], null, [], null],
    [[1, 2, 3], null, [], 1],
    [[1, 2, 3], 1, [], 2],
    [[1, 2, 3], 3, [], 1],
    [[1, 2, 3], 1, [2], 3],
    [[1, 2, 3], 1, [1, 2, 3], 2],
    [[1, 2, 3], 9, [1], 2],
  ])('members %o after %s, busy %o → %s', (members, last, busy, next) => {
    expect(nextConsultant(members, last, new Set(busy))).toBe(next);
  });
});

it('counts whole minutes waited, never negative', () => {
  expect(minutesWaited(0, 59_999)).toBe(0);
  expect(minutesWaited(0, 125_000)).toBe(2);
  expect(minutesWaited(10_000, 0)).toBe(0);
});

describe('request schemas', () => {
  it('reads a booking in the company zone and refuses a bad one in Chinese', () => {
    const ok = appointmentCreateSchema.safeParse({
      customerId: 1,
      storeId: 2,
      startTime: '2026-11-26 10:00',
      batchId: 'abcdefgh-1234',
    });
    expect(ok.success && ok.data.startTime instanceof Date).toBe(true);
    const bad = appointmentCreateSchema.safeParse({ customerId: 1, storeId: 2, startTime: '明天', batchId: 'x' });
    expect(bad.error?.issues[0]?.message).toBe('请选择预约时间');
  });
  it('checks a store’s hours', () => {
    const base = { storeId: 1, opening: '09:00', closing: '18:00', slotMinutes: 30 };
    expect(bookingSettingsSchema.safeParse(base).success).toBe(true);
    expect(bookingSettingsSchema.safeParse({ ...base, closing: '08:00' }).error?.issues[0]?.message).toBe(
      '营业时间格式为HH:mm，且开始早于结束',
    );
    expect(bookingSettingsSchema.safeParse({ ...base, rooms: ['A', 'A'] }).error?.issues[0]?.message).toBe(
      '诊室名称重复',
    );
  });
});

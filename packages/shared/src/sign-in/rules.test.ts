import { describe, expect, it } from 'vitest';
import { dayStatuses, distanceMetres, judgeSign, type SignRule, SignStatus, signStatus } from './rules.ts';
import { signRuleSaveSchema } from './schemas.ts';

// 2026-11-23 is a Monday, 2026-11-28 a Saturday.
const monday = '2026-11-23';
const saturday = '2026-11-28';
const office = { name: '总店', lat: 31.2304, lng: 121.4737, radius: 200 };
const rule: SignRule = {
  workStart: '09:00',
  workEnd: '18:00',
  lateMinutes: 5,
  earlyMinutes: 10,
  places: [office],
  fieldAllowed: false,
  workdays: [1, 2, 3, 4, 5],
};
// About 111 m north of the office per 0.001° of latitude.
const near = { lat: 31.2314, lng: 121.4737 };
const far = { lat: 31.2404, lng: 121.4737 };

describe('distance', () => {
  it('measures metres on the earth', () => {
    expect(distanceMetres(office, near)).toBeGreaterThan(105);
    expect(distanceMetres(office, near)).toBeLessThan(117);
    expect(distanceMetres(office, office)).toBe(0);
  });
});

describe('late and early', () => {
  it('is late only after start + N minutes', () => {
    expect(signStatus(rule, 1, '09:05:00')).toBe(SignStatus.normal);
    expect(signStatus(rule, 1, '09:05:01')).toBe(SignStatus.late);
    expect(signStatus(rule, 1, '08:30:00')).toBe(SignStatus.normal);
  });
  it('is early only before end − N minutes', () => {
    expect(signStatus(rule, 2, '17:50:00')).toBe(SignStatus.normal);
    expect(signStatus(rule, 2, '17:49:59')).toBe(SignStatus.early);
    expect(signStatus(rule, 2, '19:00:00')).toBe(SignStatus.normal);
  });
});

describe('judging a sign', () => {
  it('signs in range at the place', () => {
    expect(judgeSign(rule, { kind: 1, day: monday, clock: '09:10:00', at: near })).toEqual({
      ok: true,
      field: false,
      placeName: '总店',
      metres: 111,
      status: SignStatus.late,
    });
  });
  it('refuses out of range with the distance when field signs are not allowed', () => {
    expect(judgeSign(rule, { kind: 1, day: monday, clock: '08:55:00', at: far, note: '拜访客户' })).toEqual({
      ok: false,
      msg: '不在签到范围内（距最近的总店1112米），不能签到',
    });
  });
  it('records 外勤 outside every place when allowed, with a note', () => {
    const field = { ...rule, fieldAllowed: true };
    expect(judgeSign(field, { kind: 1, day: monday, clock: '08:55:00', at: far, note: ' ' })).toEqual({
      ok: false,
      msg: '不在签到范围内，外勤签到请填写说明',
    });
    expect(judgeSign(field, { kind: 2, day: monday, clock: '17:00:00', at: far, note: '拜访客户' })).toMatchObject({
      ok: true,
      field: true,
      status: SignStatus.early,
    });
  });
  it('needs no sign on a day that is not a workday', () => {
    expect(judgeSign(rule, { kind: 1, day: saturday, clock: '09:00:00', at: near })).toEqual({
      ok: false,
      msg: '今天不是工作日，无需签到',
    });
  });
});

describe('a day in the statistics', () => {
  const none = { inStatus: null, inField: false, outStatus: null, outField: false };
  it('calls a workday without signs 缺卡 once it is over, but never a day off', () => {
    expect(dayStatuses(true, none, true)).toEqual(['missing']);
    expect(dayStatuses(false, none, true)).toEqual([]);
    expect(dayStatuses(true, none, false)).toEqual([]);
    // Today after work: a missing sign-in counts, a sign-out not yet made does not.
    expect(dayStatuses(true, { ...none, inStatus: 1 }, 'in')).toEqual(['normal']);
    expect(dayStatuses(true, none, 'in')).toEqual(['missing']);
  });
  it('carries late, early and field together', () => {
    expect(dayStatuses(true, { inStatus: 2, inField: true, outStatus: 3, outField: false }, true)).toEqual([
      'late',
      'early',
      'field',
    ]);
    expect(dayStatuses(true, { inStatus: 1, inField: false, outStatus: null, outField: false }, true)).toEqual([
      'missing',
    ]);
  });
});

describe('the rule form', () => {
  const ok = { deptId: 3, ...rule };
  it('accepts a rule and refuses what is wrong in Chinese', () => {
    expect(signRuleSaveSchema.safeParse(ok).success).toBe(true);
    const msg = (v: object) => signRuleSaveSchema.safeParse({ ...ok, ...v }).error?.issues[0]?.message;
    expect(msg({ workEnd: '08:00' })).toBe('下班时间须晚于上班时间');
    expect(msg({ workStart: '9:00' })).toBe('时间格式不正确（格式：HH:mm）');
    expect(msg({ places: [], fieldAllowed: false })).toBe('请至少设置一个签到地点，或允许外勤签到');
    expect(msg({ workdays: [] })).toBe('请至少选择一个工作日');
    expect(msg({ places: [{ ...office, radius: 5 }] })).toBe('范围须为10到5000米');
    expect(msg({ places: [{ ...office, lat: 91 }] })).toBe('纬度须在-90到90之间');
  });
});

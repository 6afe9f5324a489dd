import { describe, expect, it } from 'vitest';
import { parseTime } from '../../time/clock.ts';
import { followUpDay } from './follow-up.ts';
import { admitSchema, bedSaveSchema } from './schemas.ts';
import { type BedAction, BedStatus, bedMove } from './states.ts';

const { free, occupied, reserved, disabled } = BedStatus;
const all = [free, occupied, reserved, disabled];

describe('bedMove: every (state, action) pair', () => {
  const allowed: Record<BedAction, Partial<Record<number, number>>> = {
    admit: { [free]: occupied, [reserved]: occupied },
    moveIn: { [free]: occupied, [reserved]: occupied },
    moveOut: { [occupied]: free },
    discharge: { [occupied]: free },
    reserve: { [free]: reserved },
    release: { [reserved]: free },
    disable: { [free]: disabled, [reserved]: disabled },
    enable: { [disabled]: free },
  };
  const names: Record<number, string> = { 1: '空闲', 2: '占用', 3: '预留', 4: '停用' };
  const verbs: Record<BedAction, string> = {
    admit: '入住',
    moveIn: '换入',
    moveOut: '换出',
    discharge: '出院',
    reserve: '预留',
    release: '取消预留',
    disable: '停用',
    enable: '启用',
  };
  for (const action of Object.keys(allowed) as BedAction[])
    for (const status of all) {
      const to = allowed[action][status];
      it(`${names[status]} → ${action}`, () => {
        expect(bedMove(status, action)).toEqual(
          to === undefined ? { ok: false, msg: `床位${names[status]}，不能${verbs[action]}` } : { ok: true, to },
        );
      });
    }
  it('names an unknown state', () => {
    expect(bedMove(9, 'admit')).toEqual({ ok: false, msg: '床位状态未知，不能入住' });
  });
});

describe('followUpDay: offsets in the company zone', () => {
  const cases: [string, string, number, string, string][] = [
    ['day 0 is the day itself', '2026-03-10 10:00:00', 0, 'Asia/Shanghai', '2026-03-10'],
    ['a late treatment counts its own calendar day', '2026-03-10 23:30:00', 1, 'Asia/Shanghai', '2026-03-11'],
    ['an early one too (UTC is still the day before)', '2026-03-10 00:30:00', 1, 'Asia/Shanghai', '2026-03-11'],
    ['across a month end', '2026-01-31 09:00:00', 1, 'Asia/Shanghai', '2026-02-01'],
    ['across a leap day', '2028-02-28 09:00:00', 1, 'Asia/Shanghai', '2028-02-29'],
    ['a year on', '2026-12-31 12:00:00', 365, 'Asia/Shanghai', '2027-12-31'],
    ['across a DST change (New York, 2026-03-08)', '2026-03-07 23:30:00', 1, 'America/New_York', '2026-03-08'],
    ['after a DST change, a week on', '2026-03-07 00:30:00', 7, 'America/New_York', '2026-03-14'],
  ];
  for (const [label, wall, offset, zone, day] of cases)
    it(label, () => {
      expect(followUpDay(parseTime(wall, zone)!, offset, zone)).toBe(day);
    });
});

describe('schemas', () => {
  const admit = { bedId: 1, visitId: 2, doctorId: 3, nurseId: 4, expectedDays: 5, batchId: 'b-1' };
  it('admits with no deposit by default and refuses a stay outside 1–365 days', () => {
    expect(admitSchema.parse(admit)).toMatchObject({ deposit: [], remark: '' });
    for (const expectedDays of [0, 366, 1.5, ''])
      expect(admitSchema.safeParse({ ...admit, expectedDays }).error?.issues[0]?.message).toBe(
        '预计住院天数须为1到365之间的整数',
      );
  });
  it('reads a deposit as yuan text', () => {
    expect(admitSchema.parse({ ...admit, deposit: [{ method: 'cash', amount: '1280.5' }] }).deposit).toEqual([
      { method: 'cash', amount: 128_050 },
    ]);
  });
  it('needs a room and a number for a bed', () => {
    expect(bedSaveSchema.safeParse({ storeId: 1, room: '', number: '1' }).error?.issues[0]?.message).toBe('请选择病房');
    expect(bedSaveSchema.safeParse({ storeId: 1, room: '治疗室', number: ' ' }).error?.issues[0]?.message).toBe(
      '请填写床号',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, people } from '../../test/people.ts';

let t: TestApp;
const { ids, call, signIn, signInNewUser } = people(() => t);
let crmOnly: string;
const nextBatch = batchIds('event-batch');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'liming', 'sunli', 'zhoujie']);
  crmOnly = await signInNewUser('crmonly', { roles: ['销售'], dept: '总经办' });
});
afterAll(() => t.close());

/** 李明's weekly meeting on Mondays and Wednesdays with 孙丽, four times from Monday 2026-11-23. */
async function weekly(extra: Record<string, unknown> = {}) {
  const res = await call('liming', '/OaEvent/saveEvent', {
    title: '销售周会',
    startDay: '2026-11-23',
    startTime: '09:30',
    endTime: '10:30',
    participantIds: [ids.sunli],
    remindMinutes: 15,
    repeat: { freq: 'weekly', weekdays: [1, 3], count: 4 },
    batchId: nextBatch(),
    ...extra,
  });
  expect(res.code).toBe(0);
  return res.data.eventId as number;
}

describe('POST /OaEvent/saveEvent', () => {
  it('creates a repeating event its participants see on their calendar, and nobody else', async () => {
    const eventId = await weekly();
    for (const who of ['liming', 'sunli']) {
      const res = await call(who, '/OaRecord/queryEvent', { startTime: '2026-11-01', endTime: '2026-12-31' });
      expect(res.code).toBe(0);
      const mine = res.data.filter((e: { id: number; source: string }) => e.source === 'event' && e.id === eventId);
      expect(mine.map((e: { day: string }) => e.day)).toEqual(['2026-11-23', '2026-11-25', '2026-11-30', '2026-12-02']);
      expect(mine[0]).toMatchObject({ startTime: '09:30', endTime: '10:30', startAt: '2026-11-23 09:30:00' });
    }
    const other = await call('zhoujie', '/OaRecord/queryEvent', { startTime: '2026-11-01', endTime: '2026-12-31' });
    expect(other.data.some((e: { id: number; source: string }) => e.source === 'event' && e.id === eventId)).toBe(
      false,
    );
  });

  it('answers the first event when the same form is sent twice', async () => {
    const batchId = nextBatch();
    const a = await weekly({ batchId });
    const b = await weekly({ batchId });
    expect(b).toBe(a);
  });

  it.each([
    ['no title', { title: ' ' }, '请输入日程标题'],
    ['a day that does not exist', { startDay: '2026-02-30' }, '日期格式有误'],
    ['a bad time', { startTime: '25:00' }, '时间格式有误'],
    ['timed without a start time', { startTime: '' }, '时间格式有误'],
    ['ending before it starts', { startTime: '10:00', endTime: '09:00' }, '结束时间不能早于开始时间'],
    ['ending the day before', { endDay: '2026-11-22' }, '结束时间不能早于开始时间'],
    ['longer than 31 days', { endDay: '2026-12-30' }, '日程时长不能超过31天'],
    ['an unknown repeat', { repeat: { freq: 'yearly' } }, '重复规则有误'],
    ['interval 0', { repeat: { freq: 'daily', interval: 0 } }, '重复间隔须在1到99之间'],
    ['count 1000', { repeat: { freq: 'daily', count: 1000 } }, '重复次数须在1到999之间'],
    ['weekday 8', { repeat: { freq: 'weekly', weekdays: [8] } }, '重复的星期有误'],
    ['until before the start', { repeat: { freq: 'daily', until: '2026-11-01' } }, '重复截止日期不能早于开始日期'],
    ['a reminder not offered', { remindMinutes: 7 }, '提醒时间有误'],
    ['a bad participant', { participantIds: ['x'] }, '参与人有误'],
  ])('refuses %s', async (_, extra, msg) => {
    const res = await call('liming', '/OaEvent/saveEvent', {
      title: '面谈',
      startDay: '2026-11-23',
      startTime: '09:00',
      batchId: nextBatch(),
      ...extra,
    });
    expect(res).toMatchObject({ code: 400, msg });
  });

  it('lets only the creator edit, and a non-participant not even see it', async () => {
    const eventId = await weekly();
    const edit = {
      eventId,
      title: '销售周会（改）',
      startDay: '2026-11-24',
      allDay: true,
      participantIds: [ids.sunli],
    };
    expect(await call('sunli', '/OaEvent/saveEvent', edit)).toMatchObject({
      code: 403,
      msg: '只有日程的创建人可以修改或删除',
    });
    expect(await call('zhoujie', '/OaEvent/saveEvent', edit)).toMatchObject({ code: 403, msg: '无权访问' });
    expect((await call('liming', '/OaEvent/saveEvent', edit)).code).toBe(0);
    const info = await call('sunli', '/OaEvent/queryEventInfo', { eventId });
    expect(info.data).toMatchObject({ title: '销售周会（改）', allDay: true, startTime: null, canEdit: false });
    expect(info.data.participants.map((p: { realname: string }) => p.realname)).toEqual(['孙丽']);
  });

  it('refuses someone without the schedule permission', async () => {
    const res = await t.post('/OaEvent/saveEvent', { title: 'x', startDay: '2026-11-23', allDay: true }, crmOnly);
    expect(res).toMatchObject({ code: 403, msg: '无权访问' });
  });
});

describe('POST /OaEvent/queryEventInfo and deleteEvent', () => {
  it('answers 日程不存在 for an unknown event', async () => {
    expect(await call('liming', '/OaEvent/queryEventInfo', { eventId: 999999 })).toMatchObject({
      code: 404,
      msg: '日程不存在',
    });
    expect(await call('liming', '/OaEvent/deleteEvent', { eventId: 999999 })).toMatchObject({ code: 404 });
  });

  it('lets the creator delete the series, not a participant', async () => {
    const eventId = await weekly();
    expect(await call('sunli', '/OaEvent/deleteEvent', { eventId })).toMatchObject({ code: 403 });
    expect(await call('zhoujie', '/OaEvent/queryEventInfo', { eventId })).toMatchObject({ code: 403, msg: '无权访问' });
    expect((await call('liming', '/OaEvent/deleteEvent', { eventId })).code).toBe(0);
    expect(await call('sunli', '/OaEvent/queryEventInfo', { eventId })).toMatchObject({ code: 404, msg: '日程不存在' });
  });
});

describe('POST /OaRecord/queryEvent and queryEventByDay', () => {
  it.each([
    ['a range over 100 days', { startTime: '2026-01-01', endTime: '2026-12-31' }, '日期范围不能超过100天'],
    ['a range backwards', { startTime: '2026-12-01', endTime: '2026-11-01' }, '结束日期不能早于开始日期'],
    ['a bad day', { startTime: '2026-13-01', endTime: '2026-12-01' }, '日期格式有误'],
  ])('refuses %s', async (_, body, msg) => {
    expect(await call('liming', '/OaRecord/queryEvent', body)).toMatchObject({ code: 400, msg });
  });

  it('lists one day, a multi-day event on each of its days', async () => {
    const res = await call('liming', '/OaEvent/saveEvent', {
      title: '外地培训',
      allDay: true,
      startDay: '2027-01-04',
      endDay: '2027-01-06',
      batchId: nextBatch(),
    });
    const eventId = res.data.eventId;
    for (const day of ['2027-01-04', '2027-01-05', '2027-01-06']) {
      const d = await call('liming', '/OaRecord/queryEventByDay', { day });
      expect(d.data.map((e: { id: number }) => e.id)).toContain(eventId);
    }
    const after = await call('liming', '/OaRecord/queryEventByDay', { day: '2027-01-07' });
    expect(after.data.map((e: { id: number }) => e.id)).not.toContain(eventId);
    expect(await call('liming', '/OaRecord/queryEventByDay', { day: '' })).toMatchObject({
      code: 400,
      msg: '日期格式有误',
    });
    expect(await t.post('/OaRecord/queryEventByDay', { day: '2027-01-04' }, crmOnly)).toMatchObject({ code: 403 });
  });

  it('shows a follow-up’s next contact time on the record owner’s calendar, read-only', async () => {
    const customers = await call('sunli', '/CrmCustomer/queryPageList', { limit: 50 });
    const mine = customers.data.list.find((c: { ownerUserId: number }) => c.ownerUserId === ids.sunli);
    const added = await call('sunli', '/CrmCustomer/addRecord', {
      id: mine.customerId,
      category: '打电话',
      content: '约复诊',
      nextTime: '2027-02-03 10:00:00',
    });
    expect(added.code).toBe(0);
    const cal = await call('sunli', '/OaRecord/queryEvent', { startTime: '2027-02-01', endTime: '2027-02-07' });
    const entry = cal.data.find((e: { source: string }) => e.source === 'followUp');
    expect(entry).toMatchObject({ day: '2027-02-03', readOnly: true, record: { recordId: mine.customerId } });
    expect(entry.title).toContain(mine.customerName);
    const other = await call('liming', '/OaRecord/queryEvent', { startTime: '2027-02-01', endTime: '2027-02-07' });
    expect(other.data.some((e: { source: string }) => e.source === 'followUp')).toBe(false);
  });
});

describe('today’s count and reminders', () => {
  it('counts today’s events in OaBackLog/num and shows a due reminder', async () => {
    const now = new Date();
    const china = new Date(now.getTime() + 8 * 3600_000);
    const today = china.toISOString().slice(0, 10);
    const before = await call('zhoujie', '/OaBackLog/num');
    // Starts in ten minutes (China time), reminder 15 minutes before: due now. Avoid crossing midnight.
    const start = new Date(china.getTime() + 10 * 60_000);
    const sameDay = start.toISOString().slice(0, 10) === today;
    const res = await call('zhoujie', '/OaEvent/saveEvent', {
      title: '客户回访电话',
      startDay: start.toISOString().slice(0, 10),
      startTime: start.toISOString().slice(11, 16),
      remindMinutes: 15,
      batchId: nextBatch(),
    });
    expect(res.code).toBe(0);
    const reminders = await call('zhoujie', '/OaEvent/queryReminders');
    expect(reminders.data.map((e: { id: number }) => e.id)).toContain(res.data.eventId);
    const after = await call('zhoujie', '/OaBackLog/num');
    expect(after.data.eventNum).toBe(before.data.eventNum + (sameDay ? 1 : 0));
    expect((await call('sunli', '/OaEvent/queryReminders')).data.map((e: { id: number }) => e.id)).not.toContain(
      res.data.eventId,
    );
  });
});

describe('POST /OaEvent/saveOccurrence and deleteOccurrence (this occurrence only)', () => {
  const days = async (who: string, eventId: number) => {
    const res = await call(who, '/OaRecord/queryEvent', { startTime: '2026-11-01', endTime: '2026-12-31' });
    return (
      res.data as { id: number; day: string; seriesDay: string; title: string; startTime: string; changed: boolean }[]
    ).filter((e) => e.id === eventId);
  };

  it('moves and retitles one occurrence for everyone on it; the others keep the series', async () => {
    const eventId = await weekly();
    const res = await call('liming', '/OaEvent/saveOccurrence', {
      eventId,
      day: '2026-11-25',
      title: '销售周会（改到周四）',
      startDay: '2026-11-26',
      startTime: '14:00',
      endTime: '15:00',
      remindMinutes: 30,
    });
    expect([res.code, res.msg]).toEqual([0, 'success']);
    for (const who of ['liming', 'sunli']) {
      const list = await days(who, eventId);
      expect(list.map((e) => [e.day, e.seriesDay, e.startTime, e.changed])).toEqual([
        ['2026-11-23', '2026-11-23', '09:30', false],
        ['2026-11-26', '2026-11-25', '14:00', true],
        ['2026-11-30', '2026-11-30', '09:30', false],
        ['2026-12-02', '2026-12-02', '09:30', false],
      ]);
      expect(list[1]).toMatchObject({ title: '销售周会（改到周四）', remindMinutes: 30 });
    }
    // The week view of the new day finds it though the series put it on another day.
    const day = await call('sunli', '/OaRecord/queryEventByDay', { day: '2026-11-26' });
    expect(day.data.map((e: { id: number }) => e.id)).toContain(eventId);
    const old = await call('sunli', '/OaRecord/queryEventByDay', { day: '2026-11-25' });
    expect(old.data.map((e: { id: number }) => e.id)).not.toContain(eventId);
  });

  it('removes one occurrence, and editing the whole series brings back its one-off changes’ days', async () => {
    const eventId = await weekly();
    expect((await call('liming', '/OaEvent/deleteOccurrence', { eventId, day: '2026-11-30' })).code).toBe(0);
    expect((await days('sunli', eventId)).map((e) => e.day)).toEqual(['2026-11-23', '2026-11-25', '2026-12-02']);
    const edit = await call('liming', '/OaEvent/saveEvent', {
      eventId,
      title: '销售周会',
      startDay: '2026-11-23',
      startTime: '10:00',
      participantIds: [ids.sunli],
      repeat: { freq: 'weekly', weekdays: [1, 3], count: 4 },
    });
    expect(edit.code).toBe(0);
    expect((await days('sunli', eventId)).map((e) => [e.day, e.startTime])).toEqual([
      ['2026-11-23', '10:00'],
      ['2026-11-25', '10:00'],
      ['2026-11-30', '10:00'],
      ['2026-12-02', '10:00'],
    ]);
  });

  it('refuses a day the series does not fall on, a move too far, bad input, a participant and a stranger', async () => {
    const eventId = await weekly();
    const good = { eventId, day: '2026-11-23', title: '周会', startDay: '2026-11-23', startTime: '09:00' };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ day: '2026-11-24' }, 400, '该日期没有这个日程'],
      [{ day: '2026-12-07' }, 400, '该日期没有这个日程'],
      [{ startDay: '2027-01-05' }, 400, '单次日程只能调整到原日期前后31天内'],
      [{ title: '' }, 400, '请输入日程标题'],
      [{ startTime: '25:00' }, 400, '时间格式有误'],
      [{ startTime: '10:00', endTime: '09:00' }, 400, '结束时间不能早于开始时间'],
      [{ day: '2026-13-01' }, 400, '日期格式有误'],
      [{ eventId: 999999 }, 404, '日程不存在'],
    ];
    for (const [extra, code, msg] of cases) {
      const res = await call('liming', '/OaEvent/saveOccurrence', { ...good, ...extra });
      expect([extra, res.code, res.msg]).toEqual([extra, code, msg]);
    }
    expect(await call('sunli', '/OaEvent/saveOccurrence', good)).toMatchObject({
      code: 403,
      msg: '只有日程的创建人可以修改或删除',
    });
    expect(await call('sunli', '/OaEvent/deleteOccurrence', { eventId, day: '2026-11-23' })).toMatchObject({
      code: 403,
      msg: '只有日程的创建人可以修改或删除',
    });
    expect(await call('zhoujie', '/OaEvent/deleteOccurrence', { eventId, day: '2026-11-23' })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(await t.post('/OaEvent/saveOccurrence', good, crmOnly)).toMatchObject({ code: 403, msg: '无权访问' });
  });
});

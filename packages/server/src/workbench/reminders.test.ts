import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { people } from '../test/people.ts';

// The shell's pop-ups: 赵强 gives 孙丽 a task due in two hours and one a day late; 孙丽 has an
// all-day event today reminded a day ahead. 周杰 takes part in the task but owns nothing.
let t: TestApp;
const { ids, call, signIn } = people(() => t);
type Item = { kind: string; key: string; id: number; title: string; state: string; link: string; allDay: boolean };
const remindersOf = async (who: string) => {
  const res = await call(who, '/OaBackLog/queryReminders');
  expect([who, res.code]).toEqual([who, 0]);
  return res.data as Item[];
};
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
let soonId: number;
let lateId: number;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'zhaoqiang', 'sunli', 'zhoujie', 'chenjing']);
  const task = async (title: string, dueInMs: number) => {
    const res = await call('zhaoqiang', '/OaTask/setTask', {
      title,
      ownerUserId: ids.sunli,
      participantIds: [ids.zhoujie],
      dueTime: new Date(Date.now() + dueInMs).toISOString(),
      batchId: `reminder-${title}`,
    });
    expect(res.code, res.msg).toBe(0);
    return res.data.taskId as number;
  };
  soonId = await task('提交活动预算', 2 * 3600_000);
  lateId = await task('补录客户资料', -24 * 3600_000);
  await task('年度总结', 10 * 24 * 3600_000);
  const ev = await call('sunli', '/OaEvent/saveEvent', {
    title: '门店巡检',
    startDay: today,
    allDay: true,
    remindMinutes: 1440,
    batchId: 'reminder-event',
  });
  expect(ev.code, ev.msg).toBe(0);
  eventId = ev.data.eventId;
});
afterAll(() => t.close());

describe('POST /OaBackLog/queryReminders', () => {
  it('answers the owner her tasks due soon or late and her events being reminded, each with its link', async () => {
    const list = await remindersOf('sunli');
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'task',
          id: soonId,
          title: '提交活动预算',
          state: 'dueSoon',
          key: `task-${soonId}-dueSoon`,
          link: `/workbench/task?taskId=${soonId}`,
        }),
        expect.objectContaining({ kind: 'task', id: lateId, state: 'overdue', key: `task-${lateId}-overdue` }),
        expect.objectContaining({
          kind: 'event',
          id: eventId,
          title: '门店巡检',
          state: 'remind',
          allDay: true,
          key: `event-${eventId}-${today}`,
          link: `/workbench/schedule-new?view=day&day=${today}`,
        }),
      ]),
    );
    // A task due in ten days is no reminder yet.
    expect(list.map((i) => i.title)).not.toContain('年度总结');
  });

  it('leaves out a finished task', async () => {
    expect((await call('sunli', '/OaTask/setTaskStatus', { taskId: lateId, status: 2 })).code).toBe(0);
    expect((await remindersOf('sunli')).map((i) => i.id)).not.toContain(lateId);
  });

  it('answers others nothing of hers: a participant, the assigner, someone in another department', async () => {
    for (const who of ['zhoujie', 'zhaoqiang', 'chenjing'])
      expect([
        who,
        (await remindersOf(who)).filter((i) => i.title === '提交活动预算' || i.title === '门店巡检'),
      ]).toEqual([who, []]);
  });

  it('needs a session', async () => {
    expect(await t.post('/OaBackLog/queryReminders', {}, 'expired-token')).toMatchObject({ code: 302 });
  });
});

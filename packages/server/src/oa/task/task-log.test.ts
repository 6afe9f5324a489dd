import { localDay } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/** `OaTask/queryTaskLog` (the original's `task/queryWorkTaskLog`): creation and completion. */
let t: TestApp;
const { ids, call, signIn } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'chenjing', 'wufang']);
});
afterAll(() => t.close());

describe('OaTask/queryTaskLog', () => {
  it("answers the task's creation, then its completion under its owner", async () => {
    const made = await call('sunli', '/task/setTask', {
      name: '整理合同',
      mainUserId: ids.chenjing,
      stopTime: `${localDay(new Date(Date.now() + 86_400_000))} 18:00:00`,
    });
    const taskId = made.data.taskId;
    const first = await call('chenjing', '/task/queryWorkTaskLog', { taskId });
    expect(first).toMatchObject({
      code: 0,
      data: [{ userId: ids.sunli, realname: '孙丽', content: '创建了任务：整理合同' }],
    });
    expect(first.data[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await call('chenjing', '/OaTask/setTaskStatus', { taskId, status: 2 })).code).toBe(0);
    const done = await call('sunli', '/OaTask/queryTaskLog', { taskId });
    expect(done.data.map((e: { realname: string; content: string }) => [e.realname, e.content])).toEqual([
      ['孙丽', '创建了任务：整理合同'],
      ['陈静', '任务已完成'],
    ]);
  });

  it('refuses someone outside the task, a missing task and a wrong id', async () => {
    const made = await call('sunli', '/task/setTask', { name: '私事', mainUserId: ids.sunli });
    expect((await call('wufang', '/task/queryWorkTaskLog', { taskId: made.data.taskId })).code).toBe(403);
    expect((await call('sunli', '/task/queryWorkTaskLog', { taskId: 999999 })).code).toBe(404);
    expect((await call('sunli', '/task/queryWorkTaskLog', { taskId: 'x' })).code).toBe(400);
  });
});

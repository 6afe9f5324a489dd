import fs from 'node:fs';
import path from 'node:path';
import type { FileInfo } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { file, fixtures, postMultipart } from '../../files/test-helpers.ts';
import { serverDir } from '../../paths.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, people } from '../../test/people.ts';

let t: TestApp;
const { tokens, ids, as, call, signIn, signInNewUser } = people(() => t);
let crmOnly: string;

const refused = { code: 403, msg: '无权访问' };
const nextBatch = batchIds('task-batch');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'liming', 'sunli', 'zhoujie', 'zhaoqiang', 'chenjing', 'wufang']);
  // Someone whose roles grant no office permission.
  crmOnly = await signInNewUser('crmonly', { roles: ['销售'], dept: '总经办' });
});
afterAll(() => t.close());

/** 李明 plans a launch with 孙丽 and 周杰 taking part, and one step. */
async function launch(extra: Record<string, unknown> = {}) {
  const res = await call('liming', '/OaTask/setTask', {
    title: '筹备新品发布会',
    description: '场地、物料、邀约',
    priority: 3,
    startTime: '2026-11-20 09:00',
    dueTime: '2026-11-30 18:00',
    participantIds: [ids.sunli, ids.zhoujie],
    batchId: nextBatch(),
    subtasks: [{ title: '确认场地' }],
    ...extra,
  });
  expect(res.code).toBe(0);
  return res.data.taskId as number;
}

describe('POST /OaTask/setTask', () => {
  it('creates a task with participants and subtasks that its people see', async () => {
    const taskId = await launch();
    const info = await call('sunli', '/OaTask/queryTaskInfo', { taskId });
    expect(info.code).toBe(0);
    expect(info.data).toMatchObject({
      title: '筹备新品发布会',
      description: '场地、物料、邀约',
      priority: 3,
      status: 1,
      startTime: '2026-11-20 09:00:00',
      dueTime: '2026-11-30 18:00:00',
      owner: { userId: ids.liming, realname: '李明' },
      creator: { userId: ids.liming },
      subtaskCount: 1,
      subtaskDone: 0,
      permitted: { edit: false, complete: true, comment: true, delete: false, addSubtask: false },
    });
    expect(info.data.participants.map((p: { userId: number }) => p.userId).sort()).toEqual(
      [ids.sunli, ids.zhoujie].sort(),
    );
    expect(info.data.subtasks).toMatchObject([{ title: '确认场地', ownerUserId: ids.liming, parentId: taskId }]);
  });

  it('answers the first task when the same form is submitted twice (double click)', async () => {
    const body = { title: '周报汇总', batchId: 'double-click-1' };
    const [a, b] = await Promise.all([
      call('liming', '/OaTask/setTask', body),
      call('liming', '/OaTask/setTask', body),
    ]);
    expect(a.data.taskId).toBe(b.data.taskId);
    const again = await call('liming', '/OaTask/setTask', body);
    expect(again.data.taskId).toBe(a.data.taskId);
    const list = await call('liming', '/OaTask/queryTaskList', { type: 2, search: '周报汇总' });
    expect(list.data.totalRow).toBe(1);
  });

  it('refuses bad input with the field’s message', async () => {
    const good = { title: '整理客户名单', batchId: nextBatch() };
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, '请输入任务名称'],
      [{ title: '   ' }, '请输入任务名称'],
      [{ title: '任'.repeat(101) }, '任务名称不能超过100个字符'],
      [{ description: 'x'.repeat(2001) }, '任务描述不能超过2000个字符'],
      [{ priority: 4 }, '优先级有误'],
      [{ dueTime: '明天' }, '时间格式有误'],
      [{ dueTime: '2026-02-30 10:00' }, '时间格式有误'],
      [{ startTime: '2026-12-02 10:00', dueTime: '2026-12-01 10:00' }, '截止时间不能早于开始时间'],
      [{ participantIds: 'a,b' }, '参与人有误'],
      [{ participantIds: [99999] }, '所选成员不存在或已被禁用'],
      [{ ownerUserId: 99999 }, '所选成员不存在或已被禁用'],
      [{ subtasks: [{ title: '' }] }, '请输入任务名称'],
      [{ subtasks: Array.from({ length: 51 }, (_, i) => ({ title: `步骤${i}` })) }, '子任务不能超过50个'],
    ];
    for (const [extra, msg] of cases) {
      const res = await call('liming', '/OaTask/setTask', { ...good, ...extra, batchId: nextBatch() });
      expect([extra, res.code, res.msg]).toEqual([extra, 400, msg]);
    }
    expect((await call('liming', '/OaTask/setTask', good)).code).toBe(0);
  });

  it('adds subtasks only to a task the caller manages, one level deep', async () => {
    const taskId = await launch();
    const sub = await call('liming', '/OaTask/setTask', {
      title: '制作邀请函',
      parentId: taskId,
      ownerUserId: ids.sunli,
      batchId: nextBatch(),
    });
    expect(sub.code).toBe(0);
    const byParticipant = await call('sunli', '/OaTask/setTask', {
      title: '订茶歇',
      parentId: taskId,
      batchId: nextBatch(),
    });
    expect(byParticipant).toMatchObject({ code: 403, msg: '只有任务的创建人或负责人可以操作' });
    const nested = await call('liming', '/OaTask/setTask', {
      title: '再拆一步',
      parentId: sub.data.taskId,
      batchId: nextBatch(),
    });
    expect(nested).toMatchObject({ code: 400, msg: '子任务不能再添加子任务' });
    expect(await call('chenjing', '/OaTask/setTask', { title: '插一脚', parentId: taskId })).toMatchObject(refused);
    expect((await call('liming', '/OaTask/setTask', { title: '步骤', parentId: 99999 })).msg).toBe('任务不存在');
  });

  it('lets only the creator or owner edit, and replaces the participants', async () => {
    const taskId = await launch();
    const edit = {
      taskId,
      title: '筹备新品发布会（改期）',
      participantIds: [ids.zhoujie],
      dueTime: '2026-12-05 18:00',
    };
    expect(await call('sunli', '/OaTask/setTask', edit)).toMatchObject({
      code: 403,
      msg: '只有任务的创建人或负责人可以操作',
    });
    expect(await call('chenjing', '/OaTask/setTask', edit)).toMatchObject(refused);
    expect((await call('liming', '/OaTask/setTask', edit)).code).toBe(0);
    const info = await call('liming', '/OaTask/queryTaskInfo', { taskId });
    expect(info.data.title).toBe('筹备新品发布会（改期）');
    expect(info.data.participants.map((p: { userId: number }) => p.userId)).toEqual([ids.zhoujie]);
    // 孙丽 no longer takes part: the task is gone from her sight.
    expect(await call('sunli', '/OaTask/queryTaskInfo', { taskId })).toMatchObject(refused);
    expect((await call('liming', '/OaTask/setTask', { ...edit, taskId: 99999 })).msg).toBe('任务不存在');
  });
});

describe('POST /OaTask/queryTaskInfo', () => {
  it('refuses strangers, the owner’s manager included, and answers not found', async () => {
    const taskId = await launch();
    // 王总 is 李明's manager, 陈静 another department: tasks are private to the people in them.
    for (const who of ['chenjing', 'wufang'])
      expect(await call(who, '/OaTask/queryTaskInfo', { taskId })).toMatchObject(refused);
    expect(await call('liming', '/OaTask/queryTaskInfo', { taskId: 99999 })).toMatchObject({
      code: 404,
      msg: '任务不存在',
    });
    expect((await call('liming', '/OaTask/queryTaskInfo', { taskId: 'x' })).msg).toBe('任务不存在');
    expect(await t.post('/OaTask/queryTaskInfo', { taskId }, crmOnly)).toMatchObject(refused);
  });
});

describe('POST /OaTask/setTaskStatus', () => {
  it('a participant completes a subtask, the parent counts it, and a second click changes nothing', async () => {
    const taskId = await launch();
    const info = await call('sunli', '/OaTask/queryTaskInfo', { taskId });
    const subId = info.data.subtasks[0].taskId;
    expect(await call('sunli', '/OaTask/setTaskStatus', { taskId: subId, status: 2 })).toMatchObject({
      code: 0,
      data: { status: 2 },
    });
    expect((await call('sunli', '/OaTask/setTaskStatus', { taskId: subId, status: 2 })).data.status).toBe(2);
    const after = await call('liming', '/OaTask/queryTaskInfo', { taskId });
    expect(after.data).toMatchObject({ subtaskCount: 1, subtaskDone: 1 });
    expect(after.data.subtasks[0]).toMatchObject({ status: 2, dueState: 'none' });
    expect(after.data.subtasks[0].completedTime).not.toBeNull();
    expect((await call('sunli', '/OaTask/setTaskStatus', { taskId: subId, status: 1 })).data.status).toBe(1);
  });

  it('archives and restores for managers only; an archived task is read-only', async () => {
    const taskId = await launch();
    expect(await call('sunli', '/OaTask/setTaskStatus', { taskId, status: 3 })).toMatchObject({
      code: 403,
      msg: '只有任务的创建人或负责人可以操作',
    });
    expect((await call('liming', '/OaTask/setTaskStatus', { taskId, status: 3 })).code).toBe(0);
    expect(await call('sunli', '/OaTask/setTaskStatus', { taskId, status: 2 })).toMatchObject({
      code: 400,
      msg: '已归档的任务不能修改',
    });
    expect(await call('sunli', '/OaTask/comment', { taskId, content: '还要做吗' })).toMatchObject({
      code: 400,
      msg: '已归档的任务不能修改',
    });
    expect(await call('liming', '/OaTask/setTask', { taskId, title: '改名' })).toMatchObject({
      msg: '已归档的任务不能修改',
    });
    expect((await call('liming', '/OaTask/setTaskStatus', { taskId, status: 1 })).data.status).toBe(1);
  });

  it('refuses strangers, bad statuses and unknown tasks', async () => {
    const taskId = await launch();
    expect(await call('chenjing', '/OaTask/setTaskStatus', { taskId, status: 2 })).toMatchObject(refused);
    expect((await call('liming', '/OaTask/setTaskStatus', { taskId, status: 5 })).msg).toBe('任务状态有误');
    expect((await call('liming', '/OaTask/setTaskStatus', { taskId: 99999, status: 2 })).msg).toBe('任务不存在');
    expect(await t.post('/OaTask/setTaskStatus', { taskId, status: 2 }, crmOnly)).toMatchObject(refused);
    expect((await call('liming', '/OaTask/queryTaskInfo', { taskId })).data.status).toBe(1);
  });
});

describe('POST /OaTask/comment', () => {
  it('adds a comment its people read in order; strangers and empty texts are refused', async () => {
    const taskId = await launch();
    expect((await call('zhoujie', '/OaTask/comment', { taskId, content: '物料清单已发群里' })).code).toBe(0);
    expect((await call('liming', '/OaTask/comment', { taskId, content: '收到' })).code).toBe(0);
    const info = await call('sunli', '/OaTask/queryTaskInfo', { taskId });
    expect(
      info.data.comments.map((c: { content: string; user: { realname: string } }) => [c.user.realname, c.content]),
    ).toEqual([
      ['周杰', '物料清单已发群里'],
      ['李明', '收到'],
    ]);
    expect(await call('chenjing', '/OaTask/comment', { taskId, content: '路过' })).toMatchObject(refused);
    expect((await call('sunli', '/OaTask/comment', { taskId, content: '  ' })).msg).toBe('请输入评论内容');
    expect((await call('sunli', '/OaTask/comment', { taskId, content: '长'.repeat(501) })).msg).toBe(
      '评论内容不能超过500个字符',
    );
    expect((await call('sunli', '/OaTask/comment', { taskId: 99999, content: '在吗' })).msg).toBe('任务不存在');
    expect(await t.post('/OaTask/comment', { taskId, content: '在吗' }, crmOnly)).toMatchObject(refused);
  });
});

describe('POST /OaTask/deleteTask', () => {
  it('lets only the creator delete, with its subtasks', async () => {
    const taskId = await launch();
    const subId = (await call('liming', '/OaTask/queryTaskInfo', { taskId })).data.subtasks[0].taskId;
    expect(await call('sunli', '/OaTask/deleteTask', { taskId })).toMatchObject({
      code: 403,
      msg: '只有任务的创建人可以删除',
    });
    expect(await call('chenjing', '/OaTask/deleteTask', { taskId })).toMatchObject(refused);
    expect((await call('liming', '/OaTask/deleteTask', { taskId })).code).toBe(0);
    for (const id of [taskId, subId])
      expect(await call('liming', '/OaTask/queryTaskInfo', { taskId: id })).toMatchObject({
        code: 404,
        msg: '任务不存在',
      });
    expect((await call('liming', '/OaTask/deleteTask', { taskId })).msg).toBe('任务不存在');
    expect(await t.post('/OaTask/deleteTask', { taskId }, crmOnly)).toMatchObject(refused);
  });
});

describe('POST /OaTask/queryTaskList', () => {
  it('answers my tasks, tasks I created and tasks I take part in, filtered by status and due', async () => {
    const owned = await call('zhaoqiang', '/OaTask/setTask', {
      title: '回访老客户',
      ownerUserId: ids.zhoujie,
      participantIds: [ids.sunli],
      dueTime: new Date(Date.now() - 3600_000).toISOString(),
      batchId: nextBatch(),
    });
    const taskId = owned.data.taskId;
    const titles = async (who: string, body: Record<string, unknown>) =>
      (await call(who, '/OaTask/queryTaskList', { search: '回访老客户', ...body })).data.list.map(
        (r: { taskId: number }) => r.taskId,
      );
    expect(await titles('zhoujie', { type: 1 })).toEqual([taskId]);
    expect(await titles('zhaoqiang', { type: 2 })).toEqual([taskId]);
    expect(await titles('sunli', { type: 3 })).toEqual([taskId]);
    expect(await titles('sunli', { type: 1 })).toEqual([]);
    expect(await titles('chenjing', { type: 3 })).toEqual([]);
    expect(await titles('zhoujie', { type: 1, due: 'overdue' })).toEqual([taskId]);
    expect(await titles('zhoujie', { type: 1, due: 'dueSoon' })).toEqual([]);
    const row = (await call('zhoujie', '/OaTask/queryTaskList', { type: 1, search: '回访老客户' })).data.list[0];
    expect(row).toMatchObject({ dueState: 'overdue', ownerName: '周杰', createUserName: '赵强' });
    await call('zhoujie', '/OaTask/setTaskStatus', { taskId, status: 2 });
    expect(await titles('zhoujie', { type: 1, due: 'overdue' })).toEqual([]);
    expect(await titles('zhoujie', { type: 1, status: 2 })).toEqual([taskId]);
    expect(await titles('zhoujie', { type: 1, status: 1 })).toEqual([]);
    await call('zhaoqiang', '/OaTask/setTaskStatus', { taskId, status: 3 });
    expect(await titles('zhoujie', { type: 1 })).toEqual([]);
    expect(await titles('zhoujie', { type: 1, status: 3 })).toEqual([taskId]);
  });

  it('pages in SQL and refuses unknown list types, sorts and people without tasks', async () => {
    for (let i = 0; i < 3; i++)
      await call('wufang', '/OaTask/setTask', { title: `分页任务${i}`, batchId: nextBatch() });
    const page = await call('wufang', '/OaTask/queryTaskList', { type: 2, limit: 2, page: 2 });
    expect(page.data).toMatchObject({ totalRow: 3, page: 2, limit: 2 });
    expect(page.data.list).toHaveLength(1);
    expect((await call('wufang', '/OaTask/queryTaskList', { type: 2, limit: 2, page: 9 })).data).toMatchObject({
      totalRow: 3,
      list: [],
    });
    expect((await call('wufang', '/OaTask/queryTaskList', { type: 4 })).msg).toBe('任务列表类型有误');
    expect((await call('wufang', '/OaTask/queryTaskList', { sortField: 'password' })).msg).toBe('不支持按该字段排序');
    expect((await call('wufang', '/OaTask/queryTaskList', { due: 'later' })).msg).toBe('到期筛选有误');
    expect(await t.post('/OaTask/queryTaskList', {}, crmOnly)).toMatchObject(refused);
  });
});

describe('POST /OaRecord/queryTask and the workbench count', () => {
  it('answers my open tasks due between two days (China time), soonest first', async () => {
    const due = async (title: string, dueTime: string, extra: Record<string, unknown> = {}) =>
      (await call('chenjing', '/OaTask/setTask', { title, dueTime, batchId: nextBatch(), ...extra })).data.taskId;
    const late = await due('对账', '2027-03-02 23:30');
    const early = await due('报税', '2027-03-01 00:10');
    await due('年报', '2027-03-03 00:00');
    const res = await call('chenjing', '/OaRecord/queryTask', { startTime: '2027-03-01', endTime: '2027-03-02' });
    expect(res.data.map((r: { taskId: number }) => r.taskId)).toEqual([early, late]);
    expect(
      (await call('sunli', '/OaRecord/queryTask', { startTime: '2027-03-01', endTime: '2027-03-02' })).data,
    ).toEqual([]);
    expect((await call('chenjing', '/OaRecord/queryTask', { startTime: '2027-02-30' })).msg).toBe('日期格式有误');
    expect(await t.post('/OaRecord/queryTask', {}, crmOnly)).toMatchObject(refused);
  });

  it('taskNum counts the open tasks I own', async () => {
    const count = async () => (await call('huangmin', '/OaBackLog/num')).data.taskNum;
    tokens.huangmin = await t.login('huangmin');
    expect(await count()).toBe(0);
    const a = (await call('huangmin', '/OaTask/setTask', { title: '入职培训', batchId: nextBatch() })).data.taskId;
    await call('huangmin', '/OaTask/setTask', { title: '社保核对', batchId: nextBatch() });
    // A task I only created for someone else is theirs to do.
    await call('huangmin', '/OaTask/setTask', { title: '交接', ownerUserId: ids.sunli, batchId: nextBatch() });
    expect(await count()).toBe(2);
    await call('huangmin', '/OaTask/setTaskStatus', { taskId: a, status: 2 });
    expect(await count()).toBe(1);
  });
});

describe('attachments of a task', () => {
  it('join the task with its save and are seen by its people only', async () => {
    const batchId = nextBatch();
    const up = await postMultipart<FileInfo>(
      t,
      '/file/upload',
      { batchId, file: file('场地图.png', fixtures.png) },
      as('liming'),
    );
    expect(up.code).toBe(0);
    // Staged: the participants-to-be see nothing yet.
    const names = async (who: string) => {
      const res = await call(who, '/file/queryByBatchId', { batchId });
      return res.code === 0 ? res.data.map((f: FileInfo) => f.name) : res.msg;
    };
    expect(await names('sunli')).toEqual([]);
    const taskId = await launch({ batchId });
    expect(await names('sunli')).toEqual(['场地图.png']);
    expect(await names('chenjing')).toBe('无权访问');
    // Removing it while editing takes it off the task.
    expect(
      (await call('liming', '/OaTask/setTask', { taskId, title: '筹备新品发布会', removedFileIds: [up.data.fileId] }))
        .code,
    ).toBe(0);
    expect(await names('liming')).toEqual([]);
  });
});

describe('migration 0013_tasks_grant', () => {
  it('gives every role that may use approvals the task permission, once', async () => {
    const db = t.database.db;
    const holders = () =>
      queryRows<{ role_name: string }>(
        db,
        sql`select r.role_name from sys_role_permission p join sys_role r on r.role_id = p.role_id
            where p.permission = 'oa:task:use' order by r.role_name`,
      );
    expect((await holders()).map((r) => r.role_name)).toEqual(['普通员工']);
    // An installation from before tasks: its office role lacks the new key.
    await db.execute(sql`delete from sys_role_permission where permission = 'oa:task:use'`);
    const grant = fs.readFileSync(path.join(serverDir, 'drizzle/0013_tasks_grant.sql'), 'utf8');
    await db.execute(sql.raw(grant));
    await db.execute(sql.raw(grant));
    expect((await holders()).map((r) => r.role_name)).toEqual(['普通员工']);
  });
});

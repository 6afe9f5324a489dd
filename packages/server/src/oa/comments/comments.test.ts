import { localDay, Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, people } from '../../test/people.ts';

/**
 * The original client's shared comment calls over tasks (type 1) and work logs (type 2), and
 * `OaLog/delComment` (issue 20): the same rows as `OaTask/comment` and `OaLog/comment`, the
 * same visibility, and only the author removes a comment.
 */
let t: TestApp;
const { ids, call, signIn, signInNewUser } = people(() => t);
const nextBatch = batchIds('cm-batch');
let task: number;
let log: number;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'chenjing', 'wufang']);
  const madeTask = await call('sunli', '/task/setTask', {
    name: '准备投标',
    mainUserId: ids.sunli,
    ownerUserIds: String(ids.chenjing),
    stopTime: `${localDay(new Date(Date.now() + 86_400_000))} 18:00:00`,
  });
  task = madeTask.data.taskId;
  const madeLog = await call('sunli', '/OaLog/saveLog', {
    categoryId: 1,
    content: '今日拜访两家客户',
    tomorrow: '整理报价',
    question: '样品不足',
    sendUserIds: [ids.chenjing],
    batchId: nextBatch(),
  });
  log = madeLog.data.logId;
});
afterAll(() => t.close());

describe('comment/setComment, queryCommentList, deleteComment', () => {
  it('comments a task and a log; the lists answer them with their author', async () => {
    const onTask = await call('chenjing', '/comment/setComment', { typeId: task, type: 1, content: '收到' });
    expect(onTask).toMatchObject({
      code: 0,
      data: { typeId: task, type: 1, content: '收到', userId: ids.chenjing, user: { realname: '陈静' } },
    });
    const onLog = await call('chenjing', '/comment/setComment', { typeId: log, type: 2, content: '辛苦了' });
    expect(onLog.code).toBe(0);
    // The feature's own views see the same rows.
    const detail = await call('sunli', '/OaLog/queryLogInfo', { logId: log });
    expect(detail.data.comments.map((c: { commentId: number }) => c.commentId)).toEqual([onLog.data.commentId]);
    const list = await call('sunli', '/comment/queryCommentList', { typeId: task, type: '1' });
    expect(list.data).toEqual([
      expect.objectContaining({
        commentId: onTask.data.commentId,
        content: '收到',
        createTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        childCommentList: [],
        user: expect.objectContaining({ userId: ids.chenjing }),
      }),
    ]);
    const logList = await call('sunli', '/comment/queryCommentList', { typeId: log, type: 2 });
    expect(logList.data.map((c: { content: string }) => c.content)).toEqual(['辛苦了']);
  });

  it('refuses a bad type, an empty text, someone who does not see the task, and a missing task', async () => {
    expect(await call('sunli', '/comment/setComment', { typeId: task, type: 3, content: 'x' })).toMatchObject({
      code: 400,
      msg: '评论类型有误',
    });
    expect(await call('sunli', '/comment/setComment', { typeId: task, type: 1, content: ' ' })).toMatchObject({
      code: 400,
      msg: '请输入评论内容',
    });
    expect(await call('wufang', '/comment/setComment', { typeId: task, type: 1, content: '看看' })).toMatchObject({
      code: 403,
    });
    expect(await call('wufang', '/comment/queryCommentList', { typeId: log, type: 2 })).toMatchObject({ code: 403 });
    expect(await call('sunli', '/comment/queryCommentList', { typeId: 999999, type: 1 })).toMatchObject({
      code: 404,
    });
    const outsider = await signInNewUser('crmonly-cm', { roles: ['销售'], dept: '总经办' });
    expect(await t.post('/comment/setComment', { typeId: task, type: 1, content: 'x' }, outsider)).toMatchObject({
      code: 403,
      msg: Msg.forbidden,
    });
  });

  it('deletes only the author’s own comment; OaLog/delComment removes a log comment', async () => {
    const mine = await call('chenjing', '/comment/setComment', { typeId: task, type: 1, content: '稍后补充' });
    // Someone else's comment is refused (with the type named) or not found among theirs (without it).
    expect(await call('sunli', '/comment/deleteComment', { commentId: mine.data.commentId, type: 1 })).toMatchObject({
      code: 403,
      msg: '只能删除自己的评论',
    });
    expect(await call('sunli', '/comment/deleteComment', { commentId: 999999 })).toMatchObject({
      code: 404,
      msg: '评论不存在',
    });
    expect((await call('chenjing', '/comment/deleteComment', { commentId: mine.data.commentId, type: 1 })).code).toBe(
      0,
    );
    const left = await call('sunli', '/comment/queryCommentList', { typeId: task, type: 1 });
    expect(left.data.map((c: { commentId: number }) => c.commentId)).not.toContain(mine.data.commentId);

    const onLog = await call('chenjing', '/OaLog/comment', { logId: log, content: '再补一句' });
    expect((await call('sunli', '/OaLog/delComment', { commentId: onLog.data.commentId })).code).toBe(403);
    expect((await call('chenjing', '/OaLog/delComment', { commentId: onLog.data.commentId })).code).toBe(0);
    expect((await call('chenjing', '/OaLog/delComment', { commentId: onLog.data.commentId })).code).toBe(404);
  });
});

describe("OaLog rows as the original's log cell reads them", () => {
  it('carry the texts, the author, read state, recipients and 1/0 permissions', async () => {
    const inbox = await call('chenjing', '/OaLog/queryList', { page: 1, limit: 10 });
    const row = inbox.data.list.find((l: { logId: number }) => l.logId === log);
    expect(row).toMatchObject({
      content: '今日拜访两家客户',
      tomorrow: '整理报价',
      question: '样品不足',
      createUser: { userId: ids.sunli, realname: '孙丽' },
      permission: { isUpdate: 0, isDelete: 0, is_update: 0, is_delete: 0 },
      sendUserList: [expect.objectContaining({ userId: ids.chenjing, realname: '陈静' })],
      sendDeptList: [],
      img: [],
      file: [],
    });
    const own = await call('sunli', '/OaLog/queryLogList', { type: 1 });
    expect(own.data.list.find((l: { logId: number }) => l.logId === log).permission).toEqual({
      isUpdate: 1,
      isDelete: 1,
      is_update: 1,
      is_delete: 1,
    });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { file, fixtures, postMultipart } from '../../files/test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, people } from '../../test/people.ts';

/**
 * Personas (seed): everyone with 普通员工 writes logs (scope: self). zhaoqiang (销售一部) is
 * sunli's and zhoujie's supervisor and holds 外勤主管 (oa:journal:use, self and subordinates);
 * liming is above zhaoqiang. chenjing (财务部) is nobody's superior in sales.
 */
let t: TestApp;
const { ids, as, call, signIn, signInNewUser } = people(() => t);
let customers: { sunlis: number; others: number };

const refused = { code: 403, msg: '无权访问' };
const notFound = { code: 404, msg: '日志不存在' };
const nextBatch = batchIds('log-batch');
const logNum = async (who: string) => (await call(who, '/OaBackLog/num')).data.logNum as number;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'liming', 'zhaoqiang', 'sunli', 'zhoujie', 'wufang', 'chenjing']);
  const owned = async (owner: string) => {
    const [row] = await queryRows<{ customer_id: number }>(
      t.database.db,
      sql`select customer_id from crm_customer where owner_user_id = ${ids[owner]!} order by customer_id limit 1`,
    );
    return Number(row!.customer_id);
  };
  customers = { sunlis: await owned('sunli'), others: await owned('zhenghao') };
  await signInNewUser('crmonly', { roles: ['销售'], dept: '总经办' });
});
afterAll(() => t.close());

async function write(who = 'sunli', extra: Record<string, unknown> = {}) {
  const res = await call(who, '/OaLog/saveLog', {
    categoryId: 1,
    content: '<p>拜访客户三家</p><table><tbody><tr><td>客户</td><td>结果</td></tr></tbody></table>',
    tomorrow: '<p>整理报价</p>',
    question: '<p>库存不足</p>',
    sendUserIds: [ids.chenjing],
    batchId: nextBatch(),
    ...extra,
  });
  expect([res.code, res.msg]).toEqual([0, 'success']);
  return res.data.logId as number;
}

describe('POST /OaLog/saveLog', () => {
  it('sends a daily log that its recipient reads, unread until opened', async () => {
    const before = await logNum('chenjing');
    const logId = await write('sunli', { customerIds: [customers.sunlis] });
    expect(await logNum('chenjing')).toBe(before + 1);
    const inbox = await call('chenjing', '/OaLog/queryLogList', { type: 2, unread: 1 });
    expect(inbox.data.list).toContainEqual(
      expect.objectContaining({
        logId,
        categoryId: 1,
        unread: true,
        preview: '拜访客户三家 客户 结果',
        creator: expect.objectContaining({ realname: '孙丽' }),
        sendCount: 1,
        readCount: 0,
      }),
    );
    const detail = await call('chenjing', '/OaLog/queryLogInfo', { logId });
    expect(detail.data).toMatchObject({
      content: '<p>拜访客户三家</p><table><tbody><tr><td>客户</td><td>结果</td></tr></tbody></table>',
      tomorrow: '<p>整理报价</p>',
      question: '<p>库存不足</p>',
      customers: [{ customerId: customers.sunlis }],
      permitted: { update: false, delete: false, comment: true },
    });
    expect(detail.data.sendUsers).toMatchObject([{ userId: ids.chenjing, readTime: expect.any(String) }]);
    expect(await logNum('chenjing')).toBe(before);
    const after = await call('chenjing', '/OaLog/queryLogList', { type: 2, unread: 1 });
    expect(after.data.list.map((l: { logId: number }) => l.logId)).not.toContain(logId);
  });

  it('is read by its author and a superior by role scope, not by others', async () => {
    const logId = await write('sunli', { sendUserIds: [] });
    expect((await call('sunli', '/OaLog/queryLogInfo', { logId })).code).toBe(0);
    expect((await call('zhaoqiang', '/OaLog/queryLogInfo', { logId })).code).toBe(0);
    expect((await call('liming', '/OaLog/queryLogInfo', { logId })).code).toBe(0);
    const subs = await call('zhaoqiang', '/OaLog/queryLogList', { type: 3 });
    expect(subs.data.list.map((l: { logId: number }) => l.logId)).toContain(logId);
    // A colleague, another team's manager and someone outside sales are out of scope.
    for (const who of ['zhoujie', 'wufang', 'chenjing'])
      expect([who, await call(who, '/OaLog/queryLogInfo', { logId })]).toMatchObject([who, refused]);
    const theirs = await call('zhoujie', '/OaLog/queryLogList', { type: 3 });
    expect(theirs.data.list.map((l: { logId: number }) => l.logId)).not.toContain(logId);
  });

  it('stores the three parts sanitised', async () => {
    const logId = await write('sunli', {
      content: '<p onmouseover="alert(1)">完成<img src=x onerror=alert(1)></p>',
      tomorrow: '<a href="javascript:alert(1)">x</a><svg onload=alert(1)></svg>',
      question: '<style>p{}</style><p>无</p>',
    });
    const detail = await call('sunli', '/OaLog/queryLogInfo', { logId });
    expect(detail.data).toMatchObject({
      content: '<p>完成<img src="x" /></p>',
      tomorrow: '<a>x</a>',
      question: '<p>无</p>',
    });
  });

  it('answers the first log when the same form is submitted twice (double click)', async () => {
    const body = { content: '<p>双击</p>', batchId: 'log-double-1' };
    const [a, b] = await Promise.all([
      call('zhoujie', '/OaLog/saveLog', body),
      call('zhoujie', '/OaLog/saveLog', body),
    ]);
    expect(a.data.logId).toBe(b.data.logId);
    expect((await call('zhoujie', '/OaLog/queryLogList', { type: 1 })).data.totalRow).toBe(1);
  });

  it('refuses bad input with the field’s message', async () => {
    const good = { categoryId: 2, content: '<p>本周完成</p>' };
    const cases: [Record<string, unknown>, string][] = [
      [{ content: '' }, '请填写工作内容'],
      [{ content: '<p> </p>' }, '请填写工作内容'],
      [{ content: '<script>x()</script>' }, '请填写工作内容'],
      [{ content: `<p>${'字'.repeat(10001)}</p>` }, '内容不能超过10000个字'],
      [{ tomorrow: `<p>${'字'.repeat(10001)}</p>` }, '内容不能超过10000个字'],
      [{ categoryId: 4 }, '日志类型有误'],
      [{ sendUserIds: 'a' }, '接收人有误'],
      [{ sendUserIds: [99999] }, '所选成员不存在或已被禁用'],
      [{ sendUserIds: Array.from({ length: 101 }, (_, i) => i + 1) }, '接收人不能超过100人'],
      [{ customerIds: 'x' }, '关联客户有误'],
    ];
    for (const [extra, msg] of cases) {
      const res = await call('sunli', '/OaLog/saveLog', { ...good, ...extra, batchId: nextBatch() });
      expect([extra, res.code, res.msg]).toEqual([extra, 400, msg]);
    }
  });

  it('links only customers the author may read', async () => {
    const res = await call('sunli', '/OaLog/saveLog', {
      content: '<p>x</p>',
      customerIds: [customers.others],
      batchId: nextBatch(),
    });
    expect(res).toMatchObject(refused);
    const gone = await call('sunli', '/OaLog/saveLog', {
      content: '<p>x</p>',
      customerIds: [99999999],
      batchId: nextBatch(),
    });
    expect(gone.code).toBe(404);
  });

  it('lets only the author edit; recipients kept keep their read time', async () => {
    const logId = await write('sunli', { sendUserIds: [ids.zhoujie] });
    await call('zhoujie', '/OaLog/queryLogInfo', { logId });
    const edit = await call('sunli', '/OaLog/saveLog', {
      logId,
      categoryId: 1,
      content: '<p>改过</p>',
      sendUserIds: [ids.zhoujie, ids.wufang],
    });
    expect(edit.code).toBe(0);
    const detail = await call('wufang', '/OaLog/queryLogInfo', { logId });
    expect(detail.data.content).toBe('<p>改过</p>');
    const readers = Object.fromEntries(
      detail.data.sendUsers.map((u: { userId: number; readTime: string | null }) => [u.userId, u.readTime !== null]),
    );
    expect(readers).toEqual({ [ids.zhoujie!]: true, [ids.wufang!]: true });
    expect(await call('zhoujie', '/OaLog/saveLog', { logId, content: '<p>我改</p>' })).toMatchObject({
      code: 403,
      msg: '只有日志的作者可以修改或删除',
    });
    expect(await call('sunli', '/OaLog/saveLog', { logId: 999999, content: '<p>x</p>' })).toMatchObject(notFound);
  });

  it('keeps its attachments for those who may read it', async () => {
    const batchId = nextBatch();
    const up = await postMultipart(t, '/file/upload', { batchId, file: file('现场.png', fixtures.png) }, as('sunli'));
    await write('sunli', { batchId, content: `<p>现场</p><img src="/api${up.data.url}">` });
    const names = async (who: string) => {
      const res = await call(who, '/file/queryByBatchId', { batchId });
      return res.code === 0 ? res.data.map((f: { name: string }) => f.name) : res.msg;
    };
    expect(await names('chenjing')).toEqual(['现场.png']);
    expect(await names('wufang')).toBe('无权访问');
  });

  it('needs the permission', async () => {
    expect(await call('crmonly', '/OaLog/saveLog', { content: '<p>x</p>' })).toMatchObject(refused);
  });
});

describe('POST /OaLog/queryLogList', () => {
  it('filters by kind and day, and searches the author', async () => {
    const weekly = await write('zhoujie', { categoryId: 2, sendUserIds: [ids.chenjing] });
    const res = await call('chenjing', '/OaLog/queryLogList', { type: 2, categoryId: 2, search: '周杰' });
    expect(res.data.list.map((l: { logId: number }) => l.logId)).toEqual([weekly]);
    const past = await call('chenjing', '/OaLog/queryLogList', { type: 2, endDay: '2020-01-01' });
    expect(past.data.totalRow).toBe(0);
  });

  it('validates its filters and needs the permission', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 4 }, '日志列表类型有误'],
      [{ categoryId: 9 }, '日志类型有误'],
      [{ startDay: '2026-13-01' }, '日期格式有误'],
    ];
    for (const [body, msg] of cases)
      expect(await call('sunli', '/OaLog/queryLogList', body)).toMatchObject({ code: 400, msg });
    expect(await call('crmonly', '/OaLog/queryLogList', {})).toMatchObject(refused);
  });
});

describe('POST /OaLog/queryLogInfo', () => {
  it('answers not found for an unknown or deleted log', async () => {
    expect(await call('sunli', '/OaLog/queryLogInfo', { logId: 999999 })).toMatchObject(notFound);
    expect(await call('sunli', '/OaLog/queryLogInfo', {})).toMatchObject({ code: 400, msg: '日志不存在' });
  });
});

describe('POST /OaLog/comment', () => {
  it('lets readers comment; others are refused', async () => {
    const logId = await write();
    const res = await call('chenjing', '/OaLog/comment', { logId, content: '辛苦了，报价明天给我' });
    expect(res.code).toBe(0);
    const detail = await call('sunli', '/OaLog/queryLogInfo', { logId });
    expect(detail.data.comments).toMatchObject([
      { content: '辛苦了，报价明天给我', user: { userId: ids.chenjing, realname: '陈静' } },
    ]);
    expect((await call('sunli', '/OaLog/queryLogList', { type: 1 })).data.list).toContainEqual(
      expect.objectContaining({ logId, commentCount: 1, readCount: 0 }),
    );
    expect(await call('wufang', '/OaLog/comment', { logId, content: '路过' })).toMatchObject(refused);
    expect(await call('chenjing', '/OaLog/comment', { logId, content: ' ' })).toMatchObject({
      code: 400,
      msg: '请输入评论内容',
    });
    expect(await call('chenjing', '/OaLog/comment', { logId: 999999, content: '在吗' })).toMatchObject(notFound);
  });
});

describe('POST /OaLog/deleteLog', () => {
  it('lets the author delete; then it is gone and no longer counted', async () => {
    const logId = await write();
    const before = await logNum('chenjing');
    expect(await call('chenjing', '/OaLog/deleteLog', { logId })).toMatchObject({
      code: 403,
      msg: '只有日志的作者可以修改或删除',
    });
    expect((await call('sunli', '/OaLog/deleteLog', { logId })).code).toBe(0);
    expect(await logNum('chenjing')).toBe(before - 1);
    expect(await call('chenjing', '/OaLog/queryLogInfo', { logId })).toMatchObject(notFound);
    expect(await call('sunli', '/OaLog/deleteLog', { logId })).toMatchObject(notFound);
  });
});

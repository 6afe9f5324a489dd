import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { cid, openSocket } from './test-helpers.ts';

// Mass messages (spec 7.9: sendMassMsg, queryMassUserList): one text to chosen colleagues and
// departments, each stored as a one-to-one message from the sender.

let t: TestApp;
let li: string;
let wu: string;
let dept: Record<string, number>;
let user: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  li = await t.login('liming');
  wu = await t.login('wufang');
  const book = (await t.call('GET', '/system/user/deptBookAppPlus', { token: li })).data;
  dept = Object.fromEntries(book.depts.map((d: { name: string; deptId: number }) => [d.name, d.deptId]));
  user = Object.fromEntries(book.users.map((u: { realname: string; userId: number }) => [u.realname, u.userId]));
});
afterAll(() => t.close());

const names = (list: { realname: string }[]) => list.map((u) => u.realname).sort();

describe('queryMassUserList', () => {
  it('answers the chosen colleagues and everyone in the chosen departments and below, without the sender', async () => {
    const res = await t.call('GET', '/system/user/queryMassUserList', {
      token: li,
      query: { userIds: String(user.王建国), deptIds: String(dept.销售部) },
    });
    expect(res.code).toBe(0);
    expect(names(res.data)).toEqual(['吴芳', '周杰', '孙丽', '王建国', '赵强', '郑浩'].sort());
  });

  it.each([
    [{}, '请选择接收人'],
    [{ userIds: 'x' }, '员工不存在'],
  ])('refuses %j with %s', async (query, msg) => {
    const res = await t.call('GET', '/system/user/queryMassUserList', { token: li, query });
    expect(res.msg).toBe(msg);
  });

  it('needs a session', async () => {
    const res = await t.call('GET', '/system/user/queryMassUserList', { query: { userIds: '1' } });
    expect(res.code).toBe(302);
    expect(res.msg).toBe('请先登录！');
  });
});

describe('sendMassMsg', () => {
  it('sends each recipient a one-to-one message, live and in their history, and a resend stores nothing twice', async () => {
    const socket = await openSocket(t.app, wu);
    const clientMsgId = cid();
    const body = { clientMsgId, userIds: [user.王建国], deptIds: [dept.销售二部], content: '本周五下午全员培训' };
    const res = await t.post('/api/message/sendMassMsg', body, li);
    expect(res).toMatchObject({ code: 0, data: { count: 3 } });
    const pushed = await socket.next('message');
    expect(pushed.message).toMatchObject({ content: '本周五下午全员培训', chatType: 'contact', toUserId: user.吴芳 });

    // A double click: the same clientMsgId sends again, nothing is stored or pushed twice.
    expect((await t.post('/api/message/sendMassMsg', body, li)).data).toEqual({ count: 3 });
    expect(await socket.settle('message')).toEqual([]);
    for (const name of ['王建国', '吴芳', '郑浩']) {
      const history = await t.post('/api/message/synchronousMessagesList', { userId: user[name] }, li);
      expect(history.data.list.filter((m: { content: string }) => m.content === '本周五下午全员培训')).toHaveLength(1);
    }
    // Nobody else got it.
    const other = await t.post('/api/message/synchronousMessagesList', { userId: user.孙丽 }, li);
    expect(other.data.list).toEqual([]);
    await socket.close();
  });

  it.each([
    [{ content: '你好' }, '请选择接收人'],
    [{ userIds: [1], content: '   ' }, '请输入消息内容'],
    [{ userIds: [1], content: 'x'.repeat(2001) }, '消息不能超过2000个字符'],
    [{ userIds: [1], content: '你好', clientMsgId: 'x'.repeat(41) }, '消息编号有误'],
  ])('refuses %j with %s', async (body, msg) => {
    const res = await t.post('/api/message/sendMassMsg', { clientMsgId: cid(), ...body }, li);
    expect(res.msg).toBe(msg);
  });

  it('refuses a list that reaches nobody but the sender, and a caller without a session', async () => {
    const me = (await t.call('POST', '/system/user/queryLoginUser', { token: li })).data.userId;
    const self = await t.post('/api/message/sendMassMsg', { clientMsgId: cid(), userIds: [me], content: '你好' }, li);
    expect(self.msg).toBe('请选择接收人');
    const anon = await t.post('/api/message/sendMassMsg', {
      clientMsgId: cid(),
      userIds: [user.吴芳],
      content: '你好',
    });
    expect(anon.code).toBe(302);
  });
});

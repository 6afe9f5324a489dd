import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../test/harness.ts';
import { cid, openSocket } from './test-helpers.ts';

let t: TestApp;
let li: string;
let zhao: string;
let sun: string;
let ids: Record<'li' | 'zhao' | 'sun' | 'wang', number>;
let conversationId: number;
/** Message ids of the li–zhao conversation, oldest first. */
const sent: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  li = await t.login('liming');
  zhao = await t.login('zhaoqiang');
  sun = await t.login('sunli');
  const idOf = async (token: string) => (await t.call('POST', '/system/user/queryLoginUser', { token })).data.userId;
  ids = {
    li: await idOf(li),
    zhao: await idOf(zhao),
    sun: await idOf(sun),
    wang: await idOf(await t.login('wangzong')),
  };
  // 23 messages between 李明 and 赵强, one with a word to search for; one from 李明 to 孙丽.
  const s = await openSocket(t.app, li);
  for (let i = 1; i <= 23; i++) {
    const clientMsgId = cid();
    s.send({
      type: 'send',
      clientMsgId,
      toUserId: ids.zhao,
      msgType: 'txt',
      content: i === 5 ? '报价单已发' : `第${i}条`,
    });
    const ack = await s.next('ack', (a) => a.clientMsgId === clientMsgId);
    sent.push(ack.message.messageId);
    conversationId = ack.message.conversationId;
  }
  s.send({ type: 'send', clientMsgId: cid(), toUserId: ids.sun, msgType: 'txt', content: '报价单给你也发一份' });
  await s.next('ack', (a) => a.message.toUserId === ids.sun);
  await s.close();
});
afterAll(() => t.close());

const history = (body: unknown, token = li) => t.post('/api/message/synchronousMessagesList', raw(body), token);

describe('api/message/synchronousMessagesList', () => {
  it('pages 10 at a time, newest first, before a cursor, by conversation or by colleague', async () => {
    const first = await history({ conversationId });
    expect(first.code).toBe(0);
    expect(first.data.list.map((m: { messageId: number }) => m.messageId)).toEqual(sent.slice(-10).reverse());
    expect(first.data.hasMore).toBe(true);
    const byPeer = await history({ userId: ids.zhao });
    expect(byPeer.data).toEqual(first.data);

    const second = await history({ conversationId, beforeId: first.data.list.at(-1).messageId });
    expect(second.data.list.map((m: { messageId: number }) => m.messageId)).toEqual(sent.slice(3, 13).reverse());
    const third = await history({ conversationId, beforeId: second.data.list.at(-1).messageId });
    expect(third.data.list.map((m: { messageId: number }) => m.messageId)).toEqual(sent.slice(0, 3).reverse());
    expect(third.data.hasMore).toBe(false);

    // A colleague never written to: an empty history, not an error.
    expect((await history({ userId: ids.wang })).data).toEqual({ list: [], hasMore: false });
  });

  it('shows each side its own status', async () => {
    const own = await history({ conversationId });
    const peer = await history({ conversationId }, zhao);
    expect(own.data.list[0]).toMatchObject({
      fromUserId: ids.li,
      toUserId: ids.zhao,
      status: 'sent',
      content: '第23条',
    });
    expect(peer.data.list[0]).toMatchObject({ status: 'unread', content: '第23条' });
  });

  it('refuses a bad call, a stranger and an unknown conversation', async () => {
    expect((await history({})).msg).toBe('请选择聊天对象');
    expect((await history({ conversationId: 'abc' })).msg).toBe('会话不存在');
    expect((await history({ conversationId, beforeId: -3 })).msg).toBe('消息不存在');
    const stranger = await history({ conversationId }, sun);
    expect([stranger.code, stranger.msg]).toEqual([403, '无权访问']);
    const missing = await history({ conversationId: 99999 });
    expect([missing.code, missing.msg]).toEqual([404, '会话不存在']);
    const anonymous = await t.post('/api/message/synchronousMessagesList', { conversationId });
    expect([anonymous.code, anonymous.msg]).toEqual([302, '请先登录！']);
  });
});

describe('api/message/synchronizeMyConversationPlus', () => {
  it('lists the caller’s conversations, latest first, with unread counts and the last message', async () => {
    const mine = await t.post('/api/message/synchronizeMyConversationPlus', {}, li);
    expect(mine.code).toBe(0);
    expect(mine.data.map((c: { peer: { userId: number } }) => c.peer.userId)).toEqual([ids.sun, ids.zhao]);
    expect(mine.data[1]).toMatchObject({
      conversationId,
      chatType: 'contact',
      unreadCount: 0,
      peer: { userId: ids.zhao, realname: '赵强' },
      lastMessage: { messageId: sent.at(-1), content: '第23条', status: 'sent' },
    });
    const theirs = await t.post('/api/message/synchronizeMyConversationPlus', {}, zhao);
    expect(theirs.data).toHaveLength(1);
    expect(theirs.data[0]).toMatchObject({ conversationId, unreadCount: 23, peer: { userId: ids.li } });
    const none = await t.post('/api/message/synchronizeMyConversationPlus', {}, await t.login('wangzong'));
    expect(none.data).toEqual([]);
  });

  it('refuses an anonymous call and one that names nothing it knows', async () => {
    const anonymous = await t.post('/api/message/synchronizeMyConversationPlus', {});
    expect([anonymous.code, anonymous.msg]).toEqual([302, '请先登录！']);
    expect((await t.post('/api/message/synchronizeMyConversationPlus', raw({ foo: 1 }), li)).msg).toBe(
      '请求中没有本接口可识别的参数',
    );
  });
});

describe('api/message/queryUserIMMessages', () => {
  it('finds text in the caller’s conversations, with one colleague when asked', async () => {
    const all = await t.post('/api/message/queryUserIMMessages', { search: '报价单' }, li);
    expect(all.code).toBe(0);
    expect(all.data.totalRow).toBe(2);
    expect(all.data.list.map((m: { content: string }) => m.content)).toEqual(['报价单给你也发一份', '报价单已发']);
    const withZhao = await t.post('/api/message/queryUserIMMessages', { search: '报价单', userId: ids.zhao }, li);
    expect(withZhao.data.list.map((m: { content: string }) => m.content)).toEqual(['报价单已发']);
    const paged = await t.post('/api/message/queryUserIMMessages', { search: '条', limit: 5, page: 2 }, li);
    expect([paged.data.totalRow, paged.data.list.length, paged.data.list[0].content]).toEqual([22, 5, '第18条']);
    const past = await t.post('/api/message/queryUserIMMessages', { search: '条', limit: 5, page: 9 }, li);
    expect([past.data.totalRow, past.data.list]).toEqual([22, []]);
    // Patterns are escaped: % matches itself.
    expect((await t.post('/api/message/queryUserIMMessages', { search: '%' }, li)).data.totalRow).toBe(0);
  });

  it('finds nothing in conversations the caller is not in', async () => {
    const stranger = await t.post(
      '/api/message/queryUserIMMessages',
      { search: '报价单已发' },
      await t.login('wangzong'),
    );
    expect(stranger.data).toMatchObject({ list: [], totalRow: 0, page: 1, limit: 15 });
  });

  it('refuses a missing search and an anonymous call', async () => {
    expect((await t.post('/api/message/queryUserIMMessages', { search: ' ' }, li)).msg).toBe('请输入搜索内容');
    expect((await t.post('/api/message/queryUserIMMessages', { search: 'x'.repeat(51) }, li)).msg).toBe(
      '搜索内容不能超过50个字符',
    );
    expect((await t.post('/api/message/queryUserIMMessages', { search: 'a' })).code).toBe(302);
  });
});

describe('system/user/queryUserIMDetailByUserId', () => {
  it('answers a colleague’s card with the conversation the caller has with them', async () => {
    const res = await t.call('GET', '/system/user/queryUserIMDetailByUserId', {
      token: li,
      query: { userId: String(ids.zhao) },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ userId: ids.zhao, realname: '赵强', status: 1, conversationId, online: false });
    expect(res.data).not.toHaveProperty('passwordHash');
    const none = await t.call('GET', '/system/user/queryUserIMDetailByUserId', {
      token: li,
      query: { userId: String(ids.wang) },
    });
    expect(none.data).toMatchObject({ userId: ids.wang, conversationId: null });
  });

  it('shows who is online', async () => {
    const s = await openSocket(t.app, zhao);
    const res = await t.call('GET', '/system/user/queryUserIMDetailByUserId', {
      token: li,
      query: { userId: String(ids.zhao) },
    });
    expect(res.data.online).toBe(true);
    await s.close();
  });

  it('refuses a bad id, an unknown user and an anonymous call', async () => {
    const get = (query: Record<string, string>, token?: string) =>
      t.call('GET', '/system/user/queryUserIMDetailByUserId', { token, query });
    expect((await get({ userId: 'x' }, li)).msg).toBe('员工不存在');
    const missing = await get({ userId: '99999' }, li);
    expect([missing.code, missing.msg]).toEqual([404, '员工不存在']);
    expect((await get({ userId: String(ids.zhao) })).code).toBe(302);
  });
});

describe('system/user/deptBookAppPlus', () => {
  it('answers the departments and every active colleague but the caller', async () => {
    const res = await t.call('GET', '/system/user/deptBookAppPlus', { token: li });
    expect(res.code).toBe(0);
    expect(res.data.depts.map((d: { name: string }) => d.name)).toContain('销售部');
    const names = res.data.users.map((u: { realname: string }) => u.realname);
    expect(names).toContain('赵强');
    expect(names).not.toContain('李明');
    const found = await t.call('GET', '/system/user/deptBookAppPlus', { token: li, query: { search: '赵' } });
    expect(found.data.users.map((u: { realname: string }) => u.realname)).toEqual(['赵强']);
  });

  it('refuses a search too long and an anonymous call', async () => {
    const long = await t.call('GET', '/system/user/deptBookAppPlus', { token: li, query: { search: 'x'.repeat(51) } });
    expect(long.msg).toBe('搜索内容不能超过50个字符');
    expect((await t.call('GET', '/system/user/deptBookAppPlus')).code).toBe(302);
  });
});

describe('the socket address over plain HTTP', () => {
  it('answers a Chinese refusal, not a page', async () => {
    const res = await t.call('GET', '/api/message/socket');
    // A GET without an answer contract keeps its HTTP status (the browser acts on it).
    expect([res.status, res.code, res.msg]).toEqual([400, 400, '请通过 WebSocket 连接']);
  });
});

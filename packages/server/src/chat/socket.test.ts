import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../core/sql.ts';
import { file, fixtures, postMultipart } from '../files/test-helpers.ts';
import type { TestApp } from '../test/harness.ts';
import { CHAT_CHANNEL, type ChatEvent, notifyChat } from './repository.ts';
import { chatApp, cid, openSocket, type TestSocket } from './test-helpers.ts';

let t: TestApp;
let tokens: Record<'li' | 'zhao' | 'sun', string>;
let ids: Record<'li' | 'zhao' | 'sun', number>;
beforeAll(async () => ({ t, tokens, ids } = await chatApp(['li', 'zhao', 'sun'])));
afterAll(() => t.close());

const sendText = (s: TestSocket, toUserId: number, content: string, clientMsgId = cid()) => {
  s.send({ type: 'send', clientMsgId, toUserId, msgType: 'txt', content });
  return s.next('ack', (a) => a.clientMsgId === clientMsgId);
};
const storedCount = async (clientMsgId: string) =>
  Number(
    (
      await queryRows<{ n: string }>(
        t.database.db,
        sql`select count(*) as n from chat_message where client_msg_id = ${clientMsgId}`,
      )
    )[0]!.n,
  );

describe('the messaging socket: send and receive', () => {
  it('stores a message before acknowledging it and pushes it to the peer and the sender’s other tabs', async () => {
    const li = await openSocket(t.app, tokens.li);
    const liTab2 = await openSocket(t.app, tokens.li);
    const zhao = await openSocket(t.app, tokens.zhao);
    const clientMsgId = cid();
    li.send({ type: 'send', clientMsgId, toUserId: ids.zhao, msgType: 'txt', content: '  你好，明天开会  ' });
    const ack = await li.next('ack');
    expect(await storedCount(clientMsgId)).toBe(1);
    expect(ack).toMatchObject({
      clientMsgId,
      duplicate: false,
      message: { fromUserId: ids.li, toUserId: ids.zhao, type: 'txt', content: '你好，明天开会', status: 'sent' },
    });
    const got = await zhao.next('message');
    expect(got.message).toMatchObject({
      messageId: ack.message.messageId,
      conversationId: ack.message.conversationId,
      fromUserId: ids.li,
      content: '你好，明天开会',
      status: 'unread',
      chatType: 'contact',
    });
    expect((await liTab2.next('message')).message).toMatchObject({ messageId: ack.message.messageId, status: 'sent' });
    // The sending socket had its ack: no second copy.
    expect(await li.settle('message')).toEqual([]);

    const back = await sendText(zhao, ids.li, '收到');
    expect((await li.next('message')).message).toMatchObject({ messageId: back.message.messageId, content: '收到' });
    await Promise.all([li.close(), liTab2.close(), zhao.close()]);
  });

  it('refuses bad frames with the shared schema’s Chinese messages and keeps the socket open', async () => {
    const li = await openSocket(t.app, tokens.li);
    const cases: [unknown, string][] = [
      [{ type: 'send', clientMsgId: cid(), toUserId: ids.zhao, msgType: 'txt', content: '   ' }, '请输入消息内容'],
      [
        { type: 'send', clientMsgId: cid(), toUserId: ids.zhao, msgType: 'txt', content: 'x'.repeat(2001) },
        '消息不能超过2000个字符',
      ],
      [
        { type: 'send', clientMsgId: cid(), toUserId: ids.zhao, msgType: 'txt', content: 'a\u0000b' },
        '消息不能包含控制字符',
      ],
      [{ type: 'send', clientMsgId: cid(), toUserId: ids.zhao, msgType: 'gif', content: 'a' }, '消息类型有误'],
      [{ type: 'send', clientMsgId: cid(), toUserId: ids.zhao, msgType: 'img' }, '请选择要发送的文件'],
      [{ type: 'send', clientMsgId: 'has space', toUserId: ids.zhao, msgType: 'txt', content: 'a' }, '消息编号有误'],
      [{ type: 'send', clientMsgId: cid(), toUserId: ids.li, msgType: 'txt', content: 'a' }, '不能给自己发消息'],
      [{ type: 'send', clientMsgId: cid(), toUserId: 999999, msgType: 'txt', content: 'a' }, '员工不存在'],
      [{ type: 'send', clientMsgId: cid(), msgType: 'txt', content: 'a' }, '请选择聊天对象'],
      [{ type: 'shout' }, '消息格式有误'],
      [[1, 2], '消息格式有误'],
    ];
    for (const [frame, msg] of cases) {
      li.send(frame);
      expect([frame, (await li.next('error')).msg]).toEqual([frame, msg]);
    }
    li.sendRaw('{not json');
    expect((await li.next('error')).msg).toBe('消息格式有误');
    li.send({ type: 'ping', ref: 'p1' });
    expect(await li.next('pong')).toEqual({ type: 'pong', ref: 'p1' });
    expect(li.frames.some((f) => f.type === 'ack')).toBe(false);
    await li.close();
  });

  it('keeps the text as typed: markup is stored and sent back as text, not interpreted', async () => {
    const li = await openSocket(t.app, tokens.li);
    const ack = await sendText(li, ids.zhao, '<img src=x onerror=alert(1)>\n第二行');
    expect(ack.message.content).toBe('<img src=x onerror=alert(1)>\n第二行');
    await li.close();
  });
});

describe('the message event on the bus', () => {
  it('is announced with its row, so no process reads it back (a 2000-character text fits)', async () => {
    const events: ChatEvent[] = [];
    const stop = await t.database.bus.subscribe(CHAT_CHANNEL, (p) => events.push(JSON.parse(p) as ChatEvent));
    const li = await openSocket(t.app, tokens.li);
    const long = '长'.repeat(2000);
    const ack = await sendText(li, ids.zhao, long);
    await expect.poll(() => events.find((e) => e.k === 'm' && e.id === ack.message.messageId)).toBeTruthy();
    const event = events.find((e) => e.k === 'm' && e.id === ack.message.messageId) as Extract<ChatEvent, { k: 'm' }>;
    expect(event.r).toMatchObject({ content: long, sender_id: ids.li, chat_type: 'contact' });
    stop();
    await li.close();
  });

  it('announced by id alone (a row too large for the payload) is read back and pushed the same', async () => {
    const li = await openSocket(t.app, tokens.li);
    const zhao = await openSocket(t.app, tokens.zhao);
    const ack = await sendText(li, ids.zhao, '按编号通知');
    await zhao.next('message', (f) => f.message.messageId === ack.message.messageId);
    await notifyChat(t.database.db, { k: 'm', id: ack.message.messageId });
    const again = await zhao.next('message', (f) => f.message.messageId === ack.message.messageId);
    expect(again.message).toMatchObject({ content: '按编号通知', fromUserId: ids.li, status: 'unread' });
    await Promise.all([li.close(), zhao.close()]);
  });
});

describe('the first message of two colleagues', () => {
  it('creates one conversation with both members when both write first at the same moment', async () => {
    const [c, h] = await Promise.all([
      openSocket(t.app, await t.login('chenjing')),
      openSocket(t.app, await t.login('huangmin')),
    ]);
    const cId = c.frames.find((f) => f.type === 'ready')!.userId;
    const hId = h.frames.find((f) => f.type === 'ready')!.userId;
    const [fromC, fromH] = await Promise.all([sendText(c, hId, '你好，我是陈静'), sendText(h, cId, '你好，我是黄敏')]);
    expect(fromC.message.conversationId).toBe(fromH.message.conversationId);
    const members = await queryRows<{ user_id: number }>(
      t.database.db,
      sql`select user_id from chat_member where conversation_id = ${fromC.message.conversationId} order by user_id`,
    );
    expect(members.map((m) => m.user_id)).toEqual([cId, hId].sort((a, b) => a - b));
    expect((await h.next('message', (f) => f.message.messageId === fromC.message.messageId)).message.status).toBe(
      'unread',
    );
    await Promise.all([c.close(), h.close()]);
  });

  it('creates no conversation for a message refused', async () => {
    const li = await openSocket(t.app, tokens.li);
    li.send({ type: 'send', clientMsgId: cid(), toUserId: 987654, msgType: 'txt', content: '有人吗' });
    expect((await li.next('error')).msg).toBe('员工不存在');
    const rows = await queryRows(t.database.db, sql`select 1 from chat_conversation where user_high = 987654`);
    expect(rows).toEqual([]);
    await li.close();
  });
});

describe('authentication', () => {
  it('expects the token first, and closes with 4401 on anything else or an unknown token', async () => {
    const early = await openSocket(t.app);
    early.send({ type: 'send', clientMsgId: cid(), toUserId: ids.zhao, msgType: 'txt', content: 'a' });
    expect((await early.next('error')).msg).toBe('请先发送登录令牌');
    expect(await early.closed).toBe(4401);

    const wrong = await openSocket(t.app);
    wrong.send({ type: 'auth', token: 'not-a-token' });
    expect((await wrong.next('error')).msg).toBe('请先登录！');
    expect(await wrong.closed).toBe(4401);
  });

  it('closes the socket when its session is logged out, and when the user is disabled', async () => {
    const token = await t.login('zhoujie');
    const s = await openSocket(t.app, token);
    await t.post('/logout', {}, token);
    expect(await s.closed).toBe(4401);

    const again = await t.login('zhoujie');
    const s2 = await openSocket(t.app, again);
    const userId = s2.frames.find((f) => f.type === 'ready')!.userId;
    const admin = await t.login('admin');
    expect((await t.post('/system/user/setUserStatus', { userIds: [userId], status: 0 }, admin)).code).toBe(0);
    expect(await s2.closed).toBe(4401);
    const refused = await openSocket(t.app);
    refused.send({ type: 'auth', token: again });
    expect(await refused.closed).toBe(4401);
  });
});

describe('offline delivery and resends', () => {
  it('sends what arrived while offline on reconnect, until the client confirms delivery', async () => {
    const li = await openSocket(t.app, tokens.li);
    const first = await sendText(li, ids.sun, '第一条');
    const second = await sendText(li, ids.sun, '第二条');

    const sun = await openSocket(t.app, tokens.sun);
    const a = await sun.next('message', (f) => f.message.messageId === first.message.messageId);
    const b = await sun.next('message', (f) => f.message.messageId === second.message.messageId);
    expect([a.message.content, b.message.content]).toEqual(['第一条', '第二条']);
    expect(sun.frames.filter((f) => f.type === 'message').map((f) => (f as typeof a).message.messageId)).toEqual([
      first.message.messageId,
      second.message.messageId,
    ]);
    sun.send({ type: 'delivered', conversationId: b.message.conversationId, messageId: b.message.messageId });
    sun.send({ type: 'ping', ref: 'd' });
    await sun.next('pong');
    await sun.close();

    const sunAgain = await openSocket(t.app, tokens.sun);
    expect(await sunAgain.settle('message')).toEqual([]);
    const third = await sendText(li, ids.sun, '第三条');
    expect((await sunAgain.next('message')).message.messageId).toBe(third.message.messageId);
    await Promise.all([li.close(), sunAgain.close()]);
  });

  it('never lets a delivery mark run ahead of the conversation, hiding what comes next', async () => {
    const li = await openSocket(t.app, tokens.li);
    const sun = await openSocket(t.app, tokens.sun);
    const first = await sendText(li, ids.sun, '标记之前');
    await sun.next('message', (f) => f.message.messageId === first.message.messageId);
    sun.send({
      type: 'delivered',
      conversationId: first.message.conversationId,
      messageId: first.message.messageId + 1000,
    });
    sun.send({ type: 'ping' });
    await sun.next('pong');
    await sun.close();
    const later = await sendText(li, ids.sun, '标记之后');
    const sunAgain = await openSocket(t.app, tokens.sun);
    expect((await sunAgain.next('message')).message.messageId).toBe(later.message.messageId);
    await Promise.all([li.close(), sunAgain.close()]);
  });

  it('answers a resend with the same client id with the stored message, never a second one', async () => {
    const clientMsgId = cid();
    const li = await openSocket(t.app, tokens.li);
    const zhao = await openSocket(t.app, tokens.zhao);
    const first = await sendText(li, ids.zhao, '只发一次', clientMsgId);
    await li.close();

    const liAgain = await openSocket(t.app, tokens.li);
    const resent = await sendText(liAgain, ids.zhao, '只发一次', clientMsgId);
    expect(resent.duplicate).toBe(true);
    expect(resent.message.messageId).toBe(first.message.messageId);
    expect(await storedCount(clientMsgId)).toBe(1);
    await zhao.next('message', (f) => f.message.messageId === first.message.messageId);
    const again = (await zhao.settle('message')).filter((f) => f.message.messageId === first.message.messageId);
    expect(again).toEqual([]);

    // Another sender may use the same id for their own message.
    const other = await sendText(zhao, ids.li, '我的编号一样', clientMsgId);
    expect(other.duplicate).toBe(false);
    expect(await storedCount(clientMsgId)).toBe(2);
    await Promise.all([liAgain.close(), zhao.close()]);
  });
});

describe('read receipts', () => {
  it('tells the sender when the peer read, and the history and unread counts follow', async () => {
    const li = await openSocket(t.app, tokens.li);
    const zhao = await openSocket(t.app, tokens.zhao);
    await sendText(li, ids.zhao, '看一下合同');
    const last = await sendText(li, ids.zhao, '在附件里');
    const { conversationId, messageId } = last.message;

    const before = await t.post('/api/message/synchronizeMyConversationPlus', {}, tokens.zhao);
    const conv = before.data.find((c: { conversationId: number }) => c.conversationId === conversationId);
    expect(conv.unreadCount).toBeGreaterThanOrEqual(2);

    zhao.send({ type: 'read', conversationId, messageId });
    const receipt = await li.next('read');
    expect(receipt).toEqual({ type: 'read', conversationId, userId: ids.zhao, messageId, fromId: expect.any(Number) });
    expect(receipt.fromId).toBeLessThan(messageId);
    // The reader's own other sockets hear it too (their unread badge).
    await zhao.next('read');

    const after = await t.post('/api/message/synchronizeMyConversationPlus', {}, tokens.zhao);
    expect(after.data.find((c: { conversationId: number }) => c.conversationId === conversationId).unreadCount).toBe(0);
    const history = await t.post('/api/message/synchronousMessagesList', { conversationId }, tokens.li);
    expect(history.data.list[0]).toMatchObject({ messageId, status: 'read' });
    const peerView = await t.post('/api/message/synchronousMessagesList', { conversationId }, tokens.zhao);
    expect(peerView.data.list[0]).toMatchObject({ messageId, status: 'read' });

    // A mark never moves back, nor past the last message.
    zhao.send({ type: 'read', conversationId, messageId: 1 });
    zhao.send({ type: 'read', conversationId, messageId: messageId + 1000 });
    expect(await li.settle('read')).toEqual([]);
    await Promise.all([li.close(), zhao.close()]);
  });
});

describe('recall', () => {
  it('recalls within 2 minutes: 消息已撤回 for the sender, 对方撤回了一条消息 for the peer', async () => {
    const li = await openSocket(t.app, tokens.li);
    const zhao = await openSocket(t.app, tokens.zhao);
    const ack = await sendText(li, ids.zhao, '发错了');
    await zhao.next('message', (f) => f.message.messageId === ack.message.messageId);

    zhao.send({ type: 'recall', messageId: ack.message.messageId, ref: 'r1' });
    expect(await zhao.next('error')).toEqual({ type: 'error', ref: 'r1', msg: '只能撤回自己发送的消息' });

    li.send({ type: 'recall', messageId: ack.message.messageId });
    expect((await li.next('recall')).message).toMatchObject({ status: 'recall', content: '消息已撤回' });
    expect((await zhao.next('recall')).message).toMatchObject({ status: 'recall', content: '对方撤回了一条消息' });

    const { conversationId } = ack.message;
    const own = await t.post('/api/message/synchronousMessagesList', { conversationId }, tokens.li);
    const peer = await t.post('/api/message/synchronousMessagesList', { conversationId }, tokens.zhao);
    expect(own.data.list[0]).toMatchObject({
      messageId: ack.message.messageId,
      content: '消息已撤回',
      status: 'recall',
    });
    expect(peer.data.list[0]).toMatchObject({ content: '对方撤回了一条消息', status: 'recall' });
    const [row] = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from chat_message where message_id = ${ack.message.messageId}`,
    );
    expect(row!.content).toBe('');
    await Promise.all([li.close(), zhao.close()]);
  });

  it('refuses a recall after 2 minutes', async () => {
    const li = await openSocket(t.app, tokens.li);
    const ack = await sendText(li, ids.zhao, '旧消息');
    await t.database.db.execute(
      sql`update chat_message set create_time = now() - interval '121 seconds' where message_id = ${ack.message.messageId}`,
    );
    li.send({ type: 'recall', messageId: ack.message.messageId });
    expect((await li.next('error')).msg).toBe('消息发送已超过2分钟，不能撤回');
    expect(await li.settle('recall')).toEqual([]);

    const fresh = await sendText(li, ids.zhao, '新消息');
    await t.database.db.execute(
      sql`update chat_message set create_time = now() - interval '110 seconds' where message_id = ${fresh.message.messageId}`,
    );
    li.send({ type: 'recall', messageId: fresh.message.messageId });
    expect((await li.next('recall')).message.content).toBe('消息已撤回');
    await li.close();
  });
});

describe('strangers', () => {
  it('cannot read, mark or recall in a conversation they do not belong to', async () => {
    const li = await openSocket(t.app, tokens.li);
    const ack = await sendText(li, ids.zhao, '只给赵强看');
    const { conversationId, messageId } = ack.message;
    const stranger = await openSocket(t.app, tokens.sun);

    const history = await t.post('/api/message/synchronousMessagesList', { conversationId }, tokens.sun);
    expect([history.status, history.code, history.msg, history.data]).toEqual([200, 403, '无权访问', null]);
    stranger.send({ type: 'read', conversationId, messageId });
    expect((await stranger.next('error')).msg).toBe('无权访问');
    stranger.send({ type: 'recall', messageId });
    expect((await stranger.next('error')).msg).toBe('消息不存在');
    const sync = await t.post('/api/message/synchronizeMyConversationPlus', {}, tokens.sun);
    expect(sync.data.map((c: { conversationId: number }) => c.conversationId)).not.toContain(conversationId);
    expect(stranger.frames.filter((f) => f.type === 'message' && f.message.conversationId === conversationId)).toEqual(
      [],
    );
    await Promise.all([li.close(), stranger.close()]);
  });
});

describe('media messages', () => {
  it('sends an uploaded image that only the conversation’s members may view', async () => {
    const up = await postMultipart(t, '/file/upload', { type: 'img', file: file('合影.png', fixtures.png) }, tokens.li);
    expect(up.code).toBe(0);
    const li = await openSocket(t.app, tokens.li);
    const zhao = await openSocket(t.app, tokens.zhao);
    const clientMsgId = cid();
    li.send({ type: 'send', clientMsgId, toUserId: ids.zhao, msgType: 'img', fileId: up.data.fileId });
    const ack = await li.next('ack');
    expect(ack.message).toMatchObject({
      type: 'img',
      content: '',
      file: { fileId: up.data.fileId, mime: 'image/png' },
    });
    const got = await zhao.next('message', (f) => f.message.messageId === ack.message.messageId);
    const url = got.message.file!.url;
    expect(url).toBe(up.data.url);

    const view = (token: string) => t.app.inject({ method: 'GET', url, headers: { 'admin-token': token } });
    expect((await view(tokens.zhao)).statusCode).toBe(200);
    expect((await view(tokens.li)).statusCode).toBe(200);
    expect((await view(tokens.sun)).statusCode).toBe(403);

    // Sent once: the file now belongs to the conversation and cannot be sent again as a new message.
    li.send({ type: 'send', clientMsgId: cid(), toUserId: ids.sun, msgType: 'img', fileId: up.data.fileId });
    expect((await li.next('error')).msg).toBe('文件不存在');

    // A recall removes the file with the message.
    li.send({ type: 'recall', messageId: ack.message.messageId });
    expect((await zhao.next('recall')).message.file).toBeNull();
    expect((await view(tokens.zhao)).statusCode).toBe(404);
    await Promise.all([li.close(), zhao.close()]);
  });

  it('refuses a file of the wrong kind and someone else’s upload', async () => {
    const pdf = await postMultipart(t, '/file/upload', { file: file('报价.pdf', fixtures.pdf) }, tokens.li);
    const theirs = await postMultipart(t, '/file/upload', { file: file('别人的.pdf', fixtures.pdf) }, tokens.sun);
    const li = await openSocket(t.app, tokens.li);
    for (const msgType of ['img', 'audio', 'video']) {
      li.send({ type: 'send', clientMsgId: cid(), toUserId: ids.zhao, msgType, fileId: pdf.data.fileId });
      expect((await li.next('error')).msg).toBe('文件类型与消息类型不符');
    }
    li.send({ type: 'send', clientMsgId: cid(), toUserId: ids.zhao, msgType: 'file', fileId: theirs.data.fileId });
    expect((await li.next('error')).msg).toBe('文件不存在');
    const ok = cid();
    li.send({ type: 'send', clientMsgId: ok, toUserId: ids.zhao, msgType: 'file', fileId: pdf.data.fileId });
    expect((await li.next('ack')).message).toMatchObject({ type: 'file', file: { name: '报价.pdf' } });
    await li.close();
  });
});

describe('typing and presence', () => {
  it('forwards typing to the peer and answers who is online', async () => {
    const li = await openSocket(t.app, tokens.li);
    const zhao = await openSocket(t.app, tokens.zhao);
    li.send({ type: 'typing', toUserId: ids.zhao });
    expect(await zhao.next('typing')).toEqual({ type: 'typing', fromUserId: ids.li });

    li.send({ type: 'presence', userIds: [ids.zhao, ids.sun] });
    expect(await li.next('presence', (p) => p.online.includes(ids.zhao) && p.offline.includes(ids.sun))).toEqual({
      type: 'presence',
      online: [ids.zhao],
      offline: [ids.sun],
    });
    await zhao.close();
    await li.next('presence', (p) => p.offline.includes(ids.zhao));
    const sun = await openSocket(t.app, tokens.sun);
    await li.next('presence', (p) => p.online.includes(ids.sun));
    await Promise.all([li.close(), sun.close()]);
  });
});

describe('presence goes to those who care', () => {
  it('tells a user’s conversation partners, friends and those who asked when they come and go, and no stranger', async () => {
    const [a, partner, friend, asker, stranger] = await Promise.all(
      ['liuyang', 'zhenghao', 'huangmin', 'admin', 'chenjing'].map((u) => t.login(u)),
    );
    const aId = (await t.call('POST', '/system/user/queryLoginUser', { token: a })).data.userId as number;
    const friendId = (await t.call('POST', '/system/user/queryLoginUser', { token: friend })).data.userId as number;
    await t.database.db.execute(
      sql`insert into chat_friend (user_id, friend_id) values (${aId}, ${friendId}), (${friendId}, ${aId})`,
    );
    // A conversation from before: the partner's next socket knows of it when it connects.
    const first = await openSocket(t.app, partner);
    await sendText(first, aId, '在吗？');
    await first.close();

    const partnerSock = await openSocket(t.app, partner);
    const friendSock = await openSocket(t.app, friend);
    const strangerSock = await openSocket(t.app, stranger);
    const askerSock = await openSocket(t.app, asker);
    askerSock.send({ type: 'presence', userIds: [aId] });
    expect(await askerSock.next('presence')).toEqual({ type: 'presence', online: [], offline: [aId] });

    const aSock = await openSocket(t.app, a);
    // Frames about this user (others of these colleagues may come and go too).
    const aboutA = (f: { online: number[]; offline: number[] }) => f.online.includes(aId) || f.offline.includes(aId);
    const cameOnline = { type: 'presence', online: [aId], offline: [] };
    expect(await partnerSock.next('presence', aboutA)).toEqual(cameOnline);
    expect(await friendSock.next('presence', aboutA)).toEqual(cameOnline);
    expect(await askerSock.next('presence', aboutA)).toEqual(cameOnline);
    // A second tab of someone already online changes nothing.
    const aTab2 = await openSocket(t.app, a);
    await aTab2.close();
    expect((await partnerSock.settle('presence')).filter(aboutA)).toEqual([]);

    await aSock.close();
    const wentOffline = { type: 'presence', online: [], offline: [aId] };
    expect(await partnerSock.next('presence', aboutA)).toEqual(wentOffline);
    expect(await friendSock.next('presence', aboutA)).toEqual(wentOffline);
    expect(await askerSock.next('presence', aboutA)).toEqual(wentOffline);
    expect((await strangerSock.settle('presence')).filter(aboutA)).toEqual([]);
    await Promise.all([partnerSock.close(), friendSock.close(), strangerSock.close(), askerSock.close()]);
  });

  it('tells two colleagues of each other from their first message on', async () => {
    const [x, y] = await Promise.all(['yangfan', 'hexue'].map((u) => t.login(u)));
    const xSock = await openSocket(t.app, x);
    const yId = (await t.call('POST', '/system/user/queryLoginUser', { token: y })).data.userId as number;
    let ySock = await openSocket(t.app, y);
    // Strangers so far: neither hears of the other.
    await ySock.close();
    expect(await xSock.settle('presence')).toEqual([]);
    ySock = await openSocket(t.app, y);
    await sendText(ySock, xSock.frames.find((f) => f.type === 'ready')!.userId, '你好，我是新同事');
    await xSock.next('message');
    await ySock.close();
    expect(await xSock.next('presence')).toEqual({ type: 'presence', online: [], offline: [yId] });
    await xSock.close();
  });
});

describe('the unread badge', () => {
  it('sends the unread total on connect and pushes it to every tab when a message comes and when it is read', async () => {
    const wangToken = await t.login('wangzong');
    const wuToken = await t.login('wufang');
    const wuId = (await t.call('POST', '/system/user/queryLoginUser', { token: wuToken })).data.userId;
    const wang = await openSocket(t.app, wangToken);
    const wu = await openSocket(t.app, wuToken);
    const wuTab2 = await openSocket(t.app, wuToken);
    expect(await wu.next('unread')).toEqual({ type: 'unread', count: 0 });
    await wuTab2.next('unread');
    // The sender's own count is not touched by what they send.
    expect(await wang.next('unread')).toEqual({ type: 'unread', count: 0 });

    await sendText(wang, wuId, '下午三点开会');
    const last = await sendText(wang, wuId, '别忘了带资料');
    expect((await wu.next('unread', (f) => f.count === 2)).count).toBe(2);
    expect((await wuTab2.next('unread', (f) => f.count === 2)).count).toBe(2);
    expect(await wang.settle('unread')).toEqual([]);

    wu.send({ type: 'read', conversationId: last.message.conversationId, messageId: last.message.messageId });
    expect(await wu.next('unread', (f) => f.count === 0)).toEqual({ type: 'unread', count: 0 });
    expect(await wuTab2.next('unread', (f) => f.count === 0)).toEqual({ type: 'unread', count: 0 });

    // A later connection starts from the stored count.
    await sendText(wang, wuId, '收到请回复');
    const wuTab3 = await openSocket(t.app, wuToken);
    expect(await wuTab3.next('unread')).toEqual({ type: 'unread', count: 1 });
    await Promise.all([wang.close(), wu.close(), wuTab2.close(), wuTab3.close()]);
  });

  it('counts every receiver’s total right when many messages come at once (one count for a batch of receivers)', async () => {
    const wang = await openSocket(t.app, await t.login('wangzong'));
    const receivers = await Promise.all(
      ['wufang', 'yangfan', 'hexue'].map(async (u) => openSocket(t.app, await t.login(u))),
    );
    const receiverIds = receivers.map((r) => r.frames.find((f) => f.type === 'ready')!.userId);
    // 吴芳 still has 收到请回复 unread from above; the others start from what they had.
    const before = await Promise.all(receivers.map(async (r) => (await r.next('unread')).count));
    expect(before[0]).toBe(1);
    const sends = [];
    for (let i = 0; i < 4; i++) for (const to of receiverIds) sends.push(sendText(wang, to, `第${i + 1}条通知`));
    await Promise.all(sends);
    for (const [i, r] of receivers.entries()) {
      const total = before[i]! + 4;
      await r.next('unread', (f) => f.count === total);
      await r.settle('unread');
      // One frame per batch counted: rising to the total, never past it, and ending there.
      const counts = r.frames.flatMap((f) => (f.type === 'unread' ? [f.count] : []));
      expect(counts.at(-1)).toBe(total);
      expect(counts.every((c, k) => c <= total && (k === 0 || c >= counts[k - 1]!))).toBe(true);
    }
    await Promise.all([wang.close(), ...receivers.map((r) => r.close())]);
  });
});

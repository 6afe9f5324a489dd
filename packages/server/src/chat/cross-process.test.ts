import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { cid, openSocket } from './test-helpers.ts';

/**
 * Two servers on one database, as two processes behind a load balancer (on PostgreSQL each has
 * its own pool and listening connection): users connected to different servers talk through
 * LISTEN/NOTIFY alone.
 */
let t: TestApp;
let other: Awaited<ReturnType<TestApp['sibling']>>;
beforeAll(async () => {
  t = await createTestApp();
  other = await t.sibling();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('messaging across server processes', () => {
  it('delivers messages, read receipts, recalls, typing and presence between two servers', async () => {
    const li = await openSocket(t.app, await t.login('liming'));
    const zhao = await openSocket(other.app, await t.login('zhaoqiang'));
    const liId = li.frames.find((f) => f.type === 'ready')!.userId;
    const zhaoId = zhao.frames.find((f) => f.type === 'ready')!.userId;

    const clientMsgId = cid();
    li.send({ type: 'send', clientMsgId, toUserId: zhaoId, msgType: 'txt', content: '另一台服务器收得到吗' });
    const ack = await li.next('ack');
    const got = await zhao.next('message', (f) => f.message.messageId === ack.message.messageId);
    expect(got.message).toMatchObject({ fromUserId: liId, content: '另一台服务器收得到吗', status: 'unread' });

    zhao.send({ type: 'read', conversationId: got.message.conversationId, messageId: got.message.messageId });
    expect(await li.next('read')).toEqual({
      type: 'read',
      conversationId: got.message.conversationId,
      userId: zhaoId,
      messageId: got.message.messageId,
      fromId: expect.any(Number),
    });

    const replyId = cid();
    zhao.send({ type: 'send', clientMsgId: replyId, toUserId: liId, msgType: 'txt', content: '收到了' });
    const reply = await zhao.next('ack');
    expect((await li.next('message')).message).toMatchObject({ messageId: reply.message.messageId, content: '收到了' });

    li.send({ type: 'recall', messageId: ack.message.messageId });
    expect((await zhao.next('recall')).message.content).toBe('对方撤回了一条消息');
    expect((await li.next('recall')).message.content).toBe('消息已撤回');

    zhao.send({ type: 'typing', toUserId: liId });
    expect(await li.next('typing')).toEqual({ type: 'typing', fromUserId: zhaoId });

    li.send({ type: 'presence', userIds: [zhaoId] });
    expect(await li.next('presence', (p) => p.online.includes(zhaoId))).toEqual({
      type: 'presence',
      online: [zhaoId],
      offline: [],
    });
    await zhao.close();
    await li.next('presence', (p) => p.offline.includes(zhaoId));
    await li.close();
  });

  it('closes a socket on one server when the session is logged out through the other', async () => {
    const token = await t.login('sunli');
    const s = await openSocket(other.app, token);
    expect((await t.post('/logout', {}, token)).code).toBe(0);
    expect(await s.closed).toBe(4401);
  });
});

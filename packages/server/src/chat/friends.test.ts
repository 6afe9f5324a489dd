import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/harness.ts';
import { type Chatter, chatApp, openSocket } from './test-helpers.ts';

let t: TestApp;
let tokens: Record<Chatter, string>;
let ids: Record<Chatter, number>;
beforeAll(async () => ({ t, tokens, ids } = await chatApp(['li', 'zhao', 'sun', 'wang', 'zhou'])));
afterAll(() => t.close());

const friendIds = async (who: Chatter) =>
  (await t.call('GET', '/system/user/deptBookAppPlus', { token: tokens[who] })).data.friendIds as number[];

describe('friend requests', () => {
  it('keeps a request for an offline colleague; a rejection tells the requester 请求被拒绝', async () => {
    const li = await openSocket(t.app, tokens.li);
    li.send({ type: 'subscribe', toUserId: ids.wang, message: '一起跟进客户' });
    li.send({ type: 'ping' });
    await li.next('pong');

    const wang = await openSocket(t.app, tokens.wang);
    const { notice } = await wang.next('notice');
    expect(notice).toMatchObject({
      kind: 'subscribe',
      fromUserId: ids.li,
      text: '李明请求添加你为好友：一起跟进客户',
    });
    wang.send({ type: 'unsubscribed', requestId: notice.requestId });
    const answer = await li.next('notice');
    expect(answer.notice).toMatchObject({ kind: 'unsubscribed', fromUserId: ids.wang, requestId: notice.requestId });
    expect(answer.notice.text).toBe('你向王建国发送的好友请求被拒绝');
    expect(answer.notice.text.endsWith('请求被拒绝')).toBe(true);
    expect(await friendIds('li')).toEqual([]);

    wang.send({ type: 'subscribed', requestId: notice.requestId, ref: 'again' });
    expect(await wang.next('error')).toEqual({ type: 'error', ref: 'again', msg: '该好友请求已处理' });
    await Promise.all([li.close(), wang.close()]);
  });

  it('makes both friends on acceptance and refreshes the requester’s contacts', async () => {
    const zhao = await openSocket(t.app, tokens.zhao);
    const sun = await openSocket(t.app, tokens.sun);
    zhao.send({ type: 'subscribe', toUserId: ids.sun });
    const request = (await sun.next('notice')).notice;
    expect(request.text).toBe('赵强请求添加你为好友');
    // Someone else cannot answer it.
    const li = await openSocket(t.app, tokens.li);
    li.send({ type: 'subscribed', requestId: request.requestId });
    expect((await li.next('error')).msg).toBe('好友请求不存在');

    sun.send({ type: 'subscribed', requestId: request.requestId });
    expect((await zhao.next('notice')).notice).toMatchObject({ kind: 'subscribed', text: '孙丽已同意你的好友请求' });
    expect(await friendIds('zhao')).toEqual([ids.sun]);
    expect(await friendIds('sun')).toEqual([ids.zhao]);
    zhao.send({ type: 'subscribe', toUserId: ids.sun });
    expect((await zhao.next('error')).msg).toBe('你们已经是好友了');
    await Promise.all([zhao.close(), sun.close(), li.close()]);
  });

  it('accepts at once when both asked each other', async () => {
    const li = await openSocket(t.app, tokens.li);
    const zhou = await openSocket(t.app, tokens.zhou);
    li.send({ type: 'subscribe', toUserId: ids.zhou });
    await zhou.next('notice', (n) => n.notice.kind === 'subscribe');
    zhou.send({ type: 'subscribe', toUserId: ids.li });
    expect((await li.next('notice', (n) => n.notice.kind === 'subscribed')).notice.fromUserId).toBe(ids.zhou);
    expect(await friendIds('zhou')).toContain(ids.li);
    await Promise.all([li.close(), zhou.close()]);
  });

  it('refuses asking oneself or an unknown colleague', async () => {
    const li = await openSocket(t.app, tokens.li);
    li.send({ type: 'subscribe', toUserId: ids.li });
    expect((await li.next('error')).msg).toBe('不能添加自己为好友');
    li.send({ type: 'subscribe', toUserId: 999999 });
    expect((await li.next('error')).msg).toBe('员工不存在');
    li.send({ type: 'subscribe', toUserId: ids.zhao, message: 'x'.repeat(101) });
    expect((await li.next('error')).msg).toBe('验证消息不能超过100个字符');
    await li.close();
  });
});

describe('stored notifications', () => {
  it('sends group invitations on connect until a client confirms them', async () => {
    const created = await t.post('/api/chatgroup/createGroup', { name: '周会', userIds: [ids.wang] }, tokens.li);
    expect(created.code).toBe(0);
    const wang = await openSocket(t.app, tokens.wang);
    const invitation = await wang.next('notice', (n) => n.notice.kind === 'group');
    expect(invitation.notice).toMatchObject({
      fromUserId: ids.li,
      groupId: created.data.groupId,
      text: '李明邀请你加入群聊「周会」',
    });
    await wang.close();

    // Not confirmed: sent again.
    const again = await openSocket(t.app, tokens.wang);
    const repeated = await again.next('notice', (n) => n.notice.noticeId === invitation.notice.noticeId);
    again.send({ type: 'noticed', noticeId: repeated.notice.noticeId });
    again.send({ type: 'ping' });
    await again.next('pong');
    await again.close();

    const third = await openSocket(t.app, tokens.wang);
    expect((await third.settle('notice')).filter((n) => n.notice.noticeId <= invitation.notice.noticeId)).toEqual([]);
    await third.close();
  });
});

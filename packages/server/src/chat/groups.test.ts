import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, fixtures, postMultipart } from '../files/test-helpers.ts';
import type { TestApp } from '../test/harness.ts';
import { type Chatter, chatApp, cid, openSocket, type TestSocket } from './test-helpers.ts';

let t: TestApp;
let tokens: Record<Chatter, string>;
let ids: Record<Chatter, number>;
beforeAll(async () => ({ t, tokens, ids } = await chatApp(['li', 'zhao', 'sun', 'wang', 'zhou'])));
afterAll(() => t.close());

const post = (path: string, body: unknown, who: Chatter) => t.post(`/api/chatgroup/${path}`, body, tokens[who]);
const newGroup = async (name = '项目组') => {
  const res = await post('createGroup', { name, userIds: [ids.zhao, ids.sun] }, 'li');
  expect(res.code).toBe(0);
  return res.data.groupId as number;
};
const sendToGroup = (s: TestSocket, groupId: number, content: string) => {
  const clientMsgId = cid();
  s.send({ type: 'send', clientMsgId, groupId, msgType: 'txt', content });
  return clientMsgId;
};

describe('api/chatgroup/createGroup and queryGroupInfo', () => {
  it('makes the creator the owner and tells every member', async () => {
    const zhao = await openSocket(t.app, tokens.zhao);
    const res = await post('createGroup', { name: ' 销售一组 ', userIds: `${ids.zhao},${ids.sun},${ids.li}` }, 'li');
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ name: '销售一组', ownerId: ids.li, memberCount: 3, myRole: 2, dissolved: false });
    expect(res.data.members.list.map((m: { userId: number; role: number }) => [m.userId, m.role])).toEqual([
      [ids.li, 2],
      [ids.zhao, 0],
      [ids.sun, 0],
    ]);
    expect(await zhao.next('group')).toEqual({ type: 'group', event: 'created', groupId: res.data.groupId });

    const info = await post('queryGroupInfo', { groupId: res.data.groupId }, 'zhao');
    expect(info.data).toMatchObject({ myRole: 0, members: { totalRow: 3, page: 1, limit: 1000 } });
    const page2 = await post('queryGroupInfo', { groupId: res.data.groupId, page: 2, limit: 2 }, 'zhao');
    expect(page2.data.members.list.map((m: { userId: number }) => m.userId)).toEqual([ids.sun]);
    await zhao.close();
  });

  it('refuses a bad group, an unknown one and one the caller is not in', async () => {
    expect((await post('createGroup', { name: '', userIds: [ids.zhao] }, 'li')).msg).toBe('请输入群名称');
    expect((await post('createGroup', { name: '组', userIds: [] }, 'li')).msg).toBe('请选择群成员');
    expect((await post('createGroup', { name: '组', userIds: [ids.li] }, 'li')).msg).toBe('请选择群成员');
    expect((await post('createGroup', { name: '组', userIds: [999999] }, 'li')).msg).toBe('员工不存在');
    expect((await post('createGroup', { name: 'x'.repeat(51), userIds: [ids.zhao] }, 'li')).msg).toBe(
      '群名称不能超过50个字符',
    );
    const missing = await post('queryGroupInfo', { groupId: 99999 }, 'li');
    expect([missing.code, missing.msg]).toEqual([404, '群聊不存在']);
    const groupId = await newGroup();
    const stranger = await post('queryGroupInfo', { groupId }, 'wang');
    expect([stranger.code, stranger.msg]).toEqual([403, '你不是该群成员']);
    expect((await t.post('/api/chatgroup/queryGroupInfo', { groupId })).code).toBe(302);
  });
});

describe('group messages', () => {
  it('reach every member; read once every other member has read; strangers cannot post or read', async () => {
    const groupId = await newGroup();
    const li = await openSocket(t.app, tokens.li);
    const zhao = await openSocket(t.app, tokens.zhao);
    const sun = await openSocket(t.app, tokens.sun);
    const clientMsgId = sendToGroup(li, groupId, '大家好');
    const ack = await li.next('ack', (a) => a.clientMsgId === clientMsgId);
    expect(ack.message).toMatchObject({ chatType: 'group', groupId, toUserId: null, status: 'sent', readCount: 0 });
    for (const s of [zhao, sun]) {
      const got = await s.next('message', (f) => f.message.messageId === ack.message.messageId);
      expect(got.message).toMatchObject({ groupId, fromUserId: ids.li, content: '大家好', status: 'unread' });
      // Only the sender sees how many have read a message.
      expect(got.message.readCount).toBeUndefined();
    }

    const messageId = ack.message.messageId;
    zhao.send({ type: 'read', conversationId: groupId, messageId });
    const receipt = await li.next('read');
    expect(receipt).toMatchObject({ conversationId: groupId, userId: ids.zhao, messageId });
    // The reader's mark before: the messages after it gained a reader (the sender counts them live).
    expect(receipt.fromId).toBeLessThan(messageId);
    const half = await t.post('/api/message/synchronousMessagesList', { conversationId: groupId }, tokens.li);
    expect(half.data.list[0]).toMatchObject({ status: 'sent', readCount: 1 });
    sun.send({ type: 'read', conversationId: groupId, messageId });
    await li.next('read', (r) => r.userId === ids.sun);
    const all = await t.post('/api/message/synchronousMessagesList', { conversationId: groupId }, tokens.li);
    expect(all.data.list[0]).toMatchObject({ status: 'read', readCount: 2 });

    // A second message: the next receipt starts at the first one (fromId), so nothing is counted twice.
    const second = sendToGroup(li, groupId, '下午三点');
    const ack2 = await li.next('ack', (a) => a.clientMsgId === second);
    zhao.send({ type: 'read', conversationId: groupId, messageId: ack2.message.messageId });
    expect(await li.next('read', (r) => r.userId === ids.zhao)).toMatchObject({
      messageId: ack2.message.messageId,
      fromId: messageId,
    });
    const page = await t.post('/api/message/synchronousMessagesList', { conversationId: groupId }, tokens.li);
    expect(page.data.list.map((m: { readCount: number }) => m.readCount)).toEqual([1, 2]);

    const sync = await t.post('/api/message/synchronizeMyConversationPlus', {}, tokens.zhao);
    expect(sync.data.find((c: { conversationId: number }) => c.conversationId === groupId)).toMatchObject({
      chatType: 'group',
      peer: null,
      group: { groupId, memberCount: 3, dissolved: false },
      unreadCount: 0,
      lastMessage: { content: '下午三点' },
    });

    const wang = await openSocket(t.app, tokens.wang);
    sendToGroup(wang, groupId, '我能发吗');
    expect((await wang.next('error')).msg).toBe('你不是该群成员');
    const history = await t.post('/api/message/synchronousMessagesList', { conversationId: groupId }, tokens.wang);
    expect([history.code, history.msg]).toEqual([403, '无权访问']);
    sendToGroup(wang, 99999, '没有这个群');
    expect((await wang.next('error')).msg).toBe('群聊不存在');
    wang.send({ type: 'send', clientMsgId: cid(), groupId, toUserId: ids.li, msgType: 'txt', content: 'a' });
    expect((await wang.next('error')).msg).toBe('请选择聊天对象');
    await Promise.all([li.close(), zhao.close(), sun.close(), wang.close()]);
  });
});

describe('managing a group', () => {
  it('lets only the owner and admins manage it, and only the owner appoint admins', async () => {
    const groupId = await newGroup();
    const denied = '只有群主和管理员可以管理群聊';
    expect((await post('addBatchUsers', { groupId, userIds: [ids.wang] }, 'zhao')).msg).toBe(denied);
    expect((await post('removeBatchUsers', { groupId, userIds: [ids.sun] }, 'zhao')).msg).toBe(denied);
    expect((await post('updateGroup', { groupId, name: '改名' }, 'zhao')).msg).toBe(denied);
    expect((await post('addAdminUser', { groupId, userIds: [ids.zhao] }, 'zhao')).msg).toBe(
      '只有群主可以解散群聊或设置管理员',
    );

    const appointed = await post('addAdminUser', { groupId, userIds: [ids.zhao] }, 'li');
    expect(appointed.data.adminIds).toEqual([ids.zhao]);
    expect((await post('addAdminUser', { groupId, userIds: [ids.wang] }, 'li')).msg).toBe('你不是该群成员');
    const added = await post('addBatchUsers', { groupId, userIds: [ids.wang] }, 'zhao');
    expect([added.code, added.data.memberCount, added.data.myRole]).toEqual([0, 4, 1]);
    expect((await post('removeBatchUsers', { groupId, userIds: [ids.li] }, 'zhao')).msg).toBe('不能移除群主');
    expect((await post('removeBatchUsers', { groupId, userIds: [ids.zhao] }, 'zhao')).msg).toBe('不能移除自己');
    expect((await post('delGroup', { groupId }, 'zhao')).msg).toBe('只有群主可以解散群聊或设置管理员');
    await post('addAdminUser', { groupId, userIds: [ids.sun] }, 'li');
    expect((await post('removeBatchUsers', { groupId, userIds: [ids.sun] }, 'zhao')).msg).toBe(
      '只有群主可以移除管理员',
    );
    const demoted = await post('removeAdminUser', { groupId, userIds: [ids.zhao] }, 'li');
    expect(demoted.data.adminIds).toEqual([ids.sun]);
    expect((await post('addBatchUsers', { groupId, userIds: [ids.zhou] }, 'zhao')).msg).toBe(denied);
  });

  it('gives a new member only what is said after joining, and takes a removed member out', async () => {
    const groupId = await newGroup();
    const li = await openSocket(t.app, tokens.li);
    sendToGroup(li, groupId, '加入之前说的');
    await li.next('ack');
    await post('addBatchUsers', { groupId, userIds: [ids.zhou] }, 'li');
    const zhou = await openSocket(t.app, tokens.zhou);
    expect((await zhou.settle('message')).filter((f) => f.message.groupId === groupId)).toEqual([]);
    const sync = await t.post('/api/message/synchronizeMyConversationPlus', {}, tokens.zhou);
    expect(sync.data.find((c: { conversationId: number }) => c.conversationId === groupId).unreadCount).toBe(0);
    const after = sendToGroup(li, groupId, '加入之后说的');
    const ack = await li.next('ack', (a) => a.clientMsgId === after);
    expect((await zhou.next('message')).message.messageId).toBe(ack.message.messageId);

    const sun = await openSocket(t.app, tokens.sun);
    const res = await post('removeBatchUsers', { groupId, userIds: [ids.sun] }, 'li');
    expect(res.data.memberCount).toBe(3);
    expect(await sun.next('group', (g) => g.event === 'removed')).toEqual({ type: 'group', event: 'removed', groupId });
    await zhou.next('group', (g) => g.event === 'members');
    const history = await t.post('/api/message/synchronousMessagesList', { conversationId: groupId }, tokens.sun);
    expect(history.code).toBe(403);
    sendToGroup(sun, groupId, '我还在吗');
    expect((await sun.next('error')).msg).toBe('你不是该群成员');
    await Promise.all([li.close(), zhou.close(), sun.close()]);
  });

  it('renames the group, sets its notice and avatar, and tells the members', async () => {
    const groupId = await newGroup();
    const zhao = await openSocket(t.app, tokens.zhao);
    const up = await postMultipart(
      t,
      '/file/upload',
      { type: 'img', file: file('群头像.png', fixtures.png) },
      tokens.li,
    );
    const res = await post(
      'updateGroup',
      { groupId, name: '新名字', notice: '周五开会\n请准时', avatarFileId: up.data.fileId },
      'li',
    );
    expect(res.data).toMatchObject({ name: '新名字', notice: '周五开会\n请准时', avatar: up.data.url });
    expect(await zhao.next('group')).toEqual({ type: 'group', event: 'updated', groupId });
    const view = (who: Chatter) =>
      t.app.inject({ method: 'GET', url: up.data.url, headers: { 'admin-token': tokens[who] } });
    expect((await view('zhao')).statusCode).toBe(200);
    expect((await view('wang')).statusCode).toBe(403);

    expect((await post('updateGroup', { groupId }, 'li')).msg).toBe('请填写要修改的内容');
    expect((await post('updateGroup', { groupId, name: ' ' }, 'li')).msg).toBe('请输入群名称');
    const pdf = await postMultipart(t, '/file/upload', { file: file('a.pdf', fixtures.pdf) }, tokens.li);
    expect((await post('updateGroup', { groupId, avatarFileId: pdf.data.fileId }, 'li')).msg).toBe(
      '文件类型与消息类型不符',
    );
    expect((await post('queryGroupInfo', { groupId }, 'li')).data.avatar).toBe(up.data.url);
    await zhao.close();
  });
});

describe('api/chatgroup/delGroup', () => {
  it('dissolves the group: members are told, its history stays, nothing more is sent or changed', async () => {
    const groupId = await newGroup();
    const li = await openSocket(t.app, tokens.li);
    const zhao = await openSocket(t.app, tokens.zhao);
    sendToGroup(li, groupId, '最后一条');
    await li.next('ack');
    const res = await post('delGroup', { groupId }, 'li');
    expect([res.code, res.data]).toEqual([0, null]);
    expect(await zhao.next('group', (g) => g.event === 'dissolved')).toEqual({
      type: 'group',
      event: 'dissolved',
      groupId,
    });
    const info = await post('queryGroupInfo', { groupId }, 'zhao');
    expect([info.code, info.msg]).toEqual([400, '该群已解散']);
    sendToGroup(zhao, groupId, '还能发吗');
    expect((await zhao.next('error')).msg).toBe('该群已解散');
    expect((await post('addBatchUsers', { groupId, userIds: [ids.wang] }, 'li')).msg).toBe('该群已解散');
    const history = await t.post('/api/message/synchronousMessagesList', { conversationId: groupId }, tokens.zhao);
    expect(history.data.list[0].content).toBe('最后一条');
    const sync = await t.post('/api/message/synchronizeMyConversationPlus', {}, tokens.zhao);
    expect(sync.data.find((c: { conversationId: number }) => c.conversationId === groupId).group.dissolved).toBe(true);
    expect((await post('delGroup', { groupId: 99999 }, 'li')).msg).toBe('群聊不存在');
    await Promise.all([li.close(), zhao.close()]);
  });
});

import type { ChatMessage, Conversation } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { type ChatState, chatReducer, displayOf, initialChatState, isOnline, noticedUpTo } from './state';

const ME = 1;
const PEER = 2;
const msg = (messageId: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  messageId,
  conversationId: 10,
  chatType: 'contact',
  clientMsgId: `c${messageId}`,
  fromUserId: PEER,
  toUserId: ME,
  groupId: null,
  type: 'txt',
  content: `第${messageId}条`,
  file: null,
  status: 'unread',
  createTime: '2026-11-23T08:00:00.000Z',
  ...over,
});
const groupMsg = (messageId: number): ChatMessage =>
  msg(messageId, { chatType: 'group', groupId: 20, conversationId: 20, toUserId: null });
const conversation = (over: Partial<Conversation> = {}): Conversation => ({
  conversationId: 10,
  chatType: 'contact',
  peer: { userId: PEER, realname: '赵强', img: '', post: '', deptId: 1, deptName: '', online: true },
  group: null,
  unreadCount: 0,
  lastReadId: 0,
  peerReadId: 0,
  lastMessage: null,
  updateTime: '2026-11-23T08:00:00.000Z',
  ...over,
});
const run = (state: ChatState, ...actions: Parameters<typeof chatReducer>[1][]) => actions.reduce(chatReducer, state);

describe('messages are kept once', () => {
  it('replaces a pending message by its ack and ignores the same push and backlog copy again', () => {
    const pending = msg(0, { fromUserId: ME, toUserId: PEER, clientMsgId: 'abc', status: 'sending' });
    const stored = { ...pending, messageId: 7, status: 'sent' as const };
    const s = run(
      initialChatState(ME),
      { type: 'pending', message: pending },
      { type: 'message', message: stored },
      // The same message again: another tab's push, the reconnect backlog, a resend's duplicate ack.
      { type: 'message', message: stored },
      { type: 'message', message: { ...stored } },
      // A late pending echo never turns the stored one back into sending.
      { type: 'pending', message: pending },
    );
    expect(s.threads.u2?.messages).toEqual([stored]);
  });

  it('orders by id with pending messages last and merges history pages without doubles', () => {
    const s = run(
      initialChatState(ME),
      { type: 'history', key: 'u2', list: [msg(5), msg(4)], hasMore: true, older: false },
      { type: 'pending', message: msg(0, { fromUserId: ME, toUserId: PEER, clientMsgId: 'p1', status: 'sending' }) },
      { type: 'history', key: 'u2', list: [msg(4), msg(3)], hasMore: false, older: true },
      { type: 'message', message: msg(6) },
    );
    expect(s.threads.u2?.messages.map((m) => m.messageId)).toEqual([3, 4, 5, 6, 0]);
    expect(s.threads.u2?.hasMore).toBe(false);
  });

  it('drops a send the server refused', () => {
    const pending = msg(0, { fromUserId: ME, toUserId: PEER, clientMsgId: 'bad', status: 'sending' });
    const s = run(initialChatState(ME), { type: 'pending', message: pending }, { type: 'failed', clientMsgId: 'bad' });
    expect(s.threads.u2?.messages).toEqual([]);
  });
});

describe('message caches (spec 9)', () => {
  it('keeps the newest 500 messages of a one-to-one chat and 200 of a group, with older ones to page in', () => {
    let s = initialChatState(ME);
    for (let i = 1; i <= 510; i++) s = chatReducer(s, { type: 'message', message: msg(i) });
    for (let i = 1; i <= 210; i++) s = chatReducer(s, { type: 'message', message: groupMsg(1000 + i) });
    expect(s.threads.u2?.messages).toHaveLength(500);
    expect(s.threads.u2?.messages[0]?.messageId).toBe(11);
    expect(s.threads.u2?.hasMore).toBe(true);
    expect(s.threads.g20?.messages).toHaveLength(200);
    expect(s.threads.g20?.messages[0]?.messageId).toBe(1011);
  });
});

describe('recall (spec 4.5)', () => {
  it('shows 消息已撤回 to the sender and 对方撤回了一条消息 to the peer', () => {
    const own = msg(8, { fromUserId: ME, toUserId: PEER, status: 'sent' });
    const theirs = msg(9);
    const s = run(
      initialChatState(ME),
      { type: 'message', message: own },
      { type: 'message', message: theirs },
      { type: 'recall', message: { ...own, status: 'recall', content: '' } },
      { type: 'recall', message: { ...theirs, status: 'recall', content: '' } },
    );
    const texts = s.threads.u2?.messages.map((m) => displayOf(m, ME, undefined));
    expect(texts).toEqual([
      { status: 'recall', text: '消息已撤回' },
      { status: 'recall', text: '对方撤回了一条消息' },
    ]);
  });
});

describe('conversations, read receipts and unread counts', () => {
  it('counts a new message from the peer as unread unless its thread is open, and clears on read', () => {
    let s = run(initialChatState(ME), { type: 'synced', conversations: [conversation()] });
    s = run(s, { type: 'message', message: msg(3) }, { type: 'message', message: msg(3) });
    expect(s.conversations[0]).toMatchObject({ unreadCount: 1, lastMessage: { messageId: 3 } });
    s = run(s, { type: 'message', message: msg(4), active: true });
    expect(s.conversations[0]?.unreadCount).toBe(1);
    s = run(s, { type: 'read', conversationId: 10, userId: ME, messageId: 4 });
    expect(s.conversations[0]).toMatchObject({ unreadCount: 0, lastReadId: 4 });
  });

  it('shows an own message as read once the peer’s read mark passes it', () => {
    const own = msg(5, { fromUserId: ME, toUserId: PEER, status: 'sent' });
    let s = run(initialChatState(ME), { type: 'synced', conversations: [conversation()] });
    expect(displayOf(own, ME, s.conversations[0]).status).toBe('sent');
    s = run(s, { type: 'read', conversationId: 10, userId: PEER, messageId: 5 });
    expect(displayOf(own, ME, s.conversations[0]).status).toBe('read');
  });
});

describe('group read receipts', () => {
  const group = conversation({
    conversationId: 20,
    chatType: 'group',
    peer: null,
    group: { groupId: 20, name: '周会小组', notice: '', avatar: '', ownerId: ME, memberCount: 4, dissolved: false },
  });
  const mine = (id: number, readCount: number) =>
    ({ ...groupMsg(id), fromUserId: ME, status: 'sent', readCount }) as ChatMessage;

  it('counts each member once per message as their mark moves, and shows read when all three have', () => {
    let s = run(
      initialChatState(ME),
      { type: 'synced', conversations: [group] },
      { type: 'history', key: 'g20', list: [mine(6, 0), groupMsg(5), mine(4, 1)], hasMore: false, older: false },
    );
    const counts = () => s.threads.g20?.messages.map((m) => [m.messageId, m.readCount, m.status]);
    // Member 2 read up to 6 from 3: messages 4 and 6 gained a reader; 5 is not mine.
    s = run(s, { type: 'read', conversationId: 20, userId: 2, messageId: 6, fromId: 3 });
    expect(counts()).toEqual([
      [4, 2, 'sent'],
      [5, undefined, 'unread'],
      [6, 1, 'sent'],
    ]);
    // Member 3 had read 4 already (fromId 4): only 6 gains.
    s = run(s, { type: 'read', conversationId: 20, userId: 3, messageId: 6, fromId: 4 });
    s = run(s, { type: 'read', conversationId: 20, userId: 4, messageId: 4, fromId: 0 });
    expect(counts()).toEqual([
      [4, 3, 'read'],
      [5, undefined, 'unread'],
      [6, 2, 'sent'],
    ]);
    // My own mark moving (another tab of mine) counts nobody; a frame without fromId neither.
    const same = run(
      s,
      { type: 'read', conversationId: 20, userId: ME, messageId: 6, fromId: 0 },
      { type: 'read', conversationId: 20, userId: 4, messageId: 6 },
    );
    expect(same.threads.g20).toBe(s.threads.g20);
  });
});

describe('presence', () => {
  it('takes the sync’s view of the peers, then every presence frame, newest last', () => {
    const other = conversation({ conversationId: 11, peer: { ...conversation().peer!, userId: 3, online: false } });
    let s = run(initialChatState(ME), { type: 'synced', conversations: [conversation(), other] });
    expect([isOnline(s, PEER), isOnline(s, 3)]).toEqual([true, false]);
    s = run(s, { type: 'presence', online: [3], offline: [PEER] });
    expect([isOnline(s, PEER), isOnline(s, 3)]).toEqual([false, true]);
    // Someone not in any conversation: the address book's answer until a frame says otherwise.
    expect([isOnline(s, 9), isOnline(s, 9, true)]).toEqual([false, true]);
    s = run(s, { type: 'presence', online: [], offline: [9] });
    expect(isOnline(s, 9, true)).toBe(false);
  });
});

describe('connection state and notices', () => {
  it('keeps the connection state the socket reports', () => {
    const s = run(initialChatState(ME), { type: 'connection', connection: { status: 'reconnecting', attempt: 3 } });
    expect(s.connection).toEqual({ status: 'reconnecting', attempt: 3 });
  });

  it('confirms notices only up to the first friend request still waiting for an answer', () => {
    const waiting = {
      noticeId: 5,
      kind: 'subscribe' as const,
      fromUserId: 2,
      requestId: 1,
      groupId: null,
      text: '',
      createTime: '',
    };
    expect(noticedUpTo([3, 5, 8], [waiting])).toBe(3);
    expect(noticedUpTo([3, 5, 8], [])).toBe(8);
    expect(noticedUpTo([5], [waiting])).toBe(0);
  });
});

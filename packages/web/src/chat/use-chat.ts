import {
  type ChatMessage,
  type ChatMessageType,
  type ChatNotice,
  type ChatSendFrame,
  type ChatServerFrame,
  formatTime,
} from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { sessionStore } from '@/shell/session-store';
import { chatKeys, fetchConversations, fetchHistory } from './api';
import { ChatConnection } from './connection';
import { chatReducer, initialChatState, noticedUpTo, type ThreadKey, threadKeyOf } from './state';

/** How long "typing" shows after the last typing frame, and how often one is sent. */
const TYPING_SHOW_MS = 3000;

export type Target = { key: ThreadKey; userId?: number; groupId?: number; conversationId?: number };

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** A send as its sender sees it until the ack: status sending, no id yet. */
function pendingMessage(me: number, f: ChatSendFrame): ChatMessage {
  const groupId = f.groupId ?? null;
  return {
    messageId: 0,
    conversationId: 0,
    chatType: groupId ? 'group' : 'contact',
    clientMsgId: f.clientMsgId,
    fromUserId: me,
    toUserId: f.toUserId ?? null,
    groupId,
    type: f.msgType,
    content: f.content ?? '',
    file: null,
    status: 'sending',
    // As the server will write it: the company's clock (docs/api.md).
    createTime: formatTime(new Date()),
  };
}

/**
 * The chat page's engine: the reducer, one reconnecting socket, and what the page does with the
 * server's frames (delivery confirmations, read receipts for the open thread, notices, resync
 * after a reconnect).
 */
export function useChat(me: number, active: Target | null) {
  const [state, dispatch] = useReducer(chatReducer, me, initialChatState);
  const { message, notification } = App.useApp();
  const queryClient = useQueryClient();
  const conn = useRef<ChatConnection | null>(null);
  const activeRef = useRef(active);
  activeRef.current = active;
  const stateRef = useRef(state);
  stateRef.current = state;
  const seenNotices = useRef<number[]>([]);
  /** Who is typing to this user now (the socket's typing frames, shown for a few seconds). */
  const [typingFrom, setTypingFrom] = useState<number | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTypingSent = useRef(0);
  const typingFromRef = useRef(typingFrom);
  typingFromRef.current = typingFrom;
  const confirmedNotice = useRef(0);

  const sync = useCallback(async () => {
    const conversations = await fetchConversations().catch(() => null);
    if (conversations) dispatch({ type: 'synced', conversations });
  }, []);

  const loadThread = useCallback(async (t: Target, beforeId?: number) => {
    const q = t.conversationId ? { conversationId: t.conversationId } : { userId: t.userId };
    const page = await fetchHistory({ ...q, beforeId }).catch(() => null);
    if (page) dispatch({ type: 'history', key: t.key, list: page.list, hasMore: page.hasMore, older: !!beforeId });
  }, []);

  /** Mark the open thread read up to its newest message from others (a read receipt to them). */
  const markRead = useCallback(() => {
    const t = activeRef.current;
    if (!t || document.visibilityState === 'hidden') return;
    const s = stateRef.current;
    const conv = s.conversations.find((c) =>
      t.groupId ? c.group?.groupId === t.groupId : c.peer?.userId === t.userId,
    );
    const latest = s.threads[t.key]?.messages.filter((m) => m.messageId > 0).at(-1);
    if (!conv || !latest || latest.messageId <= conv.lastReadId) return;
    if (conn.current?.send({ type: 'read', conversationId: conv.conversationId, messageId: latest.messageId }))
      dispatch({ type: 'read', conversationId: conv.conversationId, userId: me, messageId: latest.messageId });
  }, [me]);

  const confirmNotices = useCallback(() => {
    const upTo = noticedUpTo(seenNotices.current, stateRef.current.requests);
    if (upTo > confirmedNotice.current && conn.current?.send({ type: 'noticed', noticeId: upTo }))
      confirmedNotice.current = upTo;
  }, []);

  const onNotice = useCallback(
    (n: ChatNotice) => {
      seenNotices.current.push(n.noticeId);
      dispatch({ type: 'notice', notice: n });
      if (n.kind === 'unsubscribed') message.warning(n.text);
      else notification.info({ title: n.text, placement: 'bottomRight' });
      if (n.kind !== 'subscribe') void queryClient.invalidateQueries({ queryKey: chatKeys.book });
      if (n.kind === 'group') void sync();
      queueMicrotask(confirmNotices);
    },
    [message, notification, queryClient, sync, confirmNotices],
  );

  const onFrame = useCallback(
    (f: ChatServerFrame) => {
      switch (f.type) {
        case 'ready': {
          // Whatever happened while the socket was down: conversations and the open thread afresh.
          void sync();
          const t = activeRef.current;
          if (t) void loadThread(t);
          return;
        }
        case 'resync': {
          void sync();
          const t = activeRef.current;
          if (t) void loadThread(t);
          return;
        }
        case 'ack':
        case 'message': {
          const m = f.message;
          const isActive = activeRef.current?.key === threadKeyOf(m, me);
          const known = stateRef.current.conversations.some((c) => c.conversationId === m.conversationId);
          dispatch({ type: 'message', message: m, active: isActive });
          if (m.fromUserId === typingFromRef.current) setTypingFrom(null);
          if (!known) void sync();
          if (f.type === 'message' && m.fromUserId !== me)
            conn.current?.send({ type: 'delivered', conversationId: m.conversationId, messageId: m.messageId });
          if (isActive) queueMicrotask(markRead);
          return;
        }
        case 'recall':
          return dispatch({ type: 'recall', message: f.message });
        case 'read':
          return dispatch({
            type: 'read',
            conversationId: f.conversationId,
            userId: f.userId,
            messageId: f.messageId,
            fromId: f.fromId,
          });
        case 'notice':
          return onNotice(f.notice);
        case 'group':
          void sync();
          void queryClient.invalidateQueries({ queryKey: chatKeys.group(f.groupId) });
          return;
        case 'unread':
          return dispatch({ type: 'unread', count: f.count });
        case 'presence':
          return dispatch({ type: 'presence', online: f.online, offline: f.offline });
        case 'typing':
          setTypingFrom(f.fromUserId);
          clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(() => setTypingFrom(null), TYPING_SHOW_MS);
          return;
        case 'error':
          // A refused send carries its clientMsgId and is reported by onSendFailed.
          if (!f.ref) message.error(f.msg);
          return;
      }
    },
    [me, sync, loadThread, markRead, onNotice, queryClient, message],
  );
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;

  useEffect(() => {
    const c = new ChatConnection({
      outboxStore: { storage: window.sessionStorage, key: `crm-chat-outbox-${me}` },
      token: () => sessionStore.token(),
      onFrame: (f) => onFrameRef.current(f),
      onState: (connection) => dispatch({ type: 'connection', connection }),
      onSendFailed: (clientMsgId, msg) => {
        dispatch({ type: 'failed', clientMsgId });
        message.error(msg);
      },
    });
    conn.current = c;
    // Sends a reload interrupted show as sending again; the socket sends them once it is ready.
    for (const f of c.outbox.values()) dispatch({ type: 'pending', message: pendingMessage(me, f) });
    c.start();
    return () => {
      c.stop();
      clearTimeout(typingTimer.current);
    };
  }, [message, me]);

  // Reading happens when the thread is open and the tab is visible.
  useEffect(() => {
    const onVisible = () => markRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);

  const send = useCallback(
    (target: Target, msgType: ChatMessageType, body: { content?: string; fileId?: number }) => {
      const frame = {
        type: 'send',
        clientMsgId: newClientId(),
        msgType,
        ...(target.groupId ? { groupId: target.groupId } : { toUserId: target.userId! }),
        ...(msgType === 'txt' ? { content: body.content ?? '' } : { fileId: body.fileId! }),
      } as ChatSendFrame;
      dispatch({
        type: 'pending',
        message: { ...pendingMessage(me, frame), conversationId: target.conversationId ?? 0 },
      });
      conn.current?.sendMessage(frame);
    },
    [me],
  );

  /** Tell a colleague this user is typing, at most every few seconds. */
  const typing = useCallback((toUserId: number) => {
    if (Date.now() - lastTypingSent.current < TYPING_SHOW_MS) return;
    if (conn.current?.send({ type: 'typing', toUserId })) lastTypingSent.current = Date.now();
  }, []);
  const recall = useCallback((messageId: number) => conn.current?.send({ type: 'recall', messageId }), []);
  const answerRequest = useCallback(
    (n: ChatNotice, accept: boolean) => {
      if (!n.requestId) return;
      // Offline, the request stays in the list to answer once the socket is back.
      if (!conn.current?.send({ type: accept ? 'subscribed' : 'unsubscribed', requestId: n.requestId })) return;
      dispatch({ type: 'requestDone', requestId: n.requestId });
      queueMicrotask(confirmNotices);
    },
    [confirmNotices],
  );
  const requestFriend = useCallback(
    (toUserId: number) => conn.current?.send({ type: 'subscribe', toUserId, message: '' }) ?? false,
    [],
  );

  return useMemo(
    () => ({ state, typingFrom, sync, loadThread, markRead, send, typing, recall, answerRequest, requestFriend }),
    [state, typingFrom, sync, loadThread, markRead, send, typing, recall, answerRequest, requestFriend],
  );
}

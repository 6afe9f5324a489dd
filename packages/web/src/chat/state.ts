import {
  CHAT_CACHE_CONTACT,
  CHAT_CACHE_GROUP,
  type ChatMessage,
  ChatMsg,
  type ChatNotice,
  type Conversation,
} from '@crm/shared';

/**
 * The /chat page's state, kept by a pure reducer so the rules are testable without a socket:
 * one copy of each message (by messageId, and a pending one by its clientMsgId), the recall
 * texts of each side, capped message caches and the connection's state.
 */

/** A thread is keyed by its peer: `u<userId>` one-to-one (there may be no conversation yet) or `g<groupId>`. */
export type ThreadKey = `u${number}` | `g${number}`;

export type Thread = {
  /** Oldest first. */
  messages: ChatMessage[];
  /** Older messages remain on the server (or were dropped from the capped cache). */
  hasMore: boolean;
  /** The newest page was fetched. */
  loaded: boolean;
};

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'failed' | 'loggedOut';
export type Connection = { status: ConnectionStatus; attempt: number };

export type ChatState = {
  me: number;
  conversations: Conversation[];
  threads: Partial<Record<ThreadKey, Thread>>;
  connection: Connection;
  /** Friend requests waiting for this user's answer. */
  requests: ChatNotice[];
  unread: number;
  /** Who is online, as the socket last said (presence frames); colleagues not in it use their `online` from sync. */
  presence: Record<number, boolean>;
};

export const initialChatState = (me: number): ChatState => ({
  me,
  conversations: [],
  threads: {},
  connection: { status: 'connecting', attempt: 0 },
  requests: [],
  unread: 0,
  presence: {},
});

export type ChatAction =
  | { type: 'synced'; conversations: Conversation[] }
  | { type: 'history'; key: ThreadKey; list: ChatMessage[]; hasMore: boolean; older: boolean }
  /** A message of this user not yet acknowledged (status sending). */
  | { type: 'pending'; message: ChatMessage }
  /** The sender's failed send: removed from the thread. */
  | { type: 'failed'; clientMsgId: string }
  /** A stored message: an ack, a push or the reconnect backlog. */
  | { type: 'message'; message: ChatMessage; active?: boolean }
  | { type: 'recall'; message: ChatMessage }
  | { type: 'read'; conversationId: number; userId: number; messageId: number; fromId?: number }
  | { type: 'connection'; connection: Connection }
  | { type: 'notice'; notice: ChatNotice }
  | { type: 'requestDone'; requestId: number }
  | { type: 'unread'; count: number }
  /** Colleagues came online or went offline (on any server process). */
  | { type: 'presence'; online: number[]; offline: number[] };

export const threadKeyOf = (m: ChatMessage, me: number): ThreadKey =>
  m.groupId !== null ? `g${m.groupId}` : `u${m.fromUserId === me ? (m.toUserId ?? 0) : m.fromUserId}`;

export const conversationKey = (c: Conversation): ThreadKey =>
  c.group ? `g${c.group.groupId}` : `u${c.peer?.userId ?? 0}`;

/** How many messages a thread keeps in memory (spec 9): 500 one-to-one, 200 in a group. */
export const cacheCap = (key: ThreadKey): number => (key.startsWith('g') ? CHAT_CACHE_GROUP : CHAT_CACHE_CONTACT);

/** The text a recalled message shows to this viewer (spec 4.5). */
export const recallText = (m: ChatMessage, me: number): string =>
  m.fromUserId === me ? ChatMsg.recalledOwn : ChatMsg.recalledPeer;

const sameMessage = (a: ChatMessage, b: ChatMessage) =>
  (a.messageId > 0 && a.messageId === b.messageId) ||
  (a.fromUserId === b.fromUserId && a.clientMsgId === b.clientMsgId);

/** Insert or replace by identity, keep the order by id (pending ones last), cap the cache. */
export function mergeMessages(
  key: ThreadKey,
  current: ChatMessage[],
  incoming: ChatMessage[],
): { messages: ChatMessage[]; trimmed: boolean } {
  const out = [...current];
  for (const m of incoming) {
    const i = out.findIndex((x) => sameMessage(x, m));
    if (i < 0) out.push(m);
    // A pending copy never replaces a stored one (an ack came before a late echo).
    else if (!(m.status === 'sending' && out[i]!.status !== 'sending')) out[i] = m;
  }
  const order = (m: ChatMessage) => (m.messageId > 0 ? m.messageId : Number.MAX_SAFE_INTEGER);
  out.sort((a, b) => order(a) - order(b));
  const cap = cacheCap(key);
  return out.length > cap
    ? { messages: out.slice(out.length - cap), trimmed: true }
    : { messages: out, trimmed: false };
}

const emptyThread = (): Thread => ({ messages: [], hasMore: false, loaded: false });

function putMessages(state: ChatState, key: ThreadKey, list: ChatMessage[], patch: Partial<Thread> = {}): ChatState {
  const thread = state.threads[key] ?? emptyThread();
  const { messages, trimmed } = mergeMessages(key, thread.messages, list);
  const hasMore = (patch.hasMore ?? thread.hasMore) || trimmed;
  return { ...state, threads: { ...state.threads, [key]: { ...thread, ...patch, messages, hasMore } } };
}

/** A stored message moves its conversation to the top with it as the last message. */
function touchConversation(state: ChatState, m: ChatMessage, active: boolean): ChatState {
  const i = state.conversations.findIndex((c) => c.conversationId === m.conversationId);
  if (i < 0) return state;
  const c = state.conversations[i]!;
  const isNew = !c.lastMessage || m.messageId > c.lastMessage.messageId;
  if (!isNew && c.lastMessage?.messageId !== m.messageId) return state;
  const fromPeer = m.fromUserId !== state.me;
  const next: Conversation = {
    ...c,
    lastMessage: m,
    updateTime: isNew ? m.createTime : c.updateTime,
    unreadCount: isNew && fromPeer && !active ? c.unreadCount + 1 : c.unreadCount,
  };
  const rest = state.conversations.filter((_, j) => j !== i);
  return { ...state, conversations: isNew ? [next, ...rest] : state.conversations.map((x, j) => (j === i ? next : x)) };
}

/**
 * A group member's read mark moved from `fromId` to `messageId`: each of this user's messages in
 * between gained one reader; once every other member has read one it shows read.
 */
function groupReceipt(
  state: ChatState,
  r: { conversationId: number; userId: number; messageId: number; fromId?: number },
): ChatState {
  const conv = state.conversations.find((c) => c.conversationId === r.conversationId);
  if (!conv?.group || r.userId === state.me || r.fromId === undefined) return state;
  const key: ThreadKey = `g${conv.group.groupId}`;
  const thread = state.threads[key];
  if (!thread) return state;
  const others = conv.group.memberCount - 1;
  const from = r.fromId;
  let changed = false;
  const messages = thread.messages.map((m) => {
    if (m.fromUserId !== state.me || m.readCount === undefined || m.messageId <= from || m.messageId > r.messageId)
      return m;
    changed = true;
    const readCount = Math.min(m.readCount + 1, others);
    return { ...m, readCount, status: m.status === 'sent' && readCount >= others ? ('read' as const) : m.status };
  });
  return changed ? { ...state, threads: { ...state.threads, [key]: { ...thread, messages } } } : state;
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'synced': {
      // A sync is the server's view now: it replaces what earlier presence frames said of these peers.
      const presence = { ...state.presence };
      for (const c of action.conversations) if (c.peer) presence[c.peer.userId] = c.peer.online;
      return { ...state, conversations: action.conversations, presence };
    }
    case 'history': {
      const list = [...action.list].reverse();
      const thread = state.threads[action.key];
      // A refresh of the newest page keeps what was paged in before it (hasMore stays).
      const hasMore = action.older || !thread?.loaded ? action.hasMore : thread.hasMore;
      return putMessages(state, action.key, list, { hasMore, loaded: true });
    }
    case 'pending':
      return putMessages(state, threadKeyOf(action.message, state.me), [action.message]);
    case 'failed': {
      const threads = { ...state.threads };
      for (const [k, t] of Object.entries(threads) as [ThreadKey, Thread][]) {
        if (t.messages.some((m) => m.clientMsgId === action.clientMsgId && m.status === 'sending'))
          threads[k] = { ...t, messages: t.messages.filter((m) => m.clientMsgId !== action.clientMsgId) };
      }
      return { ...state, threads };
    }
    case 'message': {
      const key = threadKeyOf(action.message, state.me);
      const withMsg = putMessages(state, key, [action.message]);
      return touchConversation(withMsg, action.message, action.active ?? false);
    }
    case 'recall': {
      const key = threadKeyOf(action.message, state.me);
      const m = { ...action.message, status: 'recall' as const, content: recallText(action.message, state.me) };
      const thread = state.threads[key];
      const next = thread ? putMessages(state, key, [m]) : state;
      return touchConversation(next, m, true);
    }
    case 'read': {
      const conversations = state.conversations.map((c) => {
        if (c.conversationId !== action.conversationId) return c;
        if (action.userId === state.me) {
          const all = !c.lastMessage || action.messageId >= c.lastMessage.messageId;
          return { ...c, lastReadId: Math.max(c.lastReadId, action.messageId), unreadCount: all ? 0 : c.unreadCount };
        }
        // One-to-one: the peer's mark is the receipt. In a group every member must pass a message.
        return c.chatType === 'contact' ? { ...c, peerReadId: Math.max(c.peerReadId, action.messageId) } : c;
      });
      return groupReceipt({ ...state, conversations }, action);
    }
    case 'connection':
      return { ...state, connection: action.connection };
    case 'notice':
      if (action.notice.kind !== 'subscribe' || state.requests.some((r) => r.noticeId === action.notice.noticeId))
        return state;
      return { ...state, requests: [...state.requests, action.notice] };
    case 'requestDone':
      return { ...state, requests: state.requests.filter((r) => r.requestId !== action.requestId) };
    case 'unread':
      return { ...state, unread: action.count };
    case 'presence': {
      const presence = { ...state.presence };
      for (const u of action.online) presence[u] = true;
      for (const u of action.offline) presence[u] = false;
      return { ...state, presence };
    }
  }
}

/** Whether a colleague is online: the latest presence frame or sync, else what the address book said. */
export const isOnline = (state: ChatState, userId: number, fallback = false): boolean =>
  state.presence[userId] ?? fallback;

/**
 * How a message shows its state to this viewer: own messages `sending`, `sent` or `read` (the
 * peer's read mark passed it), received ones as the server said; a recall shows its text.
 */
export function displayOf(m: ChatMessage, me: number, conversation: Conversation | undefined) {
  if (m.status === 'recall') return { status: 'recall' as const, text: recallText(m, me) };
  if (m.fromUserId === me && m.status === 'sent' && conversation && m.messageId <= conversation.peerReadId)
    return { status: 'read' as const, text: m.content };
  return { status: m.status, text: m.content };
}

/**
 * Up to which notice the clients may confirm (`noticed`): every notice before the first friend
 * request still waiting for an answer, so an unanswered request comes again on the next connect.
 */
export function noticedUpTo(seen: number[], waiting: ChatNotice[]): number {
  const firstWaiting = Math.min(...waiting.map((r) => r.noticeId), Number.POSITIVE_INFINITY);
  const ok = seen.filter((id) => id < firstWaiting);
  return ok.length ? Math.max(...ok) : 0;
}

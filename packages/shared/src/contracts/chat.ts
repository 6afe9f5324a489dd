import { z } from 'zod';
import { chatMessageStatuses, chatMessageTypes, chatTypes, noticeKinds } from '../chat/messages.ts';
// Live visit queues (h-witness).
import { visitEventFrame, watchingVisitsFrame } from '../clinic/visits/live.ts';
import { apiTime, pageOf } from './common.ts';

/** Answers of the messaging calls and the socket's frames (docs/api/messaging.md). */

/** A colleague as chat shows them. */
export const chatUserSchema = z.object({
  userId: z.number().int(),
  realname: z.string(),
  img: z.string(),
  post: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  online: z.boolean(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/** The file of a media message; `url` is the file service's view address (members only). */
export const chatFileSchema = z.object({
  fileId: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  url: z.string(),
});

/**
 * A message as one viewer sees it: `status` is theirs (their own: sent or read by the peer;
 * received: unread or read; recall for both) and a recalled message's `content` is the recall
 * text for that viewer (消息已撤回 / 对方撤回了一条消息), without its file.
 */
export const chatMessageSchema = z.object({
  messageId: z.number().int(),
  conversationId: z.number().int(),
  chatType: z.enum(chatTypes),
  clientMsgId: z.string(),
  fromUserId: z.number().int(),
  /** The other side of a one-to-one conversation; null in a group. */
  toUserId: z.number().int().nullable(),
  /** The group of a group message (its conversationId); null one-to-one. */
  groupId: z.number().int().nullable(),
  type: z.enum(chatMessageTypes),
  content: z.string(),
  file: chatFileSchema.nullable(),
  status: z.enum(chatMessageStatuses),
  createTime: apiTime,
  /**
   * A group message as its sender sees it: how many of the other members have read it (their
   * read mark passed it). Absent otherwise; the socket's `read` frames keep it current.
   */
  readCount: z.number().int().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A group as lists show it. */
export const groupSummarySchema = z.object({
  groupId: z.number().int(),
  name: z.string(),
  notice: z.string(),
  avatar: z.string(),
  ownerId: z.number().int(),
  memberCount: z.number().int(),
  /** A dissolved group keeps its history; nothing more can be sent. */
  dissolved: z.boolean(),
});

export const conversationSchema = z.object({
  conversationId: z.number().int(),
  chatType: z.enum(chatTypes),
  /** The colleague of a one-to-one conversation; null for a group. */
  peer: chatUserSchema.nullable(),
  group: groupSummarySchema.nullable(),
  unreadCount: z.number().int(),
  /** How far the caller has read, and how far every other member has (message ids). */
  lastReadId: z.number().int(),
  peerReadId: z.number().int(),
  lastMessage: chatMessageSchema.nullable(),
  updateTime: apiTime,
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListResponse = z.array(conversationSchema);

/** Newest first; `hasMore` when older messages remain before the last one. */
export const messageHistoryResponse = z.object({ list: z.array(chatMessageSchema), hasMore: z.boolean() });

export const imMessagePageResponse = pageOf(chatMessageSchema);

export const imUserDetailResponse = chatUserSchema.extend({
  mobile: z.string(),
  email: z.string(),
  /** 1 active, 0 disabled. */
  status: z.number().int(),
  /** The caller's conversation with this colleague, when there is one. */
  conversationId: z.number().int().nullable(),
});

export const deptBookResponse = z.object({
  depts: z.array(z.object({ deptId: z.number().int(), pid: z.number().int(), name: z.string() })),
  /** Active colleagues, the caller excluded. */
  users: z.array(chatUserSchema),
  /** The caller's friends (accepted friend requests). */
  friendIds: z.array(z.number().int()),
});

/** A stored notification: a friend request, its answer, a group invitation. */
export const chatNoticeSchema = z.object({
  noticeId: z.number().int(),
  kind: z.enum(noticeKinds),
  fromUserId: z.number().int(),
  /** The friend request to answer (kind subscribe) or that was answered. */
  requestId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  text: z.string(),
  createTime: apiTime,
});
export type ChatNotice = z.infer<typeof chatNoticeSchema>;

/** The colleagues a mass message reaches (the sender excluded). */
export const massUserListResponse = z.array(chatUserSchema);
/** How many colleagues a mass message went to. */
export const massMessageResponse = z.object({ count: z.number().int() });

export const groupMemberSchema = chatUserSchema.extend({ role: z.number().int() });

export const groupInfoResponse = groupSummarySchema.extend({
  /** The caller's role: 0 member, 1 admin, 2 owner. */
  myRole: z.number().int(),
  adminIds: z.array(z.number().int()),
  members: pageOf(groupMemberSchema),
});

export const groupEvents = ['created', 'updated', 'members', 'removed', 'dissolved'] as const;

/** Which to-do counts a `badges` frame says moved: `oa` (`OaBackLog/num`, approvals), `crm` (`CrmBackLog/num`). */
export const badgeAreas = ['oa', 'crm'] as const;
export type BadgeArea = (typeof badgeAreas)[number];

/* Frames the server sends on the socket. */

export const chatServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.number().int() }),
  /** The sender's message is stored: `duplicate` when its clientMsgId was already stored. */
  z.object({ type: z.literal('ack'), clientMsgId: z.string(), duplicate: z.boolean(), message: chatMessageSchema }),
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  z.object({
    type: z.literal('read'),
    conversationId: z.number().int(),
    userId: z.number().int(),
    messageId: z.number().int(),
    /** The reader's mark before: the messages after it up to `messageId` gained a reader. */
    fromId: z.number().int().optional(),
  }),
  z.object({ type: z.literal('recall'), message: chatMessageSchema }),
  z.object({ type: z.literal('typing'), fromUserId: z.number().int() }),
  /** A group the user is (or was, for `removed`) in changed: fetch its info again. */
  z.object({ type: z.literal('group'), event: z.enum(groupEvents), groupId: z.number().int() }),
  /** A stored notification (also sent on connect until confirmed with `noticed`). */
  z.object({ type: z.literal('notice'), notice: chatNoticeSchema }),
  z.object({ type: z.literal('presence'), online: z.array(z.number().int()), offline: z.array(z.number().int()) }),
  /** The user's to-do counts of these areas changed (an approval waits, a customer was given…): fetch them again. */
  z.object({ type: z.literal('badges'), areas: z.array(z.enum(badgeAreas)) }),
  /** The user's unread messages over all conversations (the header badge): on connect and when it changes. */
  z.object({ type: z.literal('unread'), count: z.number().int() }),
  /** Pushes may have been missed (a lost database connection): sync again over HTTP. */
  z.object({ type: z.literal('resync') }),
  z.object({ type: z.literal('pong'), ref: z.string().optional() }),
  // Live visit queues (h-witness).
  visitEventFrame,
  watchingVisitsFrame,
  z.object({ type: z.literal('error'), ref: z.string().optional(), msg: z.string() }),
]);
export type ChatServerFrame = z.infer<typeof chatServerFrame>;

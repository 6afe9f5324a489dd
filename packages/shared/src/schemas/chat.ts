import { z } from 'zod';
import { CHAT_TEXT_MAX, ChatMsg, chatMessageTypes, GROUP_MEMBER_PAGE } from '../chat/messages.ts';
// Live visit queues (h-witness).
import { watchVisitsFrame } from '../clinic/visits/live.ts';
import {
  idField,
  idList,
  intField,
  intWithDefault,
  optionalId,
  optionalInt,
  optionalText,
  pageFields,
  requiredText,
  searchField,
  type TextRule,
} from './fields.ts';

/** A chat text: up to 2000 characters, line breaks allowed, no other control characters. */
export const chatTextRule: TextRule = { label: '消息', max: CHAT_TEXT_MAX, multiline: true };

/** Message ids are bigint in the database: any positive safe integer. */
const MESSAGE_ID_RANGE = { min: 1, max: Number.MAX_SAFE_INTEGER };
export const messageIdField = (msg: string) => intField(msg, MESSAGE_ID_RANGE);
const optionalMessageId = (msg: string) => optionalInt(msg, MESSAGE_ID_RANGE);

/** The sender's own id of a message (a UUID or a counter): 1–64 letters, digits, `-` or `_`. */
const clientMsgId = z
  .string({ error: ChatMsg.clientMsgIdInvalid })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: ChatMsg.clientMsgIdInvalid });

/** A correlation text the server echoes in its answer or error to a frame. */
const ref = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .optional();

/* Frames a client sends on the socket (docs/api/messaging.md). */

export const chatAuthFrame = z.object({ type: z.literal('auth'), token: z.string().min(1).max(200), ref });

export const chatSendFrame = z
  .object({
    type: z.literal('send'),
    clientMsgId,
    /** A colleague (one-to-one) or a group: exactly one of them. */
    toUserId: optionalId(ChatMsg.peerNotFound),
    groupId: optionalId(ChatMsg.groupNotFound),
    msgType: z.enum(chatMessageTypes, { error: ChatMsg.typeInvalid }),
    content: optionalText(chatTextRule),
    fileId: optionalId(ChatMsg.fileNotFound),
  })
  .superRefine((f, ctx) => {
    if ((f.toUserId === undefined) === (f.groupId === undefined))
      ctx.addIssue({ code: 'custom', message: ChatMsg.peerRequired });
    if (f.msgType === 'txt' && f.content === '') ctx.addIssue({ code: 'custom', message: ChatMsg.textRequired });
    if (f.msgType !== 'txt' && f.fileId === undefined) ctx.addIssue({ code: 'custom', message: ChatMsg.fileRequired });
  });
export type ChatSendFrame = z.infer<typeof chatSendFrame>;

/** The client has received the conversation's messages up to `messageId`. */
export const chatDeliveredFrame = z.object({
  type: z.literal('delivered'),
  conversationId: idField(ChatMsg.conversationNotFound),
  messageId: messageIdField(ChatMsg.messageNotFound),
  ref,
});

/** The user has read the conversation up to `messageId` (a read receipt to the peer). */
export const chatReadFrame = z.object({
  type: z.literal('read'),
  conversationId: idField(ChatMsg.conversationNotFound),
  messageId: messageIdField(ChatMsg.messageNotFound),
  ref,
});

export const chatRecallFrame = z.object({
  type: z.literal('recall'),
  messageId: messageIdField(ChatMsg.messageNotFound),
  ref,
});

export const chatTypingFrame = z.object({ type: z.literal('typing'), toUserId: idField(ChatMsg.peerRequired), ref });

/** Which of these users are online now. */
export const chatPresenceFrame = z.object({
  type: z.literal('presence'),
  userIds: idList(ChatMsg.peerNotFound).refine((ids) => ids.length <= 1000, { error: ChatMsg.frameInvalid }),
  ref,
});

export const chatPingFrame = z.object({ type: z.literal('ping'), ref });

/** A friend request (spec 4.5: presence `subscribe`), with an optional note. */
export const chatSubscribeFrame = z.object({
  type: z.literal('subscribe'),
  toUserId: idField(ChatMsg.peerRequired),
  message: optionalText({ label: '验证消息', max: 100 }),
  ref,
});

/** Accept (`subscribed`) or reject (`unsubscribed`) a friend request made to the user. */
export const chatAnswerFrame = z.object({
  type: z.enum(['subscribed', 'unsubscribed']),
  requestId: idField(ChatMsg.requestNotFound),
  ref,
});

/** The user's clients have the stored notifications up to `noticeId`: they are not sent again. */
export const chatNoticedFrame = z.object({
  type: z.literal('noticed'),
  noticeId: messageIdField(ChatMsg.frameInvalid),
  ref,
});

export const chatClientFrame = z.discriminatedUnion('type', [
  chatAuthFrame,
  chatSendFrame,
  chatDeliveredFrame,
  chatReadFrame,
  chatRecallFrame,
  chatTypingFrame,
  chatPresenceFrame,
  chatPingFrame,
  chatSubscribeFrame,
  chatAnswerFrame,
  chatNoticedFrame,
  // Live visit queues (h-witness).
  watchVisitsFrame,
]);
export type ChatClientFrame = z.infer<typeof chatClientFrame>;

/* HTTP calls (spec 7.9). */

/** api/message/synchronizeMyConversationPlus: every conversation of the caller; nothing to ask. */
export const conversationSyncSchema = z.object({});

/** api/message/synchronousMessagesList: a conversation by id or by the peer; 10 a page before `beforeId`. */
export const messageHistorySchema = z
  .object({
    conversationId: optionalId(ChatMsg.conversationNotFound),
    userId: optionalId(ChatMsg.peerNotFound),
    beforeId: optionalMessageId(ChatMsg.messageNotFound),
  })
  .refine((v) => v.conversationId !== undefined || v.userId !== undefined, { error: ChatMsg.peerRequired });
export type MessageHistoryInput = z.infer<typeof messageHistorySchema>;

/** api/message/queryUserIMMessages: text messages of the caller's conversations (with one colleague) holding `search`. */
export const imMessageSearchSchema = z.object({
  ...pageFields,
  search: requiredText({ label: '搜索内容', max: 50 }, '请输入搜索内容'),
  userId: optionalId(ChatMsg.peerNotFound),
});
export type ImMessageSearchInput = z.infer<typeof imMessageSearchSchema>;

/** system/user/queryUserIMDetailByUserId */
export const imUserDetailSchema = z.object({ userId: idField(ChatMsg.peerNotFound) });

/** system/user/deptBookAppPlus: the address book, optionally narrowed by a name. */
export const deptBookSchema = z.object({ search: searchField });

/* Groups (api/chatgroup/*). */

const groupId = idField(ChatMsg.groupNotFound);
const memberIds = idList(ChatMsg.peerNotFound).refine((ids) => ids.length > 0, { error: ChatMsg.groupMembersRequired });
const groupName = { label: '群名称', max: 50 } as const;
const groupNotice = { label: '群公告', max: 500, multiline: true } as const;

/** The creator becomes the owner; `userIds` are the other members (at least one). */
export const groupCreateSchema = z.object({
  name: requiredText(groupName, ChatMsg.groupNameRequired),
  userIds: memberIds,
});
export type GroupCreateInput = z.infer<typeof groupCreateSchema>;

export const groupIdSchema = z.object({ groupId });

/** Group info with one page of members (1 of 1000 by default). */
export const groupInfoSchema = z.object({
  groupId,
  page: pageFields.page,
  limit: intWithDefault('每页条数须在1到1000之间', GROUP_MEMBER_PAGE, { min: 1, max: 1000 }),
});

export const groupUsersSchema = z.object({ groupId, userIds: memberIds });

/** Name, notice or avatar (an uploaded image's fileId): what is absent stays. */
export const groupUpdateSchema = z
  .object({
    groupId,
    name: requiredText(groupName, ChatMsg.groupNameRequired).optional(),
    notice: optionalText(groupNotice).optional(),
    avatarFileId: optionalId(ChatMsg.fileNotFound),
  })
  .refine((v) => v.name !== undefined || v.notice !== undefined || v.avatarFileId !== undefined, {
    error: ChatMsg.nothingToUpdate,
  });
export type GroupUpdateInput = z.infer<typeof groupUpdateSchema>;

/* Mass messages (api/message/sendMassMsg, system/user/queryMassUserList). */

/** Who a mass message goes to: chosen colleagues and every active colleague of chosen departments (and below). */
const massRecipients = {
  userIds: idList(ChatMsg.peerNotFound),
  deptIds: idList(ChatMsg.massRecipientsRequired),
};
const hasRecipients = (v: { userIds: number[]; deptIds: number[] }) => v.userIds.length + v.deptIds.length > 0;

export const massUserListSchema = z
  .object(massRecipients)
  .refine(hasRecipients, { error: ChatMsg.massRecipientsRequired });
export type MassUserListInput = z.infer<typeof massUserListSchema>;

/**
 * A text sent to each recipient as a one-to-one message from the sender. `clientMsgId` (1–40
 * characters) makes a resend harmless: each recipient's copy is stored as `<clientMsgId>-<userId>`.
 */
export const massMessageSchema = z
  .object({
    ...massRecipients,
    clientMsgId: z
      .string({ error: ChatMsg.clientMsgIdInvalid })
      .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: ChatMsg.clientMsgIdInvalid }),
    content: requiredText(chatTextRule, ChatMsg.textRequired),
  })
  .refine(hasRecipients, { error: ChatMsg.massRecipientsRequired });
export type MassMessageInput = z.infer<typeof massMessageSchema>;

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

/**
 * A conversation: one-to-one (`contact`, the pair in `user_low` < `user_high`, unique so two
 * first messages sent at once meet in the same row) or `group`. User and
 * file ids are not foreign keys, like the approval tables: users are disabled, never deleted.
 */
export const chatConversations = pgTable(
  'chat_conversation',
  {
    id: serial('conversation_id').primaryKey(),
    chatType: varchar('chat_type', { length: 10 }).notNull().default('contact'),
    userLow: integer('user_low'),
    userHigh: integer('user_high'),
    /** Groups: name, notice, avatar address, owner, and when it was dissolved. */
    name: varchar('name', { length: 50 }).notNull().default(''),
    notice: varchar('notice', { length: 500 }).notNull().default(''),
    avatar: varchar('avatar', { length: 500 }).notNull().default(''),
    ownerId: integer('owner_id'),
    dissolvedAt: timestamp('dissolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_conversation_pair_uq').on(t.userLow, t.userHigh).where(sql`${t.chatType} = 'contact'`)],
);

/**
 * Who belongs to a conversation, with how far they have read (read receipts, unread counts) and
 * how far their clients confirmed receipt (what a reconnecting socket is sent again).
 */
export const chatMembers = pgTable(
  'chat_member',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
    lastDeliveredId: bigint('last_delivered_id', { mode: 'number' }).notNull().default(0),
    /** In a group: 0 member, 1 admin, 2 owner (the owner and admins manage it). */
    role: smallint('role').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('chat_member_user_idx').on(t.userId)],
);

/**
 * A message, stored before the sender is told it was sent. `client_msg_id` is the sender's own
 * id for it, unique per sender: a resend after a reconnect finds the stored row instead of
 * adding a second one. A recall keeps the row (status 'recall') and drops its content.
 */
export const chatMessages = pgTable(
  'chat_message',
  {
    id: bigserial('message_id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').notNull(),
    clientMsgId: varchar('client_msg_id', { length: 64 }).notNull(),
    /** txt, img, audio, video or file. */
    type: varchar('type', { length: 10 }).notNull(),
    content: text('content').notNull().default(''),
    fileId: integer('file_id'),
    /** 'sent' or 'recall'; read and unread follow from the members' read marks. */
    status: varchar('status', { length: 10 }).notNull().default('sent'),
    recallTime: timestamp('recall_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_message_client_uq').on(t.senderId, t.clientMsgId),
    // History pages, the last message and unread counts walk a conversation by id.
    index('chat_message_conversation_idx').on(t.conversationId, t.id),
  ],
);

/**
 * Who is online, per server process (`node_id`): each process keeps its rows fresh while the
 * user has a socket on it and removes them when the last one closes; rows of a process that
 * died stop counting once `seen_at` is older than the presence timeout.
 */
export const chatPresence = pgTable(
  'chat_presence',
  {
    userId: integer('user_id').notNull(),
    nodeId: varchar('node_id', { length: 40 }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.nodeId] }), index('chat_presence_node_idx').on(t.nodeId)],
);

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** Friends (the personal contact list), a row each way. */
export const chatFriends = pgTable(
  'chat_friend',
  {
    userId: integer('user_id').notNull(),
    friendId: integer('friend_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

/** A friend request (spec 4.5 "subscribe"): 0 waiting, 1 accepted, 2 rejected. One waiting per pair and direction. */
export const chatFriendRequests = pgTable(
  'chat_friend_request',
  {
    id: serial('request_id').primaryKey(),
    fromUserId: integer('from_user_id').notNull(),
    toUserId: integer('to_user_id').notNull(),
    message: varchar('message', { length: 100 }).notNull().default(''),
    status: smallint('status').notNull().default(0),
    handleTime: timestamp('handle_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_friend_request_waiting_uq').on(t.fromUserId, t.toUserId).where(sql`${t.status} = 0`)],
);

/**
 * Notifications kept until a client of the user confirms them (`noticed`): friend requests and
 * their answers, group invitations. A user who was offline gets them on connect.
 */
export const chatNotices = pgTable(
  'chat_notice',
  {
    id: bigserial('notice_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    /** subscribe, subscribed, unsubscribed or group. */
    kind: varchar('kind', { length: 20 }).notNull(),
    fromUserId: integer('from_user_id').notNull(),
    requestId: integer('request_id'),
    groupId: integer('group_id'),
    text: varchar('text', { length: 200 }).notNull(),
    delivered: boolean('delivered').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('chat_notice_waiting_idx').on(t.userId, t.id).where(sql`not ${t.delivered}`)],
);

import {
  ChatMsg,
  conversationListResponse,
  conversationSyncSchema,
  deptBookResponse,
  deptBookSchema,
  imMessagePageResponse,
  imMessageSearchSchema,
  imUserDetailResponse,
  imUserDetailSchema,
  messageHistoryResponse,
  messageHistorySchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import type { SessionCache } from '../auth/session-cache.ts';
import { notFound } from '../core/errors.ts';
import { type Ctx, defineRoute } from '../core/route.ts';
import { ChatHub } from './hub.ts';
import { addressBook, conversations, messageSearch, userDetail } from './queries.ts';
import { findContactConversation, historyPage, requireMember } from './repository.ts';
import { registerChatSocket } from './socket.ts';
import './file-owner.ts';

/**
 * Messaging (docs/api/messaging.md): the socket, and the HTTP calls of spec 7.9 a client syncs
 * with. Any signed-in colleague may chat; a conversation is read by its members only.
 */
export async function registerChat(app: FastifyInstance, ctx: Ctx, sessions: SessionCache): Promise<void> {
  const hub = await ChatHub.start(ctx.db, ctx.bus, sessions);
  app.addHook('onClose', async () => hub.stop());
  await registerChatSocket(app, ctx, hub, sessions);

  defineRoute(app, {
    method: 'GET',
    url: '/system/user/deptBookAppPlus',
    access: 'login',
    schema: deptBookSchema,
    response: deptBookResponse,
    handler: ({ input, user }) => addressBook(ctx.db, user.userId, input.search),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/system/user/queryUserIMDetailByUserId',
    access: 'login',
    schema: imUserDetailSchema,
    response: imUserDetailResponse,
    handler: async ({ input, user }) => {
      const found = await userDetail(ctx.db, user.userId, input.userId);
      if (!found) throw notFound(ChatMsg.peerNotFound);
      return found;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/message/synchronizeMyConversationPlus',
    access: 'login',
    schema: conversationSyncSchema,
    response: conversationListResponse,
    handler: ({ user }) => conversations(ctx.db, user.userId),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/message/synchronousMessagesList',
    access: 'login',
    schema: messageHistorySchema,
    response: messageHistoryResponse,
    handler: async ({ input, user }) => {
      let conversationId = input.conversationId;
      if (conversationId === undefined) {
        // By the colleague: no conversation yet is an empty history, not an error.
        conversationId = (await findContactConversation(ctx.db, user.userId, input.userId!)) ?? undefined;
        if (conversationId === undefined) return { list: [], hasMore: false };
      }
      await requireMember(ctx.db, conversationId, user.userId);
      return historyPage(ctx.db, user.userId, conversationId, input.beforeId);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/message/queryUserIMMessages',
    access: 'login',
    schema: imMessageSearchSchema,
    response: imMessagePageResponse,
    handler: ({ input, user }) => messageSearch(ctx.db, user.userId, input),
  });
}

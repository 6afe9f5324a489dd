import {
  ChatMsg,
  conversationListResponse,
  conversationSyncSchema,
  deptBookResponse,
  deptBookSchema,
  groupCreateSchema,
  groupIdSchema,
  groupInfoResponse,
  groupInfoSchema,
  groupUpdateSchema,
  groupUsersSchema,
  imMessagePageResponse,
  imMessageSearchSchema,
  imUserDetailResponse,
  imUserDetailSchema,
  massMessageResponse,
  massMessageSchema,
  massUserListResponse,
  massUserListSchema,
  messageHistoryResponse,
  messageHistorySchema,
  noData,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import type { SessionCache } from '../auth/session-cache.ts';
import { notFound } from '../core/errors.ts';
import { type Ctx, defineRoute } from '../core/route.ts';
import { registerFileOwners } from './file-owner.ts';
import { addMembers, createGroup, dissolveGroup, groupInfo, removeMembers, setAdmins, updateGroup } from './groups.ts';
import { ChatHub } from './hub.ts';
import { massRecipients, sendMass } from './mass.ts';
import { addressBook, conversations, messageSearch, userDetail } from './queries.ts';
import { findContactConversation, historyPage, requireMember } from './repository.ts';
import { registerChatSocket } from './socket.ts';

/**
 * Messaging (docs/api/messaging.md): the socket, and the HTTP calls of spec 7.9 a client syncs
 * with. Any signed-in colleague may chat; a conversation is read by its members only.
 */
export async function registerChat(app: FastifyInstance, ctx: Ctx, sessions: SessionCache): Promise<void> {
  registerFileOwners(ctx.registry);
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

  // Mass messages: one text to chosen colleagues and departments, each as a one-to-one message.
  defineRoute(app, {
    method: 'GET',
    url: '/system/user/queryMassUserList',
    access: 'login',
    schema: massUserListSchema,
    response: massUserListResponse,
    handler: ({ input, user }) => massRecipients(ctx.db, user.userId, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/message/sendMassMsg',
    access: 'login',
    schema: massMessageSchema,
    response: massMessageResponse,
    handler: ({ input, user }) => sendMass(ctx.db, user.userId, input),
  });

  registerGroupRoutes(app, ctx);
}

/**
 * Groups (api/chatgroup/*): anyone signed in may create one; its owner and admins manage it,
 * only the owner dissolves it and appoints admins. Every call but create answers the group as
 * its caller now sees it (members page 1 of 1000).
 */
function registerGroupRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  defineRoute(app, {
    method: 'POST',
    url: '/api/chatgroup/createGroup',
    access: 'login',
    schema: groupCreateSchema,
    response: groupInfoResponse,
    handler: async ({ input, user }) => groupInfo(db, user.userId, await createGroup(db, user.userId, input)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/chatgroup/queryGroupInfo',
    access: 'login',
    schema: groupInfoSchema,
    response: groupInfoResponse,
    handler: ({ input, user }) => groupInfo(db, user.userId, input.groupId, input.page, input.limit),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/chatgroup/updateGroup',
    access: 'login',
    schema: groupUpdateSchema,
    response: groupInfoResponse,
    handler: async ({ input, user }) => {
      await updateGroup(db, user.userId, input);
      return groupInfo(db, user.userId, input.groupId);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/chatgroup/addBatchUsers',
    access: 'login',
    schema: groupUsersSchema,
    response: groupInfoResponse,
    handler: async ({ input, user }) => {
      await addMembers(db, user.userId, input.groupId, input.userIds);
      return groupInfo(db, user.userId, input.groupId);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/chatgroup/removeBatchUsers',
    access: 'login',
    schema: groupUsersSchema,
    response: groupInfoResponse,
    handler: async ({ input, user }) => {
      await removeMembers(db, user.userId, input.groupId, input.userIds);
      return groupInfo(db, user.userId, input.groupId);
    },
  });
  for (const [url, admin] of [
    ['/api/chatgroup/addAdminUser', true],
    ['/api/chatgroup/removeAdminUser', false],
  ] as const)
    defineRoute(app, {
      method: 'POST',
      url,
      access: 'login',
      schema: groupUsersSchema,
      response: groupInfoResponse,
      handler: async ({ input, user }) => {
        await setAdmins(db, user.userId, input.groupId, input.userIds, admin);
        return groupInfo(db, user.userId, input.groupId);
      },
    });
  defineRoute(app, {
    method: 'POST',
    url: '/api/chatgroup/delGroup',
    access: 'login',
    schema: groupIdSchema,
    response: noData,
    handler: ({ input, user }) => dissolveGroup(db, user.userId, input.groupId),
  });
}

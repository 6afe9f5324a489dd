import { type ChatClientFrame, ChatMsg, chatClientFrame, Msg } from '@crm/shared';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionCache } from '../auth/session-cache.ts';
import { hashToken } from '../auth/tokens.ts';
// Live visit queues (h-witness).
import { checkWatch } from '../clinic/visits/live.ts';
import { AppError, badRequest } from '../core/errors.ts';
import type { Ctx } from '../core/route.ts';
import { removeStored } from '../files/attach.ts';
import { frameText } from './frames.ts';
import { answerRequest, markNoticed, requestFriend, waitingNotices } from './friends.ts';
import { type ChatHub, CLOSE_NOT_LOGGED_IN, type Client, type Socket } from './hub.ts';
import { onlineAmong } from './presence.ts';
import {
  markDelivered,
  markRead,
  notifyChat,
  readMarks,
  recallMessage,
  storeMessage,
  toMessage,
  undelivered,
} from './repository.ts';

/** The messaging socket (docs/api/messaging.md); not under a page root, so never the web app. */
export const CHAT_SOCKET_PATH = '/api/message/socket';
/** A socket that has not sent its token by then is closed. */
export const AUTH_TIMEOUT_MS = 10_000;
/** Largest frame a client may send (a text message is at most 2000 characters). */
const MAX_FRAME_BYTES = 64 * 1024;

type WsSocket = Socket & {
  on(event: 'message', listener: (data: Buffer | string, isBinary: boolean) => void): void;
  on(event: 'close', listener: () => void): void;
};

/**
 * The socket route. Its access is `public` because a browser cannot send the Admin-Token header
 * on a WebSocket: the token comes in the first frame (`auth`), never in the address (where
 * proxies log it), and the HttpOnly cookie is not accepted (another site could open the socket
 * with it).
 */
export async function registerChatSocket(app: FastifyInstance, ctx: Ctx, hub: ChatHub, sessions: SessionCache) {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES }, errorHandler: onSocketError });
  app.route({
    method: 'GET',
    url: CHAT_SOCKET_PATH,
    config: { access: 'public' },
    handler: async () => {
      throw badRequest(ChatMsg.socketOnly);
    },
    wsHandler: (socket: WsSocket, req: FastifyRequest) => serveSocket(socket, req, ctx, hub, sessions),
  });
}

/**
 * An error on an open socket. ws's protocol errors (a frame over MAX_FRAME_BYTES, a bad opcode,
 * invalid UTF-8: code WS_ERR_…) and a client vanishing mid-frame are the client's doing, so they
 * are a warning, not a server error; ws has already sent the matching close code.
 */
function onSocketError(this: FastifyInstance, error: Error, socket: { terminate(): void }, req: FastifyRequest): void {
  const code = (error as { code?: unknown }).code;
  const clientFault = typeof code === 'string' && (code.startsWith('WS_ERR_') || code === 'ECONNRESET');
  if (clientFault) req.log.warn({ code, reason: error.message }, 'chat socket: frame refused');
  else req.log.error(error);
  socket.terminate();
}

function serveSocket(socket: WsSocket, req: FastifyRequest, ctx: Ctx, hub: ChatHub, sessions: SessionCache) {
  let client: Client | null = null;
  let closed = false;
  // Frames are handled one after another, so acks and pushes keep the order frames came in.
  let queue = Promise.resolve();
  const timer = setTimeout(() => {
    if (!client) socket.close(CLOSE_NOT_LOGGED_IN, 'auth timeout');
  }, AUTH_TIMEOUT_MS);
  timer.unref();

  const reply = (frame: Parameters<ChatHub['send']>[1]) => {
    if (socket.readyState === 1) socket.send(frameText(frame));
  };
  const refuse = (msg: string, ref?: string) => reply({ type: 'error', msg, ...(ref ? { ref } : {}) });

  socket.on('close', () => {
    closed = true;
    clearTimeout(timer);
    if (client) void hub.remove(client).catch(() => {});
  });

  socket.on('message', (data) => {
    queue = queue.then(async () => {
      let raw: unknown;
      try {
        raw = JSON.parse(String(data));
      } catch {
        return refuse(ChatMsg.frameInvalid);
      }
      const ref = refOf(raw);
      const parsed = chatClientFrame.safeParse(raw);
      if (!parsed.success) {
        const msg = parsed.error.issues[0]?.message;
        return refuse(msg && /[\u4e00-\u9fa5]/.test(msg) ? msg : ChatMsg.frameInvalid, ref);
      }
      try {
        await handle(parsed.data);
      } catch (err) {
        if (err instanceof AppError) return refuse(err.message, ref);
        req.log.error(err);
        refuse(Msg.serverError, ref);
      }
    });
  });

  async function handle(frame: ChatClientFrame): Promise<void> {
    if (frame.type === 'auth') return authenticate(frame.token);
    if (!client) {
      refuse(ChatMsg.authFirst);
      return socket.close(CLOSE_NOT_LOGGED_IN, 'not logged in');
    }
    const me = client.userId;
    switch (frame.type) {
      case 'send': {
        const { row, duplicate } = await storeMessage(ctx.db, me, frame, client.id);
        // A message just stored was read by nobody yet: only a duplicate needs the read marks.
        const marks = duplicate ? await readMarks(ctx.db, row.conversation_id) : new Map<number, number>();
        return reply({ type: 'ack', clientMsgId: frame.clientMsgId, duplicate, message: toMessage(row, me, marks) });
      }
      case 'delivered':
        return markDelivered(ctx.db, me, frame.conversationId, frame.messageId);
      case 'read':
        await markRead(ctx.db, me, frame.conversationId, frame.messageId);
        return;
      case 'recall': {
        const { removedKeys } = await recallMessage(ctx.db, me, frame.messageId);
        await removeStored(ctx.storage, removedKeys);
        return;
      }
      case 'typing':
        if (frame.toUserId !== me) await notifyChat(ctx.db, { k: 't', from: me, to: frame.toUserId });
        return;
      case 'presence': {
        // Asking about colleagues also subscribes this socket to their comings and goings.
        hub.watch(client, frame.userIds);
        const online = await onlineAmong(ctx.db, frame.userIds);
        return reply({
          type: 'presence',
          online: frame.userIds.filter((u) => online.has(u)),
          offline: frame.userIds.filter((u) => !online.has(u)),
        });
      }
      case 'subscribe':
        return requestFriend(ctx.db, me, frame.toUserId, frame.message);
      case 'subscribed':
      case 'unsubscribed':
        return answerRequest(ctx.db, me, frame.requestId, frame.type === 'subscribed');
      case 'noticed':
        return markNoticed(ctx.db, me, frame.noticeId);
      case 'ping':
        return reply({ type: 'pong', ...(frame.ref ? { ref: frame.ref } : {}) });
      // Live visit queues (h-witness): the session's current rights decide.
      case 'watchVisits': {
        const found = await sessions.resolve(client.token);
        if (!found) return socket.close(CLOSE_NOT_LOGGED_IN, 'session ended');
        const storeIds = await checkWatch(ctx.db, found.session.user, frame.storeIds);
        // A socket that closed meanwhile watches nothing (its removal already ran).
        if (closed) return;
        hub.visits.watch(client, storeIds);
        return reply({ type: 'watchingVisits', storeIds });
      }
    }
  }

  async function authenticate(token: string): Promise<void> {
    if (client) return reply({ type: 'ready', userId: client.userId });
    const found = await sessions.resolve(token);
    if (!found) {
      refuse(Msg.notLoggedIn);
      return socket.close(CLOSE_NOT_LOGGED_IN, 'not logged in');
    }
    const c: Client = {
      id: hub.newClientId(),
      socket,
      userId: found.session.user.userId,
      token,
      tokenHash: hashToken(token),
      expiresAt: found.session.expiresAt,
    };
    client = c;
    clearTimeout(timer);
    await hub.add(c);
    if (closed) return void (await hub.remove(c));
    reply({ type: 'ready', userId: c.userId });
    // What arrived while no client of this user confirmed receipt (offline, or a dropped socket).
    // Pushes from now on come through the hub, so a message may come twice: clients keep one per messageId.
    const rows = await undelivered(ctx.db, c.userId);
    const marks = new Map<number, Awaited<ReturnType<typeof readMarks>>>();
    for (const row of rows) {
      let m = marks.get(row.conversation_id);
      if (!m) {
        m = await readMarks(ctx.db, row.conversation_id);
        marks.set(row.conversation_id, m);
      }
      reply({ type: 'message', message: toMessage(row, c.userId, m) });
    }
    // Friend requests, their answers and group invitations kept while the user was away.
    for (const notice of await waitingNotices(ctx.db, c.userId)) reply({ type: 'notice', notice });
    // The header badge starts from here (a batched count: the user's other tabs get it too); the
    // hub pushes it again whenever it changes.
    await hub.pushUnread(c.userId);
  }
}

/** The id a refusal refers to: the frame's `ref`, or a send's clientMsgId. */
function refOf(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as { ref?: unknown; clientMsgId?: unknown };
  const v = typeof r.ref === 'string' ? r.ref : typeof r.clientMsgId === 'string' ? r.clientMsgId : undefined;
  return v && /^[A-Za-z0-9_-]{1,64}$/.test(v) ? v : undefined;
}

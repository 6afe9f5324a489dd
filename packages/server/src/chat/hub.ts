import { randomUUID } from 'node:crypto';
import type { ChatServerFrame } from '@crm/shared';
import { SESSION_CHANNEL, type SessionCache } from '../auth/session-cache.ts';
import { BADGE_CHANNEL, type BadgeEvent } from '../core/badges.ts';
import type { Bus } from '../core/bus.ts';
import type { Db } from '../db/client.ts';
import { loadNotice } from './friends.ts';
import { PRESENCE_BEAT_MS, presenceBeat, presenceClear, presenceDown, presenceUp } from './presence.ts';
import {
  CHAT_CHANNEL,
  type ChatEvent,
  loadMessage,
  notifyChat,
  readMarks,
  toMessage,
  unreadTotal,
} from './repository.ts';

/** The part of a `ws` socket the hub uses. */
export type Socket = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
};
const OPEN = 1;

/** Close codes: the session ended (or never began), and a client that broke the protocol. */
export const CLOSE_NOT_LOGGED_IN = 4401;

/**
 * One authenticated socket; `tokenHash` as the session triggers name it; `expiresAt` (ms) when its
 * session runs out unless something slides it.
 */
export type Client = {
  id: string;
  socket: Socket;
  userId: number;
  token: string;
  tokenHash: string;
  expiresAt: number;
};

/**
 * The sockets of this process, by user, and what the bus tells them: every process hears every
 * chat event (LISTEN/NOTIFY) and pushes it to the sockets it holds, so two users on different
 * processes behind a load balancer talk as if on one. Session changes arrive the same way: a
 * socket whose session ended or whose user was disabled is closed.
 */
export class ChatHub {
  readonly nodeId = randomUUID();
  private byUser = new Map<number, Set<Client>>();
  private counter = 0;
  private stops: (() => void)[] = [];
  private beat: NodeJS.Timeout | undefined;

  private constructor(
    private db: Db,
    private sessions: SessionCache,
  ) {}

  static async start(db: Db, bus: Bus, sessions: SessionCache): Promise<ChatHub> {
    const hub = new ChatHub(db, sessions);
    hub.stops.push(await bus.subscribe(CHAT_CHANNEL, (p) => void hub.onEvent(p).catch(() => {})));
    hub.stops.push(await bus.subscribe(SESSION_CHANNEL, (p) => void hub.onSessionChange(p)));
    hub.stops.push(await bus.subscribe(BADGE_CHANNEL, (p) => hub.onBadges(p)));
    // Pushes published while the listening connection was down are lost: clients sync afresh.
    hub.stops.push(bus.onReset(() => hub.broadcast({ type: 'resync' })));
    hub.beat = setInterval(() => {
      void presenceBeat(db, hub.nodeId).catch(() => {});
      void hub.closeExpired();
    }, PRESENCE_BEAT_MS);
    hub.beat.unref();
    return hub;
  }

  newClientId(): string {
    return `${this.nodeId}:${++this.counter}`;
  }

  async add(client: Client): Promise<void> {
    let set = this.byUser.get(client.userId);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byUser.set(client.userId, set);
    }
    set.add(client);
    if (first) {
      await presenceUp(this.db, client.userId, this.nodeId);
      await notifyChat(this.db, { k: 'p', u: client.userId, online: true });
    }
  }

  async remove(client: Client): Promise<void> {
    const set = this.byUser.get(client.userId);
    if (!set?.delete(client) || set.size > 0) return;
    this.byUser.delete(client.userId);
    const elsewhere = await presenceDown(this.db, client.userId, this.nodeId);
    if (!elsewhere) await notifyChat(this.db, { k: 'p', u: client.userId, online: false });
  }

  /** Number of open sockets on this process (tests, health). */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  send(client: Client, frame: ChatServerFrame): void {
    if (client.socket.readyState === OPEN) client.socket.send(JSON.stringify(frame));
  }

  private toUser(userId: number, frame: ChatServerFrame | ((c: Client) => ChatServerFrame), except?: string) {
    for (const c of this.byUser.get(userId) ?? [])
      if (c.id !== except) this.send(c, typeof frame === 'function' ? frame(c) : frame);
  }

  /** Tell a user's sockets on this process their unread total. */
  async pushUnread(userId: number): Promise<void> {
    const count = await unreadTotal(this.db, userId);
    this.toUser(userId, { type: 'unread', count });
  }

  private broadcast(frame: ChatServerFrame) {
    for (const set of this.byUser.values()) for (const c of set) this.send(c, frame);
  }

  private async onEvent(payload: string): Promise<void> {
    const e = JSON.parse(payload) as ChatEvent;
    switch (e.k) {
      case 'm':
      case 'x': {
        // A process without sockets has nobody to push to: it does not read the message.
        if (this.byUser.size === 0) return;
        const row = await loadMessage(this.db, e.id);
        if (!row) return;
        const marks = await readMarks(this.db, row.conversation_id);
        const members = [...marks.keys()].filter((u) => this.byUser.has(u));
        for (const u of members) {
          const message = toMessage(row, u, marks);
          this.toUser(
            u,
            e.k === 'm' ? { type: 'message', message } : { type: 'recall', message },
            e.k === 'm' ? e.origin : undefined,
          );
        }
        // A new message raises its receivers' unread count (the header badge on every tab).
        if (e.k === 'm') await Promise.all(members.filter((u) => u !== row.sender_id).map((u) => this.pushUnread(u)));
        return;
      }
      case 'r':
        for (const u of e.to)
          this.toUser(u, { type: 'read', conversationId: e.c, userId: e.u, messageId: e.m, fromId: e.p });
        // Reading lowers the reader's count on all their tabs.
        if (this.byUser.has(e.u)) await this.pushUnread(e.u);
        return;
      case 'g':
        for (const u of e.to) this.toUser(u, { type: 'group', event: e.e, groupId: e.id });
        return;
      case 'n': {
        if (!this.byUser.has(e.to)) return;
        const notice = await loadNotice(this.db, e.id);
        if (notice) this.toUser(e.to, { type: 'notice', notice });
        return;
      }
      case 't':
        this.toUser(e.to, { type: 'typing', fromUserId: e.from });
        return;
      case 'p':
        this.broadcast({ type: 'presence', online: e.online ? [e.u] : [], offline: e.online ? [] : [e.u] });
        return;
    }
  }

  /** To-do counts of these users moved (core/badges.ts): their sockets here fetch them again. */
  private onBadges(payload: string): void {
    let e: BadgeEvent;
    try {
      e = JSON.parse(payload) as BadgeEvent;
    } catch {
      return;
    }
    for (const u of e.to) this.toUser(u, { type: 'badges', areas: e.a });
  }

  /**
   * A session change (migration 0003's triggers: `t:<token hash>`, `u:<user id>`, `*`): the
   * affected sockets ask the session cache again, which by now has dropped what changed, and
   * close when their session no longer resolves (logged out, expired, user disabled).
   */
  /**
   * Sessions end without a trigger when they run out idle. A socket whose session looks past its
   * time is checked again (the web app's keep-alive or another process may have slid it) and
   * closed if it did run out; sockets of live sessions cost nothing here.
   */
  async closeExpired(now = Date.now()): Promise<void> {
    const due = [...this.byUser.values()].flatMap((s) => [...s]).filter((c) => c.expiresAt <= now);
    await Promise.all(due.map((c) => this.recheck(c)));
  }

  private async recheck(c: Client): Promise<void> {
    const found = await this.sessions.resolve(c.token).catch(() => null);
    if (!found || found.session.user.userId !== c.userId) c.socket.close(CLOSE_NOT_LOGGED_IN, 'session ended');
    else c.expiresAt = found.session.expiresAt;
  }

  private async onSessionChange(payload: string): Promise<void> {
    let clients: Client[];
    const all = () => [...this.byUser.values()].flatMap((s) => [...s]);
    if (payload.startsWith('u:')) clients = [...(this.byUser.get(Number(payload.slice(2))) ?? [])];
    else if (payload.startsWith('t:')) clients = all().filter((c) => c.tokenHash === payload.slice(2));
    else clients = all();
    await Promise.all(clients.map((c) => this.recheck(c)));
  }

  async stop(): Promise<void> {
    for (const s of this.stops) s();
    if (this.beat) clearInterval(this.beat);
    for (const set of this.byUser.values()) for (const c of set) c.socket.close(1001, 'server stopping');
    this.byUser.clear();
    await presenceClear(this.db, this.nodeId).catch(() => {});
  }
}

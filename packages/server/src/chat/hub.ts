import { randomUUID } from 'node:crypto';
import type { ChatServerFrame } from '@crm/shared';
import { SESSION_CHANNEL, type SessionCache } from '../auth/session-cache.ts';
// Live visit queues (h-witness).
import { VisitWatchers } from '../clinic/visits/live.ts';
import { BADGE_CHANNEL, type BadgeEvent } from '../core/badges.ts';
import type { Bus } from '../core/bus.ts';
import type { Db } from '../db/client.ts';
import { Batcher } from './batcher.ts';
import { frameText } from './frames.ts';
import { loadNotice } from './friends.ts';
import { PRESENCE_BEAT_MS, presenceBeat, presenceClear, presenceContacts, presenceSync } from './presence.ts';
import {
  CHAT_CHANNEL,
  type ChatEvent,
  loadMessage,
  notifyChat,
  type ReadMarks,
  readMarks,
  toMessage,
  unreadTotals,
} from './repository.ts';

/** The part of a `ws` socket the hub uses. */
export type Socket = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
};
const OPEN = 1;

/** Most users one presence event names (a payload stays far below the 8000 bytes of a NOTIFY). */
const PRESENCE_EVENT_USERS = 500;
/** How long unread-total requests gather before one query answers them all. */
const UNREAD_GATHER_MS = 20;
/** Most users a socket watches the presence of (its contacts and those it asked about). */
export const PRESENCE_WATCH_MAX = 5000;

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
  /** Presence subscriptions: a user → the sockets here told when they come or go, and back. */
  private watchers = new Map<number, Set<Client>>();
  private watching = new Map<Client, Set<number>>();
  private counter = 0;
  private stops: (() => void)[] = [];
  private beat: NodeJS.Timeout | undefined;
  /**
   * Users whose first socket here opened or last one closed: their presence rows and events go
   * in batches (one insert, one delete and one NOTIFY for all who came and went meanwhile).
   */
  private presence = new Batcher<number>((users) => this.syncPresence(users));
  /**
   * Users whose unread total moved: one count query for all of them, then a push to each; a
   * badge may lag a message by a few milliseconds, so a batch gathers for that long first.
   */
  private unread = new Batcher<number>((users) => this.pushUnreadTotals(users), { delayMs: UNREAD_GATHER_MS });
  /** Live visit queues (h-witness): the sockets here watching stores' visit moves. */
  readonly visits = new VisitWatchers<Client>((c, frame) => this.send(c, frame));

  private constructor(
    private db: Db,
    private sessions: SessionCache,
  ) {}

  static async start(db: Db, bus: Bus, sessions: SessionCache): Promise<ChatHub> {
    const hub = new ChatHub(db, sessions);
    // The busiest channel: heard by the process's listening connection only (core/bus.ts).
    hub.stops.push(
      await bus.subscribe(CHAT_CHANNEL, (p) => void hub.onEvent(p).catch(() => {}), { listenerOnly: true }),
    );
    hub.stops.push(await bus.subscribe(SESSION_CHANNEL, (p) => void hub.onSessionChange(p)));
    hub.stops.push(await bus.subscribe(BADGE_CHANNEL, (p) => hub.onBadges(p)));
    // Live visit queues (h-witness).
    hub.stops.push(await hub.visits.listen(bus));
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

  /**
   * A socket signed in: the user is online once its presence row is written (the first socket
   * here), and the socket is told when the user's contacts come and go.
   */
  async add(client: Client): Promise<void> {
    let set = this.byUser.get(client.userId);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byUser.set(client.userId, set);
    }
    set.add(client);
    const contacts = await presenceContacts(this.db, client.userId);
    this.watch(client, contacts);
    if (first) await this.presence.add(client.userId);
  }

  async remove(client: Client): Promise<void> {
    this.unwatchAll(client);
    this.visits.unwatch(client);
    const set = this.byUser.get(client.userId);
    if (!set?.delete(client) || set.size > 0) return;
    this.byUser.delete(client.userId);
    await this.presence.add(client.userId);
  }

  /** Tell `client` from now on when these users come online or go offline. */
  watch(client: Client, userIds: Iterable<number>): void {
    // A socket that closed meanwhile (a frame handled after its close) watches nobody.
    if (!this.byUser.get(client.userId)?.has(client)) return;
    let mine = this.watching.get(client);
    if (!mine) {
      mine = new Set();
      this.watching.set(client, mine);
    }
    for (const u of userIds) {
      if (mine.has(u) || u === client.userId) continue;
      if (mine.size >= PRESENCE_WATCH_MAX) return;
      mine.add(u);
      let set = this.watchers.get(u);
      if (!set) {
        set = new Set();
        this.watchers.set(u, set);
      }
      set.add(client);
    }
  }

  private unwatchAll(client: Client): void {
    for (const u of this.watching.get(client) ?? []) {
      const set = this.watchers.get(u);
      set?.delete(client);
      if (set?.size === 0) this.watchers.delete(u);
    }
    this.watching.delete(client);
  }

  /** Two users talk one to one from now on: each one's sockets here watch the other. */
  private watchPair(a: number, b: number): void {
    for (const c of this.byUser.get(a) ?? []) this.watch(c, [b]);
    for (const c of this.byUser.get(b) ?? []) this.watch(c, [a]);
  }

  /** One batch of presence changes: rows written, then one event per few hundred users. */
  private async syncPresence(users: number[]): Promise<void> {
    // The state now decides (a user may have come and gone since they were queued).
    const up = users.filter((u) => this.byUser.has(u));
    const down = users.filter((u) => !this.byUser.has(u));
    const elsewhere = await presenceSync(this.db, this.nodeId, up, down);
    const off = down.filter((u) => !elsewhere.has(u));
    for (let i = 0; i < Math.max(up.length, off.length); i += PRESENCE_EVENT_USERS) {
      const on = up.slice(i, i + PRESENCE_EVENT_USERS);
      const gone = off.slice(i, i + PRESENCE_EVENT_USERS);
      if (on.length || gone.length) await notifyChat(this.db, { k: 'p', on, off: gone });
    }
  }

  /** Number of open sockets on this process (tests, health). */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  send(client: Client, frame: ChatServerFrame): void {
    if (client.socket.readyState === OPEN) client.socket.send(frameText(frame));
  }

  private toUser(userId: number, frame: ChatServerFrame | ((c: Client) => ChatServerFrame), except?: string) {
    for (const c of this.byUser.get(userId) ?? [])
      if (c.id !== except) this.send(c, typeof frame === 'function' ? frame(c) : frame);
  }

  /**
   * Tell a user's sockets on this process their unread total; requests that come while a count
   * runs are answered together by the next one.
   */
  pushUnread(userId: number): Promise<void> {
    return this.unread.add(userId);
  }

  private async pushUnreadTotals(users: number[]): Promise<void> {
    const here = users.filter((u) => this.byUser.has(u));
    const counts = await unreadTotals(this.db, here);
    for (const [u, count] of counts) this.toUser(u, { type: 'unread', count });
  }

  /** The same text to each socket of the user here, but `except`. */
  private rawToUser(userId: number, text: string, except?: string | null) {
    for (const c of this.byUser.get(userId) ?? [])
      if (c.id !== except && c.socket.readyState === OPEN) c.socket.send(text);
  }

  private broadcast(frame: ChatServerFrame) {
    const text = frameText(frame);
    for (const set of this.byUser.values()) for (const c of set) if (c.socket.readyState === OPEN) c.socket.send(text);
  }

  private async onEvent(payload: string): Promise<void> {
    const e = JSON.parse(payload) as ChatEvent;
    switch (e.k) {
      case 'm': {
        // A process without sockets has nobody to push to: it does not read the message.
        if (this.byUser.size === 0) return;
        const row = e.r ?? (await loadMessage(this.db, e.id));
        if (!row) return;
        const members =
          row.chat_type === 'contact'
            ? [row.user_low, row.user_high]
            : [...(await readMarks(this.db, row.conversation_id)).keys()];
        const here = members.filter((u) => this.byUser.has(u));
        if (row.chat_type === 'contact') this.watchPair(row.user_low, row.user_high);
        if (here.length === 0) return;
        // A new message: unread for every receiver, sent for the sender's other sockets; each
        // of the two frames is rendered once for all its sockets.
        const receivers = here.filter((u) => u !== row.sender_id);
        const fresh: ReadMarks = new Map();
        if (receivers.length) {
          const text = frameText({ type: 'message', message: toMessage(row, receivers[0]!, fresh) });
          for (const u of receivers) this.rawToUser(u, text);
        }
        if (here.includes(row.sender_id))
          this.rawToUser(
            row.sender_id,
            frameText({ type: 'message', message: toMessage(row, row.sender_id, fresh) }),
            e.origin,
          );
        // A new message raises its receivers' unread count (the header badge on every tab).
        await Promise.all(receivers.map((u) => this.pushUnread(u)));
        return;
      }
      case 'x': {
        if (this.byUser.size === 0) return;
        const row = await loadMessage(this.db, e.id);
        if (!row) return;
        const marks = await readMarks(this.db, row.conversation_id);
        for (const u of [...marks.keys()].filter((m) => this.byUser.has(m)))
          this.toUser(u, { type: 'recall', message: toMessage(row, u, marks) });
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
        if (!notice) return;
        // New friends see each other come and go from now on.
        if (notice.kind === 'subscribed') this.watchPair(e.to, notice.fromUserId);
        this.toUser(e.to, { type: 'notice', notice });
        return;
      }
      case 't':
        this.toUser(e.to, { type: 'typing', fromUserId: e.from });
        return;
      case 'p': {
        // Only the sockets watching a user hear of them: one frame per socket for the batch.
        const frames = new Map<Client, { online: number[]; offline: number[] }>();
        const add = (users: number[], online: boolean) => {
          for (const u of users)
            for (const c of this.watchers.get(u) ?? []) {
              let f = frames.get(c);
              if (!f) {
                f = { online: [], offline: [] };
                frames.set(c, f);
              }
              (online ? f.online : f.offline).push(u);
            }
        };
        add(e.on, true);
        add(e.off, false);
        for (const [c, f] of frames) this.send(c, { type: 'presence', ...f });
        return;
      }
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
    this.watchers.clear();
    this.watching.clear();
    await presenceClear(this.db, this.nodeId).catch(() => {});
  }
}

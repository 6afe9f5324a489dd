import {
  CHAT_RECONNECT_MAX,
  CHAT_RECONNECT_MS,
  type ChatClientFrame,
  type ChatSendFrame,
  type ChatServerFrame,
} from '@crm/shared';
import type { Connection } from './state';

/** The messaging socket's address on this site (docs/api/messaging.md). */
export const CHAT_SOCKET_PATH = '/api/message/socket';
/** The server's close code for "log in again": no reconnect. */
const CLOSE_NOT_LOGGED_IN = 4401;

type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: (() => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  onclose: ((e: { code: number }) => void) | null;
};

export type ConnectionOptions = {
  token: () => string | null;
  onFrame: (frame: ChatServerFrame) => void;
  onState: (state: Connection) => void;
  /** A send the server refused: it is not retried. */
  onSendFailed?: (clientMsgId: string, msg: string) => void;
  url?: string;
  createSocket?: (url: string) => SocketLike;
  reconnectMs?: number;
  maxAttempts?: number;
  /**
   * Where unacknowledged sends survive a reload of the tab (sessionStorage, keyed by user): a
   * message typed while offline is sent once the page and its socket are back.
   */
  outboxStore?: { storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>; key: string };
};

const socketUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${CHAT_SOCKET_PATH}`;

/**
 * One authenticated messaging socket that comes back by itself: after a drop it tries again
 * every 5 s, at most 999 times (spec 9). Sends not yet acknowledged are kept and sent again with
 * the same clientMsgId once the socket is ready, so a drop neither loses nor doubles a message.
 */
export class ChatConnection {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private stopped = false;
  private ready = false;
  /** Sends waiting for their ack, in the order they were made. */
  readonly outbox = new Map<string, ChatSendFrame>();

  constructor(private opts: ConnectionOptions) {
    for (const f of this.loadOutbox()) this.outbox.set(f.clientMsgId, f);
  }

  private loadOutbox(): ChatSendFrame[] {
    const store = this.opts.outboxStore;
    try {
      const raw = store ? store.storage.getItem(store.key) : null;
      const list = raw ? (JSON.parse(raw) as unknown) : [];
      return Array.isArray(list) ? (list as ChatSendFrame[]).filter((f) => f?.type === 'send' && !!f.clientMsgId) : [];
    } catch {
      return [];
    }
  }

  private saveOutbox() {
    const store = this.opts.outboxStore;
    if (!store) return;
    try {
      if (this.outbox.size) store.storage.setItem(store.key, JSON.stringify([...this.outbox.values()]));
      else store.storage.removeItem(store.key);
    } catch {
      // Storage full or denied: the outbox still lives in memory for this page.
    }
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.close(1000);
    this.socket = null;
  }

  /** Send a message: kept until acknowledged, sent now if the socket is ready. */
  sendMessage(frame: ChatSendFrame): void {
    this.outbox.set(frame.clientMsgId, frame);
    this.saveOutbox();
    if (this.ready) this.raw(frame);
  }

  /** Any other frame; dropped while offline (reads, typing… are sent again by state on reconnect). */
  send(frame: Exclude<ChatClientFrame, ChatSendFrame>): boolean {
    if (!this.ready) return false;
    this.raw(frame);
    return true;
  }

  private raw(frame: ChatClientFrame) {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(frame));
  }

  private setState(status: Connection['status']) {
    this.opts.onState({ status, attempt: this.attempt });
  }

  private open() {
    const token = this.opts.token();
    if (!token) return this.setState('loggedOut');
    this.setState(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const create = this.opts.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    const socket = create(this.opts.url ?? socketUrl());
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }));
    socket.onmessage = (e) => this.onMessage(e.data);
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      if (this.stopped) return;
      if (e.code === CLOSE_NOT_LOGGED_IN) return this.setState('loggedOut');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    const max = this.opts.maxAttempts ?? CHAT_RECONNECT_MAX;
    if (this.attempt >= max) return this.setState('failed');
    this.attempt += 1;
    this.setState('reconnecting');
    this.timer = setTimeout(() => this.open(), this.opts.reconnectMs ?? CHAT_RECONNECT_MS);
  }

  private onMessage(data: unknown) {
    let frame: ChatServerFrame;
    try {
      frame = JSON.parse(String(data)) as ChatServerFrame;
    } catch {
      return;
    }
    if (frame.type === 'ready') {
      this.ready = true;
      this.attempt = 0;
      this.setState('open');
      for (const f of this.outbox.values()) this.raw(f);
    } else if (frame.type === 'ack') {
      if (this.outbox.delete(frame.clientMsgId)) this.saveOutbox();
    } else if (frame.type === 'error' && frame.ref && this.outbox.has(frame.ref)) {
      this.outbox.delete(frame.ref);
      this.saveOutbox();
      this.opts.onSendFailed?.(frame.ref, frame.msg);
    }
    this.opts.onFrame(frame);
  }
}

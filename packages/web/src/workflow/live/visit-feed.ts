import type { ChatServerFrame, VisitEventFrame } from '@crm/shared';
import { ChatConnection, type ConnectionOptions } from '@/chat/connection';
import type { ConnectionStatus } from '@/chat/state';

export type VisitFeedOptions = {
  token: () => string | null;
  storeIds: number[];
  /** A visit of a watched store arrived, moved or was (re)assigned. */
  onEvent: (e: VisitEventFrame) => void;
  /**
   * Events may have been missed: once the socket watches (again, after a reconnect), or on the
   * server's `resync` (its database connection dropped). The page fetches its queue again.
   */
  onReload: () => void;
  onState: (status: ConnectionStatus) => void;
  /** Tests: a fake socket and a short retry. */
  socket?: Pick<ConnectionOptions, 'createSocket' | 'url' | 'reconnectMs'>;
};

/**
 * The visit moves of some stores over the messaging socket (docs/clinic-visits.md "Live
 * queues"): once signed in the socket asks `watchVisits` for the stores, and again after every
 * reconnect (a new socket watches nothing); the server's confirmation reloads the queue.
 */
export class VisitFeed {
  private conn: ChatConnection;

  constructor(private opts: VisitFeedOptions) {
    this.conn = new ChatConnection({
      token: opts.token,
      onFrame: (f) => this.onFrame(f),
      onState: (s) => opts.onState(s.status),
      ...opts.socket,
    });
  }

  start(): void {
    this.conn.start();
  }

  stop(): void {
    this.conn.stop();
  }

  private onFrame(f: ChatServerFrame): void {
    if (f.type === 'ready') this.conn.send({ type: 'watchVisits', storeIds: this.opts.storeIds });
    // From the server's confirmation on every move is pushed; what moved before (between the
    // page's first fetch and now, or while the socket was down) is in a fresh fetch.
    else if (f.type === 'watchingVisits' || f.type === 'resync') this.opts.onReload();
    else if (f.type === 'visit' && this.opts.storeIds.includes(f.storeId)) this.opts.onEvent(f);
  }
}

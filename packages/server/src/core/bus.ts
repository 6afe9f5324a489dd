import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Publish/subscribe between the server processes of one database, over PostgreSQL
 * LISTEN/NOTIFY. A notification raised inside a transaction (by `publish` or by a trigger) is
 * delivered at commit and never if the transaction rolls back; what is published while a
 * process's listening connection is down is lost to it (`onReset` says so). Payloads are short
 * strings (PostgreSQL caps them at 8000 bytes).
 */
export type Bus = {
  /**
   * Calls `handler` with each payload published on `channel`; answers the unsubscribe. A
   * publication of this process arrives before the query that raised it resolves, unless the
   * channel is subscribed with `listenerOnly` (see postgresBus).
   */
  subscribe(channel: string, handler: (payload: string) => void, options?: SubscribeOptions): Promise<() => void>;
  publish(channel: string, payload: string): Promise<void>;
  /**
   * Calls `handler` when messages may have been lost (the listening connection dropped and came
   * back): a subscriber that keeps derived state must drop it.
   */
  onReset(handler: () => void): () => void;
  close(): Promise<void>;
};

export type SubscribeOptions = {
  /**
   * Only the dedicated listening connection hears the channel (on PostgreSQL), not every pool
   * connection as well: a publication of this process then arrives a moment after its commit
   * instead of before the query resolves, and PostgreSQL signals one backend per process instead
   * of one per pool connection. For busy channels whose subscribers need not see a change before
   * the request that made it answers (chat pushes).
   */
  listenerOnly?: boolean;
};

type Handlers = Map<string, Set<(payload: string) => void>>;

function deliver(handlers: Handlers, channel: string, payload: string) {
  for (const h of handlers.get(channel) ?? []) h(payload);
}

/**
 * PGlite: one embedded instance per process, which delivers a notification before the query
 * that raised it resolves, so every app sharing the instance sees a change at once.
 */
export function pgliteBus(client: PGlite): Bus {
  const handlers: Handlers = new Map();
  const unlisten = new Map<string, () => Promise<void>>();
  return {
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        unlisten.set(channel, await client.listen(channel, (payload) => deliver(handlers, channel, payload)));
      }
      set.add(handler);
      return () => void set.delete(handler);
    },
    async publish(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    onReset: () => () => {},
    async close() {
      if (client.closed) return;
      for (const stop of unlisten.values()) await stop().catch(() => {});
    },
  };
}

/**
 * node-postgres: a dedicated connection LISTENs for every process of the database. The pool's
 * connections listen too, and deliver the notifications they raised themselves, which arrive
 * before the committing query resolves: the process that made a change sees it before it
 * answers the request. The dedicated connection skips those (it knows its pool's backends), so
 * each notification is delivered once.
 */
export function postgresBus(url: string, pool: pg.Pool): Bus {
  const handlers: Handlers = new Map();
  /** Channels the pool's connections do not listen on (`listenerOnly`). */
  const listenerOnly = new Set<string>();
  const resets = new Set<() => void>();
  /** Backend pid of each pool connection → the channels it listens on (and delivers itself). */
  const poolBackends = new Map<number, Set<string>>();
  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryMs = 100;

  const fromListener = (m: pg.Notification) => {
    if (poolBackends.get(m.processId)?.has(m.channel)) return;
    deliver(handlers, m.channel, m.payload ?? '');
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: url, application_name: 'crm-bus' });
      client.on('notification', fromListener);
      client.on('error', () => lost(client));
      client.on('end', () => lost(client));
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`listen ${ident(channel)}`);
      listener = client;
      retryMs = 100;
      return client;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  // Whatever was published while no connection listened is gone: subscribers start afresh.
  const lost = (client: pg.Client) => {
    if (listener !== client || closed) return;
    listener = undefined;
    for (const r of resets) r();
    const retry = () => {
      if (closed) return;
      connect().then(
        () => {
          for (const r of resets) r();
        },
        () => {
          retryMs = Math.min(retryMs * 2, 5000);
          setTimeout(retry, retryMs).unref();
        },
      );
    };
    setTimeout(retry, retryMs).unref();
  };

  const pidOf = (client: pg.PoolClient) => (client as unknown as { processID: number }).processID;
  pool.on('acquire', (client) => {
    const pid = pidOf(client);
    let channels = poolBackends.get(pid);
    if (!channels) {
      const own = new Set<string>();
      channels = own;
      poolBackends.set(pid, own);
      client.on('notification', (m) => {
        if (m.processId === pid && own.has(m.channel)) deliver(handlers, m.channel, m.payload ?? '');
      });
    }
    // Queued before the query the client was acquired for, so it runs first (outside any transaction).
    for (const channel of handlers.keys())
      if (!channels.has(channel) && !listenerOnly.has(channel)) {
        const own = channels;
        own.add(channel);
        client.query(`listen ${ident(channel)}`).catch(() => own.delete(channel));
      }
  });
  pool.on('remove', (client) => poolBackends.delete(pidOf(client)));

  return {
    async subscribe(channel, handler, options) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        if (options?.listenerOnly) listenerOnly.add(channel);
        if (listener) await listener.query(`listen ${ident(channel)}`);
        else await connect();
      }
      set.add(handler);
      return () => void set.delete(handler);
    },
    async publish(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    onReset(handler) {
      resets.add(handler);
      return () => void resets.delete(handler);
    },
    async close() {
      closed = true;
      const client = listener ?? (await connecting?.catch(() => undefined));
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}

const ident = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bus channel names are lower-case identifiers: ${channel}`);
  return channel;
};

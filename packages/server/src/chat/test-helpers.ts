import type { ChatServerFrame } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { createTestApp } from '../test/harness.ts';
import { CHAT_SOCKET_PATH } from './socket.ts';

type Frame = ChatServerFrame;
type Matcher = (f: Frame) => boolean;

/**
 * A test client of the messaging socket over a real connection (injectWS's in-memory stream
 * never tells the server that a client closed, which presence and cleanup depend on).
 */
export type TestSocket = {
  /** Every frame received, in order. */
  frames: Frame[];
  send(frame: unknown): void;
  sendRaw(text: string): void;
  /** The first frame not yet taken that matches, waiting up to 3 s for it. */
  next<T extends Frame['type']>(
    type: T,
    match?: (f: Extract<Frame, { type: T }>) => boolean,
  ): Promise<Extract<Frame, { type: T }>>;
  /** Wait a moment and answer the frames of this type not yet taken (to check nothing came). */
  settle<T extends Frame['type']>(type: T, ms?: number): Promise<Extract<Frame, { type: T }>[]>;
  /** Resolves with the close code once the server closed the socket. */
  closed: Promise<number>;
  close(): Promise<void>;
};

const addresses = new WeakMap<FastifyInstance, string>();

/** The app's socket address, listening on a free local port the first time. */
async function addressOf(app: FastifyInstance): Promise<string> {
  let url = addresses.get(app);
  if (!url) {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    url = `ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}`;
    addresses.set(app, url);
  }
  return url;
}

export async function openSocket(app: FastifyInstance, token?: string): Promise<TestSocket> {
  const ws = new WebSocket(await addressOf(app));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const frames: Frame[] = [];
  const taken = new Set<number>();
  let onClose: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => {
    onClose = resolve;
  });
  ws.on('message', (data: Buffer) => frames.push(JSON.parse(String(data)) as Frame));
  ws.on('close', (code: number) => onClose(code));
  const take = (match: Matcher) => {
    const i = frames.findIndex((f, idx) => !taken.has(idx) && match(f));
    if (i >= 0) taken.add(i);
    return i >= 0 ? frames[i] : undefined;
  };
  const socket: TestSocket = {
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    sendRaw: (text) => ws.send(text),
    async next(type, match) {
      const deadline = Date.now() + 3000;
      for (;;) {
        const f = take((x) => x.type === type && (!match || match(x as never)));
        if (f) return f as never;
        if (Date.now() > deadline) throw new Error(`no ${type} frame; got ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async settle(type, ms = 150) {
      await new Promise((r) => setTimeout(r, ms));
      const out = [];
      for (;;) {
        const f = take((x) => x.type === type);
        if (!f) return out as never;
        out.push(f);
      }
    },
    closed,
    async close() {
      ws.close();
      await closed;
    },
  };
  if (token) {
    socket.send({ type: 'auth', token });
    await socket.next('ready');
  }
  return socket;
}

let counter = 0;
/** A fresh client message id. */
export const cid = () => `c${Date.now().toString(36)}${++counter}`;

/** The demo people the chat tests talk as, by a short name. */
const chatterNames = { li: 'liming', zhao: 'zhaoqiang', sun: 'sunli', wang: 'wangzong', zhou: 'zhoujie' } as const;
export type Chatter = keyof typeof chatterNames;

/**
 * A test app (one per file) with these chatters signed in: their tokens and user ids by short
 * name, each id as the server tells its own user (queryLoginUser), the id the socket frames carry.
 */
export async function chatApp<W extends Chatter>(who: readonly W[]) {
  const t = await createTestApp();
  const tokens = {} as Record<W, string>;
  const ids = {} as Record<W, number>;
  for (const k of who) {
    tokens[k] = await t.login(chatterNames[k]);
    ids[k] = (await t.call('POST', '/system/user/queryLoginUser', { token: tokens[k] })).data.userId;
  }
  return { t, tokens, ids };
}

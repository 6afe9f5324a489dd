import type { ChatSendFrame } from '@crm/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatConnection } from './connection';
import type { Connection } from './state';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const send = (clientMsgId: string): ChatSendFrame => ({
  type: 'send',
  clientMsgId,
  toUserId: 2,
  msgType: 'txt',
  content: '你好',
});

let states: Connection[];
const connect = (maxAttempts?: number) => {
  const c = new ChatConnection({
    token: () => 'tok',
    onFrame: () => {},
    onState: (s) => states.push(s),
    url: 'ws://x',
    createSocket: () => new FakeSocket() as never,
    maxAttempts,
  });
  c.start();
  return c;
};
const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  states = [];
});
afterEach(() => vi.useRealTimers());

describe('the chat connection', () => {
  it('authenticates with the token in the first frame', () => {
    connect();
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok' }]);
    last().receive({ type: 'ready', userId: 1 });
    expect(states.at(-1)).toEqual({ status: 'open', attempt: 0 });
  });

  it('reconnects every 5 s and sends unacknowledged messages again with the same client id', () => {
    const c = connect();
    last().open();
    last().receive({ type: 'ready', userId: 1 });
    c.sendMessage(send('m1'));
    c.sendMessage(send('m2'));
    last().receive({ type: 'ack', clientMsgId: 'm1', duplicate: false, message: {} });
    last().drop();
    expect(states.at(-1)).toEqual({ status: 'reconnecting', attempt: 1 });
    // Offline: the message waits in the outbox.
    c.sendMessage(send('m3'));
    vi.advanceTimersByTime(4999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    last().receive({ type: 'ready', userId: 1 });
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok' }, send('m2'), send('m3')]);
    expect(states.at(-1)).toEqual({ status: 'open', attempt: 0 });
  });

  it('gives up after the last attempt, and never retries when the session ended (4401)', () => {
    connect(2);
    last().drop();
    vi.advanceTimersByTime(5000);
    last().drop();
    vi.advanceTimersByTime(5000);
    last().drop();
    expect(FakeSocket.all).toHaveLength(3);
    expect(states.at(-1)?.status).toBe('failed');

    states = [];
    connect();
    last().drop(4401);
    vi.advanceTimersByTime(10_000);
    expect(states.at(-1)?.status).toBe('loggedOut');
  });

  it('stops retrying a send the server refused and reports it', () => {
    const failed: string[] = [];
    const c = new ChatConnection({
      token: () => 'tok',
      onFrame: () => {},
      onState: () => {},
      onSendFailed: (id, msg) => failed.push(`${id}:${msg}`),
      url: 'ws://x',
      createSocket: () => new FakeSocket() as never,
    });
    c.start();
    last().open();
    last().receive({ type: 'ready', userId: 1 });
    c.sendMessage(send('bad'));
    last().receive({ type: 'error', ref: 'bad', msg: '该群已解散' });
    expect(failed).toEqual(['bad:该群已解散']);
    expect(c.outbox.size).toBe(0);
  });

  it('keeps unacknowledged sends across a reload of the tab and sends them once the new socket is ready', () => {
    const mem = new Map<string, string>();
    const storage = {
      getItem: (k: string) => mem.get(k) ?? null,
      setItem: (k: string, v: string) => void mem.set(k, v),
      removeItem: (k: string) => void mem.delete(k),
    };
    const outboxStore = { storage, key: 'crm-chat-outbox-1' };
    const open = () => {
      const c = new ChatConnection({
        token: () => 'tok',
        onFrame: () => {},
        onState: () => {},
        url: 'ws://x',
        createSocket: () => new FakeSocket() as never,
        outboxStore,
      });
      c.start();
      return c;
    };
    // Offline: two messages typed, then the tab reloads.
    const before = open();
    last().drop();
    before.sendMessage(send('r1'));
    before.sendMessage(send('r2'));
    before.stop();

    const after = open();
    expect([...after.outbox.keys()]).toEqual(['r1', 'r2']);
    last().open();
    last().receive({ type: 'ready', userId: 1 });
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok' }, send('r1'), send('r2')]);
    last().receive({ type: 'ack', clientMsgId: 'r1', duplicate: false, message: {} });
    expect(JSON.parse(mem.get('crm-chat-outbox-1')!)).toEqual([send('r2')]);
    last().receive({ type: 'ack', clientMsgId: 'r2', duplicate: true, message: {} });
    // Nothing left to send: a later reload sends nothing twice.
    expect(mem.has('crm-chat-outbox-1')).toBe(false);

    // A broken stored value is ignored rather than breaking the page.
    mem.set('crm-chat-outbox-1', '{not json');
    expect(open().outbox.size).toBe(0);
  });
});

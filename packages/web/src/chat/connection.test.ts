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
});

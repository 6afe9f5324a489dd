import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionCache } from '../auth/session-cache.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { ChatHub, type Client, type Socket } from './hub.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A socket that records how it was closed. */
const fakeSocket = () => {
  const closes: number[] = [];
  const socket: Socket = { readyState: 1, send: () => {}, close: (code) => void closes.push(code ?? 0) };
  return { socket, closes };
};

describe('the chat hub', () => {
  it('closes sockets whose session ran out idle, asking again only for those past their time', async () => {
    const asked: string[] = [];
    const sessions = {
      resolve: async (token: string) => {
        asked.push(token);
        return token === 'slid elsewhere'
          ? { session: { sessionId: 1, expiresAt: Date.now() + 60_000, user: { userId: 2 } }, slid: false }
          : null;
      },
    } as unknown as SessionCache;
    const hub = await ChatHub.start(t.database.db, t.database.bus, sessions);
    const now = Date.now();
    const make = (token: string, userId: number, expiresAt: number) => {
      const { socket, closes } = fakeSocket();
      const client: Client = { id: hub.newClientId(), socket, userId, token, tokenHash: token, expiresAt };
      return { client, closes };
    };
    const expired = make('expired', 1, now - 1);
    const slid = make('slid elsewhere', 2, now - 1);
    const live = make('live', 3, now + 600_000);
    for (const c of [expired, slid, live]) await hub.add(c.client);

    await hub.closeExpired(now);
    expect(asked.sort()).toEqual(['expired', 'slid elsewhere']);
    expect([expired.closes, slid.closes, live.closes]).toEqual([[4401], [], []]);
    expect(slid.client.expiresAt).toBeGreaterThan(now);
    await hub.stop();
  });
});

import type { Locator, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser, loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

// The sender's connection drops while sending (spec 9: auto-reconnect, no lost or doubled
// messages). 李明's chat socket runs through a route the test controls: it can swallow his
// frames (the network is gone before the send reaches the server), swallow the server's answers
// (the send was stored but the ack never came back) and cut the socket. After the client's
// reconnect (every 5 s) each message shows exactly once on both sides.

const e2e = useE2E();
let zhaoBrowser: BrowserSession | undefined;
afterAll(async () => {
  await zhaoBrowser?.close();
});

const bubble = (page: Page, text: string): Locator => page.getByTestId('chat-message').filter({ hasText: text });
const connBar = (page: Page) => page.getByTestId('chat-connection');

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await input.press('Enter');
}

/** The socket between 李明's chat tab and the server, with switches to break it. */
class Wire {
  page: WebSocketRoute | null = null;
  server: WebSocketRoute | null = null;
  /** Frames the page sends are lost on the way. */
  dropUp = false;
  /** Frames the server sends are lost on the way. */
  dropDown = false;
  /** Sends that reached the server, by clientMsgId (a resend counts again). */
  sends: string[] = [];
  connects = 0;

  attach(ws: WebSocketRoute) {
    const server = ws.connectToServer();
    this.page = ws;
    this.server = server;
    this.connects += 1;
    ws.onMessage((m) => {
      if (this.dropUp) return;
      const frame = JSON.parse(String(m)) as { type: string; clientMsgId?: string };
      if (frame.type === 'send' && frame.clientMsgId) this.sends.push(frame.clientMsgId);
      server.send(m);
    });
    server.onMessage((m) => {
      if (!this.dropDown) ws.send(m);
    });
  }

  /** The connection drops: both ends see it closed. */
  async cut() {
    await this.page?.close({ code: 4000, reason: 'network down' });
    await this.server?.close();
  }
}

describe('the sender’s connection drops while sending', () => {
  const wire = new Wire();
  let liChat: Page;
  let zhaoChat: Page;

  it('both open the conversation', async () => {
    const li = e2e.page;
    await loginAs(li, 'liming');
    // Only the chat tab's socket runs through the wire (the workbench tab has its own).
    liChat = await li.context().newPage();
    await liChat.routeWebSocket(/\/api\/message\/socket$/, (ws) => wire.attach(ws));
    await liChat.goto('/chat');
    await liChat.getByTestId('chat-page').waitFor({ state: 'visible' });

    zhaoBrowser = await launchBrowser({ baseURL: e2e.server.url });
    await loginAs(zhaoBrowser.page, 'zhaoqiang');
    zhaoChat = await zhaoBrowser.context.newPage();
    await zhaoChat.goto('/chat');
    await zhaoChat.getByTestId('chat-page').waitFor({ state: 'visible' });

    await liChat.getByRole('tab', { name: /通讯录/ }).click();
    await liChat.getByTestId('chat-contact').filter({ hasText: '赵强' }).locator('.chat-contact__main').click();
    await send(liChat, '第一条：连接正常');
    await zhaoChat.getByTestId('chat-conv').filter({ hasText: '李明' }).click();
    await bubble(zhaoChat, '第一条：连接正常').waitFor({ state: 'visible' });
    expect(await connBar(liChat).count()).toBe(0);
  });

  it('a send lost with the connection is sent again after the reconnect, once', async () => {
    const before = wire.connects;
    wire.dropUp = true;
    await send(liChat, '第二条：断网时发送');
    const mine = bubble(liChat, '第二条：断网时发送');
    await expect.poll(() => mine.getByTestId('chat-state').textContent()).toBe('发送中');
    await wire.cut();
    wire.dropUp = false;
    await expect.poll(() => connBar(liChat).getAttribute('data-status')).toBe('reconnecting');
    await screenshot(liChat, 'chat-reconnect-01-reconnecting');

    // The client comes back by itself (5 s) and sends what was not acknowledged.
    await expect.poll(() => wire.connects, { timeout: 15_000 }).toBe(before + 1);
    await expect.poll(() => connBar(liChat).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => mine.getByTestId('chat-state').textContent(), { timeout: 10_000 }).not.toBe('发送中');
    await bubble(zhaoChat, '第二条：断网时发送').waitFor({ state: 'visible' });
    expect(await bubble(liChat, '第二条：断网时发送').count()).toBe(1);
    expect(await bubble(zhaoChat, '第二条：断网时发送').count()).toBe(1);
  });

  it('a send stored whose ack was lost is sent again with the same id and not doubled', async () => {
    const before = wire.connects;
    wire.dropDown = true;
    await send(liChat, '第三条：回执丢失');
    // The server stored it: 赵强 has it, while 李明 still waits for the ack.
    await bubble(zhaoChat, '第三条：回执丢失').waitFor({ state: 'visible' });
    const mine = bubble(liChat, '第三条：回执丢失');
    expect(await mine.getByTestId('chat-state').textContent()).toBe('发送中');
    const sentOnce = wire.sends.length;

    // While 李明 is cut off, 赵强 answers: it reaches 李明 after the reconnect.
    await wire.cut();
    wire.dropDown = false;
    await send(zhaoChat, '第四条：对方在断线期间回复');
    await bubble(zhaoChat, '第四条：对方在断线期间回复').waitFor({ state: 'visible' });

    await expect.poll(() => wire.connects, { timeout: 15_000 }).toBe(before + 1);
    await expect.poll(() => mine.getByTestId('chat-state').textContent(), { timeout: 10_000 }).not.toBe('发送中');
    // It went to the server a second time (the resend), and the server kept one.
    expect(wire.sends.length).toBe(sentOnce + 1);
    expect(wire.sends.at(-1)).toBe(wire.sends.at(-2));
    await bubble(liChat, '第四条：对方在断线期间回复').waitFor({ state: 'visible' });

    // A moment for any late duplicate push to arrive, then exactly one of each on each side.
    await liChat.waitForTimeout(1000);
    for (const text of ['第一条：连接正常', '第二条：断网时发送', '第三条：回执丢失', '第四条：对方在断线期间回复']) {
      expect(await bubble(liChat, text).count(), `李明: ${text}`).toBe(1);
      expect(await bubble(zhaoChat, text).count(), `赵强: ${text}`).toBe(1);
    }
    await screenshot(liChat, 'chat-reconnect-02-after');
  });

  it('a send lost with the connection survives a reload of the tab and arrives once', async () => {
    const text = '第五条：断网后刷新页面';
    wire.dropUp = true;
    await send(liChat, text);
    await expect.poll(() => bubble(liChat, text).getByTestId('chat-state').textContent()).toBe('发送中');
    await wire.cut();
    wire.dropUp = false;
    // The tab reloads before its socket came back: the unacknowledged send is kept for the tab.
    await liChat.reload();
    await bubble(zhaoChat, text).waitFor({ state: 'visible', timeout: 10_000 });
    await liChat.getByTestId('chat-conv').filter({ hasText: '赵强' }).click();
    await expect.poll(() => bubble(liChat, text).getByTestId('chat-state').textContent()).not.toBe('发送中');
    await liChat.waitForTimeout(500);
    expect(await bubble(liChat, text).count()).toBe(1);
    expect(await bubble(zhaoChat, text).count()).toBe(1);
  });

  it('after a reload both see the same five messages, each once (the server stored none twice)', async () => {
    await liChat.reload();
    await liChat.getByTestId('chat-conv').filter({ hasText: '赵强' }).click();
    await bubble(liChat, '第四条：对方在断线期间回复').waitFor({ state: 'visible' });
    for (const text of ['第一条：连接正常', '第二条：断网时发送', '第三条：回执丢失', '第五条：断网后刷新页面']) {
      expect(await bubble(liChat, text).count(), `李明: ${text}`).toBe(1);
    }
  });
});

describe('presence', () => {
  it('李明 sees 赵强 online in the header and the conversation list, and offline once all his tabs close', async () => {
    const liChat = e2e.browser.context.pages().find((p) => p.url().endsWith('/chat'))!;
    const header = liChat.getByTestId('chat-title-presence');
    const dot = liChat.getByTestId('chat-conv').filter({ hasText: '赵强' }).getByTestId('chat-presence');
    await expect.poll(() => header.textContent()).toBe('在线');
    expect(await dot.getAttribute('data-online')).toBe('true');
    await zhaoBrowser?.close();
    zhaoBrowser = undefined;
    await expect.poll(() => header.textContent(), { timeout: 10_000 }).toBe('离线');
    expect(await dot.getAttribute('data-online')).toBe('false');
    await screenshot(liChat, 'chat-reconnect-03-presence');
  });
});

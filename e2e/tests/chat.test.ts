import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser, loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

// Chat as two colleagues use it, each in their own browser: 李明 opens /chat from the header's
// chat icon and writes to 赵强, whose header badge counts it live; 赵强 reads it (李明 sees 已读)
// and answers; 李明 recalls his message and each side sees its own recall text; in a group 李明
// sees how many have read his message, live.

const e2e = useE2E();
const HELLO = '你好，明天上午十点开会';
const REPLY = '收到，准时到';
let zhaoBrowser: BrowserSession | undefined;
let sunBrowser: BrowserSession | undefined;
afterAll(async () => {
  await zhaoBrowser?.close();
  await sunBrowser?.close();
});
/** A 1×1 PNG to send as an image message. */
const PNG = {
  name: '现场照片.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** Open /chat the way people do: the header's chat icon opens it in a new tab. */
async function openChat(page: Page): Promise<Page> {
  const link = page.getByTestId('header-chat');
  expect(await link.getAttribute('target')).toBe('_blank');
  const [chat] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await chat.getByTestId('chat-page').waitFor({ state: 'visible' });
  return chat;
}

const bubble = (page: Page, text: string): Locator => page.getByTestId('chat-message').filter({ hasText: text });
const conv = (page: Page, name: string): Locator => page.getByTestId('chat-conv').filter({ hasText: name });
const badge = (page: Page) => page.getByTestId('header-chat').locator('.ant-badge-count');
/** The header's unread count: 0 without a badge. */
const unreadOf = async (page: Page) => {
  const b = badge(page);
  return (await b.count()) ? Number(await b.first().getAttribute('title')) : 0;
};
let zhaoUnread = 0;

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await input.press('Enter');
}

describe('chat between two colleagues', () => {
  let li: Page;
  let liChat: Page;
  let zhao: Page;
  let zhaoChat: Page;

  it('a message goes from 李明 to 赵强, whose header badge counts it without a reload', async () => {
    li = e2e.page;
    await loginAs(li, 'liming');
    zhaoBrowser = await launchBrowser({ baseURL: e2e.server.url });
    zhao = zhaoBrowser.page;
    await loginAs(zhao, 'zhaoqiang');
    // The demo company's chats may have left him unread messages: the tab settles first.
    await zhao.waitForTimeout(1500);
    zhaoUnread = await unreadOf(zhao);

    liChat = await openChat(li);
    await liChat.getByRole('tab', { name: /通讯录/ }).click();
    await liChat.getByTestId('chat-contact').filter({ hasText: '赵强' }).locator('.chat-contact__main').click();
    expect(await liChat.getByTestId('chat-title').textContent()).toBe('赵强');
    await send(liChat, HELLO);
    const mine = bubble(liChat, HELLO);
    await mine.waitFor({ state: 'visible' });
    await expect.poll(() => mine.getByTestId('chat-state').textContent()).toBe('未读');

    // 赵强's workbench tab: the badge comes from the socket.
    await expect.poll(() => unreadOf(zhao), { timeout: 10_000 }).toBe(zhaoUnread + 1);
    await screenshot(zhao, 'chat-01-badge');
  });

  it('赵强 reads it (李明 sees 已读, the badge clears) and answers', async () => {
    zhaoChat = await openChat(zhao);
    const c = conv(zhaoChat, '李明');
    await c.waitFor({ state: 'visible' });
    expect(await c.locator('.ant-badge-count').textContent()).toBe('1');
    await c.click();
    await bubble(zhaoChat, HELLO).waitFor({ state: 'visible' });

    await expect
      .poll(() => bubble(liChat, HELLO).getByTestId('chat-state').textContent(), { timeout: 10_000 })
      .toBe('已读');
    await expect.poll(() => unreadOf(zhao), { timeout: 10_000 }).toBe(zhaoUnread);

    await send(zhaoChat, REPLY);
    await bubble(liChat, REPLY).waitFor({ state: 'visible' });
    // Each message shows once on each side.
    expect(await bubble(liChat, HELLO).count()).toBe(1);
    expect(await bubble(zhaoChat, REPLY).count()).toBe(1);
    await screenshot(liChat, 'chat-02-conversation');
  });

  it('李明 recalls his message: 消息已撤回 for him, 对方撤回了一条消息 for 赵强', async () => {
    await bubble(liChat, HELLO).getByTestId('chat-bubble').click({ button: 'right' });
    await liChat
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '撤回' })
      .click();
    await liChat.getByTestId('chat-recalled').filter({ hasText: '消息已撤回' }).waitFor({ state: 'visible' });
    await zhaoChat.getByTestId('chat-recalled').filter({ hasText: '对方撤回了一条消息' }).waitFor({ state: 'visible' });
    expect(await bubble(liChat, HELLO).count()).toBe(0);
    expect(await bubble(zhaoChat, HELLO).count()).toBe(0);
    // The conversation list says it too.
    await expect.poll(() => conv(zhaoChat, '李明').locator('.chat-conv__last').textContent()).toBe(REPLY);
    await screenshot(zhaoChat, 'chat-03-recalled');
  });

  it('an image goes both ways and opens in the previewer', async () => {
    await liChat.getByTestId('chat-image-input').setInputFiles(PNG);
    const sent = liChat.getByTestId('chat-message').filter({ has: liChat.locator('img.chat-img') });
    await expect.poll(() => sent.count(), { timeout: 10_000 }).toBe(1);
    const got = zhaoChat.getByTestId('chat-message').filter({ has: zhaoChat.locator('img.chat-img') });
    await expect.poll(() => got.count(), { timeout: 10_000 }).toBe(1);
    await zhaoChat.getByTestId('chat-image-input').setInputFiles(PNG);
    await expect.poll(() => sent.count(), { timeout: 10_000 }).toBe(2);
    await got.first().locator('img.chat-img').click();
    await zhaoChat.locator('.crm-previewer').waitFor({ state: 'visible' });
    expect(await zhaoChat.locator('.crm-previewer__counter').textContent()).toBe('1 / 2');
    await zhaoChat.keyboard.press('Escape');
  });

  it('李明 creates a group with 赵强 and 孙丽 from the member picker; 孙丽 receives its message', async () => {
    sunBrowser = await launchBrowser({ baseURL: e2e.server.url });
    const sun = sunBrowser.page;
    await loginAs(sun, 'sunli');
    const sunChat = await openChat(sun);

    await liChat.getByTestId('chat-new-group').click();
    const dialog = liChat.locator('.ant-modal').filter({ hasText: '发起群聊' });
    await dialog.getByTestId('chat-group-name').fill('周会小组');
    await dialog.getByTestId('chat-group-pick').click();
    const panel = liChat.locator('.ant-popover:not(.ant-popover-hidden) .mp-panel').last();
    await panel.waitFor({ state: 'visible' });
    for (const name of ['赵强', '孙丽']) {
      await panel.locator('input').first().fill(name);
      await panel.locator('.mp-row', { hasText: name }).first().locator('.ant-checkbox').click();
    }
    await panel.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await expect.poll(() => liChat.getByTestId('chat-title').textContent(), { timeout: 10_000 }).toBe('周会小组');

    await send(liChat, '周会改到周四');
    await conv(sunChat, '周会小组').click();
    await bubble(sunChat, '周会改到周四').waitFor({ state: 'visible' });
    // Group messages name their sender.
    expect(await bubble(sunChat, '周会改到周四').locator('.chat-row__name').textContent()).toBe('李明');
    // Group read receipts, live: one of the two others has read it, then both.
    const state = bubble(liChat, '周会改到周四').getByTestId('chat-state');
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toBe('1人已读');
    await conv(zhaoChat, '周会小组').click();
    await bubble(zhaoChat, '周会改到周四').waitFor({ state: 'visible' });
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toBe('已读');
    await screenshot(sunChat, 'chat-04-group');
  });

  it('赵强 asks 李明 to be friends; 李明 rejects and 赵强 is told, ending 请求被拒绝', async () => {
    await zhaoChat.getByRole('tab', { name: /通讯录/ }).click();
    await zhaoChat
      .getByTestId('chat-contact')
      .filter({ hasText: '李明' })
      .getByRole('button', { name: '加好友' })
      .click();
    await liChat.getByRole('tab', { name: /通讯录/ }).click();
    const request = liChat.getByTestId('chat-request').filter({ hasText: '赵强请求添加你为好友' });
    await request.waitFor({ state: 'visible' });
    await request.getByRole('button', { name: /拒\s*绝/ }).click();
    await request.waitFor({ state: 'detached' });
    const told = zhaoChat.locator('.ant-message-notice').filter({ hasText: /请求被拒绝$/ });
    await told.waitFor({ state: 'visible' });
    expect(await told.textContent()).toBe('你向李明发送的好友请求被拒绝');
  });
});

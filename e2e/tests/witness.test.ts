import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser, loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { label2, option, toast } from '../support/ui.ts';

// The consultation room and live queues (issue 23, h-witness): 何雪 (hexue, 顾问) has 面诊室
// open; 张雨 (zhangyu, 前台) registers 林婉清 as a walk-in and assigns her on the triage desk. 何雪's
// screen shows her within a second without a reload (the visit's move comes over the socket);
// she accepts, writes the consult note, and the desk's screen follows; 开单 opens the order page
// in the visit.

const e2e = useE2E();
let desk: BrowserSession | undefined;
afterAll(async () => {
  await desk?.close();
});

/** The walk-in the triage desk's 散客登记 sends, through the API (the desk's form is the visits test's). */
async function walkIn(page: Page, name: string): Promise<void> {
  await page.evaluate(async (name) => {
    const call = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'Admin-Token': localStorage.getItem('Admin-Token') ?? '', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string; data: T };
      if (json.code !== 0) throw new Error(`${path}: ${json.msg}`);
      return json.data;
    };
    const found = await call<{ list: { customerId: number; customerName: string }[] }>('/CrmCustomer/queryPageList', {
      search: name,
      page: 1,
      limit: 5,
    });
    const stores = await call<{ storeId: number }[]>('/clinic/booking/stores', {});
    await call('/clinic/visit/walkIn', {
      customerId: found.list.find((c) => c.customerName === name)!.customerId,
      storeId: stores[0]!.storeId,
      batchId: crypto.randomUUID(),
    });
  }, name);
}

const liveOn = (page: Page) => page.locator('[data-testid="live-status"][data-status="open"]').waitFor();

describe('live queues between the triage desk and the consultation room', () => {
  it('the consultant’s open screen shows the assignment without a reload; she accepts and consults', async () => {
    const room = e2e.page;
    await loginAs(room, 'hexue');
    await room.goto('/workflow/witness');
    await liveOn(room);
    const mine = room.locator('.ant-table-row', { hasText: '林婉清' });
    expect(await mine.count()).toBe(0);

    desk = await launchBrowser({ baseURL: e2e.server.url });
    const front = desk.page;
    await loginAs(front, 'zhangyu');
    await front.goto('/workflow/triage');
    await liveOn(front);
    await walkIn(front, '林婉清');
    // The desk's queue shows the walk-in by the push too.
    const queue = front
      .locator('.ant-card')
      .filter({ has: front.locator('.ant-card-head-title', { hasText: '候诊队列' }) });
    const row = queue.locator('.ant-table-row', { hasText: '林婉清' });
    await row.filter({ hasText: '已到店' }).waitFor({ timeout: 3000 });
    await row.getByRole('button', { name: label2('分诊') }).click();
    const assign = front.locator('.ant-modal').filter({ hasText: '林婉清' });
    // The rotation suggests the next free consultant (the living demo keeps some busy today, so it
    // may name another); the desk gives her to 何雪 whoever it suggests.
    await assign.getByText(/轮诊建议：/).waitFor();
    const consultant = assign.getByLabel('顾问', { exact: true });
    await consultant.click();
    await consultant.fill('何雪');
    await option(front, '何雪').click();
    await assign.getByRole('button', { name: label2('保存') }).click();
    await toast(front, '已分诊').waitFor();

    // Within a second or two on the consultant's screen (its minutes poll is every 60 s).
    await mine.filter({ hasText: '已分诊' }).waitFor({ timeout: 3000 });
    await screenshot(room, 'witness-01-assigned');
    await mine.getByRole('button', { name: label2('接诊') }).click();
    await toast(room, '已接诊').waitFor();
    await mine.filter({ hasText: '面诊中' }).waitFor();
    await room.getByTestId('witness-card').waitFor();
    await row.filter({ hasText: '面诊中' }).waitFor({ timeout: 3000 });

    await room.locator('#witness-consult_items').fill('双眼皮 全切');
    await room.getByRole('button', { name: '保存面诊' }).click();
    await toast(room, '面诊已保存').waitFor();
    await mine.filter({ hasText: '已面诊' }).waitFor();
    await room.getByTestId('witness-card').getByText('面诊项目：双眼皮 全切').waitFor();
    // The desk follows without a reload.
    await row.filter({ hasText: '已面诊' }).waitFor({ timeout: 3000 });
    await screenshot(room, 'witness-02-consulted');

    await room.getByRole('button', { name: label2('开单') }).click();
    await room.waitForURL(/\/openOrders\?customerId=\d+&visitId=\d+/);
  });
});

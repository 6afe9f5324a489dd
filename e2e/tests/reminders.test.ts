import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.ts';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

// Reminders reach people wherever they are: 孙丽 works in the CRM customer list; 赵强 gives her
// a task due in an hour; the 任务即将到期 pop-up comes to her there (pushed, not on the next
// minute's poll) and opens the task.

const e2e = useE2E();
const TITLE = '提交双十二活动预算';

describe('reminders on every page', () => {
  it('a task due within the hour pops up on a CRM page and opens the task', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.goto('/crm/customer');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.ant-notification-notice').filter({ hasText: TITLE }).count()).toBe(0);

    const zhaoqiang = (await apiAs(e2e.server.url, 'zhaoqiang')).raw;
    const users = (await zhaoqiang('/system/user/queryUserList', { pageType: 1, limit: 100 })).data as {
      list: { userId: number; realname: string }[];
    };
    // A picker row names people by their names (login names are for user managers).
    const sunli = users.list.find((u) => u.realname === '孙丽')!.userId;
    const saved = await zhaoqiang('/OaTask/setTask', {
      title: TITLE,
      ownerUserId: sunli,
      dueTime: new Date(Date.now() + 3600_000).toISOString(),
      batchId: 'e2e-reminder-task',
    });
    expect(saved.code).toBe(0);
    const { taskId } = saved.data as { taskId: number };

    const popup = page.locator('.ant-notification-notice').filter({ hasText: TITLE });
    await popup.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await popup.textContent()).toContain('任务即将到期');
    await screenshot(page, 'reminders-01-crm');
    await popup.getByRole('button', { name: /查\s*看/ }).click();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe(`/workbench/task?taskId=${taskId}`);
    // Shown once a session: back on the CRM page it does not pop up again.
    await page.goto('/crm/customer');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.ant-notification-notice').filter({ hasText: TITLE }).count()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.ts';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { choose, label2, option, toast } from '../support/ui.ts';

// Inpatients (流程 › 住院管理, issue 23): 王建国 (wangzong, 客户管理员) admits the customer the living
// demo treated today into 治疗室 bed 01 with 李明 as doctor, 孙丽 as nurse and a deposit, sees her
// on the bed board, discharges her; the 出院术后回访 plan's first follow-up (the nurse, the next
// day) then waits in 孙丽's 回访任务; the bed's 记录 tells the stay.

const e2e = useE2E();

/** The customer waiting to be admitted, read as the page reads it. */
async function waitingCustomer(base: string): Promise<string> {
  const post = await apiAs(base, 'wangzong');
  const store = (await post('/clinic/booking/stores', {}))[0].storeId;
  const [visit] = await post('/clinic/ward/candidates', { storeId: store });
  return visit.customerName as string;
}

describe('the inpatient station', () => {
  it('admits a customer to a bed, shows her on the board, discharges her and her nurse gets the follow-up', async () => {
    const { page, server } = e2e;
    const name = await waitingCustomer(server.url);
    await loginAs(page, 'wangzong');
    await page.goto('/workflow/isHospitalized');
    const bed = page.getByTestId('bed-治疗室-01');
    await bed.waitFor();
    expect(await bed.textContent()).toContain('空闲');
    await bed.getByRole('button', { name: label2('入院') }).click();

    const form = page.locator('.ant-modal').filter({ hasText: '办理入院' });
    await choose(page, form.getByLabel('就诊顾客'), name);
    // Typed into the pickers' search, so the choice is the one option left (no dropdown animation race).
    for (const [label, who] of [
      ['主治医生', '李明'],
      ['责任护士', '孙丽'],
    ] as const) {
      await form.getByLabel(label).fill(who);
      await option(page, who).waitFor();
      await page.keyboard.press('Enter');
    }
    await form.getByLabel('押金（元）').fill('1000');
    await form.getByRole('button', { name: label2('入院') }).click();
    await toast(page, '已入院').waitFor();
    await expect.poll(() => bed.textContent()).toContain(name);
    expect(await bed.textContent()).toContain('占用');
    expect(await bed.textContent()).toContain('第 1 天');
    await screenshot(page, 'ward-01-board');

    await bed.getByRole('button', { name: label2('出院') }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: label2('出院') })
      .click();
    await toast(page, '已出院，生成 3 条回访任务').waitFor();
    await expect.poll(() => bed.textContent()).toContain('空闲');
    // The bed log (h-visit23): the bed's history tells the stay, newest first, with who.
    await bed.getByRole('button', { name: label2('记录') }).click();
    const history = page.getByTestId('bed-history');
    await history.waitFor();
    await expect.poll(() => history.textContent()).toMatch(/出院.*治疗室 01.*王建国.*入住.*治疗室 01/);
    expect(await history.textContent()).toContain(name);
    await screenshot(page, 'ward-01b-bed-history');
    await page.keyboard.press('Escape');

    await loginAs(page, 'sunli');
    await page.goto('/workbench/returnVisit');
    const task = page.locator('.ant-table-row', { hasText: '询问伤口和疼痛情况' });
    await task.waitFor();
    expect(await task.textContent()).toContain(name);
    await screenshot(page, 'ward-02-follow-up');
  });
});

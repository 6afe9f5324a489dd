import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chooseApprover,
  browserDay as day,
  fillExpenseLine,
  fillLeave,
  openApprovalType as openType,
  pickDay,
  submitApproval as submit,
} from '../support/approvals.ts';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { label2, toast } from '../support/ui.ts';

// The dedicated approval forms as an employee uses them: 孙丽 asks for three days of 年假 (the
// duration follows the dates), then claims a business trip with two lines and saves a payee label
// on the way (the total shown in capital numerals); 陈静 approves both, and each detail drawer
// shows the form's fields. One server and one browser; the tests run in order.

const e2e = useE2E();

const detailDrawer = (page: Page) => page.locator('.exm-detail-drawer');

async function openFirst(page: Page, tab: string, title: string): Promise<Locator> {
  await page.goto(`/workbench/examine?tab=${tab}`);
  const row = page.getByTestId('examine-row').filter({ hasText: title }).first();
  await row.waitFor({ state: 'visible' });
  await row.click();
  const drawer = detailDrawer(page);
  await drawer.getByTestId('detail-header').waitFor({ state: 'visible' });
  return drawer;
}

async function approve(page: Page, title: string): Promise<Locator> {
  await loginAs(page, 'chenjing');
  const drawer = await openFirst(page, 'waiting', title);
  await drawer
    .getByTestId('detail-actions')
    .getByRole('button', { name: label2('同意') })
    .click();
  const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
  await dialog.getByRole('button', { name: label2('同意') }).click();
  await toast(page, '操作成功').waitFor({ state: 'visible' });
  await drawer.getByText('审批通过', { exact: true }).waitFor();
  return drawer;
}

describe('dedicated approval forms', () => {
  it('孙丽 asks for 年假: the duration follows the dates', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    const view = await openType(page, '请假');
    await view.getByTestId('leave-balance').getByText('年假 剩余 5 天（已用 0 / 5 天）').waitFor();
    // The form says what is missing, in the shared schema's words.
    await view.getByTestId('examine-submit').click();
    await view.getByText('请选择请假类型').waitFor({ state: 'visible' });
    await view.getByText('请选择工作交接人').waitFor({ state: 'visible' });

    const leave = { type: '年假', content: '回老家探亲', from: day(1), to: day(3), days: '3', handover: '刘洋' };
    await fillLeave(page, view, leave);
    // Moving the end date recomputes it.
    await pickDay(view, '结束日期', day(2));
    await expect.poll(() => view.getByTestId('leave-duration').inputValue()).toBe('2');
    await pickDay(view, '结束日期', day(3));
    await expect.poll(() => view.getByTestId('leave-duration').inputValue()).toBe('3');
    await chooseApprover(page, view, '陈静');
    await screenshot(page, 'approval-forms-01-leave');
    await submit(page, view);
  });

  it('陈静 approves it; the drawer shows the leave, and 孙丽’s balance counts it', async () => {
    const { page } = e2e;
    const drawer = await approve(page, '请假');
    const fields = drawer.getByTestId('detail-leave');
    for (const text of ['年假', '回老家探亲', day(1), day(3), '刘洋']) await fields.getByText(text).first().waitFor();
    expect(await fields.textContent()).toContain('请假时长（天）3');
    await screenshot(page, 'approval-forms-02-leave-approved');
    await loginAs(page, 'sunli');
    const view = await openType(page, '请假');
    await view.getByTestId('leave-balance').getByText('年假 剩余 2 天（已用 3 / 5 天）').waitFor();
  });

  it('孙丽 claims a business trip with two lines and saves a payee label', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    const view = await openType(page, '差旅报销');
    await view.getByPlaceholder('请输入审批内容').fill('上海培训差旅报销');
    const lines = view.getByTestId('expense-line');
    await fillExpenseLine(lines.nth(0), {
      vehicle: '高铁',
      destination: '上海',
      from: day(-5),
      to: day(-3),
      money: '1000',
      detail: '往返高铁票',
    });
    await view.getByRole('button', { name: /添加明细/ }).click();
    await fillExpenseLine(lines.nth(1), {
      vehicle: '出租车',
      destination: '浦东',
      from: day(-5),
      to: day(-5),
      money: '234.5',
      detail: '机场到酒店',
    });
    await expect
      .poll(() => view.getByTestId('expense-total').textContent())
      .toBe('合计：¥1,234.50大写：壹仟贰佰叁拾肆元伍角');

    // A payee label, its bank found from the card number.
    await view.getByTestId('payee-labels').click();
    const labels = page.locator('.ant-modal').filter({ hasText: '收款标签管理' });
    await labels.getByText('还没有收款标签').waitFor();
    await labels.getByTestId('payee-label-add').click();
    const editor = page.locator('.ant-modal').filter({ hasText: '新增收款标签' }).last();
    await editor.getByLabel('收款单位').fill('孙丽');
    await editor.getByLabel('银行卡号').fill('6228480402564890018');
    await expect.poll(() => editor.getByLabel('开户行').inputValue()).toBe('中国农业银行');
    await editor.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '保存成功').waitFor({ state: 'visible' });
    await labels.getByTestId('payee-label-list').getByText('6228480402564890018 · 中国农业银行').waitFor();
    await screenshot(page, 'approval-forms-03-payee-labels');
    await labels.locator('.ant-modal-close').click();

    await chooseApprover(page, view, '陈静');
    await screenshot(page, 'approval-forms-04-travel');
    await submit(page, view);
  });

  it('陈静 approves the claim; the drawer shows both lines and the total in capital numerals', async () => {
    const { page } = e2e;
    const drawer = await approve(page, '差旅报销');
    const fields = drawer.getByTestId('detail-travel');
    for (const text of ['上海培训差旅报销', '高铁', '往返高铁票', '出租车', '机场到酒店', '¥1,000.00', '¥234.50'])
      await fields.getByText(text).first().waitFor();
    expect(await fields.getByTestId('expense-total').textContent()).toBe('合计：¥1,234.50大写：壹仟贰佰叁拾肆元伍角');
    await screenshot(page, 'approval-forms-05-travel-approved');
  });
});

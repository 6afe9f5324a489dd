import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { loginAs } from './browser.ts';
import { approveOpenReview, fillDate, label2, pickUsers, toast } from './ui.ts';

// Steps of the sales cycle that more than one browser test walks through.

/**
 * On an approved contract's page: add a payment plan, then a receivable against it (customer
 * prefilled, the plan chosen) submitted for review to `approver`; the receivable shows in the tab.
 */
export async function addPlanAndReceivable(
  page: Page,
  r: { customer: string; money: string; planDay: string; number: string; day: string; approver: string },
  beforeSave?: () => Promise<unknown>,
): Promise<void> {
  await page.getByRole('tab', { name: '回款计划' }).click();
  await page.getByTestId('plan-add').click();
  const planModal = page.locator('.ant-modal').filter({ hasText: '新建回款计划' });
  await planModal.getByTestId('plan-money').fill(r.money);
  await fillDate(planModal, '计划回款日期', r.planDay);
  await planModal.getByRole('button', { name: label2('确定') }).click();
  await page.getByTestId('plans-table').locator('.ant-table-row').first().waitFor();

  await page.getByRole('tab', { name: '回款', exact: true }).click();
  await page.getByTestId('receivables-add').click();
  const form = page.locator('.ant-drawer').filter({ hasText: '新建回款' });
  await form.waitFor({ state: 'visible' });
  await form.getByTestId('choose-customer').filter({ hasText: r.customer }).waitFor();
  await form.getByTestId('receivable-plan').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
  await form.getByLabel('回款编号').fill(r.number);
  await fillDate(form, '回款日期', r.day);
  await form.getByLabel('回款金额').fill(r.money);
  await pickUsers(page, form.getByTestId('review-chosen').getByRole('button', { name: /请选择|选择/ }), [r.approver]);
  await beforeSave?.();
  await form.getByTestId('record-save').click();
  await toast(page, '添加成功').waitFor({ state: 'visible' });
  await page.getByTestId('receivables-table').locator('.ant-table-row', { hasText: r.number }).waitFor();
}

/** The reviewer (`who`) opens the receivable numbered `number` from the receivables list and approves it. */
export async function approveReceivable(page: Page, who: string, number: string): Promise<void> {
  await loginAs(page, who);
  await page.goto('/crm/receivables');
  await page.getByTestId('record-link').filter({ hasText: number }).click();
  await approveOpenReview(page);
}

/**
 * On a contract draft's page: edit it, choose `approver` and save, which submits it for review
 * (状态 待审核). `first` runs in the open edit drawer before the approver is chosen.
 */
export async function submitContractDraft(
  page: Page,
  approver: string,
  first?: (edit: Locator) => Promise<unknown>,
): Promise<void> {
  await page.getByTestId('record-edit').click();
  const edit = page.locator('.ant-drawer').filter({ hasText: '编辑合同' });
  await edit.waitFor({ state: 'visible' });
  await first?.(edit);
  await pickUsers(page, edit.getByTestId('review-chosen').getByRole('button', { name: /请选择|选择/ }), [approver]);
  await edit.getByTestId('record-save').click();
  await toast(page, '编辑成功').waitFor({ state: 'visible' });
  await expect.poll(() => page.getByTestId('check-status').textContent()).toBe('待审核');
}

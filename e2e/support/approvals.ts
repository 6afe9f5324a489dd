import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { option, pickUsers, toast } from './ui.ts';

// Filling the dedicated approval forms (请假, 差旅报销) as an employee does, one way each: the
// approval-forms walk and the phone walk drive the same steps.

/** A day `days` from today in the browser's (= this machine's) time zone, `YYYY-MM-DD`. */
export const browserDay = (days: number): string => {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

/**
 * 发起审批 → the type `title` in the picker → its create view. `onPicker` runs while the picker
 * is open (the phone walk checks it fits the screen).
 */
export async function openApprovalType(page: Page, title: string, onPicker?: () => Promise<void>): Promise<Locator> {
  await page.goto('/workbench/examine');
  await page.getByRole('button', { name: /发起审批/ }).click();
  const picker = page.locator('.ant-modal').filter({ hasText: '请选择审批类型' });
  await onPicker?.();
  await picker.locator('.exm-picker__item').filter({ hasText: title }).first().click();
  const view = page.locator('.exm-create');
  await view.getByText(`新建${title}`).waitFor({ state: 'visible' });
  return view;
}

/** Type a day into the antd date picker labelled `label` (the `nth` of them) and confirm it. */
export async function pickDay(scope: Locator, label: string, value: string, nth = 0): Promise<void> {
  const input = scope.getByLabel(label, { exact: true }).nth(nth);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** The one approver level: `name` ticked in the member picker. */
export const chooseApprover = (page: Page, view: Locator, name: string): Promise<void> =>
  pickUsers(page, view.getByText('选择审批人').first(), [name]);

/** 提交: the success toast, and the create view closes. */
export async function submitApproval(page: Page, view: Locator): Promise<void> {
  await view.getByTestId('examine-submit').click();
  await toast(page, '提交成功').waitFor({ state: 'visible' });
  await view.waitFor({ state: 'hidden' });
}

/** The leave form: its type, content, dates (the duration in days follows them) and the handover person. */
export async function fillLeave(
  page: Page,
  view: Locator,
  leave: { type: string; content: string; from: string; to: string; days: string; handover: string },
): Promise<void> {
  await view.getByLabel('请假类型').click();
  await option(page, leave.type).click();
  await view.getByPlaceholder('请输入审批内容').fill(leave.content);
  await pickDay(view, '开始日期', leave.from);
  await pickDay(view, '结束日期', leave.to);
  await expect.poll(() => view.getByTestId('leave-duration').inputValue()).toBe(leave.days);
  await view.getByLabel('工作交接人').click();
  await view.getByLabel('工作交接人').fill(leave.handover);
  await option(page, leave.handover).click();
}

/** One line of a travel expense claim. */
export async function fillExpenseLine(
  line: Locator,
  e: { vehicle: string; destination: string; from: string; to: string; money: string; detail: string },
): Promise<void> {
  await line.getByLabel('交通工具').fill(e.vehicle);
  await line.getByLabel('目的地').fill(e.destination);
  await pickDay(line, '开始时间', e.from);
  await pickDay(line, '结束时间', e.to);
  await line.getByLabel('金额（元）').fill(e.money);
  await line.getByLabel('费用明细').fill(e.detail);
}

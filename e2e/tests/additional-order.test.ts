import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

// 追加单 as an employee uses it: 孙丽 books one of her customers (林婉清) and one of her shops
// (丽人医美会所, boss 王芳) — phone and age come from the records, read-only — with two approver
// levels (陈静, then 刘洋); both approve in turn, and the detail drawer and the print sheet show
// every field of both guests. One server and one browser; the tests run in order.

const e2e = useE2E();

const label2 = (text: string): RegExp => new RegExp(`^${[...text].join('\\s*')}$`);
const toast = (page: Page, text: string): Locator =>
  page.locator('.ant-message-notice').filter({ hasText: text }).last();
const dropdownOption = (page: Page, text: string | RegExp): Locator =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();

const day = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};
const BOOKED = day(3);

async function pickDay(scope: Locator, label: string, value: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

async function chooseFromSelect(page: Page, scope: Locator, label: string, option: string, search?: string) {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  if (search) await box.pressSequentially(search);
  await dropdownOption(page, option).click();
}

/** Several options of a multiple select, then close it. */
async function chooseMany(page: Page, scope: Locator, label: string, options: string[]) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  for (const option of options) await dropdownOption(page, option).click();
  await page.keyboard.press('Escape');
}

/** The next empty approver level: one person. */
async function chooseApprover(page: Page, view: Locator, name: string): Promise<void> {
  await view.getByText('选择审批人').first().click();
  const panel = page.locator('.ant-popover:not(.ant-popover-hidden) .mp-panel').last();
  await panel.waitFor({ state: 'visible' });
  await panel.locator('input').first().fill(name);
  await panel.locator('.mp-row', { hasText: name }).first().locator('.ant-checkbox').click();
  await panel.getByRole('button', { name: label2('确定') }).click();
  await panel.waitFor({ state: 'hidden' });
}

async function openWaiting(page: Page): Promise<Locator> {
  await page.goto('/workbench/examine?tab=waiting');
  const row = page.getByTestId('examine-row').filter({ hasText: '追加单' }).first();
  await row.waitFor({ state: 'visible' });
  await row.click();
  const drawer = page.locator('.exm-detail-drawer');
  await drawer.getByTestId('detail-header').waitFor({ state: 'visible' });
  return drawer;
}

async function approve(page: Page, who: string): Promise<Locator> {
  await loginAs(page, who);
  const drawer = await openWaiting(page);
  await drawer
    .getByTestId('detail-actions')
    .getByRole('button', { name: label2('同意') })
    .click();
  const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
  await dialog.getByRole('button', { name: label2('同意') }).click();
  await toast(page, '操作成功').waitFor({ state: 'visible' });
  return drawer;
}

/** Every field of both guests, as the detail view lays them out (label then value). */
const shownFields = [
  '审批内容周末到店加单',
  '任务类型到店加单',
  '客人类型客户',
  '客户姓名林婉清',
  '电话13912340001',
  '性别女',
  '所属店家丽人医美会所',
  '老板电话13800001001',
  '负责人部门销售一部',
  `预约日期${BOOKED}`,
  '科室客服部、财务部',
  '店家股东是',
  '股东类型店家股东',
  '需求说明需要接送',
  '紧急联系人林母',
  '紧急联系电话13912349999',
  '项目/客情水光针复诊',
  '注意事项对酒精过敏',
  '备注周六上午到店',
  '客人类型店家',
  '客户姓名王芳',
  '电话13800001001',
  '店家三级赵强',
  '项目/客情店家带客做热玛吉',
  '科室客服部',
];

describe('追加单 (additional order)', () => {
  it('孙丽 books a customer and a shop with two approver levels', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.goto('/workbench/examine');
    await page.getByRole('button', { name: /发起审批/ }).click();
    const picker = page.locator('.ant-modal').filter({ hasText: '请选择审批类型' });
    await picker.locator('.exm-picker__item').filter({ hasText: '追加单' }).first().click();
    const view = page.locator('.exm-create');
    await view.getByText('新建追加单').waitFor({ state: 'visible' });

    // The form (a lazily loaded part) is there with its first guest and the approver levels.
    await view.getByTestId('order-guest').first().waitFor({ state: 'visible' });
    await view.getByTestId('approver-levels').waitFor({ state: 'visible' });
    await view.getByText('选择审批人').first().waitFor({ state: 'visible' });

    // The form says what is missing, in the shared schema's words.
    await view.getByTestId('examine-submit').click();
    for (const msg of ['审批内容不能为空', '客户姓名不能为空', '请输入电话号码', '请填写项目/客情', '请选择科室'])
      await view.getByText(msg).first().waitFor({ state: 'visible' });

    await view.getByPlaceholder('请输入审批内容').fill('周末到店加单');
    await chooseFromSelect(page, view, '任务类型', '到店加单');

    // Guest 1: a customer; phone and age are the record's, read-only.
    const guests = view.getByTestId('order-guest');
    const first = guests.nth(0);
    await chooseFromSelect(page, first, '客户姓名', '林婉清 13912340001', '林婉清');
    await expect.poll(() => first.getByLabel('电话', { exact: true }).inputValue()).toBe('13912340001');
    expect(await first.getByLabel('电话', { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(await first.getByLabel('年龄', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await first
      .getByTestId('guest-facts')
      .getByText(/所属店家：丽人医美会所/)
      .waitFor();
    await first.getByLabel('店家三级', { exact: true }).fill('赵强');
    await pickDay(first, '预约日期', BOOKED);
    await chooseMany(page, first, '科室', ['客服部', '财务部']);
    await first.getByLabel('项目/客情', { exact: true }).fill('水光针复诊');
    await first.getByRole('switch', { name: '店家股东' }).click();
    await chooseFromSelect(page, first, '股东类型', '店家股东');
    await first.getByLabel('需求说明', { exact: true }).fill('需要接送');
    await first.getByLabel('紧急联系人', { exact: true }).fill('林母');
    await first.getByLabel('紧急联系电话', { exact: true }).fill('13912349999');
    await first.getByLabel('注意事项', { exact: true }).fill('对酒精过敏');
    await first.getByLabel('备注', { exact: true }).fill('周六上午到店');

    // A guest added by mistake is removed again.
    await view.getByTestId('order-add-guest').click();
    await view.getByTestId('order-add-guest').click();
    await expect.poll(() => guests.count()).toBe(3);
    await guests.nth(2).getByLabel('删除客人').click();
    await toast(page, '删除成功~').waitFor({ state: 'visible' });
    await expect.poll(() => guests.count()).toBe(2);

    // Guest 2: a shop; switching the type lists shops.
    const second = guests.nth(1);
    await second.getByText('店家', { exact: true }).click();
    await chooseFromSelect(page, second, '客户姓名', '丽人医美会所（王芳）', '丽人');
    await expect.poll(() => second.getByLabel('电话', { exact: true }).inputValue()).toBe('13800001001');
    await expect.poll(() => second.getByLabel('年龄', { exact: true }).inputValue()).toMatch(/^\d{2}$/);
    await expect.poll(() => second.getByLabel('店家三级', { exact: true }).inputValue()).toBe('赵强');
    await second.getByLabel('项目/客情', { exact: true }).fill('店家带客做热玛吉');
    await chooseMany(page, second, '科室', ['客服部']);
    await first.scrollIntoViewIfNeeded();
    await screenshot(page, 'additional-order-01-guests');

    // Two approver levels: 陈静, then 刘洋.
    await chooseApprover(page, view, '陈静');
    await view.getByRole('button', { name: /添加下一级审批人/ }).click();
    await chooseApprover(page, view, '刘洋');
    await expect.poll(() => view.getByTestId('approver-level').count()).toBe(2);
    await screenshot(page, 'additional-order-02-levels');
    await view.getByTestId('examine-submit').click();
    await toast(page, '提交成功').waitFor({ state: 'visible' });
    await view.waitFor({ state: 'hidden' });
  });

  it('陈静 then 刘洋 approve it; the drawer and the print sheet show every field', async () => {
    const { page } = e2e;
    await approve(page, 'chenjing');
    const drawer = await approve(page, 'liuyang');
    await drawer.getByText('审批通过', { exact: true }).waitFor();
    const fields = drawer.getByTestId('detail-additionalOrder');
    await expect.poll(() => fields.getByTestId('detail-guest').count()).toBe(2);
    const shown = (await fields.textContent()) ?? '';
    for (const part of shownFields) expect(shown).toContain(part);
    await screenshot(page, 'additional-order-03-approved');

    // The print sheet (打印 or Ctrl+P) carries the same view.
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    const sheet = page.locator('.exm-print-sheet');
    await sheet.waitFor({ state: 'attached' });
    const printed = (await sheet.getByTestId('detail-additionalOrder').textContent()) ?? '';
    for (const part of shownFields) expect(printed).toContain(part);
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'additional-order-04-print');
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  });
});

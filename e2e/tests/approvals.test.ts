import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { label2, pickUsers, submitGeneralApproval, toast } from '../support/ui.ts';

// Approvals as people use them: the approval-flow admin defines 采购申请 (two fields, a fixed flow of
// the supervisor then 或签 陈静/刘洋, CC 黄敏); 孙丽 submits it with an attachment; 赵强 approves;
// 陈静 rejects with a remark; 孙丽 edits and resubmits; it is approved through; 黄敏 finds it under
// 抄送我的; 郑浩, who has nothing to do with it, opens its address and is refused (无权访问).
// The tests share one server and one browser and run in order. Screenshots go to e2e/artifacts/.

const e2e = useE2E();

const CATEGORY = '采购申请';
const SUPPLIER = '成都医美耗材有限公司';
const REMARKS = '采购办公用品与医美耗材，须附报价单';

const detailDrawer = (page: Page) => page.locator('.exm-detail-drawer');
const createView = (page: Page) => page.locator('.exm-create');

const attachment = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crm-e2e-approvals-')), '报价单.txt');
fs.writeFileSync(attachment, '采购报价单\n供应商：成都医美耗材有限公司\n金额：12800.50\n');
const extra = path.join(path.dirname(attachment), '多余的附件.txt');
fs.writeFileSync(extra, '不该出现在审批里\n');
afterAll(() => fs.rmSync(path.dirname(attachment), { recursive: true, force: true }));

let examineId = 0;

/** Open the approval from the list of `tab` and wait for its detail. */
async function openFromList(page: Page, tab: string): Promise<Locator> {
  await page.goto(`/workbench/examine?tab=${tab}`);
  const row = page.getByTestId('examine-row').filter({ hasText: CATEGORY }).first();
  await row.waitFor({ state: 'visible' });
  await row.click();
  const drawer = detailDrawer(page);
  await drawer.getByTestId('detail-header').waitFor({ state: 'visible' });
  return drawer;
}

/** Press an action of the detail, fill the dialog's remarks and confirm it. */
async function act(page: Page, action: string, remarks?: string): Promise<void> {
  const drawer = detailDrawer(page);
  await drawer
    .getByTestId('detail-actions')
    .getByRole('button', { name: label2(action) })
    .click();
  const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
  await dialog.waitFor({ state: 'visible' });
  if (remarks !== undefined) await dialog.locator('textarea').fill(remarks);
  await dialog.getByRole('button', { name: label2(action) }).click();
  await toast(page, '操作成功').waitFor({ state: 'visible' });
  await dialog.waitFor({ state: 'hidden' });
}

describe('approvals', () => {
  it('the approval-flow admin creates 采购申请 with two fields, a fixed flow and CC', async () => {
    const { page } = e2e;
    await loginAs(page, 'yangfan');
    await page.goto('/manager/system-workbench');
    await page.locator('.ant-card-head-title').getByText('审批管理', { exact: true }).waitFor();
    await page.getByRole('button', { name: /新建审批类型/ }).click();

    const drawer = page.locator('.ant-drawer-section').filter({ hasText: '流程设置' });
    await drawer.getByLabel('审批类型名称').fill(CATEGORY);
    await drawer.getByLabel('分组').fill('行政');
    await drawer.getByLabel('说明').fill(REMARKS);
    await drawer.locator('button[aria-label="icon 5"]').click();
    // A fixed flow starts with 主管审批; add an 或签 step of 陈静 and 刘洋.
    await drawer.getByRole('button', { name: /添加审批节点/ }).click();
    const step2 = drawer.getByTestId('flow-step').nth(1);
    await step2.locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: /^或签$/ })
      .click();
    await pickUsers(page, step2.getByRole('button', { name: /审批人/ }), ['陈静', '刘洋']);
    await pickUsers(page, drawer.getByRole('button', { name: /默认抄送人/ }), ['黄敏']);
    await screenshot(page, 'approvals-01-category');
    await drawer.getByRole('button', { name: /保存并编辑字段/ }).click();

    const designer = page.locator('.ant-drawer-section').filter({ hasText: '字段类型' });
    await designer.waitFor({ state: 'visible' });
    await designer.getByTestId('fd-add-text').click();
    await designer.getByTestId('fd-props').getByLabel('字段名称').fill('供应商');
    await designer.getByTestId('fd-props').getByLabel('必填').click();
    await designer.getByTestId('fd-add-floatnumber').click();
    await designer.getByTestId('fd-props').getByLabel('字段名称').fill('采购金额');
    await designer.getByTestId('fd-props').getByLabel('必填').click();
    await screenshot(page, 'approvals-02-fields');
    await designer.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '保存成功').waitFor({ state: 'visible' });
    await designer.waitFor({ state: 'hidden' });

    const row = page.locator('tr').filter({ hasText: CATEGORY });
    await row.getByText('主管审批').waitFor();
    await row.getByText(/陈静、刘洋/).waitFor();
    await screenshot(page, 'approvals-03-category-list');
  });

  it('孙丽 submits it with an attachment, after the form has said what is missing', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    // An earlier approval of hers, so that "the new one at the top" means something.
    await submitGeneralApproval(page, '上月团建费用报销', '王建国');
    await page.goto('/workbench/examine');
    await page.getByRole('button', { name: /发起审批/ }).click();
    // The picker shows each type's 说明, and tells her nothing about the admin backend.
    const picker = page.locator('.ant-modal').filter({ hasText: '请选择审批类型' });
    const choice = picker.locator('.exm-picker__item').filter({ hasText: CATEGORY });
    await choice.getByText(REMARKS).waitFor({ state: 'visible' });
    expect(await picker.textContent()).not.toContain('管理后台');
    await screenshot(page, 'approvals-04-picker');
    await choice.click();

    const view = createView(page);
    await view.getByText(`新建${CATEGORY}`).waitFor({ state: 'visible' });
    await view.getByTestId('flow-preview').getByText('或签').waitFor();
    expect((await view.getByTestId('examine-submit').textContent())?.replace(/\s/g, '')).toBe('立即创建');
    await view.getByTestId('examine-submit').click();
    await view.getByText('供应商不能为空').waitFor({ state: 'visible' });
    await view.getByText('采购金额不能为空').waitFor({ state: 'visible' });

    await view.getByPlaceholder('请输入供应商').fill(SUPPLIER);
    await view.getByPlaceholder('请输入采购金额').fill('12800.555');
    await view.getByText('货币的整数部分须少于10位，小数部分须少于2位').waitFor({ state: 'visible' });
    await view.getByPlaceholder('请输入采购金额').fill('12800.5');
    await view.locator('input[type=file]').first().setInputFiles(attachment);
    await view.getByText('报价单.txt').waitFor({ state: 'visible' });
    await screenshot(page, 'approvals-04-create');
    // A double click still creates one approval (same batch).
    await view.getByTestId('examine-submit').dblclick();
    await toast(page, '提交成功').waitFor({ state: 'visible' });
    await view.waitFor({ state: 'hidden' });

    // 我发起的 opens by itself, with the new approval at the top.
    await page.locator('.ant-tabs-tab-active').getByTestId('tab-initiate').waitFor({ state: 'visible' });
    expect(new URL(page.url()).searchParams.get('tab')).toBe('initiate');
    // Newest first, above her earlier one and the demo company's.
    await expect.poll(() => page.getByTestId('examine-row').first().textContent()).toContain(CATEGORY);
    expect(await page.getByTestId('examine-row').nth(1).textContent()).toContain('上月团建费用报销');
    await screenshot(page, 'approvals-05-initiated');
    const drawer = await openFromList(page, 'initiate');
    examineId = Number(new URL(page.url()).searchParams.get('examineId'));
    expect(examineId).toBeGreaterThan(0);
    await drawer.getByText('报价单.txt').waitFor();
    await drawer.getByTestId('flow-timeline').locator('.exm-task__name', { hasText: '赵强' }).waitFor();
    await screenshot(page, 'approvals-05-submitted');
  });

  it('赵强, her supervisor, approves', async () => {
    const { page } = e2e;
    await loginAs(page, 'zhaoqiang');
    // The home page's 待我审批 tile opens the approval center on that tab.
    // Hers and the demo company's approvals wait for him: the tile counts at least hers.
    await expect
      .poll(async () => Number((await page.getByTestId('count-examineNum').textContent())?.match(/\d+/)?.[0] ?? 0))
      .toBeGreaterThan(0);
    await page.getByTestId('count-examineNum').click();
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=waiting');
    await page.locator('.ant-tabs-tab-active').getByTestId('tab-waiting').waitFor({ state: 'visible' });
    await expect
      .poll(async () => Number((await page.getByTestId('tab-waiting').textContent())?.match(/\d+/)?.[0] ?? 0))
      .toBeGreaterThan(0);
    await openFromList(page, 'waiting');
    await act(page, '同意', '同意采购，注意比价');
    await detailDrawer(page).getByText('已同意').waitFor();
    await screenshot(page, 'approvals-06-supervisor-approved');
  });

  it('陈静 rejects it, with a remark', async () => {
    const { page } = e2e;
    await loginAs(page, 'chenjing');
    const drawer = await openFromList(page, 'waiting');
    await drawer
      .getByTestId('detail-actions')
      .getByRole('button', { name: label2('拒绝') })
      .click();
    const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
    await dialog.getByRole('button', { name: label2('拒绝') }).click();
    await dialog.getByText('拒绝时请填写审批意见').waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: label2('取消') }).click();
    await act(page, '拒绝', '请补充三家供应商的比价单');
    await drawer.getByTestId('detail-header').getByText('拒绝').waitFor();
    await drawer.getByText('其他人已拒绝，无需审批').waitFor();
    await screenshot(page, 'approvals-07-rejected');
  });

  it('孙丽 starts an edit, uploads a file and cancels: the approval is unchanged', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    const drawer = await openFromList(page, 'initiate');
    await drawer.getByRole('button', { name: '立即修改' }).click();
    const view = createView(page);
    await view.getByText(`编辑${CATEGORY}`).waitFor({ state: 'visible' });
    await view.getByText('报价单.txt').waitFor();
    await view.locator('input[type=file]').first().setInputFiles(extra);
    await view.getByText('多余的附件.txt').waitFor({ state: 'visible' });
    await view.getByRole('button', { name: label2('取消') }).click();
    await view.waitFor({ state: 'hidden' });
    await drawer.getByText('报价单.txt').waitFor();
    expect(await drawer.getByText('多余的附件.txt').count()).toBe(0);
    // Reopening the editor shows the approval as saved: the cancelled upload is gone.
    await drawer.getByRole('button', { name: '立即修改' }).click();
    await view.getByText('报价单.txt').waitFor();
    expect(await view.getByText('多余的附件.txt').count()).toBe(0);
    await view.getByRole('button', { name: label2('取消') }).click();
    await view.waitFor({ state: 'hidden' });
  });

  it('孙丽 edits and resubmits it (立即修改)', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    const drawer = await openFromList(page, 'initiate');
    await drawer.locator('.exm-task__remarks', { hasText: '请补充三家供应商的比价单' }).waitFor();
    await drawer.getByRole('button', { name: '立即修改' }).click();
    const view = createView(page);
    await view.getByText(`编辑${CATEGORY}`).waitFor({ state: 'visible' });
    await expect.poll(() => view.getByPlaceholder('请输入供应商').inputValue()).toBe(SUPPLIER);
    await view.getByText('报价单.txt').waitFor();
    await view.getByPlaceholder('请输入采购金额').fill('11800');
    await screenshot(page, 'approvals-08-edit');
    await view.getByRole('button', { name: '立即修改' }).click();
    await toast(page, '提交成功').waitFor({ state: 'visible' });
    await view.waitFor({ state: 'hidden' });
    await drawer.getByText('重新提交').first().waitFor();
    await drawer.getByText('11800', { exact: true }).waitFor();
    await screenshot(page, 'approvals-09-resubmitted');
  });

  it('赵强 and then 刘洋 approve it through', async () => {
    const { page } = e2e;
    await loginAs(page, 'zhaoqiang');
    await openFromList(page, 'waiting');
    await act(page, '同意');
    await loginAs(page, 'liuyang');
    const drawer = await openFromList(page, 'waiting');
    await act(page, '同意', '比价单已补，同意');
    await drawer.getByText('审批通过', { exact: true }).waitFor();
    await drawer.getByTestId('detail-header').getByText('通过').waitFor();
    await screenshot(page, 'approvals-10-approved');
  });

  it('黄敏 finds it under 抄送我的, unread until she opens it', async () => {
    const { page } = e2e;
    await loginAs(page, 'huangmin');
    await page.goto('/workbench/examine?tab=copied');
    const row = page.getByTestId('examine-row').filter({ hasText: CATEGORY });
    await row.getByText('未读').waitFor({ state: 'visible' });
    await screenshot(page, 'approvals-11-copied');
    await row.click();
    await detailDrawer(page).getByText('审批通过', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await row.getByText('未读').waitFor({ state: 'detached' });
  });

  it('郑浩, outside the approval, opens its address and is refused (无权访问)', async () => {
    const { page } = e2e;
    await loginAs(page, 'zhenghao');
    await page.goto(`/workbench/examine?examineId=${examineId}`);
    await detailDrawer(page).locator('.ant-result').getByText('无权访问').waitFor({ state: 'visible' });
    expect(await detailDrawer(page).getByTestId('detail-actions').count()).toBe(0);
    await screenshot(page, 'approvals-12-forbidden');
  });
});

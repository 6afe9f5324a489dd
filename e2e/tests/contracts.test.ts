import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { addPlanAndReceivable, approveReceivable, submitContractDraft } from '../support/crm.ts';
import { useE2E } from '../support/setup.ts';
import { approveOpenReview, label2, pickRecord, pickUsers, toast } from '../support/ui.ts';

// A contract and its receivable through their reviews, as the people meet them: the salesperson
// 孙丽 saves a contract draft for her customer 陈雨桐 and submits it to 陈静 (财务); 陈静 approves;
// 孙丽 records a plan and a receivable against the contract; 陈静 approves that too; the contract
// shows the money received and the customer shows as closed (已成交). Screenshots in e2e/artifacts/.

const e2e = useE2E();
const NUM = 'HT-E2E-001';

async function openContract(page: Page, id: string) {
  await page.goto(`/crm/contract/${id}`);
  await expect.poll(() => page.getByTestId('record-title').textContent()).toBe('年度护理套餐');
}

describe('contracts and receivables', () => {
  // One journey through three people's sessions (five sign-ins): longer than one page's default.
  it('draft, submit, approve; plan and receivable, approve; received money and a closed customer', {
    timeout: 150_000,
  }, async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.goto('/crm/contract');
    await page.getByTestId('record-create').click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新建合同' });
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByTestId('review-chosen').waitFor();
    await drawer.getByTestId('choose-customer').click();
    await pickRecord(page, '陈雨桐');
    await drawer.getByTestId('choose-customer').filter({ hasText: '陈雨桐' }).waitFor();
    await drawer.getByLabel('合同编号').fill(NUM);
    await drawer.getByLabel('合同名称').fill('年度护理套餐');
    await drawer.getByLabel('合同金额').fill('12800');
    await screenshot(page, 'contracts-01-draft');
    await drawer.getByTestId('save-draft').click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await drawer.waitFor({ state: 'hidden' });

    const link = page.getByTestId('record-link').filter({ hasText: '年度护理套餐' });
    await link.first().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/crm\/contract\/\d+$/);
    const contractId = new URL(page.url()).pathname.split('/').pop()!;
    await expect.poll(() => page.getByTestId('check-status').textContent()).toBe('草稿');

    // Submit: edit the draft, choose the approver, 提交审核.
    await submitContractDraft(page, '陈静', async (edit) => {
      // Saved without an approver, the form asks for one.
      await edit.getByTestId('record-save').click();
      await edit.getByText('请选择审批人').waitFor();
    });

    // The finance approver approves.
    await loginAs(page, 'chenjing');
    await openContract(page, contractId);
    await approveOpenReview(page);
    await screenshot(page, 'contracts-02-approved');

    // The salesperson records a plan and a receivable against it.
    await loginAs(page, 'sunli');
    await openContract(page, contractId);
    await addPlanAndReceivable(
      page,
      {
        customer: '陈雨桐',
        money: '12800',
        planDay: '2026-12-01',
        number: 'HK-E2E-001',
        day: '2026-11-20',
        approver: '陈静',
      },
      () => screenshot(page, 'contracts-03-receivable'),
    );

    // The approver approves the receivable.
    await approveReceivable(page, 'chenjing', 'HK-E2E-001');

    // The contract shows the money received; the customer is closed.
    await loginAs(page, 'sunli');
    await openContract(page, contractId);
    await expect.poll(() => page.getByTestId('received-money').textContent()).toContain('12800.00');
    await screenshot(page, 'contracts-04-received');
    await page.goto('/crm/customer');
    await page.getByTestId('record-link').filter({ hasText: '陈雨桐' }).first().click();
    await page.getByText('已成交').first().waitFor();
  });

  it('an approver outside the data scope: the 待审核合同 tile opens 待我审批的, the contract opens read only, approve', async () => {
    const { page } = e2e;
    // 孙丽 submits a contract to 郑浩 (销售二部), who may not see 孙丽's contracts otherwise.
    await loginAs(page, 'sunli');
    await page.goto('/crm/contract');
    await page.getByTestId('record-create').click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新建合同' });
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByTestId('review-chosen').waitFor();
    await drawer.getByTestId('choose-customer').click();
    await pickRecord(page, '林婉清');
    await drawer.getByTestId('choose-customer').filter({ hasText: '林婉清' }).waitFor();
    await drawer.getByLabel('合同编号').fill('HT-E2E-002');
    await drawer.getByLabel('合同名称').fill('跨部门审批合同');
    await drawer.getByLabel('合同金额').fill('6600');
    await pickUsers(page, drawer.getByTestId('review-chosen').getByRole('button', { name: /请选择|选择/ }), ['郑浩']);
    await drawer.getByTestId('record-save').click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });

    await loginAs(page, 'zhenghao');
    await page.goto('/workbench/index');
    await expect.poll(() => page.getByTestId('count-checkContract').textContent()).toContain('1');
    await page.getByTestId('count-checkContract').click();
    await expect.poll(() => new URL(page.url()).search).toBe('?scene=-9');
    await expect.poll(() => page.getByTestId('scene-select').textContent()).toContain('待我审批的');
    await page.getByTestId('record-link').filter({ hasText: '跨部门审批合同' }).click();
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe('跨部门审批合同');
    // Read only: no edit, but the review is theirs to decide. The customer is named from the
    // contract (the approver may not open 林婉清 herself).
    await expect.poll(() => page.getByTestId('record-edit').count()).toBe(0);
    await page.getByTestId('record-basic').getByText('林婉清').waitFor();
    await screenshot(page, 'contracts-05-approver-out-of-scope');
    await page.getByTestId('review-approve').click();
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: label2('确定') })
      .click();
    await expect.poll(() => page.getByTestId('check-status').textContent()).toBe('通过');
    // Still readable after deciding; the tile has nothing left.
    await page.goto('/workbench/index');
    await expect.poll(() => page.getByTestId('count-checkContract').textContent()).toContain('0');
  });
});

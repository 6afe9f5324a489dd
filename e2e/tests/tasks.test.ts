import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { label2, pickUsers, toast } from '../support/ui.ts';

// Tasks as people use them: 李明 (a sales manager) creates 筹备新品发布会 from the workbench
// quick-add with 孙丽 and 周杰 taking part and a subtask 确认场地; 孙丽 finds it under 我参与的,
// ticks the subtask done and comments; 李明 sees the progress and her comment. One server, one
// browser, in order. Screenshots go to e2e/artifacts/.

const e2e = useE2E();
const TITLE = '筹备新品发布会';
const SUBTASK = '确认场地';
const COMMENT = '场地已确认，下午去签合同';

/** antd puts a space between the two characters of a two-character Chinese button label. */

/** The list row of the task itself (its subtask's row names the parent too). */
const taskRow = (page: Page, title: string): Locator =>
  page
    .getByTestId('task-row')
    .filter({ has: page.locator('.task-title-cell__text', { hasText: new RegExp(`^${title}$`) }) });

describe('tasks', () => {
  it('a manager creates a task with two participants and a subtask from the quick-add', async () => {
    const { page } = e2e;
    await loginAs(page, 'liming');
    await page.goto('/workbench/index');
    await page.getByTestId('quick-add').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '任务' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建任务' });
    await dialog.waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/workbench/task');

    await dialog.getByPlaceholder('要做什么？').fill(TITLE);
    await dialog.getByLabel('任务描述').fill('场地、物料、邀约');
    await pickUsers(page, dialog.getByRole('button', { name: /参与人/ }), ['孙丽', '周杰']);
    await dialog.getByPlaceholder('子任务名称，回车添加').fill(SUBTASK);
    await dialog.getByPlaceholder('子任务名称，回车添加').press('Enter');
    await screenshot(page, 'tasks-01-create');
    // A double click still creates one task (the form's batch id).
    await dialog.getByTestId('task-save').dblclick();
    await toast(page, '保存成功').waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });

    const drawer = page.getByTestId('task-detail');
    await drawer.waitFor({ state: 'visible' });
    expect(await drawer.getByTestId('task-participants').textContent()).toBe('孙丽、周杰');
    await drawer.getByTestId('task-subtask').filter({ hasText: SUBTASK }).waitFor();
    await screenshot(page, 'tasks-02-detail');
    await page.keyboard.press('Escape');
    await expect.poll(() => taskRow(page, TITLE).count()).toBe(1);
  });

  it('a participant completes the subtask and comments; the manager sees both', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.goto('/workbench/task?tab=joined');
    const row = taskRow(page, TITLE);
    await row.waitFor({ state: 'visible' });
    await row.locator('.task-title-cell__text').first().click();
    const drawer = page.getByTestId('task-detail');
    await drawer.waitFor({ state: 'visible' });
    // A participant does not edit or delete someone else's task.
    expect(
      await drawer
        .getByTestId('task-actions')
        .getByRole('button', { name: label2('编辑') })
        .count(),
    ).toBe(0);
    const sub = drawer.getByTestId('task-subtask').filter({ hasText: SUBTASK });
    await sub.locator('.ant-checkbox').click();
    await toast(page, '操作成功').waitFor({ state: 'visible' });
    await drawer.locator('.task-subtask--done').filter({ hasText: SUBTASK }).waitFor();
    await drawer.getByPlaceholder('说点什么…').fill(COMMENT);
    await drawer.getByRole('button', { name: label2('发送') }).click();
    await drawer.getByTestId('task-comment').filter({ hasText: COMMENT }).waitFor();
    await screenshot(page, 'tasks-03-participant');

    await loginAs(page, 'liming');
    await page.goto('/workbench/task?tab=created');
    await taskRow(page, TITLE).filter({ hasText: '1/1' }).waitFor();
    await taskRow(page, TITLE).locator('.task-title-cell__text').click();
    const mine = page.getByTestId('task-detail');
    await mine.getByTestId('task-comment').filter({ hasText: '孙丽' }).filter({ hasText: COMMENT }).waitFor();
    await screenshot(page, 'tasks-04-manager');
  });
});

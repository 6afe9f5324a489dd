import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { choose, drawerTitled, fillDate, label2, toast } from '../support/ui.ts';

// Supervision (督导检查) as people use it: 何雪 inspects 悦颜皮肤管理中心 (planned for today by the
// living demo), records each item, fails 员工着装统一、佩戴工牌 and names 张雨 responsible; on
// submit the rectification is a task in 张雨's tasks.

const e2e = useE2E();
const SHOP = '悦颜皮肤管理中心';
const FAILED = '员工着装统一、佩戴工牌';
const items: [string, number][] = [
  ['前台与候诊区整洁', 9],
  ['治疗室消毒记录完整', 18],
  [FAILED, 4],
  ['顾客档案与知情同意书齐全', 20],
  ['消防通道畅通、灭火器在有效期', 19],
];

const inAWeek = () => {
  const d = new Date(Date.now() + 7 * 86_400_000);
  return d.toISOString().slice(0, 10);
};

describe('supervision', () => {
  it('an inspector fails an item of a shop and the rectification lands in the responsible person’s tasks', async () => {
    const { page } = e2e;
    await loginAs(page, 'hexue');
    await page.goto('/workbench/check');
    await page.locator('.ant-table-row', { hasText: SHOP }).click();
    const drawer = drawerTitled(page, '检查详情');
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByRole('button', { name: '开始检查' }).click();
    await toast(page, '检查已开始').waitFor({ state: 'visible' });

    for (const [title, score] of items) {
      const card = drawer.locator('.ant-card', { hasText: title });
      await card.getByRole('radio', { name: title === FAILED ? '不合格' : '合格', exact: true }).check();
      await card.getByRole('spinbutton', { name: '得分' }).fill(String(score));
      if (title === FAILED) await card.getByLabel('检查说明').fill('两名员工未佩戴工牌');
      const saved = page.waitForResponse((r) => r.url().endsWith('/OaCheck/recordItem'));
      await card.getByRole('button', { name: '保存此项' }).click();
      expect(await (await saved).json()).toMatchObject({ code: 0 });
    }
    await screenshot(page, 'supervision-01-recorded');

    await drawer.getByRole('button', { name: '提交检查' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '提交检查结果' });
    await dialog.waitFor({ state: 'visible' });
    const owner = dialog.getByLabel(`负责人 ${FAILED}`);
    await choose(page, owner, '张雨', '张雨');
    await fillDate(dialog, `整改期限 ${FAILED}`, inAWeek());
    await dialog.getByLabel('检查总结').fill('整体良好，工牌须每日佩戴');
    await dialog.getByRole('button', { name: label2('提交检查') }).click();
    await toast(page, '检查已提交').waitFor({ state: 'visible' });
    await drawer.getByText('整改任务：张雨').waitFor({ state: 'visible' });
    expect(await drawer.textContent()).toContain('总分 70 / 80');
    await screenshot(page, 'supervision-02-submitted');

    await loginAs(page, 'zhangyu');
    await page.goto('/workbench/task');
    await page.getByText(`整改：${SHOP} ${FAILED}`).first().waitFor({ state: 'visible' });
    await screenshot(page, 'supervision-03-task');
  });
});

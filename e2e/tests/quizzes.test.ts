import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { label2, option, toast } from '../support/ui.ts';

// Quizzes (issue 25): 张雨 (前台, 客服部) takes the living demo's 治疗安全与服务规范月考, which her
// department is assigned, answers every question right and passes; her result stays on the list.

const e2e = useE2E();
const QUIZ = '治疗安全与服务规范月考';

/** The demo bank's right answers by the start of each question (workbench/quizzes/seed.ts). */
const answers: [string, string[]][] = [
  ['为顾客做注射类治疗前', ['A. 顾客身份和治疗项目']],
  ['治疗室的感染防控', ['A. 器械一人一用一消毒', 'B. 治疗前后洗手', 'D. 医疗废物分类处理']],
  ['顾客术前告知书', ['错误']],
  ['顾客治疗后出现红肿不适', ['B. 立即登记并转告主治医生回电']],
  ['接待顾客时应主动问候', ['正确']],
];

describe('quizzes', () => {
  it('a member of staff takes the quiz assigned to her department and passes', async () => {
    const { page } = e2e;
    await loginAs(page, 'zhangyu');
    await page.goto('/workbench/answer');
    const row = page.locator('.ant-table-row', { hasText: QUIZ });
    await row.getByRole('button', { name: '开始考试' }).click();
    const sheet = page.getByTestId('quiz-paper');
    await sheet.waitFor({ state: 'visible' });
    expect(await sheet.getByTestId('quiz-time-left').textContent()).toMatch(/剩余时间 (20:00|19:\d\d)/);
    const items = sheet.locator('li[data-testid^="quiz-item-"]');
    expect(await items.count()).toBe(answers.length);
    for (let i = 0; i < answers.length; i++) {
      const item = items.nth(i);
      const stem = (await item.locator('.quiz-paper__stem').textContent()) ?? '';
      const right = answers.find(([start]) => stem.includes(start));
      expect(right, stem).toBeTruthy();
      for (const label of right![1]) await item.getByText(label, { exact: true }).click();
    }
    await screenshot(page, 'quizzes-01-paper');
    await sheet.getByTestId('quiz-submit').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: label2('交卷') })
      .click();
    const result = page.getByTestId('quiz-result');
    await result.waitFor({ state: 'visible' });
    expect(await result.getByTestId('quiz-score').textContent()).toBe('100 / 100 分');
    expect(await result.textContent()).toContain('及格');
    await screenshot(page, 'quizzes-02-result');
    await page.locator('.ant-modal-confirm').waitFor({ state: 'hidden' });
    await page.locator('.ant-modal-close').click();
    await row.getByRole('button', { name: '查看成绩' }).waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain('100 / 100 分');
  });

  it('the general manager sees her result ranked, the error rates and who has not taken it', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');
    await page.goto('/workbench/answer?tab=quizzes');
    const row = page.locator('.ant-table-row', { hasText: QUIZ });
    expect(await row.textContent()).toContain('3 / 4 人已交卷');
    await row.getByRole('button', { name: label2('成绩') }).click();
    const summary = page.getByTestId('quiz-summary');
    await summary.waitFor({ state: 'visible' });
    expect(await summary.textContent()).toContain('应考 4 人，已交卷 3 人，及格 2 人，未参加 1 人');
    const drawer = page.locator('.ant-drawer');
    // 张雨 and 何雪 both have 100; 张雨 took less time.
    await drawer.locator('.ant-table-row', { hasText: '张雨' }).first().waitFor({ state: 'visible' });
    const names = await drawer.locator('.ant-table-row td:nth-child(2) .quiz-cell > div:first-child').allTextContents();
    expect(names.slice(0, 2)).toEqual(['张雨', '何雪']);
    expect(await page.getByTestId('quiz-error-rates').locator('.ant-table-row').count()).toBe(5);
    await screenshot(page, 'quizzes-03-results');
  });

  it('a manager makes a bank, a question and a quiz for 销售一部, which 孙丽 then finds', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');
    await page.goto('/workbench/answer?tab=banks');
    await page.getByTestId('quiz-bank-new').click();
    await page.getByTestId('quiz-bank-name').fill('急救常识');
    await page.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '保存成功').waitFor({ state: 'visible' });
    await page.locator('.quiz-bank--active', { hasText: '急救常识' }).waitFor();
    await page.getByTestId('quiz-question-new').click();
    const qform = page.getByTestId('quiz-question-form');
    await qform.getByText('判断题', { exact: true }).click();
    await page.getByTestId('quiz-question-stem').fill('发现顾客晕厥应立即停止治疗并呼叫医生。');
    await qform.getByText('正确', { exact: true }).click();
    await page.getByRole('button', { name: label2('保存') }).click();
    await page.locator('.ant-table-row', { hasText: '发现顾客晕厥' }).waitFor();

    await page.getByRole('tab', { name: '考试管理' }).click();
    await page.getByTestId('quiz-new').click();
    const form = page.getByTestId('quiz-form');
    await form.getByLabel('考试名称').fill('急救常识小测');
    const [from, to] = [
      form.locator('.ant-picker-range input').first(),
      form.locator('.ant-picker-range input').last(),
    ];
    // A day in the demo company's zone (Asia/Shanghai, UTC+8).
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    await from.click();
    await from.fill(`${day(-1)} 09:00`);
    await from.press('Enter');
    await to.fill(`${day(3)} 18:00`);
    await to.press('Enter');
    await form.getByLabel('及格分').fill('5');
    await page.getByTestId('quiz-choose-depts').click();
    const picker = page.locator('.ant-popover:not(.ant-popover-hidden) [data-testid="dept-picker"]');
    await picker.locator('input').first().fill('销售一部');
    await picker.locator('.mp-row', { hasText: '销售一部' }).first().locator('.ant-checkbox').click();
    await picker.getByRole('button', { name: label2('确定') }).click();
    await form.getByLabel('题库').click();
    await option(page, '急救常识').click();
    await form.locator('.ant-select-multiple').click();
    await option(page, '发现顾客晕厥').click();
    await form.getByLabel('考试名称').click();
    await screenshot(page, 'quizzes-04-new-quiz');
    await page.getByRole('button', { name: label2('保存') }).click();
    const row = page.locator('.ant-table-row', { hasText: '急救常识小测' });
    await row.waitFor();
    expect(await row.textContent()).toContain('0 / 3 人已交卷');

    await loginAs(page, 'sunli');
    await page.goto('/workbench/answer');
    await page
      .locator('.ant-table-row', { hasText: '急救常识小测' })
      .getByRole('button', { name: '开始考试' })
      .waitFor();
  });
});

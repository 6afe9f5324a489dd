import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/api.ts';
import { login, screenshot } from '../support/browser.ts';
import { screenshotsDir } from '../support/server.ts';
import { useE2E } from '../support/setup.ts';

// Every page of every area fits a 1366×768 screen, in Chinese and in English: no table column is
// cut off, scrolled out of sight or lying under a fixed column, no column title is truncated, the
// side menu's labels are whole and the page itself does not scroll sideways. Each page is saved to
// e2e/screenshots/ for a person to look at.

const e2e = useE2E();

const PASSWORD = '123456a';
const VIEWPORT = { width: 1366, height: 768 };
const pathname = (page: Page): string => new URL(page.url()).pathname;

/** What does not fit on the current page, one sentence per problem (empty when all is well). */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const label = (el: Element) => (el.textContent ?? '').trim() || el.getAttribute('aria-label') || '(blank)';
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    if (document.documentElement.scrollWidth > vw)
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${vw})`);

    for (const table of Array.from(document.querySelectorAll('.ant-table-wrapper'))) {
      if (!visible(table)) continue;
      for (const holder of Array.from(table.querySelectorAll('.ant-table-content, .ant-table-header, .ant-table-body')))
        if (holder.scrollWidth > holder.clientWidth + 1)
          problems.push(`a table scrolls sideways (${holder.scrollWidth} > ${holder.clientWidth})`);
      const area = table.querySelector('.ant-table-container')!.getBoundingClientRect();
      const ths = Array.from(table.querySelectorAll('thead th')).filter(
        (th) => visible(th) && !th.classList.contains('ant-table-cell-scrollbar'),
      );
      const fixed = ths.filter((th) => getComputedStyle(th).position === 'sticky');
      for (const th of ths) {
        const r = th.getBoundingClientRect();
        const name = label(th);
        if (r.left < Math.max(0, area.left) - 1 || r.right > Math.min(vw, area.right) + 1)
          problems.push(`column ${name} is outside the table or the screen`);
        for (const f of fixed) {
          if (f === th) continue;
          const o = f.getBoundingClientRect();
          if (Math.min(r.right, o.right) - Math.max(r.left, o.left) > 1)
            problems.push(`column ${name} lies under the fixed column ${label(f)}`);
        }
        for (const el of [th, ...Array.from(th.querySelectorAll('*'))])
          if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') {
            problems.push(`the title of column ${name} is cut off (${el.scrollWidth} > ${el.clientWidth})`);
            break;
          }
      }
    }

    // Labels that must be read whole: the side menu's and the home page's to-do tiles.
    for (const item of Array.from(
      document.querySelectorAll('.crm-sidemenu .ant-menu-title-content, .wb-count-label'),
    )) {
      if (!visible(item)) continue;
      // (A badge's digits scroll inside it by design: not part of the label.)
      const parts = [item, ...Array.from(item.querySelectorAll('*'))].filter((el) => !el.closest('.ant-badge'));
      const cut =
        parts.find((el) => el.scrollWidth > el.clientWidth + 1) ??
        (item.scrollHeight > item.clientHeight + 1 ? item : undefined);
      if (cut) problems.push(`the label ${label(item)} is cut off`);
    }
    return problems;
  });
}

/** Wait for the page's data: no spinner or skeleton left, and the network quiet. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => {});
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(300);
}

async function checkPage(page: Page, lang: 'zh' | 'en', name: string): Promise<string[]> {
  await settled(page);
  await screenshot(page, `layout-${lang}-${name}`, screenshotsDir);
  return (await layoutProblems(page)).map((p) => `${lang} ${name}: ${p}`);
}

/** Every page in the side menu of every area of the top navigation, then the extra addresses. */
async function walk(page: Page, lang: 'zh' | 'en', extra: string[]): Promise<{ pages: string[]; problems: string[] }> {
  const pages: string[] = [];
  const problems: string[] = [];
  // The areas the navigation shows (antd keeps a hidden "more" entry for when they overflow).
  const area = page.locator('.crm-topnav .ant-menu-item:visible');
  const areas = await area.count();
  for (let a = 0; a < areas; a++) {
    // Keys are addresses (the area's, each page's): wait for this area's menu, not the previous one still shown.
    const areaId = (await area.nth(a).getAttribute('data-menu-id')) ?? '';
    const areaPath = areaId.slice(areaId.indexOf('-/') + 1);
    await area.nth(a).click();
    await page
      .locator(`.crm-sidemenu [role="menuitem"][data-menu-id*="-${areaPath}/"]`)
      .first()
      .waitFor({ state: 'visible' });
    const items = await page.locator('.crm-sidemenu [role="menuitem"]').count();
    for (let i = 0; i < items; i++) {
      const item = page.locator('.crm-sidemenu [role="menuitem"]').nth(i);
      // antd names an item `rc-menu-uuid-…-<key>` and our keys are the pages' addresses: wait for that address,
      // not for the previous page's content still on screen (a slow answer recorded the old page twice).
      const id = (await item.getAttribute('data-menu-id')) ?? '';
      const target = id.slice(id.indexOf('-/') + 1);
      await item.click();
      await expect
        .poll(() => {
          const now = pathname(page);
          return now === target || now.startsWith(`${target}/`);
        })
        .toBe(true);
      await page.locator('.crm-content .ant-card, .crm-content .ant-row').first().waitFor({ state: 'visible' });
      const path = pathname(page);
      pages.push(path);
      problems.push(...(await checkPage(page, lang, path.replace(/^\//, ''))));
      // A page's tabs are lists of their own (the approval center's four, a role's employees).
      const tabs = page.locator('.crm-content .ant-tabs-tab');
      const count = await tabs.count();
      for (let k = 1; k < count; k++) {
        await tabs.nth(k).click();
        problems.push(...(await checkPage(page, lang, `${path.replace(/^\//, '')}-tab${k + 1}`)));
      }
    }
  }
  for (const address of extra) {
    await page.goto(address);
    await page.getByTestId('user-menu').waitFor({ state: 'visible' });
    pages.push(address);
    problems.push(...(await checkPage(page, lang, address.replace(/^\//, ''))));
  }
  return { pages, problems };
}

async function signIn(page: Page, username: string, lang: 'zh' | 'en'): Promise<void> {
  await page.setViewportSize(VIEWPORT);
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.locator('input[type="password"]').waitFor({ state: 'visible' });
  await login(page, username, PASSWORD);
  await expect.poll(() => pathname(page), { timeout: 15_000 }).not.toBe('/login');
  // The language the user menu would choose, kept in localStorage.
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
  await page.getByTestId('user-menu').waitFor({ state: 'visible' });
}

const EXTRA = ['/person/index'];

describe('layout at 1366×768', () => {
  beforeAll(async () => {
    // Rows in every approval list of the administrator, with long texts: a row may widen a column.
    const base = e2e.server.url;
    const admin = await apiAs(base, 'admin');
    const users = (await admin('/system/user/queryUserList', { pageType: 1002, limit: 100 })) as {
      list: { userId: number; username: string }[];
    };
    const id = (username: string) => users.list.find((u) => u.username === username)!.userId;
    const groups = (await admin('/OaExamineCategory/queryCategoryGroups', {})) as {
      list: { categoryId: number; type: string }[];
    }[];
    const general = groups.flatMap((g) => g.list).find((c) => c.type === 'general')!.categoryId;
    const submit = (api: Api, approver: string, cc: string, content: string) =>
      api('/OaExamine/setOaExamine', {
        oaExamine: { categoryId: general, batchId: crypto.randomUUID(), content, detail: '详见附件与说明' },
        field: [],
        checkUserId: String(id(approver)),
        ccUserId: String(id(cc)),
      });
    const long = '关于二〇二六年第四季度华西区域医美耗材集中采购及供应商年度框架协议续签的申请';
    await submit(admin, 'zhaoqiang', 'sunli', long);
    const sunli = await apiAs(base, 'sunli');
    await submit(sunli, 'admin', 'admin', long);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`every page of the administrator fits, in ${lang === 'zh' ? 'Chinese' : 'English'}`, async () => {
      const { page } = e2e;
      await signIn(page, 'admin', lang);
      const { pages, problems } = await walk(page, lang, EXTRA);
      expect(pages).toEqual(
        expect.arrayContaining([
          '/workbench/index',
          '/workbench/examine',
          '/manager/employee-dep',
          '/manager/role-auth',
          '/manager/system-workbench',
          '/project/index',
          '/project/setMeal',
          // 成交查询 (h-convert).
          '/crm/make',
        ]),
      );
      expect(pages.some((p) => p.startsWith('/bi/'))).toBe(true);
      expect(problems).toEqual([]);
      // Some sixty pages and their tabs, each settled and photographed: more than the default minute.
    }, 360_000);
  }
});

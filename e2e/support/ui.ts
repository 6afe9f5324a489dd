import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { loginAs } from './browser.ts';

// The antd and app widgets the browser tests drive again and again, one way each.

/** A button's accessible name: antd puts a space between two Chinese characters ("确 定"). */
export const label2 = (text: string): RegExp => new RegExp(`^${[...text].join('\\s*')}$`);

/** The latest antd message (toast) with this text. */
export const toast = (page: Page, text: string): Locator =>
  page.locator('.ant-message-notice').filter({ hasText: text }).last();

/** The open drawer with this title. */
export const drawerTitled = (page: Page, title: string): Locator =>
  page.locator('.ant-drawer-content-wrapper').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) });

/** An option of the open select dropdown. */
export const option = (page: Page, text: string): Locator =>
  page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text })
    .first();

/**
 * Open a select, optionally type into its search, and pick the option with this text. The option is
 * looked for in the select's own list (`aria-controls`, read once the select says it is open: a remote
 * search or an autocomplete opens only when its answer brings options): another select's closing
 * dropdown may still be the last one shown. A named option is then checked on the select and chosen
 * again once if it is not there: a remote search's answer can replace the list under the click (a CI
 * run saw the click land and nothing chosen; so did a run of two files at a time, for a walk-in's customer).
 */
export async function choose(page: Page, select: Locator, option: string | RegExp, search?: string): Promise<void> {
  const shown = select.locator('xpath=ancestor-or-self::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  const combobox = shown.locator('[role="combobox"]').first();
  for (let attempt = 1; ; attempt++) {
    await select.click();
    if (search !== undefined) await page.keyboard.type(search);
    await expect.poll(() => combobox.getAttribute('aria-expanded')).toBe('true');
    const list = await combobox.getAttribute('aria-controls');
    const dropdown = list
      ? page.locator(`.ant-select-dropdown:has([id="${list}"])`)
      : page.locator('.ant-select-dropdown:visible').last();
    await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
    if (typeof option !== 'string') return;
    try {
      await expect.poll(() => shownText(shown), { timeout: 3_000 }).toContain(option);
      return;
    } catch (err) {
      if (attempt === 2) throw err;
      await page.keyboard.press('Escape');
    }
  }
}

/** What a select shows: its chosen labels, or an autocomplete's text (an input's value). */
const shownText = (select: Locator): Promise<string> =>
  select.evaluate(
    (el) => `${el.textContent ?? ''} ${Array.from(el.querySelectorAll('input'), (i) => i.value).join(' ')}`,
  );

/** Press 确定 in the open confirm dialog. */
export const confirm = (page: Page): Promise<void> =>
  page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: label2('确定') })
    .click();

/** Tick people by name in the member picker opened by `trigger` (check boxes or a radio), then 确定. */
export async function pickUsers(page: Page, trigger: Locator, names: string[]): Promise<void> {
  const panel = page.locator('.ant-popover:not(.ant-popover-hidden) .mp-panel').last();
  // A click that lands while the dialog holding the trigger is still sliding in can go unseen by
  // the popover (a loaded machine): click again until the panel shows.
  const open = page.locator('.ant-popover:not(.ant-popover-hidden)');
  for (let attempt = 1; ; attempt++) {
    // An open popover whose panel is still coming (its code loading) must not be clicked shut.
    if (attempt === 1 || (await open.count()) === 0) await trigger.click();
    try {
      await panel.waitFor({ state: 'visible', timeout: 5000 });
      break;
    } catch (e) {
      if (attempt === 4) throw e;
    }
  }
  for (const name of names) {
    await panel.locator('input').first().fill(name);
    await panel.locator('.mp-row', { hasText: name }).first().locator('.ant-checkbox, .ant-radio').first().click();
  }
  await panel.getByRole('button', { name: label2('确定') }).click();
}

/** Tick one row in the open record link picker and confirm. */
export async function pickRecord(page: Page, name: string): Promise<void> {
  const picker = page.locator('.ant-modal').filter({ has: page.getByTestId('rp-search') });
  await picker.waitFor({ state: 'visible' });
  await picker.locator('.ant-table-row', { hasText: name }).first().locator('input').first().check();
  await picker.getByTestId('rp-confirm').click();
  await picker.waitFor({ state: 'hidden' });
}

/** Type a day (YYYY-MM-DD) into the date picker labelled `label` inside `scope`. */
export async function fillDate(scope: Locator, label: string, day: string): Promise<void> {
  const input = scope.getByLabel(label);
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

/** Approve the record under review open on the page (通过, confirmed): its status turns 通过. */
export async function approveOpenReview(page: Page): Promise<void> {
  await page.getByTestId('review-approve').click();
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: label2('确定') })
    .click();
  await expect.poll(() => page.getByTestId('check-status').textContent()).toBe('通过');
}

/** The reviewer (`who`) opens a record under review at `path` and approves it. */
export async function approveReview(page: Page, who: string, path: string): Promise<void> {
  await loginAs(page, who);
  await page.goto(path);
  await approveOpenReview(page);
}

/** The page's logged-in user submits a 普通审批 to `approver` through the API (what the form sends). */
export async function submitGeneralApproval(page: Page, content: string, approver: string): Promise<void> {
  const answer = await page.evaluate(
    async ({ content, approver }) => {
      const call = async <T>(path: string, body: unknown): Promise<T> => {
        const res = await fetch(path, {
          method: 'POST',
          headers: { 'Admin-Token': localStorage.getItem('Admin-Token') ?? '', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as { code: number; msg: string; data: T };
        if (json.code !== 0) throw new Error(`${path}: ${json.msg}`);
        return json.data;
      };
      const groups = await call<{ list: { categoryId: number; type: string }[] }[]>(
        '/OaExamineCategory/queryCategoryGroups',
        {},
      );
      const general = groups.flatMap((g) => g.list).find((c) => c.type === 'general')!;
      const users = await call<{ list: { userId: number }[] }>('/system/user/queryUserList', { search: approver });
      return call('/OaExamine/setOaExamine', {
        oaExamine: { categoryId: general.categoryId, batchId: crypto.randomUUID(), content, detail: content },
        field: [],
        checkUserId: String(users.list[0]!.userId),
        ccUserId: '',
      });
    },
    { content, approver },
  );
  expect(answer).toMatchObject({ examineId: expect.any(Number) });
}

/**
 * Go to an address inside the running app, as a click on a link does: the router's history moves and the
 * page is not loaded again (a walk over a hundred pages spent most of its time reloading the app for each).
 * Falls back to a load when the app is not running yet (the login page, an open page).
 */
export async function goInApp(page: Page, address: string): Promise<void> {
  inFlight(page);
  const moved = await page.evaluate((to) => {
    if (!document.querySelector('[data-testid="user-menu"]')) return false;
    // react-router's browser history numbers its entries (state.idx) and follows popstate.
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    return true;
  }, address);
  if (!moved) await page.goto(address);
}

const pending = new WeakMap<Page, Set<unknown>>();

/** Count the page's requests in flight from now on (for `networkQuiet`). */
function inFlight(page: Page): Set<unknown> {
  let set = pending.get(page);
  if (!set) {
    const open = new Set<unknown>();
    set = open;
    pending.set(page, open);
    page.on('request', (r) => open.add(r));
    page.on('requestfinished', (r) => open.delete(r));
    page.on('requestfailed', (r) => open.delete(r));
    page.on('load', () => open.clear());
  }
  return set;
}

/**
 * Wait until no request has been in flight for `quietMs` (Playwright's `networkidle` is a navigation's
 * event: after an in-app move it has long fired). Gives up quietly after `timeoutMs`.
 */
export async function networkQuiet(page: Page, quietMs = 200, timeoutMs = 15_000): Promise<void> {
  const open = inFlight(page);
  const deadline = Date.now() + timeoutMs;
  let quietSince = open.size === 0 ? Date.now() : 0;
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    if (open.size > 0) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
  }
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, login } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { goInApp, networkQuiet } from '../support/ui.ts';

// The English walk (issue 26 item 2): in English, no page shows Chinese outside user data.
//
// THE RULE. Every visible text node (and every visible input's placeholder) of a page is read; a
// text with Chinese characters (U+3400–U+9FFF) passes only if each of its Chinese runs is covered
// by user data written out whole inside it. User data = every string stored in the demo database
// (records, names, departments, roles, shops, products, remarks, custom fields and their options,
// dictionary entries, approval types: whatever a person typed or may edit), read straight from a
// copy of the database the server starts from, EXCEPT the system's own vocabulary stored there:
// the names of fixed fields (crm_field.field_type = 1) and of built-in dictionary types. So "New 客户"
// fails even though customers exist (客户 is no stored string), while "Owner: 孙丽" passes. Rich
// text counts by its lines. Two marks in the page exempt a text: `lang="zh-CN"` (Chinese by
// declaration: 中文 in the language switch names itself) and `data-user-data` (cut from user data
// and not written whole: an avatar's initials).
// The known weakness: a text made of a short stored string ("客户" typed as a dictionary entry)
// would pass; the demo stores none of the words the pages use as labels.
//
// THE ADDRESSES come from the web's own route tables (areas, the personal center, the top-level
// pages), imported here, never listed twice: every address is visited as the administrator; an
// address the administrator is not given is visited as the first persona that opens it (the
// cashier's and the front desk's stations). An address with a parameter opens the first demo row.
// On each page the first primary "New"/"Add" button (a create form) is opened and read too.
// Open pages are visited through a link made for them.

const e2e = useE2E();
const CJK = /[\u3400-\u9fff]+/g;
const PERSONAS = ['admin', 'lina', 'zhangyu', 'zhaoqiang', 'sunli'];

type RouteLike = { path: string; hidden?: boolean };
type Area = { path: string; routes: RouteLike[] };

/** The web's route tables, loaded through Vite's resolver (a variable path keeps tsc out of the web's sources). */
async function webAddresses(): Promise<string[]> {
  const web = path.resolve(import.meta.dirname, '../../packages/web/src/shell');
  const areasModule = path.join(web, 'areas.ts');
  const topModule = path.join(web, 'top-routes.ts');
  const { areas, personRoutes, PERSON_BASE } = (await import(/* @vite-ignore */ areasModule)) as {
    areas: Area[];
    personRoutes: RouteLike[];
    PERSON_BASE: string;
  };
  const { topRoutes } = (await import(/* @vite-ignore */ topModule)) as { topRoutes: RouteLike[] };
  return [
    ...areas.flatMap((a) => a.routes.map((r) => `${a.path}/${r.path}`)),
    ...personRoutes.map((r) => `${PERSON_BASE}/${r.path}`),
    ...topRoutes.map((r) => r.path),
  ];
}

/** Every stored string of the demo database but the system's own vocabulary, and the first id of some tables. */
async function demoData(): Promise<{ strings: Set<string>; firstId: (table: string, column: string) => number }> {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-english-'));
  // The server keeps its PGlite database in the data folder's pg/.
  fs.cpSync(path.join(inject('e2eDataTemplate'), 'pg'), copy, { recursive: true });
  const db = new PGlite(copy);
  const strings = new Set<string>();
  const add = (v: unknown): void => {
    if (typeof v === 'string') {
      if (!/[\u3400-\u9fff]/.test(v)) return;
      strings.add(v.trim());
      // Rich text and several lines show as separate text nodes.
      for (const part of v.split(/<[^>]*>|\n|&nbsp;/)) if (part.trim()) strings.add(part.trim());
    } else if (Array.isArray(v)) v.forEach(add);
    else if (v && typeof v === 'object') Object.values(v).forEach(add);
  };
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
  );
  // The system's words stored in rows (they must be translated, so they are not user data).
  const vocabulary: Record<string, string> = {
    crm_field: 'field_type = 1',
    sys_dict_type: 'builtin',
  };
  for (const { table_name, column_name } of columns.rows) {
    const where = vocabulary[table_name] && column_name === 'name' ? `where not (${vocabulary[table_name]})` : '';
    const rows = await db.query<{ v: unknown }>(`select distinct "${column_name}" as v from "${table_name}" ${where}`);
    for (const r of rows.rows) add(r.v);
  }
  const ids = new Map<string, number>();
  for (const [table, column] of FIRST_ROWS) {
    const r = await db.query<{ id: number }>(`select min("${column}") as id from "${table}"`);
    ids.set(table, r.rows[0]?.id ?? 0);
  }
  await db.close();
  fs.rmSync(copy, { recursive: true, force: true });
  return { strings, firstId: (table) => ids.get(table) ?? 0 };
}

/** The table whose first row a detail address opens, by the list's address. */
const DETAIL_TABLES: Record<string, [string, string]> = {
  '/crm/customer': ['crm_customer', 'customer_id'],
  '/crm/store': ['crm_store', 'id'],
  '/crm/product': ['crm_product', 'product_id'],
  '/crm/business': ['crm_business', 'business_id'],
  '/crm/contract': ['crm_contract', 'contract_id'],
  '/crm/receivables': ['crm_receivables', 'receivables_id'],
  '/crm/leads': ['crm_leads', 'leads_id'],
  '/crm/contacts': ['crm_contacts', 'contacts_id'],
};
const FIRST_ROWS = Object.values(DETAIL_TABLES);

/** The address to visit for a route, its parameters filled from the demo (undefined: none to fill). */
function fill(address: string, firstId: (table: string, column: string) => number): string | undefined {
  if (!address.includes(':')) return address;
  const list = address.replace(/\/:id$/, '');
  const table = DETAIL_TABLES[list];
  if (table) return `${list}/${firstId(...table)}`;
  // A custom field set's designer: the customer kind's (label 2) of the whole company (scope 0).
  if (address === '/manager/custom-field/handlefield/:type/:id/:label')
    return '/manager/custom-field/handlefield/customer/0/2';
  return undefined;
}

/** Stored strings by each of their Chinese runs (the candidates for covering a text's run). */
function runIndex(strings: Set<string>): Map<string, string[]> {
  const byRun = new Map<string, string[]>();
  for (const s of strings) for (const m of s.matchAll(CJK)) byRun.set(m[0], [...(byRun.get(m[0]) ?? []), s]);
  return byRun;
}

/** The Chinese runs of a text not covered by a stored string written whole inside it. */
function uncovered(text: string, strings: Set<string>, byRun: Map<string, string[]>): string[] {
  const covered = new Array<boolean>(text.length).fill(false);
  if (strings.has(text)) return [];
  for (const m of text.matchAll(CJK)) {
    const run = m[0];
    // Any stored string one of whose Chinese runs lies inside this run is a candidate.
    for (let i = 0; i < run.length; i++)
      for (let j = i + 1; j <= run.length; j++)
        for (const s of byRun.get(run.slice(i, j)) ?? []) {
          let at = text.indexOf(s);
          while (at >= 0) {
            covered.fill(true, at, at + s.length);
            at = text.indexOf(s, at + 1);
          }
        }
  }
  const left: string[] = [];
  for (const m of text.matchAll(CJK)) {
    const start = m.index ?? 0;
    if (covered.slice(start, start + m[0].length).some((c) => !c)) left.push(m[0]);
  }
  return left;
}

/** The visible texts with Chinese of the page (dialogs and drawers included), each once. */
function chineseTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const han = /[\u3400-\u9fff]/;
    const shown = (el: Element | null): boolean => {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
      const parent = n.parentElement;
      if (!text || !han.test(text) || !parent || parent.closest('script, style, noscript')) continue;
      // Marked in the page: a text in Chinese by declaration (中文 in the language switch) or cut from user data (initials).
      // (Inside the body: <html lang> is the page's language, not a mark.)
      if (parent.closest('body [lang^="zh"], [data-user-data]')) continue;
      if (shown(parent)) found.add(text);
    }
    for (const input of Array.from(document.querySelectorAll('input[placeholder], textarea[placeholder]'))) {
      const text = (input.getAttribute('placeholder') ?? '').trim();
      if (han.test(text) && shown(input) && !input.closest('body [lang^="zh"], [data-user-data]')) found.add(text);
    }
    return [...found];
  });
}

/** Wait for the page's data: no spinner or skeleton left, and the network quiet. */
async function settled(page: Page): Promise<void> {
  await networkQuiet(page);
  await expect
    .poll(() => page.locator('.ant-spin-spinning, .ant-skeleton').count(), { timeout: 15_000 })
    .toBe(0)
    .catch(() => {});
  await page.waitForTimeout(200);
}

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.locator('input[type="password"]').waitFor({ state: 'visible' });
  // Signed in with the shared step (it reads the Chinese button), then switched as the user menu does.
  await login(page, username, DEMO_PASSWORD);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await page.getByTestId('user-menu').waitFor({ state: 'visible' });
}

async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

type Finding = { where: string; text: string; runs: string[] };

describe('English walk', () => {
  let addresses: string[] = [];
  let data: Awaited<ReturnType<typeof demoData>>;
  const byRun = new Map<string, string[]>();

  beforeAll(async () => {
    addresses = await webAddresses();
    data = await demoData();
    for (const [run, list] of runIndex(data.strings)) byRun.set(run, list);
  }, 120_000);

  it('the rule: Chinese passes only as stored strings written whole', () => {
    const stored = new Set(['VIP客户', '孙丽', '客服部', '年终答谢季']);
    const index = runIndex(stored);
    expect(uncovered('New 客户', stored, index)).toEqual(['客户']);
    expect(uncovered('Owner: 孙丽', stored, index)).toEqual([]);
    expect(uncovered('孙丽、客服部', stored, index)).toEqual([]);
    expect(uncovered('孙丽的客户', stored, index)).toEqual(['孙丽的客户']);
    expect(uncovered('年终', stored, index)).toEqual(['年终']);
    expect(uncovered('VIP客户 (3)', stored, index)).toEqual([]);
  });

  // Texts with Chinese read in all (user data included): proves the reader sees the pages.
  let read = 0;
  const findingsOf = async (page: Page, where: string): Promise<Finding[]> => {
    const texts = await chineseTexts(page);
    read += texts.length;
    const found = texts
      .map((text) => ({ where, text, runs: uncovered(text, data.strings, byRun) }))
      .filter((f) => f.runs.length > 0);
    return found;
  };

  /** Open the page's first primary create button (a form in a drawer or dialog), read it, close it. */
  async function createForm(page: Page, where: string): Promise<Finding[]> {
    const button = page
      .locator('.crm-content .ant-btn-primary:visible')
      .filter({ hasText: /^\s*(\+\s*)?(New|Add|Create)\b/ })
      .first();
    if ((await button.count()) === 0) return [];
    const before = new URL(page.url()).pathname;
    await button.click().catch(() => {});
    await page
      .locator('.ant-drawer-open, .ant-modal-wrap:visible')
      .first()
      .waitFor({ timeout: 5_000 })
      .catch(() => {});
    await settled(page);
    const found = await findingsOf(page, `${where} (${(await button.textContent())?.trim()} form)`);
    await page.keyboard.press('Escape');
    if (new URL(page.url()).pathname !== before) await goInApp(page, before);
    return found;
  }

  it('no page shows Chinese outside user data', async () => {
    const { page, server } = e2e;
    const findings: Finding[] = [];
    const visited = new Set<string>();
    const skipped: string[] = [];

    // The login page, in English before anyone signs in.
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto('/login');
    await page.locator('input[type="password"]').waitFor({ state: 'visible' });
    findings.push(...(await findingsOf(page, '/login')));

    for (const who of PERSONAS) {
      await signIn(page, who);
      for (const route of addresses) {
        if (visited.has(route)) continue;
        const address = fill(route, data.firstId);
        if (!address) {
          if (!skipped.includes(route)) skipped.push(route);
          continue;
        }
        await goInApp(page, address);
        await settled(page);
        const landed = new URL(page.url()).pathname;
        // Not this persona's page (the guard answers /404 or sends it home): the next persona tries.
        if (landed === '/404' || landed !== address.split('?')[0]) continue;
        visited.add(route);
        const where = `${who} ${address}`;
        findings.push(...(await findingsOf(page, where)));
        // A page's tabs show their own lists.
        const tabs = page.locator('.crm-content .ant-tabs-tab:visible');
        const count = Math.min(await tabs.count(), 8);
        for (let k = 1; k < count; k++) {
          await tabs
            .nth(k)
            .click({ timeout: 5_000 })
            .catch(() => {});
          await settled(page);
          findings.push(...(await findingsOf(page, `${where} tab ${k + 1}`)));
        }
        if (count <= 1) findings.push(...(await createForm(page, where)));
      }
      await signOut(page);
    }

    // The open pages, through a link made for them.
    const admin = await apiAs(server.url, 'admin');
    const screen = (await admin('/bi/screenLink/create', { days: 1 })) as { path: string };
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto(screen.path);
    await settled(page);
    findings.push(...(await findingsOf(page, '/largeScreen')));

    const unvisited = addresses.filter((a) => !visited.has(a) && !skipped.includes(a));
    // Each text once, with the first place it showed and how many more.
    const places = new Map<string, string[]>();
    for (const f of findings) places.set(f.text, [...(places.get(f.text) ?? []), f.where]);
    const report = [...places].map(
      ([text, at]) => `"${text}" at ${at[0]}${at.length > 1 ? ` (+${at.length - 1})` : ''}`,
    );
    if (report.length) console.log(`Chinese outside user data (${report.length}):\n${report.join('\n')}`);
    if (skipped.length) console.log(`addresses with a parameter not filled: ${skipped.join(', ')}`);
    expect(unvisited, 'addresses no persona could open').toEqual([]);
    expect(visited.size).toBeGreaterThan(100);
    // The demo's names, shops and remarks were read on the way (and passed as user data).
    expect(read).toBeGreaterThan(100);
    expect(report).toEqual([]);
    // Some 150 addresses, each settled, read, and its tabs or create form opened.
  }, 1_500_000);
});

async function apiAs(base: string, username: string) {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, type: 1 }),
  });
  const token = ((await res.json()) as { data: Record<string, string> }).data['Admin-Token']!;
  return async (url: string, body: unknown): Promise<unknown> => {
    const answer = (await (
      await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Admin-Token': token },
        body: JSON.stringify(body),
      })
    ).json()) as { code: number; msg: string; data: unknown };
    if (answer.code !== 0) throw new Error(`${url}: ${answer.msg}`);
    return answer.data;
  };
}

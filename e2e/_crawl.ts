import fs from 'node:fs';
import { launchBrowser, login } from './support/browser.ts';
import { startServer } from './support/server.ts';

const who = process.argv[2] ?? 'admin';
const out = `/tmp/crawl-${who}`;
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const server = await startServer();
const b = await launchBrowser({ baseURL: server.url });
const page = b.page;
const problems: string[] = [];
let current = '';
page.on('console', (m) => {
  if (m.type() === 'error' || m.type() === 'warning') problems.push(`[${current}] console.${m.type()}: ${m.text().slice(0, 300)}`);
});
page.on('pageerror', (e) => problems.push(`[${current}] pageerror: ${e.message.slice(0, 300)}`));
page.on('response', async (r) => {
  const u = r.url();
  if (!u.startsWith(server.url) || /\.(js|css|png|svg|woff2?|ico)$/.test(u)) return;
  if (r.status() >= 400) problems.push(`[${current}] HTTP ${r.status()} ${u}`);
  try {
    const ct = r.headers()['content-type'] ?? '';
    if (ct.includes('json')) {
      const j = await r.json();
      if (j && typeof j === 'object' && 'code' in j && j.code !== 0)
        problems.push(`[${current}] code ${j.code} ${j.msg} ${u.replace(server.url, '')}`);
    }
  } catch {}
});
await page.goto('/login');
await page.locator('input[type="password"]').waitFor({ state: 'visible' });
await login(page, who, '123456a');
await page.getByTestId('user-menu').waitFor({ state: 'visible', timeout: 20000 });
await page.waitForTimeout(2000);
// Every link the menus hold (open the collapsed groups first).
const hrefs = new Set<string>();
for (let round = 0; round < 3; round++) {
  for (const a of await page.locator('a[href^="/"]').all()) {
    const h = await a.getAttribute('href');
    if (h) hrefs.add(h);
  }
  for (const sub of await page.locator('.ant-menu-submenu-title').all()) await sub.click().catch(() => {});
}
const extra = (process.env.EXTRA ?? '').split(',').filter(Boolean);
const list = [...new Set([...hrefs, ...extra])].filter((h) => !h.startsWith('/login'));
console.log('visiting', list.length, list.join(' '));
for (const h of list) {
  current = h;
  await page.goto(h).catch((e) => problems.push(`[${h}] goto: ${e.message}`));
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(800);
  const empty = await page.locator('.ant-empty').count();
  const title = await page.title();
  await page.screenshot({ path: `${out}/${h.replace(/[^a-z0-9]+/gi, '_')}.png` });
  console.log(h, '| empties', empty, '|', title);
}
console.log('\nPROBLEMS\n' + problems.join('\n'));
await b.close();
await server.stop();

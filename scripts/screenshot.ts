/**
 * Retakes the README's screenshot (docs/screenshot.png): the running app on a fresh demo
 * database, signed in as 王建国 (wangzong, 总经理), the workbench at 1366 × 768 — the top tabs
 * with 客户管理, the chat icon with its unread count, the to-do cards and the feed. Needs the
 * built web bundle (`npm run build -w packages/web`) and Debian's chromium.
 *
 *   npx tsx scripts/screenshot.ts [out=docs/screenshot.png]
 */
import path from 'node:path';
import { openApp, signIn } from './app-browser.ts';

const out = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../docs/screenshot.png'));
const app = await openApp({ width: 1366, height: 768 });
try {
  const { page } = app;
  await signIn(page, 'wangzong');
  await page.goto('/workbench');
  await page.getByTestId('feed-item').first().waitFor({ state: 'visible' });
  await page.getByTestId('header-chat').waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  // The counts, the unread badge and the avatars settle; nothing animates in the picture.
  await page.waitForTimeout(1500);
  await page.mouse.move(0, 767);
  await page.screenshot({ path: out, animations: 'disabled' });
  console.log(`wrote ${out}`);
} finally {
  await app.close();
}

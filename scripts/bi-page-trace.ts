/**
 * Where the performance overview's load time goes (issue 24, scripts/bi-page-open.ts measures it):
 * three loads of /bi/performancePandect after sign-in, each until usable (every card's chart and
 * table drawn, no spinner), printing the calls' start-end (ms from the navigation), the chunks
 * fetched after the shell's first ones (start-end, bytes: 0 = from the browser's cache) and the
 * main thread's long tasks [start, ms]. The evaluated code is a string: tsx's helpers do not exist
 * in the page.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bi-page-trace.ts
 */
import { openApp, signIn } from './app-browser.ts';

const app = await openApp({ env: { DATABASE_URL: process.env.DATABASE_URL!, SEED_DEMO: '0' } });
try {
  const { page } = app;
  await signIn(page, 'admin');
  await page.addInitScript(`window.__long = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });`);
  for (let i = 0; i < 3; i++) {
    const t0 = Date.now();
    await page.goto('/bi/performancePandect');
    for (;;) {
      const ok = await page.evaluate(`(() => {
        const cards = [...document.querySelectorAll('[data-testid="bi-analysis"]')];
        const drawn = cards.filter((c) => c.querySelector('[data-testid="bi-chart"] canvas') && c.querySelector('.ant-table-row')).length;
        return cards.length > 0 && drawn === cards.length && document.querySelectorAll('.ant-spin-spinning').length === 0;
      })()`);
      if (ok) break;
      await page.waitForTimeout(10);
    }
    const usable = Date.now() - t0;
    const out: any = await page.evaluate(`(() => {
      const res = performance.getEntriesByType('resource');
      const nav = performance.getEntriesByType('navigation')[0];
      const short = (n) => n.replace(/^https?:\\/\\/[^/]+/, '');
      const api = res.filter((r) => !r.name.includes('/assets/')).map((r) => Math.round(r.startTime) + '-' + Math.round(r.responseEnd) + ' ' + short(r.name));
      const assets = res.filter((r) => r.name.includes('/assets/'));
      const firstAsset = Math.min(...assets.map((r) => r.startTime)), lastAsset = Math.max(...assets.map((r) => r.responseEnd));
      const late = assets.filter((r) => r.startTime > 400).map((r) => Math.round(r.startTime) + '-' + Math.round(r.responseEnd) + ' ' + short(r.name) + ' ' + r.transferSize);
      return { nav: [Math.round(nav.responseEnd), Math.round(nav.domContentLoadedEventEnd), Math.round(nav.loadEventEnd)], assets: assets.length, firstAsset: Math.round(firstAsset), lastAsset: Math.round(lastAsset), api, late, long: window.__long };
    })()`);
    console.log(`--- load ${i + 1} usable ${usable}`);
    console.log(
      JSON.stringify({ nav: out.nav, assets: out.assets, firstAsset: out.firstAsset, lastAsset: out.lastAsset }),
    );
    console.log('api', out.api.join(' | '));
    console.log('late assets', out.late.join(' | '));
    console.log('long tasks', JSON.stringify(out.long));
  }
} finally {
  await app.close();
}

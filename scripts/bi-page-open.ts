/**
 * How long the performance overview (/bi/performancePandect) takes to be usable in a real browser
 * (issue 24: every chart drawn in ≤ 2 s on the benchmark's data): from the navigation until every
 * analysis card on the page shows its chart's canvas and its table, with no spinner left. The server
 * runs on the database DATABASE_URL names (the full-size data of bench/generate-bi.ts), with no demo
 * seeding; without it, on a fresh living demo. Needs the built web bundle
 * (`npm run build -w packages/web`).
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bi-page-open.ts [loads=6]   (the page's own period: this month)
 */
import { openApp, signIn } from './app-browser.ts';

const loads = Number(process.argv[2] ?? 6);
const databaseUrl = process.env.DATABASE_URL;
const app = await openApp(databaseUrl ? { env: { DATABASE_URL: databaseUrl, SEED_DEMO: '0' } } : {});
try {
  const { page } = app;
  await signIn(page, 'admin');
  const address = '/bi/performancePandect';
  const times: number[] = [];
  for (let i = 0; i < loads; i++) {
    const t0 = performance.now();
    await page.goto(address);
    await page.getByTestId('bi-analysis').first().waitFor({ state: 'visible' });
    // Usable: each card has drawn its chart and its table, and nothing is loading any more.
    for (let tries = 0; ; tries++) {
      const state = await page.evaluate(() => {
        const cards = [...document.querySelectorAll('[data-testid="bi-analysis"]')];
        const drawn = cards.filter(
          (c) => c.querySelector('[data-testid="bi-chart"] canvas') && c.querySelector('.ant-table-row'),
        ).length;
        return { cards: cards.length, drawn, spinning: document.querySelectorAll('.ant-spin-spinning').length };
      });
      if (state.cards > 0 && state.drawn === state.cards && state.spinning === 0) break;
      if (tries > 3000) throw new Error(`not usable after 30 s: ${JSON.stringify(state)}`);
      await page.waitForTimeout(10);
    }
    times.push(performance.now() - t0);
  }
  const ms = (n: number) => Math.round(n);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`| load | usable ms |\n|---|---:|`);
  for (const [i, t] of times.entries()) console.log(`| ${i === 0 ? 'first' : `#${i + 1}`} | ${ms(t)} |`);
  console.log(`| median | ${ms(sorted[Math.floor(sorted.length / 2)]!)} |`);
} finally {
  await app.close();
}

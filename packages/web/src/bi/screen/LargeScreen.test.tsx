import type { Answer } from '@crm/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LargeScreen from './LargeScreen';

// jsdom draws no canvas: the chart stands in as its rows.
vi.mock('../Chart', () => ({
  Chart: ({ data }: { data: { rows: { label: string }[] } }) => (
    <div data-testid="chart">{data.rows.map((r) => r.label).join(',')}</div>
  ),
}));

const token = 'T'.repeat(32);
const figures: Answer<'/largeScreen/figures'> = {
  title: '销售一部',
  day: '2026-11-26',
  figures: { visitCount: 12, dealVisits: 5, cashPerformance: 12_345.6, consumptionPerformance: 800 },
  consultants: [{ name: '何雪', dealVisits: 3, visitDealMoney: 9000 }],
  trend: ['20', '21', '22', '23', '24', '25', '26'].map((d) => ({
    day: `2026-11-${d}`,
    cashPerformance: 1,
    consumptionPerformance: 0,
  })),
};
/** The whole body the link's call answers: the figures, or a refusal. */
let answer: { code: number; msg: string; data: Answer<'/largeScreen/figures'> | null };
let bodies: unknown[];

beforeEach(() => {
  bodies = [];
  window.history.pushState({}, '', `/largeScreen?token=${token}`);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body ?? '{}')));
      return new Response(JSON.stringify(answer));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/largeScreen', () => {
  it("shows today's figures of its link, the consultants and the week", async () => {
    answer = { code: 0, msg: 'success', data: figures };
    render(<LargeScreen />);
    expect((await screen.findByTestId('screen-cashPerformance')).textContent).toBe('¥12,345.60');
    expect(screen.getByTestId('screen-visitCount').textContent).toBe('12');
    expect(screen.getByText('销售一部数据大屏')).toBeTruthy();
    expect(screen.getByText('何雪')).toBeTruthy();
    expect(screen.getByTestId('chart').textContent).toBe('11-20,11-21,11-22,11-23,11-24,11-25,11-26');
    expect(bodies[0]).toEqual({ token });
  });

  it("shows the server's refusal when the link no longer opens", async () => {
    answer = { code: 403, msg: '链接已被撤销，请向工作人员索取新的链接', data: null };
    render(<LargeScreen />);
    expect(await screen.findByText('链接已被撤销，请向工作人员索取新的链接')).toBeTruthy();
    expect(screen.queryByTestId('large-screen')).toBeNull();
  });

  it('asks for a new link when the address has no token', async () => {
    window.history.pushState({}, '', '/largeScreen');
    render(<LargeScreen />);
    expect(await screen.findByText('链接不完整，请向工作人员索取新的链接')).toBeTruthy();
    expect(bodies).toEqual([]);
  });
});

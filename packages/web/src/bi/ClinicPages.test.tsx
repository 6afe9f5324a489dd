import { type Answer, biPages } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answered } from '@/test/answers';
import { renderWithApp } from '@/workbench/examine/test-utils';
import { AnalysisPage } from './AnalysisPage';
import { biArea } from './area';

// jsdom draws no canvas: the chart stands in as the measures it would draw.
vi.mock('./Chart', () => ({
  Chart: ({ only }: { only?: string[] }) => <div data-testid="chart">{(only ?? ['all']).join(',')}</div>,
}));

const figures = {
  cashPerformance: 1670,
  consumptionPerformance: 333.33,
  turnover: 2230,
  topUpPrincipal: 1000,
  topUpGift: 100,
  refundPaid: 160,
  arrearsNew: 200,
  arrearsRepaid: 150,
  arrearsWaived: 50,
  buyingCustomers: 2,
  avgTicket: 835,
};
const zero = Object.fromEntries(Object.keys(figures).map((k) => [k, 0]));
const answer: Answer<'/biClinic/performancePandect'> = {
  period: {
    start: '2026-11-01',
    end: '2026-11-30',
    previousStart: '2026-10-01',
    previousEnd: '2026-10-31',
    lastYearStart: '2025-11-01',
    lastYearEnd: '2025-11-30',
  },
  dimension: 'bucket',
  bucket: 'day',
  measures: Object.keys(figures),
  rows: [{ key: '2026-11-26', label: '2026-11-26', values: figures, previous: zero, lastYear: zero }],
  total: { values: figures, previous: { ...zero, cashPerformance: 800 }, lastYear: { ...zero, cashPerformance: 1000 } },
};
let seen: { path: string; body: Record<string, unknown> }[];

beforeEach(() => {
  seen = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const body = JSON.parse(String(init?.body ?? '{}'));
      seen.push({ path, body });
      if (path === '/biClinic/performancePandect') return answered('/biClinic/performancePandect', answer);
      // The overview's visit analyses (到院与成交, 到店类型): an empty month.
      if (path === '/biClinic/visitPandect' || path === '/biClinic/visitTypes')
        return answered('/biClinic/visitTypes', {
          ...answer,
          measures: ['visitCount'],
          rows: [],
          total: { values: {}, previous: {}, lastYear: {} },
        });
      if (path === '/bi/drill')
        return answered('/bi/drill', {
          list: [
            {
              kind: 'performance',
              id: 9,
              name: '林婉清 · 开单 · 水光针',
              ownerName: '孙丽',
              day: '2026-11-26',
              value: 800,
            },
          ],
          totalRow: 1,
          page: 1,
          limit: 10,
        });
      return new Response(JSON.stringify({ code: 404, msg: 'not found', data: null }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const page = biPages.find((p) => p.path === 'performancePandect')!;

describe('clinic statistics pages', () => {
  it('are /bi pages behind their own permission groups', () => {
    const routes = new Map(biArea.routes.map((r) => [r.path, r.access]));
    expect(routes.get('performancePandect')).toBe('bi.clinicPerformance.read');
    expect(routes.get('hotelAnalyze')).toBe('bi.clinicStore.read');
    expect(routes.get('clientAnalyze')).toBe('bi.clinicClient.read');
    expect(routes.get('staffGrossAnalyze')).toBe('bi.clinicStaff.read');
    expect(routes.get('departmentHotel')).toBe('bi.clinicReport.read');
    expect(routes.get('deposits')).toBe('bi.clinicData.read');
    // The visit figures (h-bi3): the consultant conversion table and the data report queries.
    expect(routes.get('consultantConversion')).toBe('bi.clinicStaff.read');
    for (const path of ['departmentRes', 'Resourcesdetail', 'Personaldetails', 'Performance'])
      expect(routes.get(path)).toBe('bi.clinicData.read');
  });

  it('show the overview as money and counts, chart the money flows, compare, and drill into performance rows', async () => {
    renderWithApp(<AnalysisPage page={page} />, { permissions: ['bi:clinicPerformance:read'] });
    // The page also shows the visit analyses; the money overview is the first card.
    expect(page.analyses).toEqual(['/biClinic/performancePandect', '/biClinic/visitPandect', '/biClinic/visitTypes']);
    const card = (await screen.findAllByTestId('bi-analysis'))[0]!;
    const table = await within(card).findByTestId('bi-table');
    await waitFor(() => expect(within(table).getAllByText('¥1,670.00', { selector: '.bi-figure' })).toHaveLength(2));
    // 客单价 is money but a quotient: shown, not a link to records.
    expect(within(table).getAllByText('¥835.00')[0]!.closest('.bi-figure')).toBeNull();
    expect(within(table).getAllByText('2', { selector: '.bi-figure' }).length).toBeGreaterThan(0);
    expect(within(card).getByTestId('chart').textContent).toBe('cashPerformance,consumptionPerformance,turnover');
    // 1670 against 800 last month (+108.8%) and 1000 a year ago (+67.0%).
    const total = within(card).getByTestId('bi-total');
    expect(within(total).getByText('+108.8%')).toBeTruthy();
    expect(within(total).getByText('+67.0%')).toBeTruthy();
    fireEvent.click(within(table).getAllByText('¥1,670.00', { selector: '.bi-figure' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('林婉清 · 开单 · 水光针');
    expect(seen.find((s) => s.path === '/bi/drill')?.body).toMatchObject({
      analysis: '/biClinic/performancePandect',
      measure: 'cashPerformance',
      key: '2026-11-26',
    });
    // The first render loads antd's table: slow on a busy machine.
  }, 20_000);
});

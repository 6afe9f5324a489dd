import { type Answer, rfmSegments } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LangProvider, useLang } from '@/i18n';
import { answered } from '@/test/answers';
import { renderWithApp } from '@/workbench/examine/test-utils';
import { AnalysisCard } from './AnalysisCard';
import { DrillModal } from './DrillModal';

// jsdom draws no canvas: the chart stands in as the row labels it would draw.
vi.mock('./Chart', () => ({
  Chart: ({ data }: { data: { rows: { label: string }[] } }) => (
    <div data-testid="chart">{data.rows.map((r) => r.label).join(',')}</div>
  ),
}));

const zero = { rfmCustomers: 0, rfmOrders: 0, rfmMoney: 0, rfmAvgRecency: 0 };
const answer: Answer<'/biClinic/clientRfm'> = {
  period: {
    start: '2020-01-01',
    end: '2020-03-31',
    previousStart: '2019-10-01',
    previousEnd: '2019-12-31',
    lastYearStart: '2019-01-01',
    lastYearEnd: '2019-03-31',
  },
  dimension: 'category',
  bucket: null,
  measures: Object.keys(zero),
  rows: rfmSegments.map((s, i) => ({
    key: s.name,
    label: s.name,
    values: i === 0 ? { rfmCustomers: 3, rfmOrders: 7, rfmMoney: 16_500, rfmAvgRecency: 4.5 } : zero,
  })),
  total: {
    values: { rfmCustomers: 3, rfmOrders: 7, rfmMoney: 16_500, rfmAvgRecency: 4.5 },
    previous: zero,
    lastYear: zero,
  },
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
      if (path === '/biClinic/clientRfm') return answered('/biClinic/clientRfm', answer);
      if (path === '/bi/drill')
        return answered('/bi/drill', {
          list: [
            {
              kind: 'customer',
              id: 7,
              name: '林婉清',
              ownerName: '孙丽',
              day: '2020-03-25',
              value: 5000,
              mobile: '13800001111',
            },
            { kind: 'customer', id: 8, name: '孙晓雅', ownerName: '孙丽', day: '2020-03-20', value: 4000, mobile: '' },
          ],
          totalRow: 2,
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
  localStorage.removeItem('lang');
});

function English() {
  const { setLang } = useLang();
  useEffect(() => setLang('en'), [setLang]);
  return null;
}

describe('RFM segments card', () => {
  it('lists the eight segments with their figures, explains the thresholds and drills a segment', async () => {
    const onDrill = vi.fn();
    renderWithApp(<AnalysisCard path="/biClinic/clientRfm" filter={{ type: 'quarter' }} onDrill={onDrill} />, {
      permissions: ['bi:clinicClient:read'],
    });
    const table = await screen.findByTestId('bi-table');
    await waitFor(() => expect(within(table).getAllByText('¥16,500.00', { selector: '.bi-figure' })).toHaveLength(2));
    expect(screen.getByTestId('bi-note').textContent).toContain('不超过30天为高');
    expect(screen.getByTestId('chart').textContent).toBe(rfmSegments.map((s) => s.name).join(','));
    fireEvent.click(within(table).getAllByText('¥16,500.00', { selector: '.bi-figure' })[0]!);
    expect(onDrill).toHaveBeenCalledWith(
      expect.objectContaining({ analysis: '/biClinic/clientRfm', measure: 'rfmMoney', key: '重要价值客户' }),
    );
  }, 20_000);

  it('names the segments in English, keeping the Chinese keys for the drill-down', async () => {
    const onDrill = vi.fn();
    renderWithApp(
      <LangProvider>
        <English />
        <AnalysisCard path="/biClinic/clientRfm" filter={{ type: 'quarter' }} onDrill={onDrill} />
      </LangProvider>,
      { permissions: ['bi:clinicClient:read'] },
    );
    await waitFor(() => expect(screen.getByTestId('chart').textContent).toContain('Champions'));
    expect(screen.getByTestId('bi-note').textContent).toContain('at most 30 days');
    const table = screen.getByTestId('bi-table');
    fireEvent.click(within(table).getAllByText('¥16,500.00', { selector: '.bi-figure' })[0]!);
    expect(onDrill).toHaveBeenCalledWith(expect.objectContaining({ key: '重要价值客户', label: 'Champions' }));
  }, 20_000);

  it("lists a segment's customers with their phones (empty where hidden)", async () => {
    renderWithApp(
      <DrillModal
        target={{ analysis: '/biClinic/clientRfm', measure: 'rfmMoney', key: '重要价值客户', label: '重要价值客户' }}
        filter={{ type: 'quarter' }}
        onClose={() => {}}
      />,
      { permissions: ['bi:clinicClient:read'] },
    );
    const table = await screen.findByTestId('bi-drill');
    await within(table).findByText('13800001111');
    expect(within(table).getByText('手机')).toBeTruthy();
    expect(seen.find((s) => s.path === '/bi/drill')?.body).toMatchObject({ measure: 'rfmMoney', key: '重要价值客户' });
  }, 20_000);
});

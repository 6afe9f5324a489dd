import { type Answer, biPages } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saver } from '@/crm/records/excel/api';
import { answered } from '@/test/answers';
import { renderWithApp } from '@/workbench/examine/test-utils';
import { AnalysisPage } from './AnalysisPage';

// jsdom draws no canvas: the chart stands in as one button per figure, clicked like a bar.
vi.mock('./Chart', () => ({
  Chart: ({
    data,
    onPick,
  }: {
    data: { rows: { key: string; label: string }[] };
    onPick: (k: string, m: string) => void;
  }) => (
    <div data-testid="chart">
      {data.rows.map((r) => (
        <button type="button" key={r.key} onClick={() => onPick(r.key, 'contractMoney')}>
          bar {r.label}
        </button>
      ))}
    </div>
  ),
}));

const period = {
  start: '2026-01-01',
  end: '2026-12-31',
  previousStart: '2025-01-01',
  previousEnd: '2025-12-31',
  lastYearStart: '2025-01-01',
  lastYearEnd: '2025-12-31',
};
const answer = (type: string): Answer<'/biEmployee/contractMoneyStats'> => ({
  period,
  dimension: 'bucket',
  bucket: 'month',
  measures: ['contractMoney'],
  rows: [
    {
      key: '2026-03',
      label: '2026-03',
      values: { contractMoney: type === 'year' ? 1234567.5 : 3000.5 },
      previous: { contractMoney: 500 },
      lastYear: { contractMoney: 0 },
    },
  ],
  total: { values: { contractMoney: 3000.5 }, previous: { contractMoney: 2000 }, lastYear: { contractMoney: 4000 } },
});
let seen: { path: string; body: Record<string, unknown> }[];
const saved: string[] = [];

beforeEach(() => {
  seen = [];
  saved.length = 0;
  vi.spyOn(saver, 'save').mockImplementation((_b, name) => void saved.push(name));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const body = JSON.parse(String(init?.body ?? '{}'));
      seen.push({ path, body });
      if (path === '/biEmployee/contractMoneyStats')
        return answered('/biEmployee/contractMoneyStats', answer(body.type));
      if (path === '/bi/drill')
        return answered('/bi/drill', {
          list: [{ kind: 'contract', id: 7, name: '一号合同', ownerName: '孙丽', day: '2026-03-05', value: 3000.5 }],
          totalRow: 1,
          page: 1,
          limit: 10,
        });
      if (path === '/bi/excelExport')
        return new Response(new Blob(['PK']), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('合同金额_2026-01-01_2026-12-31.xlsx')}`,
          },
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

const page = biPages.find((p) => p.path === 'achievementMoney')!;
const calls = (path: string) => seen.filter((s) => s.path === path).map((s) => s.body);

describe('AnalysisPage', () => {
  it('shows the chart and its table with money, month-on-month and year-on-year, and the total', async () => {
    renderWithApp(<AnalysisPage page={page} />, { permissions: ['bi:contract:read'] });
    const table = await screen.findByTestId('bi-table');
    // The month's row and the total, each a link to its records.
    await waitFor(() => expect(within(table).getAllByText('¥3,000.50', { selector: '.bi-figure' })).toHaveLength(2));
    // 3000.5 against 500 the month before; nothing a year before.
    expect(within(table).getByText('+500.1%')).toBeTruthy();
    expect(within(table).getAllByText('—').length).toBeGreaterThan(0);
    const total = screen.getByTestId('bi-total');
    expect(within(total).getByText('+50.0%')).toBeTruthy();
    expect(within(total).getByText('-25.0%')).toBeTruthy();
    expect(
      screen.getByText(
        '统计时间 2026-01-01 至 2026-12-31；上期 2025-01-01 至 2025-12-31；去年同期 2025-01-01 至 2025-12-31',
      ),
    ).toBeTruthy();
    expect(calls('/biEmployee/contractMoneyStats')).toEqual([{ type: 'month' }]);
  });

  it('asks again when the period changes', async () => {
    renderWithApp(<AnalysisPage page={page} />, { permissions: ['bi:contract:read'] });
    await screen.findAllByText('¥3,000.50', { selector: '.bi-figure' });
    fireEvent.mouseDown(within(screen.getByTestId('bi-period')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('本年'));
    await screen.findAllByText('¥1,234,567.50', { selector: '.bi-figure' });
    expect(calls('/biEmployee/contractMoneyStats').at(-1)).toEqual({ type: 'year' });
  });

  it('asks for a custom period from the first of the month to today, with its range picker', async () => {
    const { container } = renderWithApp(<AnalysisPage page={page} />, { permissions: ['bi:contract:read'] });
    await screen.findAllByText('¥3,000.50', { selector: '.bi-figure' });
    expect(container.querySelector('.ant-picker-range')).toBeNull();
    fireEvent.mouseDown(within(screen.getByTestId('bi-period')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('自定义'));
    // The picker's own chunk arrives (the first import of antd's date picker here: seconds), showing the two days.
    await waitFor(() => expect(container.querySelector('.ant-picker-range')).not.toBeNull(), { timeout: 20_000 });
    const asked = calls('/biEmployee/contractMoneyStats').at(-1)!;
    expect(asked).toMatchObject({ type: 'custom', startTime: expect.stringMatching(/^\d{4}-\d{2}-01$/) });
    expect(asked.endTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const inputs = container.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
    expect([...inputs].map((i) => i.value)).toEqual([asked.startTime, asked.endTime]);
  }, 30_000);

  it('opens the records behind a figure from the chart and from the table', async () => {
    renderWithApp(<AnalysisPage page={page} />, { permissions: ['bi:contract:read'] });
    fireEvent.click(await screen.findByText('bar 2026-03'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('一号合同');
    expect(calls('/bi/drill')[0]).toEqual({
      type: 'month',
      analysis: '/biEmployee/contractMoneyStats',
      measure: 'contractMoney',
      key: '2026-03',
      label: '2026-03',
      page: 1,
      limit: 10,
    });
    fireEvent.click(within(screen.getByTestId('bi-total')).getByText('¥3,000.50'));
    await waitFor(() => expect(calls('/bi/drill').at(-1)).toMatchObject({ key: '' }));
  });

  it('exports the table with the filters the page shows', async () => {
    renderWithApp(<AnalysisPage page={page} />, { permissions: ['bi:contract:read'] });
    await screen.findAllByText('¥3,000.50', { selector: '.bi-figure' });
    fireEvent.click(screen.getByTestId('bi-export'));
    await waitFor(() => expect(saved).toEqual(['合同金额_2026-01-01_2026-12-31.xlsx']));
    expect(calls('/bi/excelExport')).toEqual([{ type: 'month', analysis: '/biEmployee/contractMoneyStats' }]);
  });
});

import type { BiAnalysis, BiMeasureKey, ChartKind } from '@crm/shared';
import { measures } from '@crm/shared';
import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { type Lang, useLang } from '@/i18n';
import { measureName, showFigure } from './format';

// Only the charts and parts these pages draw: the rest of ECharts never reaches the bundle.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  FunnelChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

type Props = {
  kind: ChartKind;
  data: BiAnalysis;
  /** The measures drawn (the analysis's `chartMeasures`); all of the answer's when absent. */
  only?: readonly BiMeasureKey[];
  /** A click on a figure: the row's key and the measure it shows. */
  onPick: (key: string, measure: BiMeasureKey) => void;
};

/** The chart of an analysis: the same rows the table below it shows. */
export function Chart({ kind, data, only, onPick }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const { lang } = useLang();
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let chart: echarts.ECharts | undefined;
    const draw = (size?: { width: number; height: number }) => {
      chart = echarts.init(el, undefined, size);
      chart.setOption(chartOption(kind, data, only, lang));
      const keys = shownKeys(data, only);
      chart.on('click', (e) => {
        const row = data.rows[e.dataIndex];
        const measure = kind === 'pie' || kind === 'funnel' ? keys[0] : keys[e.seriesIndex ?? 0];
        if (row && measure) pick.current(row.key, measure);
      });
    };
    if (typeof ResizeObserver === 'undefined') {
      draw();
      const resize = () => chart?.resize();
      window.addEventListener('resize', resize);
      return () => {
        window.removeEventListener('resize', resize);
        chart?.dispose();
      };
    }
    // Drawn at the box's size as the browser's own layout reports it (the observer's first report),
    // then redrawn when that size changes (the card's grid, the side menu, a scrollbar, the window):
    // a size asked of the element instead would force a layout of the whole page per chart.
    let last = '';
    const watcher = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const size = { width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) };
      const now = `${size.width}x${size.height}`;
      if (now === last) return;
      last = now;
      if (chart) chart.resize(size);
      else draw(size);
    });
    watcher.observe(el);
    // A browser reports the first size within its next frames; one that never reports (a stand-in
    // observer) still gets its chart, at the size asked of the element.
    const unreported = window.setTimeout(() => chart ?? draw(), 500);
    return () => {
      window.clearTimeout(unreported);
      watcher.disconnect();
      chart?.dispose();
    };
  }, [data, kind, lang, only]);

  return (
    <div
      ref={ref}
      className="bi-chart"
      data-testid="bi-chart"
      style={{ height: 320, width: '100%', minWidth: 0, overflow: 'hidden' }}
    />
  );
}

/** The measures a chart draws: the analysis's `chartMeasures`, else all of the answer's. */
function shownKeys(data: BiAnalysis, only?: readonly BiMeasureKey[]): BiMeasureKey[] {
  return (data.measures as BiMeasureKey[]).filter((k) => !only || only.includes(k));
}

/**
 * The chart's option. No grow-in animation: it redraws every frame for a second while the page's
 * other cards draw, and a new period remakes the chart anyway (the figures show at once).
 */
function chartOption(kind: ChartKind, data: BiAnalysis, only: readonly BiMeasureKey[] | undefined, lang: Lang) {
  const keys = shownKeys(data, only);
  const first = keys[0]!;
  const tooltipValue = (k: BiMeasureKey) => (v: unknown) => showFigure(k, Number(v));
  if (kind === 'pie' || kind === 'funnel')
    return {
      animation: false,
      tooltip: { trigger: 'item', valueFormatter: tooltipValue(first) },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: kind,
          name: measureName(first, lang),
          radius: kind === 'pie' ? ['35%', '65%'] : undefined,
          data: data.rows.map((r) => ({ name: r.label, value: r.values[first] ?? 0 })),
        },
      ],
    };
  const percent = (k: BiMeasureKey) => measures[k].unit === 'percent';
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 48, right: 48, top: 36, bottom: 28, containLabel: true },
    xAxis: { type: 'category', data: data.rows.map((r) => r.label) },
    yAxis: [{ type: 'value' }, { type: 'value', axisLabel: { formatter: '{value}%' }, splitLine: { show: false } }],
    series: keys.map((k) => ({
      type: percent(k) ? 'line' : kind,
      name: measureName(k, lang),
      yAxisIndex: percent(k) ? 1 : 0,
      tooltip: { valueFormatter: tooltipValue(k) },
      data: data.rows.map((r) => r.values[k] ?? 0),
    })),
  };
}

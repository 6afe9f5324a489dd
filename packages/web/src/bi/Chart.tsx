import type { BiAnalysis, BiMeasureKey, ChartKind } from '@crm/shared';
import { measures } from '@crm/shared';
import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useLang } from '@/i18n';
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
    const chart = echarts.init(el);
    const keys = (data.measures as BiMeasureKey[]).filter((k) => !only || only.includes(k));
    const labels = data.rows.map((r) => r.label);
    const first = keys[0]!;
    const tooltipValue = (k: BiMeasureKey) => (v: unknown) => showFigure(k, Number(v));
    if (kind === 'pie' || kind === 'funnel') {
      chart.setOption({
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
      });
    } else {
      const percent = (k: BiMeasureKey) => measures[k].unit === 'percent';
      chart.setOption({
        tooltip: { trigger: 'axis' },
        legend: { type: 'scroll', top: 0 },
        grid: { left: 48, right: 48, top: 36, bottom: 28, containLabel: true },
        xAxis: { type: 'category', data: labels },
        yAxis: [{ type: 'value' }, { type: 'value', axisLabel: { formatter: '{value}%' }, splitLine: { show: false } }],
        series: keys.map((k) => ({
          type: percent(k) ? 'line' : kind,
          name: measureName(k, lang),
          yAxisIndex: percent(k) ? 1 : 0,
          tooltip: { valueFormatter: tooltipValue(k) },
          data: data.rows.map((r) => r.values[k] ?? 0),
        })),
      });
    }
    chart.on('click', (e) => {
      const row = data.rows[e.dataIndex];
      const measure = kind === 'pie' || kind === 'funnel' ? first : keys[e.seriesIndex ?? 0];
      if (row && measure) pick.current(row.key, measure);
    });
    // The chart draws at its box's width when made; the box settles later (the card's grid, the
    // side menu, a scrollbar appearing), so it follows the box itself, not only the window.
    const resize = () => chart.resize();
    const watcher = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    watcher?.observe(el);
    window.addEventListener('resize', resize);
    return () => {
      watcher?.disconnect();
      window.removeEventListener('resize', resize);
      chart.dispose();
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

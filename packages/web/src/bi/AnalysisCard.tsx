import { DownloadOutlined } from '@ant-design/icons';
import {
  type AnalysisDef,
  type AnalysisPath,
  analyses,
  type BiAnalysis,
  type BiMeasureKey,
  measures,
} from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { downloadWorkbook } from '@/crm/records/excel/api';
import { useLang } from '@/i18n';
import { call } from '@/shell/call';
import { Chart } from './Chart';
import type { DrillTarget } from './DrillModal';
import type { BiFilter } from './filters';
import { groupWordEn, measureName, showChange, showFigure } from './format';
import { useBiMessages } from './messages';
import './bi.css';

type Row = BiAnalysis['rows'][number];

/**
 * One analysis: its chart and, below it, the table behind the chart (the same answer), with the
 * total and, where the analysis compares, each row against the previous bucket and last year.
 * A click on a figure (chart or table) opens its records; the export sends the same filters.
 */
export function AnalysisCard({
  path,
  filter,
  onDrill,
}: {
  path: AnalysisPath;
  filter: BiFilter;
  onDrill: (target: DrillTarget) => void;
}) {
  const def: AnalysisDef = analyses[path];
  const t = useBiMessages();
  const { lang } = useLang();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const answer = useQuery({ queryKey: ['bi', path, filter], queryFn: () => call(path, filter, { json: true }) });
  // Category values named in English where the analysis names them (RFM segments), and the
  // server's own words for an empty group (未填写, 无负责人); keys stay.
  const labelsEn = lang === 'en' ? (def.labelsEn ?? {}) : undefined;
  const data =
    answer.data && labelsEn
      ? {
          ...answer.data,
          rows: answer.data.rows.map((r) => ({ ...r, label: labelsEn[r.key] ?? groupWordEn(r.label) })),
        }
      : answer.data;
  const keys = (data?.measures ?? def.measures) as BiMeasureKey[];
  const compare = !!data?.rows.some((r) => r.previous);
  const title = lang === 'en' ? def.titleEn : def.title;

  const drill = (key: string, label: string, measure: BiMeasureKey) => {
    if (measures[measure].drill === null) {
      message.info(t('noDrill'));
      return;
    }
    onDrill({ analysis: path, measure, key, label });
  };

  const figure = (k: BiMeasureKey, v: number | undefined, key: string, label: string) =>
    measures[k].drill === null ? (
      showFigure(k, v)
    ) : (
      <button type="button" className="bi-figure" data-testid={`bi-cell-${k}`} onClick={() => drill(key, label, k)}>
        {showFigure(k, v)}
      </button>
    );

  /** A measure's figure (drillable) with, when the analysis compares, its 环比 and 同比 under it. */
  const measureCell = (
    k: BiMeasureKey,
    v: number | undefined,
    previous: number | undefined,
    lastYear: number | undefined,
    key: string,
    label: string,
  ) => (
    <>
      {figure(k, v, key, label)}
      {compare && <Changes now={v} previous={previous} lastYear={lastYear} words={[t('mom'), t('yoy')]} />}
    </>
  );

  const columns: ColumnsType<Row> = [
    {
      title: def.dimension === 'owner' ? t('owner') : def.dimension === 'category' ? t('category') : t('time'),
      dataIndex: 'label',
      fixed: 'left',
      width: 140,
      // A group is named by the data (a person, a shop, a project, a region cut from the shop's
      // address); the server's own words for an empty group are translated above (groupWordEn).
      render: (label: string) => <span data-user-data>{label}</span>,
    },
    // One column per measure: its comparisons stand under the figure, so a page of ten measures fits
    // a 1366 px screen instead of thirty columns scrolling sideways.
    ...keys.map((k) => ({
      key: k,
      title: measureName(k, lang),
      align: 'right' as const,
      render: (_: unknown, r: Row) => measureCell(k, r.values[k], r.previous?.[k], r.lastYear?.[k], r.key, r.label),
    })),
  ];

  const exportSheet = async () => {
    setExporting(true);
    try {
      await downloadWorkbook('/bi/excelExport', { ...filter, analysis: path }, `${def.title}.xlsx`);
      message.success(t('exported'));
    } catch (err) {
      message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card
      title={title}
      data-testid="bi-analysis"
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportSheet} data-testid="bi-export">
          {t('export')}
        </Button>
      }
      style={{ marginBottom: 16 }}
    >
      {data && (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }} data-testid="bi-period-text">
            {t('period', {
              start: data.period.start,
              end: data.period.end,
              ps: data.period.previousStart,
              pe: data.period.previousEnd,
              ls: data.period.lastYearStart,
              le: data.period.lastYearEnd,
            })}
          </Typography.Paragraph>
          {def.note && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }} data-testid="bi-note">
              {lang === 'en' ? def.note[1] : def.note[0]}
            </Typography.Paragraph>
          )}
          <Chart
            kind={def.chart}
            data={data}
            only={def.chartMeasures}
            onPick={(key, m) => drill(key, data.rows.find((r) => r.key === key)?.label ?? key, m)}
          />
        </>
      )}
      <Table<Row>
        data-testid="bi-table"
        size="small"
        rowKey="key"
        loading={answer.isLoading}
        dataSource={data?.rows ?? []}
        columns={columns}
        pagination={(data?.rows.length ?? 0) > 31 ? { pageSize: 31, showSizeChanger: false } : false}
        summary={() =>
          data ? (
            <Table.Summary fixed>
              <Table.Summary.Row data-testid="bi-total">
                <Table.Summary.Cell index={0}>{t('total')}</Table.Summary.Cell>
                {keys.map((k, i) => (
                  <Table.Summary.Cell key={k} index={1 + i} align="right">
                    {measureCell(
                      k,
                      data.total.values[k],
                      data.total.previous[k],
                      data.total.lastYear[k],
                      '',
                      t('total'),
                    )}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Card>
  );
}

/** 环比 and 同比 of one figure, small, under it. */
function Changes(p: { now?: number; previous?: number; lastYear?: number; words: [string, string] }) {
  return (
    <div style={{ fontSize: 12, color: '#8c8c8c', lineHeight: 1.4 }}>
      <div>
        {p.words[0]} <span>{showChange(p.now, p.previous)}</span>
      </div>
      <div>
        {p.words[1]} <span>{showChange(p.now, p.lastYear)}</span>
      </div>
    </div>
  );
}

import { type BiAnalysis, type LargeScreen as Figures, screenRefreshSeconds } from '@crm/shared';
import { Col, Row, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLang } from '@/i18n';
import { OpenRefused } from '@/shell/open/OpenRefused';
import { openCall, openToken } from '@/shell/open/open-call';
import { Chart } from '../Chart';
import { measureName, showFigure } from '../format';
import { useScreenMessages } from './messages';

const tiles = ['visitCount', 'dealVisits', 'cashPerformance', 'consumptionPerformance'] as const;
const clock = (d: Date) => d.toTimeString().slice(0, 8);

/** The last seven days as an analysis answer, so the /bi pages' chart draws it. */
function trendAnalysis(f: Figures): BiAnalysis {
  const values = (d: Figures['trend'][number]) => ({
    cashPerformance: d.cashPerformance,
    consumptionPerformance: d.consumptionPerformance,
  });
  const zero = { cashPerformance: 0, consumptionPerformance: 0 };
  return {
    period: {
      start: f.trend[0]?.day ?? f.day,
      end: f.day,
      previousStart: '',
      previousEnd: '',
      lastYearStart: '',
      lastYearEnd: '',
    },
    dimension: 'bucket',
    bucket: 'day',
    measures: ['cashPerformance', 'consumptionPerformance'],
    rows: f.trend.map((d) => ({ key: d.day, label: d.day.slice(5), values: values(d) })),
    total: { values: zero, previous: zero, lastYear: zero },
  };
}

/**
 * /largeScreen?token=… (spec 2.1 open path): today's figures of the link's department or company
 * on a wall, fetched again every 30 seconds; a link that no longer opens (revoked, expired) turns
 * the screen into the server's refusal at the next refresh.
 */
export default function LargeScreen() {
  const t = useScreenMessages();
  const { lang } = useLang();
  const token = openToken();
  const [figures, setFigures] = useState<Figures | null>(null);
  const [refused, setRefused] = useState<string | null>(token ? null : '');
  const [at, setAt] = useState<Date | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    const load = () =>
      openCall<Figures>('/largeScreen/figures', token)
        .then((f) => {
          if (!live) return;
          setFigures(f);
          setRefused(null);
          setAt(new Date());
        })
        .catch((err: unknown) => live && setRefused(err instanceof Error ? err.message : String(err)));
    void load();
    const timer = setInterval(load, screenRefreshSeconds * 1000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [token]);

  if (refused !== null) return <OpenRefused msg={refused || undefined} />;
  if (!figures) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  return (
    <div data-testid="large-screen" style={{ minHeight: '100vh', background: '#0b1a33', color: '#fff', padding: 24 }}>
      <Typography.Title level={2} style={{ color: '#fff', textAlign: 'center', marginBottom: 4 }}>
        {t('screen', { title: lang === 'en' && figures.title === '全公司' ? 'Company' : figures.title })}
      </Typography.Title>
      <div style={{ textAlign: 'center', color: '#9fb3d1', marginBottom: 24 }} data-testid="large-screen-time">
        {t('refreshed', { day: figures.day, seconds: screenRefreshSeconds, time: at ? clock(at) : '' })}
      </div>
      <Row gutter={[16, 16]}>
        {tiles.map((k) => (
          <Col key={k} xs={12} lg={6}>
            <div style={{ background: '#132a52', borderRadius: 8, padding: 20, textAlign: 'center' }}>
              <div style={{ color: '#9fb3d1', fontSize: 16 }}>{measureName(k, lang)}</div>
              <div style={{ fontSize: 36, fontWeight: 600 }} data-testid={`screen-${k}`}>
                {showFigure(k, figures.figures[k])}
              </div>
            </div>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={10}>
          <div style={{ background: '#fff', borderRadius: 8, padding: 16 }}>
            <Typography.Title level={4}>{t('consultants')}</Typography.Title>
            <Table
              data-testid="screen-consultants"
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={figures.consultants}
              locale={{ emptyText: t('noConsultants') }}
              columns={[
                { title: t('consultant'), dataIndex: 'name' },
                { title: measureName('dealVisits', lang), dataIndex: 'dealVisits', align: 'right' },
                {
                  title: measureName('visitDealMoney', lang),
                  dataIndex: 'visitDealMoney',
                  align: 'right',
                  render: (v: number) => showFigure('visitDealMoney', v),
                },
              ]}
            />
          </div>
        </Col>
        <Col xs={24} lg={14}>
          <div style={{ background: '#fff', borderRadius: 8, padding: 16 }}>
            <Typography.Title level={4}>{t('trend')}</Typography.Title>
            <Chart kind="line" data={trendAnalysis(figures)} onPick={() => {}} />
          </div>
        </Col>
      </Row>
    </div>
  );
}

import { type BiPage, biPages } from '@crm/shared';
import { Typography } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { PickedDept, PickedUser } from '@/components/member-picker';
import { useLang } from '@/i18n';
import { AnalysisCard } from './AnalysisCard';
import { DrillModal, type DrillTarget } from './DrillModal';
import { type BiFilter, FilterBar } from './filters';

/**
 * The one statistics page: the filter bar over the page's analyses (shared `biPages`), each a
 * chart with its table, export and drill-down. The achievement page starts on the year, whose
 * targets are monthly; the others on the current month.
 */
export function AnalysisPage({ page }: { page: BiPage }) {
  const { lang } = useLang();
  const [filter, setFilter] = useState<BiFilter>({ type: page.group === 'achievement' ? 'year' : 'month' });
  const [dept, setDept] = useState<PickedDept | null>(null);
  const [user, setUser] = useState<PickedUser | null>(null);
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  return (
    <div style={{ padding: 16 }} data-testid="bi-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {lang === 'en' ? page.titleEn : page.title}
      </Typography.Title>
      <div style={{ marginBottom: 16 }}>
        <FilterBar value={filter} onChange={setFilter} dept={dept} user={user} onDept={setDept} onUser={setUser} />
      </div>
      {page.analyses.map((path) => (
        <AnalysisCard key={path} path={path} filter={filter} onDrill={setDrill} />
      ))}
      <DrillModal target={drill} filter={filter} onClose={() => setDrill(null)} />
    </div>
  );
}

/** The route's page: the /bi page its address names (a page of its own state: keyed by path). */
export default function BiRoute() {
  const { pathname } = useLocation();
  const page = biPages.find((p) => pathname.endsWith(`/bi/${p.path}`)) ?? biPages[0]!;
  return <AnalysisPage key={page.path} page={page} />;
}

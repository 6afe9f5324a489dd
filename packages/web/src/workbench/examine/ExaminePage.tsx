import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Tabs, Tooltip } from 'antd';
import { useState } from 'react';
import { type CategoryItem, type ExamineDetail, examineApi, examineKeys, type ListFilter, type ListTab } from './api';
import { ClinicApprovals } from './clinic/ClinicApprovals';
import { type CreateTarget, CreateView } from './create/CreateView';
import { DetailDrawer } from './detail/DetailDrawer';
import './examine.css';
import { useCreateParam } from '@/shell/create-param';
import { useUrlParams } from '@/shell/url-params';
import { ExamineFilters, type Filters } from './ExamineFilters';
import { ExamineTable, PAGE_SIZE } from './ExamineTable';
import { useExamineMessages } from './messages';
import { TypePicker } from './TypePicker';

const TABS: ListTab[] = ['waiting', 'initiate', 'handled', 'copied'];
const isTab = (v: string | null): v is ListTab => TABS.includes(v as ListTab);

const toListFilter = (f: Filters, page: number): ListFilter => ({
  page,
  limit: PAGE_SIZE,
  categoryId: f.categoryId,
  status: f.status,
  startTime: f.range?.[0]?.format('YYYY-MM-DD'),
  endTime: f.range?.[1]?.format('YYYY-MM-DD'),
  search: f.search,
});

export const categoryOfDetail = (d: ExamineDetail): CategoryItem => ({
  categoryId: d.categoryId,
  title: d.categoryTitle,
  icon: d.icon,
  remarks: '',
  type: d.categoryType,
  examineType: d.examineType,
  fields: d.fields,
});

/**
 * 审批: what I submitted, what waits for me, what I handled, what was copied to me; 发起审批
 * opens the type picker and then the create view; `?examineId=` opens an approval's detail.
 */
export default function ExaminePage() {
  const t = useExamineMessages();
  const queryClient = useQueryClient();
  const [params, setParams] = useUrlParams();
  const tab: ListTab = isTab(params.get('tab')) ? (params.get('tab') as ListTab) : 'waiting';
  const examineId = Number(params.get('examineId')) || null;
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [picking, setPicking] = useState(false);
  const [create, setCreate] = useState<{ target: CreateTarget; open: boolean; key: number } | null>(null);
  const counts = useQuery({ queryKey: examineKeys.counts, queryFn: examineApi.counts, refetchInterval: 60_000 });
  const c = counts.data;

  // Switching tabs replaces the history entry; opening an approval adds one (back closes it).
  const setParam = (key: string, value: string | null) => setParams({ [key]: value }, key === 'tab');
  // The workbench quick-add (`?create=1`) opens the form once.
  useCreateParam(() => setPicking(true));
  const openCreate = (target: CreateTarget) => setCreate({ target, open: true, key: Date.now() });
  // After a submit the applicant sees it where it now is: 我发起的, unfiltered, newest first.
  const showSubmitted = () => {
    setParam('tab', 'initiate');
    setFilters({});
    setPage(1);
  };

  const label = (key: ListTab, n: number | undefined, badge?: number) => (
    <span className="exm-tab" data-testid={`tab-${key}`}>
      {t(key)}
      {badge ? (
        <Badge count={badge} size="small" overflowCount={99} />
      ) : (
        n !== undefined && <span className="exm-tab__count">{n}</span>
      )}
    </span>
  );

  return (
    <Card
      title={t('title')}
      className="exm-page"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
          {t('create')}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setParam('tab', k);
          setPage(1);
        }}
        items={[
          { key: 'waiting', label: label('waiting', c?.waiting, c?.waiting) },
          { key: 'initiate', label: label('initiate', c?.initiate) },
          { key: 'handled', label: label('handled', c?.handled) },
          { key: 'copied', label: label('copied', c?.copied, c?.copiedUnread) },
        ]}
      />
      <div className="exm-toolbar">
        <ExamineFilters
          value={filters}
          onChange={(f) => {
            setFilters(f);
            setPage(1);
          }}
        />
        <span className="exm-toolbar__grow" />
        <Tooltip title={t('refresh')}>
          <Button
            aria-label={t('refresh')}
            icon={<ReloadOutlined />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: examineKeys.all })}
          />
        </Tooltip>
      </div>
      {/* The clinic's approvals (折扣审批, 退费审核) of this tab (h-capprove). */}
      <ClinicApprovals key={tab} tab={tab} />
      <ExamineTable
        tab={tab}
        filter={toListFilter(filters, page)}
        onPage={setPage}
        onOpen={(r) => setParam('examineId', String(r.examineId))}
      />
      <TypePicker
        open={picking}
        onClose={() => setPicking(false)}
        onSelect={(category) => {
          setPicking(false);
          openCreate({ category });
        }}
      />
      {create && (
        <CreateView
          key={create.key}
          open={create.open}
          target={create.target}
          onClose={(saved) => {
            setCreate((s) => (s ? { ...s, open: false } : s));
            if (saved) showSubmitted();
          }}
          afterClose={() => setCreate((s) => (s && !s.open ? null : s))}
        />
      )}
      <DetailDrawer
        examineId={examineId}
        onClose={() => setParam('examineId', null)}
        onEdit={(d) => openCreate({ category: categoryOfDetail(d), editing: d })}
      />
    </Card>
  );
}

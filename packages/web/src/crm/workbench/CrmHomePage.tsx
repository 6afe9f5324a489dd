import { authHas, type CrmFigures, showFen, systemSceneIds } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Progress, Row, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { TodoCard } from '@/workbench/home/TodoCard';
import { todoTargets } from '@/workbench/home/todo-targets';
import '@/workbench/home/home.css';
import './crm-home.css';
import { useAllowedAddress } from '@/shell/address-access';
import { call } from '@/shell/call';
import { useSession } from '@/shell/session';
import { showTime } from '@/shell/time';
import { CRM_COUNT_KEYS, useCrmCounts } from '@/shell/todo-counts';
import { recordApi } from '../api';
import { figureTargets, reached } from './figures';
import { useCrmHomeMessages } from './messages';

const TODAY_LIMIT = 8;
const FIGURE_LISTS = ['crm.customer.index', 'crm.contract.index', 'crm.receivables.index'];
const customers = recordApi('CrmCustomer');
const todayList = `/crm/customer?scene=${systemSceneIds.contactToday}`;

/** /crm/workbench: the CRM's to-do tiles, the customers to contact today and my figures this month. */
export default function CrmHomePage() {
  const t = useCrmHomeMessages();
  const crm = useCrmCounts();
  const allowed = useAllowedAddress();
  const { auth } = useSession();
  const targets = Object.fromEntries(CRM_COUNT_KEYS.map((k) => [k, allowed(todoTargets[k])]));
  // The figures are of customers, contracts and receivables: shown to those who hold one of their lists.
  const figures = FIGURE_LISTS.some((p) => authHas(auth, p));
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <TodoCard
          testId="crm-home-todos"
          title={t('todos')}
          keys={CRM_COUNT_KEYS}
          counts={crm.data}
          loading={crm.isPending}
          failed={crm.isError}
          onRetry={() => crm.refetch()}
          targets={targets}
        />
      </Col>
      <Col xs={24} xl={10}>
        <TodayCard open={allowed(todayList)} />
      </Col>
      {figures && (
        <Col xs={24} xl={14}>
          <FiguresCard />
        </Col>
      )}
    </Row>
  );
}

/** The customers whose next contact is today (the 今日需联系客户 scene, the tile's own count). */
function TodayCard({ open }: { open: string | undefined }) {
  const t = useCrmHomeMessages();
  const q = useQuery({
    queryKey: ['crm', 'home', 'today'],
    enabled: !!open,
    queryFn: () =>
      customers.list({
        page: 1,
        limit: TODAY_LIMIT,
        search: '',
        sceneId: systemSceneIds.contactToday,
        sortField: 'nextTime',
        order: 'asc',
        data: {},
      }),
  });
  if (!open) return null;
  return (
    <Card
      variant="borderless"
      title={t('today')}
      data-testid="crm-home-today"
      style={{ height: '100%' }}
      extra={<Link to={open}>{t('todayMore')}</Link>}
    >
      {q.isPending ? (
        <Skeleton active title={false} />
      ) : q.isError ? (
        <Button type="link" onClick={() => q.refetch()}>
          {t('retry')}
        </Button>
      ) : q.data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('todayEmpty')} />
      ) : (
        <ul className="crm-home-today">
          {q.data.list.map((r) => (
            <li key={String(r.customerId)}>
              <Link to={`/crm/customer/${r.customerId}`}>{String(r.customerName ?? '')}</Link>
              <Typography.Text type="secondary">{showTime(r.nextTime, 'HH:mm')}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

type FigureKey = 'newCustomers' | 'followUps' | 'contractMoney' | 'receivablesMoney';
const targetOf: Partial<Record<FigureKey, keyof CrmFigures>> = {
  contractMoney: 'contractTarget',
  receivablesMoney: 'receivablesTarget',
};

/** My figures this month (`/crm/workbench/figures`), money against my monthly target where one is set. */
function FiguresCard() {
  const t = useCrmHomeMessages();
  const allowed = useAllowedAddress();
  const q = useQuery({ queryKey: ['crm', 'home', 'figures'], queryFn: () => call('/crm/workbench/figures') });
  const tile = (key: FigureKey, f: CrmFigures) => {
    const value = f[key];
    if (value === null && key === 'newCustomers') return null;
    const money = key === 'contractMoney' || key === 'receivablesMoney';
    const targetKey = targetOf[key];
    const target = targetKey ? (f[targetKey] as number | null) : null;
    const percent = reached(value, target);
    const body = (
      <>
        <div className="wb-count-num">{value === null ? '—' : money ? showFen(value) : value}</div>
        <div className="wb-count-label">{t(key)}</div>
        {money && (
          <div className="wb-count-label" data-testid={`figure-${key}-target`}>
            {value === null
              ? t('hidden')
              : target
                ? `${t('target', { money: showFen(target) })} · ${t('done', { percent: percent ?? 0 })}`
                : t('noTarget')}
          </div>
        )}
        {percent !== undefined && <Progress percent={Math.min(percent, 100)} showInfo={false} size="small" />}
      </>
    );
    const to = value === null ? undefined : allowed(figureTargets[key]);
    return (
      <Col key={key} xs={12} md={6}>
        {to ? (
          <Link to={to} className="wb-count wb-count--link" data-testid={`figure-${key}`}>
            {body}
          </Link>
        ) : (
          <div className="wb-count" data-testid={`figure-${key}`}>
            {body}
          </div>
        )}
      </Col>
    );
  };
  return (
    <Card
      variant="borderless"
      title={t('figures', { month: q.data?.month ?? '' })}
      data-testid="crm-home-figures"
      style={{ height: '100%' }}
    >
      {q.isPending ? (
        <Skeleton active title={false} />
      ) : q.isError ? (
        <Button type="link" onClick={() => q.refetch()}>
          {t('retry')}
        </Button>
      ) : (
        <Row gutter={[12, 12]}>
          {(['newCustomers', 'followUps', 'contractMoney', 'receivablesMoney'] as const).map((k) => tile(k, q.data))}
        </Row>
      )}
    </Card>
  );
}

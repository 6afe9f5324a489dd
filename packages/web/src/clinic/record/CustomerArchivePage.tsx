import { ArrowLeftOutlined } from '@ant-design/icons';
import { authHas } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { recordApi as kindApi, recordKeys as kindKeys } from '@/crm/api';
import { crmKindByKey } from '@/crm/kinds';
import { DrawLinkButton } from '@/project/lottery/DrawLinkButton';
import { useSession } from '@/shell/session';
import { archiveTabs } from './archive-tabs';
import { CardNumber } from './CardNumber';
import { idParam } from './filters';
import { useRecordMessages } from './messages';
import '@/crm/detail/crm-detail.css';
import './record.css';

const CustomerMoney = lazy(() => import('@/clinic/orders/customer/CustomerMoney'));

/**
 * 顾客档案 (/customer?customerId=): the customer's header with balances and arrears, then one
 * tab per part of their history (archiveTabs). The customer is read as on the CRM detail, so the
 * data scope and field permissions are the server's.
 */
export default function CustomerArchivePage() {
  const t = useRecordMessages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { auth } = useSession();
  const [params] = useSearchParams();
  const id = idParam(params.get('customerId'));
  const kind = crmKindByKey('customer')!;
  const api = useMemo(
    () => kindApi(kind.prefix, { transfer: kind.descriptor.transferCall, save: kind.saveCall }),
    [kind],
  );
  const detail = useQuery({
    queryKey: kindKeys.detail(kind.prefix, id ?? 0),
    queryFn: () => api.detail(id!),
    enabled: id !== null,
    retry: false,
  });
  const back = () => navigate(-1);
  if (id === null || detail.isError)
    return (
      <Card>
        <Result status="404" title={t('customerMissing')} extra={<Button onClick={back}>{t('back')}</Button>} />
      </Card>
    );
  if (!detail.data) return <Card>{<Skeleton active />}</Card>;
  const { record, access } = detail.data;
  const ctx = {
    kind,
    id,
    record,
    access,
    api,
    refresh: () => void queryClient.invalidateQueries({ queryKey: kindKeys.kind(kind.prefix) }),
    can: (permission: string) => authHas(auth, permission),
  };
  const tabs = archiveTabs
    .filter((tab) => !tab.access || authHas(auth, tab.access))
    .map((tab) => ({ key: tab.key, label: tab.label(t), children: tab.render(ctx) }));
  return (
    <Card className="crm-detail" data-testid="customer-archive">
      <div className="crm-detail__head">
        <Space align="center">
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('back')} onClick={back} />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="archive-title">
            {String(record[kind.descriptor.nameField] ?? '')}
          </Typography.Title>
          <span className="record-muted">{t('archiveTitle')}</span>
          {/* 会员卡号 (issue 23, h-visit23) */}
          <CardNumber
            customerId={id}
            editable={access.write && (ctx.can('crm.customer.update') || ctx.can('oa.workflow.triage'))}
          />
          {/* A draw link for this customer (issue 25, lottery) */}
          {ctx.can('project.lotteryActivityConfiguration.link') && <DrawLinkButton customerId={id} />}
        </Space>
        <Suspense fallback={null}>
          <CustomerMoney id={id} />
        </Suspense>
      </div>
      <Tabs items={tabs} destroyOnHidden defaultActiveKey={params.get('tab') ?? undefined} />
    </Card>
  );
}

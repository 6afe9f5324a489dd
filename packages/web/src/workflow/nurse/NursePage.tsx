import { type NurseDeal, VisitStatus } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { StoreSelect, useCodeNames, useStores } from '@/booking/pickers';
import { showTime } from '@/shell/time';
import { LiveStatus } from '../live/LiveStatus';
import { useLiveQueue } from '../live/use-visit-events';
import { nurseApi, nurseKeys } from './api';
import { CustomerSessions } from './CustomerSessions';
import { useNurseMessages } from './messages';
import { VerifyDialog } from './VerifyDialog';

/** Moves arrive over the socket (useLiveQueue); this clock only moves the minutes waited. */
const QUEUE_REFRESH_MS = 60_000;

type Verifying = { deal: NurseDeal; customerName: string; visitId: number | null };

/**
 * 护士站 (/workflow/nursesStation): today's visits of the store that were charged (已收费 / 治疗中 /
 * 已治疗), each with the customer's deals that have sessions left and today's 划扣; 开始治疗, 划扣
 * (a 划扣 on a visit 已收费 starts its treatment), 撤销 and 完成治疗. Customers who come for a session
 * without a registered visit are found by name, phone or pinyin.
 */
export default function NursePage() {
  const t = useNurseMessages();
  const names = useCodeNames();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { stores, storeId, setStoreId } = useStores();
  const [search, setSearch] = useState('');
  const [verifying, setVerifying] = useState<Verifying | null>(null);
  // Every station's moves of this store's visits arrive over the socket (docs/clinic-visits.md "Live queues").
  const live = useLiveQueue(storeId, [nurseKeys.all]);
  const queue = useQuery({
    queryKey: nurseKeys.queue(storeId ?? 0),
    queryFn: () => nurseApi.queue(storeId!),
    enabled: storeId !== null,
    refetchInterval: QUEUE_REFRESH_MS,
  });
  const found = useQuery({
    queryKey: nurseKeys.customers(search),
    queryFn: () => nurseApi.customers(search),
    enabled: search.trim().length > 0,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: nurseKeys.all });
  const move = async (run: () => Promise<unknown>, done: string) => {
    await run();
    message.success(done);
    refresh();
  };

  if (stores.data && stores.data.length === 0) return <Empty description={t('noStore')} />;
  const queued = new Set((queue.data ?? []).map((v) => v.customerId));

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <StoreSelect value={storeId} onChange={setStoreId} />
        <LiveStatus status={live} />
        <Input.Search
          aria-label={t('search')}
          placeholder={t('search')}
          allowClear
          style={{ width: 320 }}
          onSearch={(v) => setSearch(v.trim())}
        />
      </Space>
      {search && (
        <Card title={t('found')} size="small" loading={found.isLoading}>
          {(found.data ?? []).length === 0 && <Empty description={t('empty')} />}
          {(found.data ?? [])
            .filter((c) => !queued.has(c.customerId))
            .map((c) => (
              <Card
                key={c.customerId}
                type="inner"
                size="small"
                style={{ marginBottom: 8 }}
                title={
                  <Space>
                    {c.customerName}
                    <Typography.Text type="secondary">{c.mobile}</Typography.Text>
                    {c.visitId === null && <Tag>{t('noVisit')}</Tag>}
                  </Space>
                }
              >
                <CustomerSessions
                  customerName={c.customerName}
                  deals={c.deals}
                  treatments={c.treatments}
                  onVerify={(deal) => setVerifying({ deal, customerName: c.customerName, visitId: c.visitId })}
                  onChanged={refresh}
                />
              </Card>
            ))}
        </Card>
      )}
      <Card title={t('queue')} size="small" loading={queue.isLoading}>
        {(queue.data ?? []).length === 0 && <Empty description={t('empty')} />}
        {(queue.data ?? []).map((v) => (
          <Card
            key={v.visitId}
            type="inner"
            size="small"
            style={{ marginBottom: 8 }}
            title={
              <Space wrap>
                {v.customerName}
                <Tag color={v.status === VisitStatus.treating ? 'orange' : 'blue'}>{names.visitStatus[v.status]}</Tag>
                <Typography.Text type="secondary">
                  {t('arrivedAt')} {showTime(v.arrivedTime, 'HH:mm')} · {t('waited')}{' '}
                  {t('minutesShort', { n: v.waited })}
                  {v.consultantName ? ` · ${t('consultant')} ${v.consultantName}` : ''}
                </Typography.Text>
              </Space>
            }
            extra={
              <Space>
                {(v.status === VisitStatus.paid || v.status === VisitStatus.treated) && (
                  <Button
                    size="small"
                    onClick={() => void move(() => nurseApi.start(v.visitId), t('started')).catch(() => {})}
                  >
                    {t('start')}
                  </Button>
                )}
                {v.status === VisitStatus.treating && (
                  <Button
                    size="small"
                    onClick={() => void move(() => nurseApi.finish(v.visitId), t('finished')).catch(() => {})}
                  >
                    {t('finish')}
                  </Button>
                )}
              </Space>
            }
          >
            <CustomerSessions
              customerName={v.customerName}
              deals={v.deals}
              treatments={v.treatments}
              onVerify={(deal) => setVerifying({ deal, customerName: v.customerName, visitId: v.visitId })}
              onChanged={refresh}
            />
          </Card>
        ))}
      </Card>
      {verifying && (
        <VerifyDialog
          deal={verifying.deal}
          customerName={verifying.customerName}
          visitId={verifying.visitId}
          onClose={() => setVerifying(null)}
          onDone={(left) => {
            setVerifying(null);
            message.success(t('verifyDone', { left }));
            refresh();
          }}
        />
      )}
    </Space>
  );
}

import { type Bed, type BedLog, bedLogKindNames, bedLogKindNamesEn } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Skeleton, Timeline, Typography } from 'antd';
import { useLang } from '@/i18n';
import { showTime } from '@/shell/time';
import { wardApi, wardKeys } from './api';
import { useWardMessages } from './messages';

/**
 * The bed log (issue 23, h-visit23): a bed's history (newest first) and, while someone lies in
 * it, their stay's beds in order (入住, 换床 …).
 */
export function BedHistory({ bed, onClose }: { bed: Bed | null; onClose: () => void }) {
  const t = useWardMessages();
  const stay = bed?.occupant?.admissionId ?? null;
  const history = useQuery({
    queryKey: wardKeys.bedHistory(bed?.bedId ?? 0),
    queryFn: () => wardApi.bedHistory(bed!.bedId),
    enabled: bed !== null,
  });
  const story = useQuery({
    queryKey: wardKeys.admissionHistory(stay ?? 0),
    queryFn: () => wardApi.admissionHistory(stay!),
    enabled: stay !== null,
  });
  return (
    <Drawer
      open={bed !== null}
      onClose={onClose}
      width={420}
      title={bed ? t('historyTitle', { bed: `${bed.room} ${bed.number}` }) : ''}
      destroyOnHidden
    >
      {stay !== null && (
        <>
          <Typography.Title level={5}>{t('stayHistory')}</Typography.Title>
          <LogList rows={story.data} loading={story.isLoading} testId="stay-history" />
        </>
      )}
      <Typography.Title level={5}>{t('bedHistory')}</Typography.Title>
      <LogList rows={history.data} loading={history.isLoading} testId="bed-history" />
    </Drawer>
  );
}

function LogList({ rows, loading, testId }: { rows?: BedLog[]; loading: boolean; testId: string }) {
  const t = useWardMessages();
  const { lang } = useLang();
  const kinds = lang === 'en' ? bedLogKindNamesEn : bedLogKindNames;
  if (loading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!rows?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noHistory')} />;
  return (
    <Timeline
      data-testid={testId}
      items={rows.map((r) => ({
        key: r.logId,
        children: (
          <div>
            <Typography.Text strong>{kinds[r.kind]}</Typography.Text>{' '}
            <Typography.Text>{r.fromBed ? `${r.fromBed} → ${r.toBed}` : r.toBed}</Typography.Text>
            {r.customerName && <Typography.Text> · {r.customerName}</Typography.Text>}
            <div>
              <Typography.Text type="secondary">
                {showTime(r.time)} · {r.userName ?? ''}
                {r.remark ? ` · ${r.remark}` : ''}
              </Typography.Text>
            </div>
          </div>
        ),
      }))}
    />
  );
}

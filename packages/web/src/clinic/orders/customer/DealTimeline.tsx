import { fenToYuan, type TrackingEvent } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Skeleton, Timeline } from 'antd';
import { showTime } from '@/shell/time';
import { orderKeys, ordersApi } from '../api';
import { useDealMessages } from '../messages';

const eventKey: Record<TrackingEvent['type'], Parameters<ReturnType<typeof useDealMessages>>[0]> = {
  charge: 'charge',
  treatment: 'treatment',
  undo: 'undo',
  arrears: 'arrearsEvent',
  repay: 'repay',
  waive: 'waive',
  refund: 'refund',
  conversion: 'conversion',
};
const colors: Partial<Record<TrackingEvent['type'], string>> = { charge: 'green', undo: 'gray', refund: 'red' };

/** One deal's timeline (queryTrackingRecord), oldest first. */
export function DealTimeline({
  deal,
  onClose,
}: {
  deal: { dealId: number; name: string } | null;
  onClose: () => void;
}) {
  const t = useDealMessages();
  const events = useQuery({
    queryKey: orderKeys.timeline(deal?.dealId ?? 0),
    queryFn: () => ordersApi.timeline(deal!.dealId),
    enabled: deal !== null,
  });
  return (
    <Drawer open={deal !== null} onClose={onClose} title={`${t('timeline')} · ${deal?.name ?? ''}`} size={420}>
      {events.isLoading ? (
        <Skeleton active />
      ) : events.data?.length ? (
        <Timeline
          data-testid="deal-timeline"
          items={events.data.map((e, i) => ({
            key: `${e.type}-${e.refId}-${i}`,
            color: colors[e.type] ?? 'blue',
            content: (
              <div>
                <div>
                  <strong>{t(eventKey[e.type])}</strong> · {showTime(e.time)}
                </div>
                <div>
                  {e.sessions !== 0 && `${t('sessionsCol')} ${e.sessions} · `}
                  {t('amount')} {fenToYuan(e.amount)}
                </div>
                {e.remark && <div className="open-orders__sub">{e.remark}</div>}
              </div>
            ),
          }))}
        />
      ) : (
        <Empty />
      )}
    </Drawer>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, List, Tag } from 'antd';
import { showTime } from '@/shell/time';
import { visitApi, visitKeys } from './api';
import { useVisitMessages } from './messages';
import { useCodeNames } from './pickers';

/** A customer's bookings, newest first. */
export function HistoryDrawer({
  customer,
  onClose,
}: {
  customer: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const t = useVisitMessages();
  const names = useCodeNames();
  const history = useQuery({
    queryKey: visitKeys.history(customer?.id ?? 0),
    queryFn: () => visitApi.history(customer!.id),
    enabled: customer !== null,
  });
  return (
    <Drawer
      open={customer !== null}
      onClose={onClose}
      title={`${customer?.name ?? ''} · ${t('history')}`}
      size="default"
    >
      {history.data?.length === 0 ? (
        <Empty description={t('noHistory')} />
      ) : (
        <List
          loading={history.isLoading}
          dataSource={history.data ?? []}
          renderItem={(a) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <>
                    {showTime(a.startTime)} <Tag>{names.appointmentStatus[a.status]}</Tag>
                  </>
                }
                description={[names.appointmentKind[a.kind], a.doctorName, a.consultantName, a.room, a.remark]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}

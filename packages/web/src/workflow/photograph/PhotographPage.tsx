import type { PhotoQueueVisit } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Empty, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCodeNames } from '@/booking/pickers';
import { showTime } from '@/shell/time';
import { LiveStatus } from '../live/LiveStatus';
import { useLiveQueue } from '../live/use-visit-events';
import { photoApi, photoKeys } from './api';
import { CustomerPhotos } from './CustomerPhotos';
import { usePhotoMessages } from './messages';
import { UploadDialog } from './UploadDialog';

/** Moves arrive over the socket (useLiveQueue); this clock only moves the minutes waited. */
const QUEUE_REFRESH_MS = 60_000;

/**
 * 拍照室 (/workflow/photograph): today's visits of the store that may be photographed (已到店,
 * 已拍照, 已分诊) with how many photos each has; upload tagged photos for a visit (it moves to
 * 已拍照), and the customer's photo archive with the before/after comparison.
 */
export default function PhotographPage() {
  const t = usePhotoMessages();
  const names = useCodeNames();
  const queryClient = useQueryClient();
  const stores = useQuery({ queryKey: photoKeys.stores, queryFn: photoApi.stores });
  const [storeId, setStoreId] = useState<number | null>(null);
  useEffect(() => {
    if (storeId === null && stores.data?.length) setStoreId(stores.data[0]!.storeId);
  }, [storeId, stores.data]);
  // Every station's moves of this store's visits arrive over the socket (docs/clinic-visits.md "Live queues").
  const live = useLiveQueue(storeId, [photoKeys.all]);
  const queue = useQuery({
    queryKey: photoKeys.queue(storeId ?? 0),
    queryFn: () => photoApi.queue(storeId!),
    enabled: storeId !== null,
    refetchInterval: QUEUE_REFRESH_MS,
  });
  const [uploading, setUploading] = useState<PhotoQueueVisit | null>(null);
  const [archive, setArchive] = useState<PhotoQueueVisit | null>(null);

  if (stores.data && stores.data.length === 0) return <Empty description={t('noStore')} />;

  const columns = [
    {
      title: t('customer'),
      key: 'customer',
      render: (_: unknown, v: PhotoQueueVisit) => (
        <div>
          <div>{v.customerName}</div>
          <Typography.Text type="secondary">{v.mobile}</Typography.Text>
        </div>
      ),
    },
    {
      title: t('status'),
      key: 'status',
      width: 160,
      render: (_: unknown, v: PhotoQueueVisit) => (
        <Space size={4}>
          <Tag color="blue">{names.visitStatus[v.status]}</Tag>
          {names.visitType[v.visitType]}
        </Space>
      ),
    },
    {
      title: t('arrived'),
      key: 'arrived',
      width: 100,
      render: (_: unknown, v: PhotoQueueVisit) => showTime(v.arrivedTime, 'HH:mm'),
    },
    { title: t('waited'), dataIndex: 'waited', key: 'waited', width: 110 },
    { title: t('photoCount'), dataIndex: 'photos', key: 'photos', width: 80 },
    {
      title: t('actions'),
      key: 'actions',
      width: 200,
      render: (_: unknown, v: PhotoQueueVisit) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => setUploading(v)}>
            {t('upload')}
          </Button>
          <Button size="small" type="link" onClick={() => setArchive(v)}>
            {t('archive')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space>
        <Select
          aria-label={t('store')}
          style={{ minWidth: 140 }}
          value={storeId ?? undefined}
          onChange={setStoreId}
          options={(stores.data ?? []).map((s) => ({ value: s.storeId, label: s.storeName }))}
        />
        <LiveStatus status={live} />
      </Space>
      <Card title={t('queue')} size="small">
        <Table
          rowKey="visitId"
          size="small"
          loading={queue.isLoading}
          dataSource={queue.data ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: t('emptyQueue') }}
        />
      </Card>
      {uploading && (
        <UploadDialog
          customerId={uploading.customerId}
          customerName={uploading.customerName}
          visitId={uploading.visitId}
          onClose={() => setUploading(null)}
          onDone={() => {
            setUploading(null);
            void queryClient.invalidateQueries({ queryKey: photoKeys.all });
          }}
        />
      )}
      <Drawer
        open={archive !== null}
        width="80%"
        title={archive ? t('photosOf', { name: archive.customerName }) : ''}
        onClose={() => setArchive(null)}
        destroyOnHidden
      >
        {archive && (
          <CustomerPhotos
            customerId={archive.customerId}
            customerName={archive.customerName}
            visitId={archive.visitId}
          />
        )}
      </Drawer>
    </Space>
  );
}

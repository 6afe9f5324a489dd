import { COMPARE_MAX_DAYS, type Photo, photoTypes } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Image, Popconfirm, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { usePermission } from '@/manager/use-permission';
import { photoApi, photoKeys } from './api';
import { CompareView } from './CompareView';
import { usePhotoMessages } from './messages';
import { usePhotoNames } from './names';
import { partOptions, UploadDialog, useParts } from './UploadDialog';
import './photograph.css';

/**
 * A customer's photos: the timeline by day (filtered by body part, with its sub-parts, and by
 * type) and the before/after comparison of one body part on two to four days. Shown on the
 * photograph room, the CRM customer detail and the customer archive; the server answers only
 * to who may see the customer.
 */
export function CustomerPhotos({
  customerId,
  customerName,
  visitId,
}: {
  customerId: number;
  customerName: string;
  visitId?: number;
}) {
  const t = usePhotoMessages();
  const names = usePhotoNames();
  const can = usePermission();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [partId, setPartId] = useState<number | undefined>();
  const [type, setType] = useState<number | undefined>();
  const [comparing, setComparing] = useState(false);
  const [comparePart, setComparePart] = useState<number | undefined>();
  const [days, setDays] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const parts = useParts();
  const timeline = useQuery({
    queryKey: photoKeys.timeline(customerId, partId, type),
    queryFn: () => photoApi.timeline({ customerId, partId, type }),
  });
  // Every photo, for the comparison's choice of days (a part's own photos, not its sub-parts').
  const all = useQuery({
    queryKey: photoKeys.timeline(customerId),
    queryFn: () => photoApi.timeline({ customerId }),
    enabled: comparing,
  });
  const compareDays =
    comparePart === undefined
      ? []
      : (all.data ?? []).filter((d) => d.photos.some((p) => p.partId === comparePart)).map((d) => d.day);
  const ready = comparePart !== undefined && days.length >= 2;
  const compared = useQuery({
    queryKey: photoKeys.compare(customerId, comparePart ?? 0, days),
    queryFn: () => photoApi.compare({ customerId, partId: comparePart!, days }),
    enabled: ready,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: photoKeys.all });

  const remove = async (p: Photo) => {
    await photoApi.remove(p.photoId);
    message.success(t('deleted'));
    refresh();
  };

  const partTree = partOptions(parts.data ?? []);
  const toolbar = (
    <Space wrap>
      <TreeSelect
        aria-label={t('part')}
        allowClear
        placeholder={t('allParts')}
        style={{ minWidth: 160 }}
        treeData={partTree}
        treeDefaultExpandAll
        value={partId}
        onChange={(v) => setPartId(v ?? undefined)}
      />
      <Select
        aria-label={t('type')}
        allowClear
        placeholder={t('allTypes')}
        style={{ minWidth: 120 }}
        value={type}
        onChange={(v) => setType(v ?? undefined)}
        options={photoTypes.map((v) => ({ value: v, label: names.type[v] }))}
      />
      <Button onClick={() => setComparing(!comparing)}>{comparing ? t('back') : t('compare')}</Button>
      {can('oa.workflow.photograph') && (
        <Button type="primary" onClick={() => setUploading(true)}>
          {t('upload')}
        </Button>
      )}
    </Space>
  );

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {toolbar}
      {comparing ? (
        <Card size="small" title={t('compareHint')}>
          <Space wrap style={{ marginBottom: 12 }}>
            <TreeSelect
              aria-label={t('compare') + t('part')}
              placeholder={t('part')}
              style={{ minWidth: 160 }}
              treeData={partTree}
              treeDefaultExpandAll
              value={comparePart}
              onChange={(v) => {
                setComparePart(v ?? undefined);
                setDays([]);
              }}
            />
            <Select
              aria-label={t('compareDays')}
              mode="multiple"
              placeholder={comparePart === undefined ? t('compareNeedsPart') : t('compareNeedsDays')}
              style={{ minWidth: 280 }}
              disabled={comparePart === undefined}
              value={days}
              maxCount={COMPARE_MAX_DAYS}
              onChange={(v: string[]) => setDays([...v].sort())}
              options={compareDays.map((d) => ({ value: d, label: d }))}
            />
          </Space>
          {ready && compared.data ? <CompareView data={compared.data} /> : <Empty description={t('compareHint')} />}
        </Card>
      ) : (timeline.data ?? []).length === 0 ? (
        <Empty description={t('noPhotos')} />
      ) : (
        <Image.PreviewGroup>
          {(timeline.data ?? []).map((d) => (
            <Card key={d.day} size="small" title={d.day} style={{ marginBottom: 12 }}>
              <div className="photo-day-strip">
                {d.photos.map((p) => (
                  <div key={p.photoId} className="photo-thumb" data-photo={p.photoId}>
                    <Image src={p.url} alt={p.name} width={132} height={132} style={{ objectFit: 'cover' }} />
                    <div className="photo-thumb-caption">
                      <Tag>{names.type[p.type]}</Tag>
                      {p.partName} · {names.angle[p.angle]}
                    </div>
                    <Typography.Text type="secondary" className="photo-thumb-caption">
                      {t('takenBy', { name: p.createUserName })}
                    </Typography.Text>
                    {p.canDelete && (
                      <Popconfirm title={t('deleteConfirm')} onConfirm={() => remove(p).catch(() => {})}>
                        <Button size="small" type="link" danger>
                          {t('delete')}
                        </Button>
                      </Popconfirm>
                    )}
                  </div>
                ))}
              </div>
            </Card>
          ))}
        </Image.PreviewGroup>
      )}
      {uploading && (
        <UploadDialog
          customerId={customerId}
          customerName={customerName}
          visitId={visitId}
          onClose={() => setUploading(false)}
          onDone={() => {
            setUploading(false);
            refresh();
          }}
        />
      )}
    </Space>
  );
}

/** The 照片 tab of a customer's detail (CRM detail, the customer archive). */
export default function CustomerPhotosTab({ id, record }: { id: number; record?: Record<string, unknown> }) {
  return <CustomerPhotos customerId={id} customerName={String(record?.customerName ?? '')} />;
}

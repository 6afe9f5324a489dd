import { ArrowLeftOutlined } from '@ant-design/icons';
import { fenToYuan } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useCodeNames } from '@/booking/pickers';
import { showTime } from '@/shell/time';
import { recordApi, recordKeys } from './api';
import { archivePath, dealColor, idParam } from './filters';
import { useRecordMessages } from './messages';
import { storySections } from './story-sections';
import './record.css';

/** 到院详情 (/entryDetails?visitId=): one visit's whole story, read in one call. */
export default function EntryDetailsPage() {
  const t = useRecordMessages();
  const names = useCodeNames();
  const navigate = useNavigate();
  const visitId = idParam(useSearchParams()[0].get('visitId'));
  const story = useQuery({
    queryKey: recordKeys.detail(visitId ?? 0),
    queryFn: () => recordApi.detail(visitId!),
    enabled: visitId !== null,
    retry: false,
  });
  const back = () => navigate(-1);
  if (visitId === null || story.isError)
    return (
      <Card>
        <Result status="404" title={t('notFound')} extra={<Button onClick={back}>{t('back')}</Button>} />
      </Card>
    );
  if (!story.data) return <Card>{<Skeleton active />}</Card>;
  const s = story.data;
  const v = s.visit;
  return (
    <Card data-testid="entry-details">
      <Space align="center" style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Space align="center">
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('back')} onClick={back} />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="story-title">
            {v.customerName} · {names.visitType[v.visitType]}
          </Typography.Title>
          <Tag color="blue">{names.visitStatus[v.status]}</Tag>
          <Tag color={dealColor[v.dealStatus]}>{t(`deal_${v.dealStatus}` as 'deal_0')}</Tag>
        </Space>
        <Button onClick={() => navigate(archivePath(v.customerId))} data-testid="story-archive">
          {t('archive')}
        </Button>
      </Space>
      <Descriptions
        size="small"
        style={{ marginTop: 12 }}
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'mobile', label: t('customer'), children: `${v.customerName} ${v.mobile}` },
          { key: 'store', label: t('store'), children: v.storeName },
          { key: 'shop', label: t('shop'), children: v.shopName ?? '—' },
          { key: 'dept', label: t('dept'), children: v.deptName ?? '—' },
          { key: 'arrived', label: t('arrived'), children: showTime(v.arrivedTime) },
          { key: 'left', label: t('left'), children: v.leftTime ? showTime(v.leftTime) : '—' },
          { key: 'source', label: t('appointment'), children: v.appointmentId ? `#${v.appointmentId}` : t('walkIn') },
          { key: 'triage', label: t('triageUser'), children: v.triageUserName ?? '—' },
          { key: 'consultant', label: t('consultant'), children: v.consultantName ?? '—' },
          { key: 'doctor', label: t('doctor'), children: v.doctorName ?? '—' },
          { key: 'charged', label: t('charged'), children: `¥${fenToYuan(v.charged)}` },
          ...(v.noDealReason ? [{ key: 'reason', label: t('noDealReason'), children: v.noDealReason }] : []),
          ...(v.remark ? [{ key: 'remark', label: t('remark'), children: v.remark }] : []),
        ]}
      />
      {storySections.map(({ key, title, Body }) => (
        <section key={key} className="record-story__section" data-testid={`story-${key}-section`}>
          <Typography.Title level={5}>{title(t)}</Typography.Title>
          <Body story={s} />
        </section>
      ))}
    </Card>
  );
}

import { type FeedItem, feedTypes } from '@crm/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, List, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAllowedAddress } from '@/shell/address-access';
import { call } from '@/shell/call';
import { useFeedMessages } from './messages';

const PAGE = 20;
const typeColor: Record<string, string> = {
  examine: 'purple',
  task: 'blue',
  event: 'cyan',
  crm: 'gold',
  followUp: 'orange',
  agency: 'green',
};

/** 动态: what happened in my scope (`OaRecord/getOaRecordPageList`), by type and days, loaded a page at a time. */
export function FeedCard() {
  const t = useFeedMessages();
  const allowed = useAllowedAddress();
  const [type, setType] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const startTime = range?.[0]?.format('YYYY-MM-DD') ?? '';
  const endTime = range?.[1]?.format('YYYY-MM-DD') ?? '';
  const query = useInfiniteQuery({
    queryKey: ['feed', type, startTime, endTime],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      call('/OaRecord/getOaRecordPageList', { type, startTime, endTime, page: pageParam, limit: PAGE }),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];

  const actionText = (i: FeedItem) => {
    if (i.type === 'followUp') return t('followUpAction', { way: i.action });
    const key = `${i.type}.${i.action}` as Parameters<typeof t>[0];
    const text = t(key);
    return text === key ? i.action : text;
  };

  return (
    <Card
      variant="borderless"
      title={t('title')}
      data-testid="feed"
      extra={
        <Space wrap>
          <Select
            style={{ width: 110 }}
            value={type}
            onChange={setType}
            options={[{ value: '', label: t('all') }, ...feedTypes.map((f) => ({ value: f, label: t(f) }))]}
          />
          <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} allowEmpty={[true, true]} />
        </Space>
      }
    >
      <List
        loading={query.isPending}
        dataSource={items}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        renderItem={(i) => {
          // A record's page is allowed when its kind's list is (`/crm/customer/12` → `/crm/customer`).
          const to = i.link && allowed(i.link.replace(/\/\d+$/, '')) ? i.link : undefined;
          return (
            <List.Item key={`${i.type}-${i.refId}-${i.action}-${i.time}`} data-testid="feed-item">
              <Space align="start" style={{ width: '100%' }}>
                <Tag color={typeColor[i.type]}>{t(i.type as 'task')}</Tag>
                <div style={{ minWidth: 0 }}>
                  <div>
                    <Typography.Text strong>{i.realname}</Typography.Text> {actionText(i)}{' '}
                    {to ? <Link to={to}>{i.title}</Link> : i.title}
                  </div>
                  {i.content && (
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                      {i.content}
                    </Typography.Paragraph>
                  )}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {dayjs(i.time).format('YYYY-MM-DD HH:mm')}
                  </Typography.Text>
                </div>
              </Space>
            </List.Item>
          );
        }}
      />
      {query.hasNextPage && (
        <div style={{ textAlign: 'center', marginTop: 12 }}>
          <Button loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
            {t('more')}
          </Button>
        </div>
      )}
    </Card>
  );
}

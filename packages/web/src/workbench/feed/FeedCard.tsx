import { type FeedItem, feedTypes } from '@crm/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { kindMenu } from '@/crm/kind-menu';
import { useLang } from '@/i18n';
import { useAllowedAddress } from '@/shell/address-access';
import { call } from '@/shell/call';
import { useFeedMessages } from './messages';
import './feed.css';
import { showTime } from '@/shell/time';

const PAGE = 20;

/**
 * 动态: what happened in my scope (`OaRecord/getOaRecordPageList`), by type and days, loaded a
 * page at a time. Plain elements, a plain type switch and native date inputs: the card is on the
 * first workbench load, whose script budget antd's list, segmented, select and date picker would break.
 */
export function FeedCard() {
  const t = useFeedMessages();
  const { lang } = useLang();
  const allowed = useAllowedAddress();
  const [type, setType] = useState('');
  const [startTime, setStart] = useState('');
  const [endTime, setEnd] = useState('');
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

  // A CRM record's title is its name; its kind (from the link, /crm/customer/12) goes before it.
  const titleOf = (i: FeedItem) => {
    if (i.type !== 'crm' && i.type !== 'followUp') return i.title;
    const kind = kindMenu.find((k) => i.link.startsWith(`/crm/${k.path}/`));
    if (!kind) return i.title;
    return lang === 'en' ? `${kind.nameEn}: ${i.title}` : `${kind.name}：${i.title}`;
  };

  return (
    <Card
      variant="borderless"
      title={t('title')}
      data-testid="feed"
      extra={
        <div className="feed-filters">
          <input
            type="date"
            className="ant-input ant-input-sm feed-date"
            aria-label={t('from')}
            value={startTime}
            max={endTime || undefined}
            onChange={(e) => setStart(e.target.value)}
          />
          <span>~</span>
          <input
            type="date"
            className="ant-input ant-input-sm feed-date"
            aria-label={t('to')}
            value={endTime}
            min={startTime || undefined}
            onChange={(e) => setEnd(e.target.value)}
          />
        </div>
      }
    >
      <div className="feed-types">
        {[{ value: '', label: t('all') }, ...feedTypes.map((f) => ({ value: f, label: t(f) }))].map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={type === o.value}
            title={o.label}
            className={type === o.value ? 'feed-types-item feed-types-item--on' : 'feed-types-item'}
            onClick={() => setType(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : items.length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <ul className="feed-list">
          {items.map((i) => {
            // A record's page is allowed when its kind's list is (`/crm/customer/12` → `/crm/customer`).
            const to = i.link && allowed(i.link.replace(/\/\d+$/, '')) ? i.link : undefined;
            return (
              <li key={`${i.type}-${i.refId}-${i.action}-${i.time}`} className="feed-item" data-testid="feed-item">
                <span className={`feed-type feed-type--${i.type}`}>{t(i.type as 'task')}</span>
                <div className="feed-body">
                  <div>
                    <strong>{i.realname}</strong> {actionText(i)} {to ? <Link to={to}>{titleOf(i)}</Link> : titleOf(i)}
                  </div>
                  {i.content && <div className="feed-content">{i.content}</div>}
                  <div className="feed-time">{showTime(i.time)}</div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
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

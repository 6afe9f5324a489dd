import { EditOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Checkbox, Empty, Input, List, Select, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { UserAvatar } from '@/components/member-picker';
import { usePagedList } from '../paged-list';
import { type JournalFilter, type JournalTab, journalApi, journalKeys, type LogRow } from './api';
import { JournalDrawer } from './JournalDrawer';
import { JournalForm } from './JournalForm';
import { useJournalMessages } from './messages';
import './journal.css';
import { useCreateParam } from '@/shell/create-param';
import { showTime } from '@/shell/time';
import { paramOneOf, useUrlParams } from '@/shell/url-params';

const PAGE_SIZE = 10;
const TABS: JournalTab[] = ['received', 'sent', 'subordinates'];

/**
 * 日志: the logs sent to me (unread ones marked), the ones I sent, my team's (by my role's
 * scope); `?logId=` opens one, `?create=1` (the quick-add) the write form.
 */
export default function JournalPage() {
  const t = useJournalMessages();
  const [params, setParam] = useUrlParams();
  const tab = paramOneOf(params, 'tab', TABS, 'received');
  const [unread, setUnread] = useState<0 | 1>(() => (params.get('unread') === '1' ? 1 : 0));
  const [categoryId, setCategoryId] = useState(0);
  const [creating, setCreating] = useState(false);
  const openId = Number(params.get('logId')) || null;

  // The workbench quick-add (`?create=1`) opens the form once.
  useCreateParam(() => setCreating(true));

  const paged = usePagedList(PAGE_SIZE, (p) => {
    const filter: JournalFilter = { ...p, categoryId, unread: tab === 'received' ? unread : 0 };
    return { queryKey: journalKeys.list(tab, filter), queryFn: () => journalApi.list(tab, filter) };
  });

  const item = (r: LogRow) => (
    <List.Item
      key={r.logId}
      className={`journal-item${r.unread ? ' journal-item--unread' : ''}`}
      onClick={() => setParam({ logId: String(r.logId) }, false)}
      data-testid={`journal-row-${r.logId}`}
    >
      <List.Item.Meta
        avatar={<UserAvatar name={r.creator.realname} img={r.creator.img} size={36} />}
        title={
          <span className="journal-item__title">
            {r.unread && <Badge status="error" text={t('unread')} />}
            <span>{r.creator.realname}</span>
            <Tag>{t(`category${r.categoryId as 1 | 2 | 3}`)}</Tag>
            <span className="journal-muted">{showTime(r.createTime)}</span>
          </span>
        }
        description={
          <>
            <div className="journal-item__preview">{r.preview}</div>
            <div className="journal-muted">
              {r.sendCount > 0 && `${t('readState', { read: r.readCount, total: r.sendCount })} · `}
              {t('commentCount', { n: r.commentCount })}
            </div>
          </>
        }
      />
    </List.Item>
  );

  return (
    <Card
      className="journal-page"
      title={t('title')}
      extra={
        <Button type="primary" icon={<EditOutlined />} onClick={() => setCreating(true)} data-testid="journal-create">
          {t('create')}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setParam({ tab: k });
          paged.toFirstPage();
        }}
        items={TABS.map((k) => ({ key: k, label: t(k) }))}
      />
      <div className="journal-filters">
        <Select
          value={categoryId}
          style={{ width: 120 }}
          onChange={(v) => {
            setCategoryId(v);
            paged.toFirstPage();
          }}
          options={[
            { value: 0, label: t('categoryAll') },
            { value: 1, label: t('category1') },
            { value: 2, label: t('category2') },
            { value: 3, label: t('category3') },
          ]}
        />
        <Input.Search allowClear placeholder={t('searchTips')} style={{ width: 220 }} onSearch={paged.onSearch} />
        {tab === 'received' && (
          <Checkbox
            checked={unread === 1}
            onChange={(e) => {
              setUnread(e.target.checked ? 1 : 0);
              paged.toFirstPage();
            }}
          >
            {t('unreadOnly')}
          </Checkbox>
        )}
      </div>
      <List<LogRow>
        loading={paged.list.isFetching}
        dataSource={paged.rows}
        renderItem={item}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        pagination={{ ...paged.pagination, hideOnSinglePage: true }}
      />
      {creating && (
        <JournalForm
          onClose={(logId) => {
            setCreating(false);
            if (logId) setParam({ tab: 'sent', logId: String(logId) }, false);
          }}
        />
      )}
      <JournalDrawer id={openId} onClose={() => setParam({ logId: null })} />
    </Card>
  );
}

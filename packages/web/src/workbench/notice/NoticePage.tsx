import { PlusOutlined } from '@ant-design/icons';
import { authHas } from '@crm/shared';
import { Badge, Button, Card, Checkbox, Empty, Input, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/shell/session';
import { usePagedList } from '../paged-list';
import { type NoticeFilter, type NoticeRow, noticeApi, noticeKeys } from './api';
import { useNoticeMessages } from './messages';
import { NoticeDrawer } from './NoticeDrawer';
import './notice.css';
import { showTime } from '@/shell/time';
import { useUrlParams } from '@/shell/url-params';

const PAGE_SIZE = 15;
const time = (iso: string | null) => (iso ? showTime(iso) : '');

/**
 * 公告: every notice I may see (unread ones marked) and the ones I published; a row opens the
 * detail (`?announcementId=`), which marks it read. 发布公告 opens the notice-new page.
 */
export default function NoticePage() {
  const t = useNoticeMessages();
  const navigate = useNavigate();
  const { auth } = useSession();
  const [params, setParam] = useUrlParams();
  const [type, setType] = useState<1 | 2>(1);
  // The unread tile opens the list on its unread notices.
  const [unread, setUnread] = useState<0 | 1>(() => (params.get('unread') === '1' ? 1 : 0));
  const openId = Number(params.get('announcementId')) || null;
  const canPublish = authHas(auth, 'oa.notice.save');

  const paged = usePagedList(PAGE_SIZE, (p) => {
    const filter: NoticeFilter = { ...p, type, unread };
    return { queryKey: noticeKeys.list(filter), queryFn: () => noticeApi.list(filter) };
  });

  const open = (id: number | null) => setParam({ announcementId: id === null ? null : String(id) }, id === null);

  const columns: TableColumnsType<NoticeRow> = [
    {
      title: t('noticeTitle'),
      key: 'title',
      ellipsis: true,
      render: (_, r) => (
        <span className="notice-title-cell">
          {r.unread && <Badge status="error" aria-label={t('unread')} />}
          <span className={r.unread ? 'notice-title-cell--unread' : undefined}>{r.title}</span>
        </span>
      ),
    },
    { title: t('publisher'), dataIndex: 'createUserName', width: 110 },
    { title: t('startTime'), key: 'start', width: 150, render: (_, r) => time(r.startTime) },
    {
      title: t('endTime'),
      key: 'end',
      width: 150,
      render: (_, r) => (r.endTime ? time(r.endTime) : t('longTerm')),
    },
    {
      title: t('state'),
      key: 'state',
      width: 90,
      render: (_, r) => <Tag color={r.state === 'active' ? 'green' : undefined}>{t(`state${r.state}`)}</Tag>,
    },
  ];

  return (
    <Card
      className="notice-page"
      title={t('title')}
      extra={
        canPublish && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/workbench/notice-new')}
            data-testid="notice-create"
          >
            {t('create')}
          </Button>
        )
      }
    >
      <Tabs
        activeKey={String(type)}
        onChange={(k) => {
          setType(Number(k) as 1 | 2);
          paged.toFirstPage();
        }}
        items={[
          { key: '1', label: t('all') },
          { key: '2', label: t('mine') },
        ]}
      />
      <div className="notice-filters">
        <Input.Search allowClear placeholder={t('searchTips')} onSearch={paged.onSearch} style={{ width: 260 }} />
        {type === 1 && (
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
      <Table<NoticeRow>
        rowKey="announcementId"
        size="middle"
        loading={paged.list.isFetching}
        columns={columns}
        dataSource={paged.rows}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        onRow={(r) => ({ onClick: () => open(r.announcementId), style: { cursor: 'pointer' } })}
        pagination={paged.pagination}
      />
      <NoticeDrawer id={openId} onClose={() => open(null)} />
    </Card>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { UserAvatar } from '@/components/member-picker';
import { usePhone } from '@/shell/phone';
import { showTime } from '@/shell/time';
import { type ExamineRow, examineApi, examineKeys, type ListFilter, type ListTab } from './api';
import { CategoryIcon } from './category-icon';
import { useExamineMessages } from './messages';
import { StatusTag } from './StatusTag';

export const PAGE_SIZE = 15;
const emptyKey = {
  initiate: 'emptyInitiate',
  waiting: 'emptyWaiting',
  handled: 'emptyHandled',
  copied: 'emptyCopied',
} as const;

/** One tab's approvals, paged on the server (15 a page); a click opens the detail. */
export function ExamineTable({
  tab,
  filter,
  onPage,
  onOpen,
}: {
  tab: ListTab;
  filter: ListFilter;
  onPage: (page: number) => void;
  onOpen: (row: ExamineRow) => void;
}) {
  const t = useExamineMessages();
  const list = useQuery({
    queryKey: examineKeys.list(tab, filter),
    queryFn: () => examineApi.list(tab, filter),
    placeholderData: keepPreviousData,
  });
  const unread = (r: ExamineRow) => tab === 'copied' && r.read === false;
  const columns: TableColumnsType<ExamineRow> = [
    {
      title: t('category'),
      key: 'category',
      width: 190,
      render: (_, r) => (
        <span className="exm-cell-cat">
          {unread(r) && <span className="exm-unread-dot" />}
          <CategoryIcon icon={r.icon} title={r.categoryTitle} size={26} />
          <span className="exm-cell-cat__title">{r.categoryTitle}</span>
        </span>
      ),
    },
    {
      title: t('content'),
      dataIndex: 'content',
      ellipsis: true,
      render: (v: string, r) => (
        <span>
          {unread(r) && <Tag color="blue">{t('unread')}</Tag>}
          {v}
        </span>
      ),
    },
    ...(tab === 'initiate'
      ? []
      : [
          {
            title: t('applicant'),
            key: 'applicant',
            width: 130,
            render: (_: unknown, r: ExamineRow) => (
              <span className="exm-person">
                <UserAvatar name={r.createUserName} img={r.createUserImg} size={22} /> {r.createUserName}
              </span>
            ),
          },
        ]),
    {
      title: t('currentApprovers'),
      dataIndex: 'currentApprovers',
      width: 150,
      ellipsis: true,
      render: (v: string, r) => (
        <span>
          {v || <Typography.Text type="secondary">—</Typography.Text>}
          {r.urgedTime && tab === 'initiate' && v && <Tag style={{ marginInlineStart: 6 }}>{t('urged')}</Tag>}
          {/* The approver sees that the applicant is waiting on them (催办). */}
          {r.urgedTime && tab === 'waiting' && (
            <Tag color="red" style={{ marginInlineStart: 6 }}>
              {t('urgedMe')}
            </Tag>
          )}
        </span>
      ),
    },
    { title: t('status'), dataIndex: 'status', width: 90, render: (v: number) => <StatusTag status={v} /> },
    {
      // 提交时间: the latest submission (a resubmitted approval shows when it was sent again).
      title: t('createTime'),
      dataIndex: 'submitTime',
      width: 150,
      render: (v: string) => showTime(v),
    },
  ];
  // Phone width (issue 26 item 7): one column, each approval a small card of what the row says.
  const phone = usePhone();
  const phoneColumns: TableColumnsType<ExamineRow> = [
    {
      key: 'card',
      render: (_, r) => (
        <div className="exm-phone-row">
          <div className="exm-phone-row__head">
            <span className="exm-cell-cat">
              {unread(r) && <span className="exm-unread-dot" />}
              <CategoryIcon icon={r.icon} title={r.categoryTitle} size={22} />
              <span className="exm-cell-cat__title">{r.categoryTitle}</span>
            </span>
            <StatusTag status={r.status} />
          </div>
          {r.content && <div className="exm-phone-row__content">{r.content}</div>}
          <div className="exm-phone-row__meta">
            {tab === 'initiate' ? r.currentApprovers : r.createUserName}
            {r.urgedTime && tab === 'waiting' && <Tag color="red">{t('urgedMe')}</Tag>}
            <span>{showTime(r.submitTime)}</span>
          </div>
        </div>
      ),
    },
  ];
  return (
    <Table<ExamineRow>
      rowKey="examineId"
      size="middle"
      columns={phone ? phoneColumns : columns}
      showHeader={!phone}
      tableLayout={phone ? 'fixed' : undefined}
      dataSource={list.data?.list}
      loading={list.isFetching}
      scroll={phone ? undefined : { x: 900 }}
      rowClassName={(r) => (unread(r) ? 'exm-row exm-row--unread' : 'exm-row')}
      onRow={(r) => ({ onClick: () => onOpen(r), 'data-testid': 'examine-row' }) as React.HTMLAttributes<HTMLElement>}
      locale={{ emptyText: <Empty description={t(emptyKey[tab])} /> }}
      pagination={{
        current: filter.page,
        pageSize: PAGE_SIZE,
        total: list.data?.totalRow ?? 0,
        showSizeChanger: false,
        showTotal: (n) => t('total', { n }),
        onChange: onPage,
      }}
    />
  );
}

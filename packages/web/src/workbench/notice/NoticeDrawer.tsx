import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Modal, Space, Spin, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { UserAvatar } from '@/components/member-picker';
import { RichTextView } from '@/components/rich-text';
import { FileUploadList } from '@/components/upload';
import { showTime } from '@/shell/time';
import { useConfirmDelete, useReadOnOpen } from '../detail-actions';
import { type NoticeDetail, noticeApi, noticeKeys } from './api';
import { useNoticeMessages } from './messages';
import { NoticeForm } from './NoticeForm';

const time = (iso: string | null) => (iso ? showTime(iso) : '');

function Readers({ id }: { id: number }) {
  const t = useNoticeMessages();
  const readers = useQuery({ queryKey: noticeKeys.readers(id), queryFn: () => noticeApi.readers(id) });
  if (!readers.data) return <Spin />;
  const list = (people: { userId: number; realname: string; img: string }[]) =>
    people.length ? (
      <Space wrap>
        {people.map((p) => (
          <span key={p.userId} className="notice-reader">
            <UserAvatar name={p.realname} img={p.img} size={20} /> {p.realname}
          </span>
        ))}
      </Space>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
    );
  return (
    <Tabs
      size="small"
      items={[
        { key: 'read', label: t('readCount', { n: readers.data.read.length }), children: list(readers.data.read) },
        {
          key: 'unread',
          label: t('unreadCount', { n: readers.data.unread.length }),
          children: list(readers.data.unread),
        },
      ]}
    />
  );
}

/** A notice's detail; opening it marks it read, so the unread badge and list refresh. */
export function NoticeDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useNoticeMessages();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<NoticeDetail | null>(null);
  const detail = useQuery({
    queryKey: noticeKeys.detail(id ?? 0),
    queryFn: () => noticeApi.detail(id!),
    enabled: id !== null,
  });
  const n = detail.data;

  useReadOnOpen(detail.isSuccess, ['notice', 'list']);

  const remove = () =>
    confirmDelete({
      title: t('delete'),
      content: t('deleteConfirm'),
      deleted: t('deleted'),
      remove: () => noticeApi.remove(id!),
      refresh: noticeKeys.all,
      onDone: onClose,
    });

  return (
    <Drawer
      open={id !== null}
      width={760}
      onClose={onClose}
      title={n?.title ?? t('title')}
      destroyOnHidden
      extra={
        n && (
          <Space>
            {n.permitted.update && (
              <Button onClick={() => setEditing(n)} data-testid="notice-edit">
                {t('edit')}
              </Button>
            )}
            {n.permitted.delete && (
              <Button danger onClick={remove} data-testid="notice-delete">
                {t('delete')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {detail.isError && <Empty description={t('notFound')} />}
      {!n && !detail.isError && <Spin />}
      {n && (
        <div className="notice-detail" data-testid="notice-detail">
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t('publisher')}>{n.creator.realname}</Descriptions.Item>
            <Descriptions.Item label={t('state')}>
              <Tag color={n.state === 'active' ? 'green' : undefined}>{t(`state${n.state}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('window')} span={2}>
              {time(n.startTime)} ~ {n.endTime ? time(n.endTime) : t('longTerm')}
            </Descriptions.Item>
            <Descriptions.Item label={t('recipients')} span={2}>
              {n.toAll ? t('toAll') : [...n.depts.map((d) => d.name), ...n.users.map((u) => u.realname)].join('、')}
            </Descriptions.Item>
          </Descriptions>
          <RichTextView html={n.content} testId="notice-content-view" />
          {n.batchId && (
            <div className="notice-detail__files">
              <h4>{t('attachments')}</h4>
              <FileUploadList batchId={n.batchId} readOnly />
            </div>
          )}
          {n.permitted.readers && (
            <div className="notice-detail__readers">
              <h4>{t('readers')}</h4>
              <Readers id={n.announcementId} />
            </div>
          )}
        </div>
      )}
      <Modal
        open={editing !== null}
        title={t('editTitle')}
        footer={null}
        width={860}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        maskClosable={false}
      >
        {editing && (
          <NoticeForm
            editing={editing}
            onDone={(saved) => {
              setEditing(null);
              if (saved) void detail.refetch();
            }}
          />
        )}
      </Modal>
    </Drawer>
  );
}

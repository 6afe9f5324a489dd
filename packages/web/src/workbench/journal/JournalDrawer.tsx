import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { CommentBox } from '@/components/comments';
import { UserAvatar } from '@/components/member-picker';
import { RichTextView } from '@/components/rich-text';
import { FileUploadList } from '@/components/upload';
import { showTime } from '@/shell/time';
import { useConfirmDelete, useReadOnOpen } from '../detail-actions';
import { journalApi, journalKeys, type LogDetail } from './api';
import { JournalForm } from './JournalForm';
import { useJournalMessages } from './messages';
import { usePartLabels } from './parts';

const time = (iso: string | null) => (iso ? showTime(iso) : '');
const hasText = (html: string) => html.replace(/<[^>]*>/g, '').trim() !== '' || /<(img|video|table)/i.test(html);

/** A log's detail: its parts, who it went to and who has read it, customers, files and comments. */
export function JournalDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useJournalMessages();
  const parts = usePartLabels();
  const confirmDelete = useConfirmDelete();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<LogDetail | null>(null);
  const detail = useQuery({
    queryKey: journalKeys.detail(id ?? 0),
    queryFn: () => journalApi.detail(id!),
    enabled: id !== null,
  });
  const log = detail.data;

  // Opening it marks it read: the badge and the unread marks refresh.
  useReadOnOpen(detail.isSuccess, ['journal', 'list']);

  const remove = () =>
    confirmDelete({
      title: t('delete'),
      content: t('deleteConfirm'),
      deleted: t('deleted'),
      remove: () => journalApi.remove(id!),
      refresh: journalKeys.all,
      onDone: onClose,
    });

  const labels = parts(log?.categoryId ?? 1);
  const read = log?.sendUsers.filter((u) => u.readTime).length ?? 0;

  return (
    <Drawer
      open={id !== null}
      width={760}
      onClose={onClose}
      destroyOnHidden
      title={
        log
          ? `${log.creator.realname} · ${t(`category${log.categoryId as 1 | 2 | 3}`)} · ${time(log.createTime)}`
          : t('title')
      }
      extra={
        log && (
          <Space>
            {log.permitted.update && <Button onClick={() => setEditing(log)}>{t('edit')}</Button>}
            {log.permitted.delete && (
              <Button danger onClick={remove}>
                {t('delete')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {detail.isError && <Empty description={t('notFound')} />}
      {!log && !detail.isError && <Spin />}
      {log && (
        <div className="journal-detail" data-testid="journal-detail">
          <h4>{labels.content}</h4>
          <RichTextView html={log.content} testId="journal-content-view" />
          {hasText(log.tomorrow) && (
            <>
              <h4>{labels.tomorrow}</h4>
              <RichTextView html={log.tomorrow} />
            </>
          )}
          {hasText(log.question) && (
            <>
              <h4>{labels.question}</h4>
              <RichTextView html={log.question} />
            </>
          )}
          {log.customers.length > 0 && (
            <>
              <h4>{t('customers')}</h4>
              <Space wrap>
                {log.customers.map((c) => (
                  <Tag key={c.customerId}>{c.customerName}</Tag>
                ))}
              </Space>
            </>
          )}
          <h4>{t('attachments')}</h4>
          <FileUploadList batchId={log.batchId} readOnly />
          {log.sendUsers.length > 0 && (
            <>
              <h4>
                {t('sendUsers')}{' '}
                <span className="journal-muted">{t('readState', { read, total: log.sendUsers.length })}</span>
              </h4>
              <Space wrap>
                {log.sendUsers.map((u) => (
                  <span key={u.userId} className="journal-person">
                    <UserAvatar name={u.realname} img={u.img} size={20} /> {u.realname}
                    <Tag color={u.readTime ? 'green' : 'orange'}>{u.readTime ? t('read') : t('notRead')}</Tag>
                  </span>
                ))}
              </Space>
            </>
          )}
          <h4>{t('comments')}</h4>
          {log.comments.length === 0 && <div className="journal-muted">{t('noComments')}</div>}
          <ul className="journal-comments" data-testid="journal-comments">
            {log.comments.map((c) => (
              <li key={c.commentId}>
                <UserAvatar name={c.user.realname} img={c.user.img} size={24} />
                <div>
                  <div className="journal-muted">
                    {c.user.realname} · {time(c.createTime)}
                  </div>
                  <div className="journal-comment__text">{c.content}</div>
                </div>
              </li>
            ))}
          </ul>
          {log.permitted.comment && (
            <CommentBox
              className="journal-comment-box"
              maxLength={500}
              texts={{ placeholder: t('commentTips'), send: t('send'), done: t('commented') }}
              post={(content) => journalApi.comment(log.logId, content)}
              onAdded={() => {
                void detail.refetch();
                void queryClient.invalidateQueries({ queryKey: ['journal', 'list'] });
              }}
              testId="journal-comment"
            />
          )}
        </div>
      )}
      {editing && (
        <JournalForm
          editing={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void detail.refetch();
          }}
        />
      )}
    </Drawer>
  );
}

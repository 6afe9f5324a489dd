import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useConfirmDelete } from '../detail-actions';
import { scheduleApi, scheduleKeys } from './api';
import { EventForm } from './EventForm';
import { useScheduleMessages } from './messages';
import { repeatText, whenText } from './text';

/** An event's detail: when, repeat, reminder, people; its creator edits or deletes the series. */
export function EventDetailModal({ eventId, onClose }: { eventId: number; onClose: () => void }) {
  const t = useScheduleMessages();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState(false);
  const { data, isPending } = useQuery({
    queryKey: scheduleKeys.detail(eventId),
    queryFn: () => scheduleApi.detail(eventId),
  });

  const remove = () =>
    confirmDelete({
      title: t('deleteConfirm'),
      deleted: t('deleted'),
      remove: () => scheduleApi.remove(eventId),
      refresh: scheduleKeys.all,
      onDone: onClose,
    });

  if (editing && data)
    return (
      <EventForm editing={data} day={data.startDay} onClose={(saved) => (saved ? onClose() : setEditing(false))} />
    );
  return (
    <Modal
      open
      title={data?.title ?? t('title')}
      onCancel={onClose}
      footer={
        data?.canEdit ? (
          <Space>
            <Button danger onClick={remove} data-testid="event-delete">
              {t('delete')}
            </Button>
            <Button type="primary" onClick={() => setEditing(true)} data-testid="event-edit">
              {t('edit')}
            </Button>
          </Space>
        ) : null
      }
    >
      {isPending || !data ? (
        <Skeleton active />
      ) : (
        <Descriptions column={1} size="small" data-testid="event-detail">
          <Descriptions.Item label={t('startDay')}>{whenText(t, data)}</Descriptions.Item>
          {data.repeat.freq !== 'none' && (
            <Descriptions.Item label={t('repeat')}>{repeatText(t, data.repeat)}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('remind')}>
            {data.remindMinutes === null ? t('remindNone') : remindText(t, data.remindMinutes)}
          </Descriptions.Item>
          <Descriptions.Item label={t('creator')}>{data.creator.realname}</Descriptions.Item>
          <Descriptions.Item label={t('participants')}>
            {data.participants.map((p) => (
              <Tag key={p.userId}>{p.realname}</Tag>
            ))}
          </Descriptions.Item>
          {data.description && <Descriptions.Item label={t('description')}>{data.description}</Descriptions.Item>}
        </Descriptions>
      )}
    </Modal>
  );
}

function remindText(t: ReturnType<typeof useScheduleMessages>, m: number) {
  if (m === 0) return t('remind0');
  if (m === 1440) return t('remindDay');
  return m >= 60 ? t('remindHour', { n: m / 60 }) : t('remindMin', { n: m });
}

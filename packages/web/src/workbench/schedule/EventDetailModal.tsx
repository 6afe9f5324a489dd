import type { CalendarEntry } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useConfirmDelete } from '../detail-actions';
import { scheduleApi, scheduleKeys } from './api';
import { EventForm } from './EventForm';
import { useScheduleMessages } from './messages';
import { repeatText, whenText } from './text';

type Scope = 'one' | 'all';
type Action = 'edit' | 'delete';

/**
 * An event occurrence's detail: when (this occurrence's time), repeat, reminder, people. Its
 * creator edits or deletes it; for a repeating event they choose this occurrence only or the
 * whole series first (as DingTalk and Feishu ask).
 */
export function EventDetailModal({ entry, onClose }: { entry: CalendarEntry; onClose: () => void }) {
  const t = useScheduleMessages();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<Scope | null>(null);
  const [choosing, setChoosing] = useState<Action | null>(null);
  const { data, isPending } = useQuery({
    queryKey: scheduleKeys.detail(entry.id),
    queryFn: () => scheduleApi.detail(entry.id),
  });
  const repeating = data ? data.repeat.freq !== 'none' : false;

  const remove = (scope: Scope) =>
    confirmDelete({
      title: scope === 'one' ? t('deleteOneConfirm') : t('deleteConfirm'),
      deleted: t('deleted'),
      remove: () =>
        scope === 'one' ? scheduleApi.removeOccurrence(entry.id, entry.seriesDay) : scheduleApi.remove(entry.id),
      refresh: scheduleKeys.all,
      onDone: onClose,
    });

  const act = (action: Action) => {
    if (repeating) return setChoosing(action);
    if (action === 'edit') setEditing('all');
    else remove('all');
  };
  const chosen = (scope: Scope) => {
    const action = choosing;
    setChoosing(null);
    if (action === 'edit') setEditing(scope);
    else remove(scope);
  };

  if (editing && data)
    return (
      <EventForm
        editing={data}
        occurrence={editing === 'one' ? entry : undefined}
        day={data.startDay}
        onClose={(saved) => (saved ? onClose() : setEditing(null))}
      />
    );
  return (
    <Modal
      open
      title={entry.title}
      onCancel={onClose}
      footer={
        data?.canEdit ? (
          <Space>
            <Button danger onClick={() => act('delete')} data-testid="event-delete">
              {t('delete')}
            </Button>
            <Button type="primary" onClick={() => act('edit')} data-testid="event-edit">
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
          <Descriptions.Item label={t('startDay')}>
            {whenText(t, { ...entry, startDay: entry.day })}
            {entry.changed && <Tag className="schedule-changed">{t('changedOne')}</Tag>}
          </Descriptions.Item>
          {repeating && <Descriptions.Item label={t('repeat')}>{repeatText(t, data.repeat)}</Descriptions.Item>}
          <Descriptions.Item label={t('remind')}>
            {entry.remindMinutes === null ? t('remindNone') : remindText(t, entry.remindMinutes)}
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
      <Modal
        open={choosing !== null}
        title={choosing === 'delete' ? t('scopeDeleteTitle') : t('scopeEditTitle')}
        onCancel={() => setChoosing(null)}
        footer={
          <Space>
            <Button onClick={() => setChoosing(null)}>{t('cancel')}</Button>
            <Button onClick={() => chosen('all')} data-testid="event-scope-all">
              {t('scopeAll')}
            </Button>
            <Button type="primary" onClick={() => chosen('one')} data-testid="event-scope-one">
              {t('scopeOne')}
            </Button>
          </Space>
        }
      >
        {choosing === 'edit' ? t('scopeEditTips') : t('scopeDeleteTips')}
      </Modal>
    </Modal>
  );
}

function remindText(t: ReturnType<typeof useScheduleMessages>, m: number) {
  if (m === 0) return t('remind0');
  if (m === 1440) return t('remindDay');
  return m >= 60 ? t('remindHour', { n: m / 60 }) : t('remindMin', { n: m });
}

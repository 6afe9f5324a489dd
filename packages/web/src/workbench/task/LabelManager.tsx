import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { taskLabelColors, taskLabelText } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Input, List, Modal, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { type TaskLabel, taskApi, taskKeys } from './api';
import { useTaskLabels } from './labels';
import { useTaskMessages } from './messages';

/**
 * 标签管理: the shared label list (anyone who uses tasks manages it, as in the original): add,
 * rename and recolour, delete (the server keeps a label that a live task carries).
 */
export function LabelManager({ onClose }: { onClose: () => void }) {
  const t = useTaskMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const labels = useTaskLabels();
  const [editing, setEditing] = useState<TaskLabel | null>(null);
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(taskLabelColors[0]);
  const [saving, setSaving] = useState(false);

  const reset = () => {
    setEditing(null);
    setName('');
    setColor(taskLabelColors[0]);
  };
  const changed = () => void queryClient.invalidateQueries({ queryKey: taskKeys.all });

  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      await taskApi.saveLabel({ labelId: editing?.labelId, name, color });
      message.success(t('saved'));
      reset();
      changed();
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const remove = async (l: TaskLabel) => {
    try {
      await taskApi.removeLabel(l.labelId);
      message.success(t('done'));
      if (editing?.labelId === l.labelId) reset();
      changed();
    } catch {
      // the request layer showed the server's message (使用中的标签不能删除)
    }
  };

  return (
    <Modal open title={t('manageLabels')} onCancel={onClose} footer={null} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }} data-testid="task-label-manager">
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label={t('labelName')}
            placeholder={editing ? t('labelName') : t('newLabel')}
            maxLength={taskLabelText.name.max}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={save}
          />
          <Button type="primary" loading={saving} onClick={save} disabled={!name.trim()}>
            {editing ? t('save') : t('newLabel')}
          </Button>
          {editing && <Button onClick={reset}>{t('cancel')}</Button>}
        </Space.Compact>
        <Space size={6} wrap aria-label={t('labelColor')}>
          {taskLabelColors.map((c) => (
            <button
              key={c}
              type="button"
              aria-label={c}
              aria-pressed={c === color}
              className={`task-label-swatch${c === color ? ' task-label-swatch--on' : ''}`}
              style={{ background: c }}
              onClick={() => setColor(c)}
            />
          ))}
        </Space>
        <List
          size="small"
          loading={labels.isLoading}
          dataSource={labels.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noLabels')} /> }}
          renderItem={(l) => (
            <List.Item
              actions={[
                <Button
                  key="edit"
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('edit')}
                  onClick={() => {
                    setEditing(l);
                    setName(l.name);
                    setColor(l.color);
                  }}
                />,
                <Popconfirm key="delete" title={t('labelDeleteConfirm')} onConfirm={() => remove(l)}>
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
                </Popconfirm>,
              ]}
            >
              <Tag color={l.color}>{l.name}</Tag>
            </List.Item>
          )}
        />
      </Space>
    </Modal>
  );
}

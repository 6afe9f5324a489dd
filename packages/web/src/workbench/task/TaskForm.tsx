import { DeleteOutlined } from '@ant-design/icons';
import { taskPriorities, taskSaveSchema, taskText } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { validateWithSchema } from '@/components/form/zod-rules';
import { MemberSelect, type PickedUser } from '@/components/member-picker';
import { FileUploadList, UploadSessionProvider, useUploadSession } from '@/components/upload';
import { parseTime, sendTime } from '@/shell/time';
import { type TaskDetail, taskApi, taskKeys } from './api';
import { LabelSelect } from './labels';
import { useTaskMessages } from './messages';

/** Spec 9: create overlays are 700 px wide. */
export const TASK_FORM_WIDTH = 700;

type Values = {
  title: string;
  description: string;
  priority: number;
  startTime: Dayjs | null;
  dueTime: Dayjs | null;
  owner: PickedUser[];
  participants: PickedUser[];
  labels: number[];
};

const asPicked = (p: { userId: number; realname: string; img: string }): PickedUser => ({
  userId: p.userId,
  realname: p.realname,
  img: p.img,
});

/** The form's values as the shared schema reads them (the server parses the same). */
const toInput = (v: Record<string, unknown>) => {
  const values = v as Partial<Values>;
  return {
    title: values.title ?? '',
    description: values.description ?? '',
    priority: values.priority ?? 0,
    startTime: sendTime(values.startTime),
    dueTime: sendTime(values.dueTime),
    ownerUserId: values.owner?.[0]?.userId,
    participantIds: (values.participants ?? []).map((u) => u.userId),
    labelIds: values.labels ?? [],
  };
};

/**
 * 新建任务 / 编辑任务, and 添加子任务 when `parentId` is given (title, owner, due time). One batch id
 * per open form: a double click answers the same task. Attachments go through an upload session,
 * so 取消 leaves the task as it was.
 */
export function TaskForm({
  open,
  editing,
  parentId,
  onClose,
}: {
  open: boolean;
  editing?: TaskDetail;
  parentId?: number;
  onClose: (taskId?: number) => void;
}) {
  const t = useTaskMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const uploads = useUploadSession();
  const [batchId, setBatchId] = useState(() => editing?.batchId || newBatchId());
  const [saving, setSaving] = useState(false);
  const [subtask, setSubtask] = useState('');
  const [subtasks, setSubtasks] = useState<{ key: string; title: string }[]>([]);
  const isSub = Boolean(parentId || editing?.parentId);

  const initial: Values = {
    title: editing?.title ?? '',
    description: editing?.description ?? '',
    priority: editing?.priority ?? 0,
    startTime: parseTime(editing?.startTime),
    dueTime: parseTime(editing?.dueTime),
    owner: editing ? [asPicked(editing.owner)] : [],
    participants: editing?.participants.map(asPicked) ?? [],
    labels: editing?.labelList.map((l) => l.labelId) ?? [],
  };

  const cancel = () => {
    void uploads.discard();
    onClose();
  };

  const addSubtask = () => {
    const title = subtask.trim();
    if (!title) return;
    setSubtasks([...subtasks, { key: newBatchId(), title }]);
    setSubtask('');
  };

  const submit = async () => {
    if (saving) return;
    const parsed = await validateWithSchema(form, taskSaveSchema, toInput, {
      ownerUserId: 'owner',
      participantIds: 'participants',
      labelIds: 'labels',
    });
    if (!parsed) return;
    setSaving(true);
    try {
      const input = toInput(form.getFieldsValue(true));
      // A step typed but not yet added with Enter is meant too.
      const steps = [...subtasks.map((s) => s.title), subtask].map((s) => s.trim()).filter(Boolean);
      const answer = await taskApi.save({
        ...input,
        taskId: editing?.taskId,
        parentId,
        batchId,
        subtasks: editing || parentId ? [] : steps.map((title) => ({ title })),
        removedFileIds: uploads.removed,
      });
      void uploads.saved();
      message.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['todo'] });
      onClose(answer.taskId);
    } catch {
      // the request layer showed the server's message
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      width={TASK_FORM_WIDTH}
      title={editing ? t('editTitle') : parentId ? t('addSubtask') : t('create')}
      onCancel={cancel}
      maskClosable={false}
      destroyOnHidden
      className="task-form"
      footer={[
        <Button key="cancel" onClick={cancel}>
          {t('cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={submit} data-testid="task-save">
          {t('save')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item name="title" label={t('taskTitle')} required>
          <Input maxLength={taskText.title.max} placeholder={t('titleTips')} autoFocus />
        </Form.Item>
        {!isSub && (
          <Form.Item name="description" label={t('description')}>
            <Input.TextArea rows={3} maxLength={taskText.description.max} showCount />
          </Form.Item>
        )}
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          {!isSub && (
            <Form.Item name="priority" label={t('priority')} style={{ minWidth: 120 }}>
              <Select options={taskPriorities.map((p) => ({ value: p, label: t(`priority${p}`) }))} />
            </Form.Item>
          )}
          {!isSub && (
            <Form.Item name="startTime" label={t('startTime')}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
            </Form.Item>
          )}
          <Form.Item name="dueTime" label={t('dueTime')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </div>
        <Form.Item name="owner" label={t('owner')} extra={t('ownerTips')}>
          <MemberSelect single title={t('owner')} placeholder={t('owner')} />
        </Form.Item>
        <Form.Item name="participants" label={t('participants')}>
          <MemberSelect title={t('participants')} placeholder={t('participants')} />
        </Form.Item>
        <Form.Item name="labels" label={t('labels')}>
          <LabelSelect />
        </Form.Item>
        {!isSub && (
          <Form.Item label={t('attachments')}>
            <UploadSessionProvider session={uploads}>
              <FileUploadList batchId={batchId} onBatchIdChange={setBatchId} />
            </UploadSessionProvider>
          </Form.Item>
        )}
        {!editing && !parentId && (
          <Form.Item label={t('subtasks')}>
            <div className="task-form__subtasks" data-testid="task-form-subtasks">
              {subtasks.map((s) => (
                <div key={s.key} className="task-form__subtask">
                  <Input value={s.title} readOnly />
                  <Button
                    aria-label={t('delete')}
                    icon={<DeleteOutlined />}
                    onClick={() => setSubtasks(subtasks.filter((x) => x.key !== s.key))}
                  />
                </div>
              ))}
              <div className="task-form__subtask">
                <Input
                  value={subtask}
                  maxLength={taskText.title.max}
                  placeholder={t('subtaskTips')}
                  onChange={(e) => setSubtask(e.target.value)}
                  onPressEnter={(e) => {
                    e.preventDefault();
                    addSubtask();
                  }}
                />
                <Button onClick={addSubtask} disabled={!subtask.trim()}>
                  {t('addSubtask')}
                </Button>
              </div>
            </div>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

import { noticeSaveSchema, noticeText } from '@crm/shared';
import { Button, DatePicker, Form, Input, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { DeptPicker } from '@/components/dept-picker';
import { newBatchId } from '@/components/dynamic-form';
import { validateWithSchema } from '@/components/form/zod-rules';
import { MemberSelect, type PickedDept, type PickedUser } from '@/components/member-picker';
import { RichTextEditor, useSaveRichDoc } from '@/components/rich-text';
import { parseTime, sendTime } from '@/shell/time';
import { type NoticeDetail, noticeApi, noticeKeys } from './api';
import { useNoticeMessages } from './messages';

type Values = {
  title: string;
  content: string;
  startTime: Dayjs | null;
  endTime: Dayjs | null;
  depts: PickedDept[];
  users: PickedUser[];
};

const toInput = (v: Record<string, unknown>) => {
  const values = v as Partial<Values>;
  return {
    title: values.title ?? '',
    content: values.content ?? '',
    startTime: sendTime(values.startTime),
    endTime: sendTime(values.endTime),
    deptIds: (values.depts ?? []).map((d) => d.id),
    userIds: (values.users ?? []).map((u) => u.userId),
  };
};

/** A department chooser as a form control: the chosen ones as tags, the picker popover to change them. */
function DeptField({ value = [], onChange }: { value?: PickedDept[]; onChange?: (v: PickedDept[]) => void }) {
  const t = useNoticeMessages();
  return (
    <div className="notice-depts" data-testid="notice-depts">
      {value.map((d) => (
        <Tag key={d.id} closable onClose={() => onChange?.(value.filter((x) => x.id !== d.id))}>
          {d.name}
        </Tag>
      ))}
      <DeptPicker value={value} onConfirm={(v) => onChange?.(v)}>
        <Button size="small" data-testid="notice-choose-depts">
          {t('chooseDepts')}
        </Button>
      </DeptPicker>
    </div>
  );
}

/**
 * 发布公告 / 编辑公告: title, rich-text content, the publish window and the recipients. One
 * batch per open form (its images and attachments; a double click answers the same notice);
 * a new notice's text is kept as a local draft until it is published.
 */
export function NoticeForm({ editing, onDone }: { editing?: NoticeDetail; onDone: (id?: number) => void }) {
  const t = useNoticeMessages();
  const [form] = Form.useForm<Values>();
  const [batchId] = useState(() => editing?.batchId || newBatchId());
  const draftKey = editing ? `notice-${editing.announcementId}` : 'notice-new';

  const initial: Values = {
    title: editing?.title ?? '',
    content: editing?.content ?? '',
    startTime: parseTime(editing?.startTime),
    endTime: parseTime(editing?.endTime),
    depts: editing?.depts.map((d) => ({ id: d.deptId, name: d.name })) ?? [],
    users: editing?.users.map((u) => ({ userId: u.userId, realname: u.realname, img: u.img })) ?? [],
  };

  const { saving, submit } = useSaveRichDoc({
    validate: () => validateWithSchema(form, noticeSaveSchema, toInput, { deptIds: 'depts', userIds: 'users' }),
    save: () =>
      noticeApi.save({
        ...toInput(form.getFieldsValue(true)),
        announcementId: editing?.announcementId,
        batchId,
      }),
    draftKey,
    savedMessage: t('saved'),
    refresh: [noticeKeys.all, ['todo']],
    onSaved: (answer) => onDone(answer.announcementId),
  });

  return (
    <Form form={form} layout="vertical" initialValues={initial} className="notice-form" data-testid="notice-form">
      <Form.Item name="title" label={t('noticeTitle')} required>
        <Input maxLength={noticeText.title.max} autoFocus data-testid="notice-title" />
      </Form.Item>
      <Form.Item name="content" label={t('content')} required>
        <RichTextEditor batchId={batchId} draftKey={draftKey} testId="notice-content" />
      </Form.Item>
      <div className="notice-form__row">
        <Form.Item name="startTime" label={t('startTime')} extra={t('startTips')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="endTime" label={t('endTime')} extra={t('endTips')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
      </div>
      <Form.Item name="depts" label={t('depts')} extra={t('recipientsTips')}>
        <DeptField />
      </Form.Item>
      <Form.Item name="users" label={t('users')}>
        <MemberSelect title={t('users')} placeholder={t('users')} />
      </Form.Item>
      <div className="notice-form__actions">
        <Button onClick={() => onDone()}>{t('cancel')}</Button>
        <Button type="primary" loading={saving} onClick={submit} data-testid="notice-save">
          {t('save')}
        </Button>
      </div>
    </Form>
  );
}

import { BannerMsg, type BannerRow, isBannerLink } from '@crm/shared';
import { App, DatePicker, Form, Input, Modal, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { FileUploadList, UploadSessionProvider, useUploadSession } from '@/components/upload';
import { call } from '@/shell/call';
import { parseTime, sendTime } from '@/shell/time';
import { useBannerMessages } from './messages';

type Values = { title: string; link: string; startTime: Dayjs | null; endTime: Dayjs | null; enabled: boolean };

/** Add or edit one banner: its one image goes into the banner's upload batch. */
export function BannerForm({ row, onClose, onSaved }: { row?: BannerRow; onClose: () => void; onSaved: () => void }) {
  const t = useBannerMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const uploads = useUploadSession();
  const [batchId] = useState(() => row?.batchId || newBatchId());
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    // The form shows its own messages; an invalid form sends nothing.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await call(
        '/workbench/banner/save',
        {
          ...(row ? { bannerId: row.bannerId } : {}),
          title: v.title,
          link: v.link ?? '',
          batchId,
          startTime: sendTime(v.startTime),
          endTime: sendTime(v.endTime),
          enabled: v.enabled,
          removedFileIds: uploads.removed,
        },
        { json: true },
      );
      await uploads.saved();
      message.success(t('saved'));
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  const cancel = async () => {
    await uploads.discard();
    onClose();
  };

  return (
    <Modal
      open
      title={row ? t('edit') : t('add')}
      onOk={submit}
      onCancel={cancel}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          title: row?.title ?? '',
          link: row?.link ?? '',
          startTime: parseTime(row?.startTime),
          endTime: parseTime(row?.endTime),
          enabled: row?.enabled ?? true,
        }}
      >
        <Form.Item
          name="title"
          label={t('name')}
          rules={[{ required: true, whitespace: true, message: BannerMsg.titleRequired }, { max: 50 }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="link"
          label={t('link')}
          extra={t('linkHelp')}
          rules={[
            {
              validator: (_, v: string | undefined) =>
                isBannerLink((v ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(BannerMsg.linkInvalid)),
            },
          ]}
        >
          <Input maxLength={300} placeholder="/workbench/notice" />
        </Form.Item>
        <Form.Item name="startTime" label={t('startTime')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="endTime"
          label={t('endTime')}
          dependencies={['startTime']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, end: Dayjs | null) => {
                const start = getFieldValue('startTime') as Dayjs | null;
                return !start || !end || end.isAfter(start)
                  ? Promise.resolve()
                  : Promise.reject(new Error(BannerMsg.periodInvalid));
              },
            }),
          ]}
        >
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={t('image')} required>
          <UploadSessionProvider session={uploads}>
            <FileUploadList batchId={batchId} type="img" />
          </UploadSessionProvider>
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { clinicApi } from './api';
import { useClinicExamineMessages } from './messages';

/** 同意 or 拒绝 with remarks (the engine requires them on a rejection); the server's message shows on a refusal. */
export function DecideDialog({
  recordId,
  status,
  onDone,
  onCancel,
}: {
  recordId: number;
  status: 1 | 2;
  onDone: () => void;
  onCancel: () => void;
}) {
  const t = useClinicExamineMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ remarks?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { remarks = '' } = await form.validateFields();
    setBusy(true);
    try {
      await clinicApi.audit(recordId, status, remarks.trim());
      message.success(t('done'));
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={status === 1 ? t('approve') : t('reject')}
      okText={status === 1 ? t('approve') : t('reject')}
      okButtonProps={{ danger: status === 2, loading: busy }}
      onOk={() => void submit().catch(() => {})}
      onCancel={onCancel}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="remarks"
          label={t('remarks')}
          rules={status === 2 ? [{ required: true, whitespace: true, message: t('remarksRequired') }] : []}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import type { Visit } from '@crm/shared';
import { Form, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { visitApi } from '@/booking/api';
import { useVisitMessages } from '@/booking/messages';
import { UserSelect } from '@/booking/pickers';

/** 分诊 / 改派: consultant (the rotation's suggestion prefilled for a first assignment) and doctor. */
export function AssignForm({
  visit,
  storeId,
  onClose,
  onSaved,
}: {
  visit: Visit | null;
  storeId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useVisitMessages();
  const [form] = Form.useForm<{ consultantId: number; doctorId: number | null }>();
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!visit) return;
    form.setFieldsValue({ consultantId: visit.consultantId ?? undefined, doctorId: visit.doctorId });
    setSuggestion(null);
    if (visit.consultantId !== null) return;
    let stale = false;
    visitApi
      .suggest(storeId)
      .then((s) => {
        if (stale || s.userId === null) return;
        setSuggestion(s.realname);
        if (!form.getFieldValue('consultantId')) form.setFieldValue('consultantId', s.userId);
      })
      .catch(() => {});
    return () => {
      stale = true;
    };
  }, [visit, storeId, form]);

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await visitApi.assign({ visitId: visit!.visitId, consultantId: v.consultantId, doctorId: v.doctorId ?? null });
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={visit !== null}
      title={`${visit?.consultantId ? t('reassign') : t('assign')} · ${visit?.customerName ?? ''}`}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void save().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
    >
      {suggestion && (
        <Typography.Paragraph type="secondary">{t('suggested', { name: suggestion })}</Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" name="assign">
        <Form.Item name="consultantId" label={t('consultant')} rules={[{ required: true, message: t('consultant') }]}>
          <UserSelect label={t('consultant')} />
        </Form.Item>
        <Form.Item name="doctorId" label={t('doctor')}>
          <UserSelect label={t('doctor')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Button, Card, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { newBatchId } from '@/booking/api';
import { witnessApi } from './api';
import { useWitnessMessages } from './messages';

type ConsultValues = { items: string; deal: 1 | 2; noDealReason?: string; content?: string };

/**
 * 面诊记录: items discussed, 成交 or 未成交 (then why), a free note. One batch id per filled form,
 * so a double click saves one note; a new batch after each save.
 */
export function ConsultForm({ visitId, onSaved }: { visitId: number; onSaved: () => void }) {
  const t = useWitnessMessages();
  const [form] = Form.useForm<ConsultValues>();
  const [batchId, setBatchId] = useState(newBatchId);
  const [saving, setSaving] = useState(false);
  const deal = Form.useWatch('deal', form);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await witnessApi.consult({ visitId, ...v, batchId });
      form.resetFields();
      setBatchId(newBatchId());
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card size="small" title={t('consult')}>
      <Form form={form} layout="vertical" name="witness-consult" initialValues={{ deal: 1 }}>
        <Form.Item
          name="items"
          label={t('items')}
          rules={[{ required: true, whitespace: true, message: t('itemsRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="deal" label={t('deal')}>
          <Radio.Group
            options={[
              { value: 1, label: t('dealYes') },
              { value: 2, label: t('dealNo') },
            ]}
          />
        </Form.Item>
        {deal === 2 && (
          <Form.Item
            name="noDealReason"
            label={t('noDealReason')}
            rules={[{ required: true, whitespace: true, message: t('noDealReasonRequired') }]}
          >
            <Input maxLength={200} />
          </Form.Item>
        )}
        <Form.Item name="content" label={t('content')}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Button type="primary" loading={saving} onClick={() => void save().catch(() => {})}>
          {t('saveConsult')}
        </Button>
      </Form>
    </Card>
  );
}

/** 医生记录: the visit's doctor writes it (once per batch, as above). */
export function DoctorNoteForm({ visitId, onSaved }: { visitId: number; onSaved: () => void }) {
  const t = useWitnessMessages();
  const [form] = Form.useForm<{ content: string }>();
  const [batchId, setBatchId] = useState(newBatchId);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await witnessApi.doctorNote({ visitId, content: v.content, batchId });
      form.resetFields();
      setBatchId(newBatchId());
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card size="small" title={t('doctorNote')}>
      <Form form={form} layout="vertical" name="witness-doctor">
        <Form.Item name="content" rules={[{ required: true, whitespace: true, message: t('doctorNoteRequired') }]}>
          <Input.TextArea rows={3} maxLength={1000} aria-label={t('doctorNote')} />
        </Form.Item>
        <Button type="primary" loading={saving} onClick={() => void save().catch(() => {})}>
          {t('saveDoctorNote')}
        </Button>
      </Form>
    </Card>
  );
}

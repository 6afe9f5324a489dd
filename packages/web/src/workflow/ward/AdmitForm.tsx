import type { Bed, PayMethod } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { UserSelect, useCodeNames } from '@/booking/pickers';
import { newBatchId } from '@/components/dynamic-form';
import { wardApi, wardKeys } from './api';
import { useWardMessages } from './messages';

type Values = {
  visitId: number;
  doctorId: number;
  nurseId: number;
  expectedDays: number;
  deposit?: string;
  depositMethod: PayMethod;
  remark?: string;
};

/** 办理入院: a paid visit of the store into this bed, with doctor, nurse, expected days and a deposit. */
export function AdmitForm({
  bed,
  storeId,
  onClose,
  onSaved,
}: {
  bed: Bed | null;
  storeId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useWardMessages();
  const names = useCodeNames();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  // One batch per opened form: a double click admits once.
  const [batchId, setBatchId] = useState(newBatchId);
  const visits = useQuery({
    queryKey: wardKeys.candidates(storeId),
    queryFn: () => wardApi.candidates(storeId),
    enabled: bed !== null,
  });

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const deposit = v.deposit?.trim() ? [{ method: v.depositMethod, amount: v.deposit.trim() }] : [];
      await wardApi.admit({
        bedId: bed!.bedId,
        visitId: v.visitId,
        doctorId: v.doctorId,
        nurseId: v.nurseId,
        expectedDays: v.expectedDays,
        deposit,
        remark: v.remark ?? '',
        batchId,
      });
      setBatchId(newBatchId());
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  const required = (label: string) => [{ required: true, message: t('required', { label }) }];
  return (
    <Modal
      open={bed !== null}
      title={t('admitTitle', { bed: bed ? `${bed.room} ${bed.number}` : '' })}
      okText={t('admit')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void save().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="admit" initialValues={{ expectedDays: 3, depositMethod: 'cash' }}>
        <Form.Item name="visitId" label={t('visit')} extra={t('visitHint')} rules={required(t('visit'))}>
          <Select
            aria-label={t('visit')}
            showSearch={{ optionFilterProp: 'label' }}
            loading={visits.isLoading}
            options={(visits.data ?? []).map((v) => ({
              value: v.visitId,
              label: `${v.customerName} · ${names.visitStatus[v.status]}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="doctorId" label={t('doctor')} rules={required(t('doctor'))}>
          <UserSelect label={t('doctor')} />
        </Form.Item>
        <Form.Item name="nurseId" label={t('nurse')} rules={required(t('nurse'))}>
          <UserSelect label={t('nurse')} />
        </Form.Item>
        <Form.Item name="expectedDays" label={t('expectedDays')} rules={required(t('expectedDays'))}>
          <InputNumber aria-label={t('expectedDays')} min={1} max={365} precision={0} />
        </Form.Item>
        <Form.Item name="deposit" label={t('deposit')} extra={t('depositHint')}>
          <Input aria-label={t('deposit')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="depositMethod" label={t('depositMethod')}>
          <Select
            aria-label={t('depositMethod')}
            options={(['cash', 'wechat', 'alipay', 'card'] as const).map((m) => ({ value: m, label: t(m) }))}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea aria-label={t('remark')} maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

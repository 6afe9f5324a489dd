import { agencySaveListSchema, agencyText, agencyTypes, customerKind } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { validateWithSchema } from '@/components/form/zod-rules';
import { MemberSelect, type PickedUser } from '@/components/member-picker';
import { type PickedRecord, RelationPicker } from '@/components/record-picker';
import { useLang } from '@/i18n';
import { sendTime } from '@/shell/time';
import { agencyApi, agencyKeys } from './api';
import { useAgencyMessages } from './messages';

type Values = {
  customers: PickedRecord[];
  user: PickedUser[];
  typeCode: number | undefined;
  content: string;
  deadline: Dayjs | null;
};

const toInput = (raw: Record<string, unknown>) => {
  const v = raw as Partial<Values>;
  return {
    customerIds: (v.customers ?? []).map((c) => c.id),
    userId: v.user?.[0]?.userId,
    typeCode: v.typeCode,
    content: v.content ?? '',
    deadline: sendTime(v.deadline),
  };
};

/** 分配回访任务: customers I may see, one advisor, the type, what to do and by when. */
export function AssignForm({ onClose }: { onClose: () => void }) {
  const t = useAgencyMessages();
  const { lang } = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [batchId] = useState(newBatchId);
  const [saving, setSaving] = useState(false);
  const customers = Form.useWatch('customers', form) ?? [];

  const submit = async () => {
    if (saving) return;
    const parsed = await validateWithSchema(form, agencySaveListSchema, toInput, {
      customerIds: 'customers',
      userId: 'user',
    });
    if (!parsed) return;
    setSaving(true);
    try {
      await agencyApi.saveList({ ...toInput(form.getFieldsValue(true)), batchId });
      message.success(t('done'));
      void queryClient.invalidateQueries({ queryKey: agencyKeys.all });
      onClose();
    } catch {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={700}
      title={t('assign')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={submit} data-testid="agency-save">
          {t('save')}
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ customers: [], user: [], typeCode: 1, content: '', deadline: null }}
      >
        <Form.Item name="customers" label={t('customer')} required>
          <RelationPicker
            kind={customerKind}
            prefix="CrmCustomer"
            value={customers}
            onChange={(v) => form.setFieldValue('customers', v)}
          >
            <Button>{customers.length ? customers.map((c) => c.name).join('、') : t('chooseCustomers')}</Button>
          </RelationPicker>
        </Form.Item>
        <Form.Item name="user" label={t('assignee')} required>
          <MemberSelect single title={t('assignee')} placeholder={t('assignee')} />
        </Form.Item>
        <Form.Item name="typeCode" label={t('type')} required>
          <Select options={agencyTypes.map((a) => ({ value: a.code, label: lang === 'en' ? a.nameEn : a.name }))} />
        </Form.Item>
        <Form.Item name="content" label={t('content')} required>
          <Input.TextArea rows={3} maxLength={agencyText.content.max} showCount />
        </Form.Item>
        <Form.Item name="deadline" label={t('deadline')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

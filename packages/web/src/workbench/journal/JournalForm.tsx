import { authHas, customerKind, logSaveSchema } from '@crm/shared';
import { Button, Form, Modal, Radio, Tag } from 'antd';
import { useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { validateWithSchema } from '@/components/form/zod-rules';
import { MemberSelect, type PickedUser } from '@/components/member-picker';
import { type PickedRecord, RelationPicker } from '@/components/record-picker';
import { RichTextEditor, useSaveRichDoc } from '@/components/rich-text';
import { FileUploadList, UploadSessionProvider, useUploadSession } from '@/components/upload';
import { useSession } from '@/shell/session';
import { journalApi, journalKeys, type LogDetail } from './api';
import { useJournalMessages } from './messages';
import { usePartLabels } from './parts';

type Values = {
  categoryId: number;
  content: string;
  tomorrow: string;
  question: string;
  sendUsers: PickedUser[];
  customers: PickedRecord[];
};

const toInput = (v: Record<string, unknown>) => {
  const values = v as Partial<Values>;
  return {
    categoryId: values.categoryId ?? 1,
    content: values.content ?? '',
    tomorrow: values.tomorrow ?? '',
    question: values.question ?? '',
    sendUserIds: (values.sendUsers ?? []).map((u) => u.userId),
    customerIds: (values.customers ?? []).map((c) => c.id),
  };
};

function CustomerField({ value = [], onChange }: { value?: PickedRecord[]; onChange?: (v: PickedRecord[]) => void }) {
  const t = useJournalMessages();
  return (
    <div className="journal-customers">
      {value.map((c) => (
        <Tag key={c.id} closable onClose={() => onChange?.(value.filter((x) => x.id !== c.id))}>
          {c.name}
        </Tag>
      ))}
      <RelationPicker kind={customerKind} prefix="CrmCustomer" value={value} onChange={(v) => onChange?.(v)}>
        <Button size="small" data-testid="journal-link-customer">
          {t('linkCustomer')}
        </Button>
      </RelationPicker>
    </div>
  );
}

/**
 * 写日志 / 编辑日志: the kind, the three rich-text parts, the people it goes to, linked customers
 * and attachments. One batch per open form (a double click answers the same log); a new log's
 * first part is kept as a local draft until it is sent.
 */
export function JournalForm({ editing, onClose }: { editing?: LogDetail; onClose: (logId?: number) => void }) {
  const t = useJournalMessages();
  const parts = usePartLabels();
  const { auth } = useSession();
  const [form] = Form.useForm<Values>();
  const uploads = useUploadSession();
  const [batchId, setBatchId] = useState(() => editing?.batchId || newBatchId());
  const category = Form.useWatch('categoryId', form) ?? editing?.categoryId ?? 1;
  const labels = parts(category);
  const draftKey = editing ? `log-${editing.logId}` : 'log-new';
  const canLinkCustomers = authHas(auth, 'crm.customer.index');

  const initial: Values = {
    categoryId: editing?.categoryId ?? 1,
    content: editing?.content ?? '',
    tomorrow: editing?.tomorrow ?? '',
    question: editing?.question ?? '',
    sendUsers: editing?.sendUsers.map((u) => ({ userId: u.userId, realname: u.realname, img: u.img })) ?? [],
    customers: editing?.customers.map((c) => ({ id: c.customerId, name: c.customerName })) ?? [],
  };

  const cancel = () => {
    void uploads.discard();
    onClose();
  };

  const { saving, submit } = useSaveRichDoc({
    validate: () =>
      validateWithSchema(form, logSaveSchema, toInput, { sendUserIds: 'sendUsers', customerIds: 'customers' }),
    save: () =>
      journalApi.save({
        ...toInput(form.getFieldsValue(true)),
        logId: editing?.logId,
        batchId,
        removedFileIds: uploads.removed,
      }),
    draftKey,
    savedMessage: t('saved'),
    refresh: [journalKeys.all],
    uploads,
    onSaved: (answer) => onClose(answer.logId),
  });

  return (
    <Modal
      open
      width={860}
      title={editing ? t('editTitle') : t('create')}
      onCancel={cancel}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={cancel}>
          {t('cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={submit} data-testid="journal-save">
          {t('save')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} data-testid="journal-form">
        <Form.Item name="categoryId" label={t('category')}>
          <Radio.Group
            optionType="button"
            options={[1, 2, 3].map((c) => ({ value: c, label: t(`category${c as 1 | 2 | 3}`) }))}
          />
        </Form.Item>
        <Form.Item name="content" label={labels.content} required>
          <RichTextEditor batchId={batchId} draftKey={draftKey} testId="journal-content" minHeight={180} />
        </Form.Item>
        <Form.Item name="tomorrow" label={labels.tomorrow}>
          <RichTextEditor batchId={batchId} testId="journal-tomorrow" minHeight={100} />
        </Form.Item>
        <Form.Item name="question" label={labels.question}>
          <RichTextEditor batchId={batchId} testId="journal-question" minHeight={100} />
        </Form.Item>
        <Form.Item name="sendUsers" label={t('sendUsers')}>
          <MemberSelect title={t('sendUsers')} placeholder={t('sendUsers')} />
        </Form.Item>
        {canLinkCustomers && (
          <Form.Item name="customers" label={t('customers')}>
            <CustomerField />
          </Form.Item>
        )}
        <Form.Item label={t('attachments')}>
          <UploadSessionProvider session={uploads}>
            <FileUploadList batchId={batchId} onBatchIdChange={setBatchId} />
          </UploadSessionProvider>
        </Form.Item>
      </Form>
    </Modal>
  );
}

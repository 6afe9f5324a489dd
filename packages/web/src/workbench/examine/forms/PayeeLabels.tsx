import { BANK_LOOKUP_MIN, bankLabelSaveSchema } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, List, Modal, Popconfirm, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formKeys, formsApi } from './api';
import { useFormsMessages } from './messages';
import { issueAt } from './schema-rules';

export type PayeeLabel = { id: number; payee: string; bankCard: string; bankOfDeposit: string };
type Draft = { id?: number; payee?: string; bankCard?: string; bankOfDeposit?: string };

/** A rule from the shared label schema (each of the three longer than one character). */
const labelRule = (key: 'payee' | 'bankCard' | 'bankOfDeposit') => ({
  validator: async (_: unknown, value: unknown) => {
    const msg = issueAt(bankLabelSaveSchema.shape[key], value ?? '', []);
    if (msg) throw new Error(msg);
  },
});

/** Add or edit a label; the bank is looked up from the card number (10 or more digits). */
function LabelEditor({ label, onClose }: { label: Draft | null; onClose: () => void }) {
  const t = useFormsMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Draft>();
  const [saving, setSaving] = useState(false);
  const [bank, setBank] = useState<string | null>(null);
  useEffect(() => {
    if (label) {
      form.resetFields();
      form.setFieldsValue(label);
      setBank(null);
    }
  }, [label, form]);

  const lookUp = async (card: string) => {
    const digits = card.replace(/\s+/g, '');
    if (digits.length < BANK_LOOKUP_MIN || !/^\d+$/.test(digits)) return setBank(null);
    try {
      const { bankName } = await formsApi.bankName(digits);
      setBank(bankName);
      if (bankName && !form.getFieldValue('bankOfDeposit')) form.setFieldValue('bankOfDeposit', bankName);
    } catch {
      setBank(null);
    }
  };

  const save = async () => {
    let values: Draft;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await formsApi.saveBankLabel({
        id: label?.id,
        payee: values.payee ?? '',
        bankCard: values.bankCard ?? '',
        bankOfDeposit: values.bankOfDeposit ?? '',
      });
      message.success(res.msg);
      await queryClient.invalidateQueries({ queryKey: formKeys.bankLabels });
      onClose();
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={label !== null}
      title={label?.id ? t('editLabel') : t('addLabel')}
      onCancel={onClose}
      onOk={save}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      destroyOnHidden
      width={440}
    >
      <Form form={form} layout="vertical" name="payee-label" autoComplete="off">
        <Form.Item name="payee" label={t('payee')} required rules={[labelRule('payee')]}>
          <Input maxLength={50} aria-label={t('payee')} />
        </Form.Item>
        <Form.Item
          name="bankCard"
          label={t('bankCard')}
          required
          rules={[labelRule('bankCard')]}
          extra={bank ? t('bankFound', { name: bank }) : undefined}
        >
          <Input maxLength={30} aria-label={t('bankCard')} onChange={(e) => void lookUp(e.target.value)} />
        </Form.Item>
        <Form.Item name="bankOfDeposit" label={t('bankOfDeposit')} required rules={[labelRule('bankOfDeposit')]}>
          <Input maxLength={50} aria-label={t('bankOfDeposit')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The payee-label management dialog: list, add, edit, delete, and (from a payment line) use. */
export function PayeeLabelsDialog({
  open,
  onClose,
  onUse,
}: {
  open: boolean;
  onClose: () => void;
  onUse?: (label: PayeeLabel) => void;
}) {
  const t = useFormsMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const labels = useQuery({ queryKey: formKeys.bankLabels, queryFn: formsApi.bankLabels, enabled: open });
  const [editing, setEditing] = useState<Draft | null>(null);

  const remove = async (id: number) => {
    try {
      const res = await formsApi.removeBankLabel(id);
      message.success(res.msg);
      await queryClient.invalidateQueries({ queryKey: formKeys.bankLabels });
    } catch {
      // shown by the request layer
    }
  };

  return (
    <>
      <Modal
        open={open}
        title={t('labelsTitle')}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={() => setEditing({})} data-testid="payee-label-add">
            {t('addLabel')}
          </Button>
        }
        width={560}
      >
        <List
          loading={labels.isLoading}
          dataSource={labels.data ?? []}
          locale={{ emptyText: <Empty description={t('noLabels')} /> }}
          data-testid="payee-label-list"
          renderItem={(l) => (
            <List.Item
              actions={[
                ...(onUse
                  ? [
                      <Button key="use" type="link" size="small" onClick={() => onUse(l)}>
                        {t('use')}
                      </Button>,
                    ]
                  : []),
                <Button key="edit" type="link" size="small" onClick={() => setEditing(l)}>
                  {t('edit')}
                </Button>,
                <Popconfirm key="remove" title={t('removeConfirm')} onConfirm={() => remove(l.id)}>
                  <Button type="link" size="small" danger>
                    {t('remove')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{l.payee}</Typography.Text>
                <Typography.Text type="secondary">
                  {l.bankCard} · {l.bankOfDeposit}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      </Modal>
      <LabelEditor label={editing} onClose={() => setEditing(null)} />
    </>
  );
}

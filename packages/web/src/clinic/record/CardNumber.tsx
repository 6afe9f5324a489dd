import { EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { visitApi } from '@/booking/api';
import { useVisitMessages } from '@/booking/messages';
import { orderKeys, ordersApi } from '@/clinic/orders/api';

/**
 * 会员卡号 (issue 23) in the archive's header: the card, and 修改 for who may edit the customer
 * (the server checks the permission and the data scope again). Blank clears the card.
 */
export function CardNumber({ customerId, editable }: { customerId: number; editable: boolean }) {
  const t = useVisitMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const account = useQuery({ queryKey: orderKeys.account(customerId), queryFn: () => ordersApi.account(customerId) });
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ cardNumber: string }>();
  const card = account.data?.cardNumber ?? null;

  const save = async () => {
    const { cardNumber } = await form.validateFields();
    setSaving(true);
    try {
      await visitApi.setCardNumber(customerId, cardNumber ?? '');
      await queryClient.invalidateQueries({ queryKey: orderKeys.account(customerId) });
      message.success(t('cardSaved'));
      setOpen(false);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space size={4} data-testid="card-number">
      <Tag color={card ? 'gold' : 'default'}>{card ? `${t('cardNumber')} ${card}` : t('noCard')}</Tag>
      {editable && (
        <Button
          size="small"
          type="text"
          icon={<EditOutlined />}
          aria-label={t('editCard')}
          onClick={() => {
            form.setFieldsValue({ cardNumber: card ?? '' });
            setOpen(true);
          }}
        />
      )}
      <Modal
        open={open}
        title={t('editCard')}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        onOk={() => void save().catch(() => {})}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name="cardNumber">
          <Form.Item
            name="cardNumber"
            label={t('cardNumber')}
            rules={[{ pattern: /^\s*[A-Za-z0-9-]{0,32}\s*$/, message: t('cardInvalid') }]}
          >
            <Input maxLength={32} placeholder={t('cardHint')} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { newBatchId, visitApi } from '@/booking/api';
import { useVisitMessages } from '@/booking/messages';
import { CustomerSelect, useCodeNames } from '@/booking/pickers';

type Created = { customerId: number; customerName: string; mobile: string };

/**
 * 散客登记: find the customer (name, pinyin, phone) or quick-create one through the customer
 * save rules (name, phone, sex, source shop, its service level, ID card; a 会员卡号 on the clinic
 * account, or found by one: `CustomerSelect byCard`); the visit type is
 * prefilled from the customer's history.
 */
export function WalkInForm({
  open,
  storeId,
  onClose,
  onSaved,
}: {
  open: boolean;
  storeId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useVisitMessages();
  const names = useCodeNames();
  const [form] = Form.useForm<{ customerId: number; visitType: number; remark: string }>();
  const [quick] = Form.useForm<{
    customerName: string;
    mobile: string;
    gender: number;
    shopOwnerId: number;
    relation: string;
    idCard: string;
    cardNumber?: string;
  }>();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [shopSearch, setShopSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const batch = useRef(newBatchId());
  const customerId = Form.useWatch('customerId', form);
  const shops = useQuery({
    queryKey: ['visits', 'shops', shopSearch],
    queryFn: () => visitApi.searchShop(shopSearch),
    enabled: creating,
  });

  useEffect(() => {
    if (!open) return;
    batch.current = newBatchId();
    form.resetFields();
    quick.resetFields();
    setCreated(null);
    setCreating(false);
  }, [open, form, quick]);

  // The history's suggestion whenever the customer changes.
  useEffect(() => {
    if (!customerId) return;
    let stale = false;
    visitApi
      .visitType(customerId)
      .then((r) => !stale && form.setFieldValue('visitType', r.visitType))
      .catch(() => {});
    return () => {
      stale = true;
    };
  }, [customerId, form]);

  const createCustomer = async () => {
    const { cardNumber, ...v } = await quick.validateFields();
    const card = cardNumber?.trim() ?? '';
    // A card someone holds stops the create before a customer exists (the server checks again on saving it).
    if (card && (await visitApi.byCard(card))) {
      quick.setFields([{ name: 'cardNumber', errors: [t('cardTaken')] }]);
      return;
    }
    const res = await visitApi.createCustomer({ ...v, hasOldCustomer: false });
    const made = { customerId: res.id, customerName: v.customerName, mobile: v.mobile };
    setCreated(made);
    setCreating(false);
    form.setFieldValue('customerId', made.customerId);
    // The customer exists whatever the card's answer: a refusal (taken meanwhile) is shown by the
    // request layer and the card can be given on the archive.
    if (card) await visitApi.setCardNumber(res.id, card).catch(() => {});
  };

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await visitApi.walkIn({
        customerId: v.customerId,
        storeId,
        visitType: v.visitType,
        remark: v.remark ?? '',
        batchId: batch.current,
      });
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('walkIn')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void save().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="walkIn">
        <Form.Item label={t('findOrCreate')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="customerId" noStyle rules={[{ required: true, message: t('customerRequired') }]}>
              <CustomerSelect initial={created} byCard />
            </Form.Item>
            <Button onClick={() => setCreating((c) => !c)}>{t('quickCreate')}</Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="visitType" label={t('visitType')}>
          <Select options={Object.entries(names.visitType).map(([k, label]) => ({ value: Number(k), label }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
      {creating && (
        <>
          <Divider>{t('quickCreate')}</Divider>
          <Form form={quick} layout="vertical" name="quickCustomer" initialValues={{ gender: 2 }}>
            <Form.Item name="customerName" label={t('name')} rules={[{ required: true, message: t('name') }]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="mobile" label={t('mobile')} rules={[{ required: true, message: t('mobile') }]}>
              <Input maxLength={11} />
            </Form.Item>
            <Form.Item name="gender" label={t('gender')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('male') },
                  { value: 2, label: t('female') },
                ]}
              />
            </Form.Item>
            <Form.Item name="shopOwnerId" label={t('shop')} rules={[{ required: true, message: t('shop') }]}>
              <Select
                showSearch={{ filterOption: false, onSearch: setShopSearch }}
                placeholder={t('shopSearch')}
                options={(shops.data ?? []).map((s) => ({ value: s.shopId, label: s.shopName }))}
                onChange={(id) => {
                  const shop = shops.data?.find((s) => s.shopId === id);
                  if (shop?.relation) quick.setFieldValue('relation', shop.relation);
                }}
              />
            </Form.Item>
            <Form.Item name="relation" label={t('relation')} rules={[{ required: true, message: t('relation') }]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="idCard" label={t('idCard')} rules={[{ required: true, message: t('idCard') }]}>
              <Input maxLength={18} />
            </Form.Item>
            <Form.Item
              name="cardNumber"
              label={t('cardNumber')}
              rules={[{ pattern: /^\s*[A-Za-z0-9-]{0,32}\s*$/, message: t('cardInvalid') }]}
            >
              <Input maxLength={32} placeholder={t('cardHint')} />
            </Form.Item>
            <Button type="primary" onClick={() => void createCustomer().catch(() => {})}>
              {t('quickCreate')}
            </Button>
          </Form>
        </>
      )}
    </Modal>
  );
}

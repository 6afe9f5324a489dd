import type { BookingSettings, DeptNode } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, InputNumber, Modal, Select, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { fetchDeptTree } from '@/components/member-picker';
import { visitApi } from './api';
import { useVisitMessages } from './messages';

type Values = {
  storeId: number;
  hours: [Dayjs, Dayjs];
  slotMinutes: number;
  doubleBooking: boolean;
  rooms: string[];
};

const flatten = (nodes: DeptNode[]): { id: number; name: string }[] =>
  nodes.flatMap((n) => [{ id: n.id, name: n.name }, ...flatten(n.children ?? [])]);

/**
 * 门店设置 (`oa:booking:settings`): a store's hours, slot length, double booking and rooms; choosing
 * another department opens it as a store.
 */
export function StoreSettingsForm({
  open,
  store,
  onClose,
  onSaved,
}: {
  open: boolean;
  store: BookingSettings | null;
  onClose: () => void;
  onSaved: (storeId: number) => void;
}) {
  const t = useVisitMessages();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const depts = useQuery({ queryKey: ['visits', 'depts'], queryFn: fetchDeptTree, enabled: open });
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      storeId: store?.storeId,
      hours: [dayjs(`2000-01-01 ${store?.opening ?? '09:00'}`), dayjs(`2000-01-01 ${store?.closing ?? '18:00'}`)],
      slotMinutes: store?.slotMinutes ?? 30,
      doubleBooking: store?.doubleBooking ?? false,
      rooms: store?.rooms ?? [],
    });
  }, [open, store, form]);

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const saved = await visitApi.saveSettings({
        storeId: v.storeId,
        opening: v.hours[0].format('HH:mm'),
        closing: v.hours[1].format('HH:mm'),
        slotMinutes: v.slotMinutes,
        doubleBooking: v.doubleBooking,
        rooms: v.rooms ?? [],
      });
      onSaved(saved.storeId);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('storeSettings')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void save().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="storeSettings">
        <Form.Item name="storeId" label={t('store')} rules={[{ required: true, message: t('store') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={depts.isLoading}
            options={flatten(depts.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          />
        </Form.Item>
        <Form.Item name="hours" label={t('hours')} rules={[{ required: true, message: t('hours') }]}>
          <TimePicker.RangePicker format="HH:mm" minuteStep={5} order />
        </Form.Item>
        <Form.Item name="slotMinutes" label={t('slotMinutes')}>
          <InputNumber min={5} max={240} step={5} />
        </Form.Item>
        <Form.Item name="doubleBooking" label={t('doubleBooking')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="rooms" label={t('rooms')}>
          <Select mode="tags" tokenSeparators={[',', '，']} open={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

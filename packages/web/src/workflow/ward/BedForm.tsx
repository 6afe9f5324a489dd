import type { Bed } from '@crm/shared';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { wardApi } from './api';
import { useWardMessages } from './messages';

/** Add or edit a bed of one of the store's rooms (the stores' settings holder). */
export function BedForm({
  open,
  bed,
  storeId,
  rooms,
  onClose,
  onSaved,
}: {
  open: boolean;
  bed: Bed | null;
  storeId: number;
  rooms: string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useWardMessages();
  const [form] = Form.useForm<{ room: string; number: string; remark?: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open)
      form.setFieldsValue(bed ? { room: bed.room, number: bed.number, remark: bed.remark } : { room: rooms[0] });
  }, [open, bed, rooms, form]);

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await wardApi.saveBed({ bedId: bed?.bedId, storeId, room: v.room, number: v.number, remark: v.remark ?? '' });
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={bed ? t('editBed') : t('addBed')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void save().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="bed">
        <Form.Item
          name="room"
          label={t('room')}
          rules={[{ required: true, message: t('required', { label: t('room') }) }]}
        >
          <Select aria-label={t('room')} options={rooms.map((r) => ({ value: r, label: r }))} />
        </Form.Item>
        <Form.Item
          name="number"
          label={t('number')}
          rules={[{ required: true, message: t('required', { label: t('number') }) }]}
        >
          <Input aria-label={t('number')} maxLength={20} />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input aria-label={t('remark')} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import type { BoardColumn, BookingSettings } from '@crm/shared';
import { DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { newBatchId, visitApi } from './api';
import { useVisitMessages } from './messages';
import { CustomerSelect, UserSelect, useCodeNames } from './pickers';

/** Where a new booking starts: the clicked cell's day, time and column. */
export type NewBooking = { day: string; slot: string; column: BoardColumn; columnKey: string };

type Values = {
  customerId: number;
  kind: number;
  day: Dayjs;
  slot: string;
  minutes: number;
  doctorId: number | null;
  consultantId: number | null;
  technicianId: number | null;
  room: string | null;
  remark: string;
};

/** The column a cell stands for, as the booking's field (a person, a department or a room). */
export function columnFields(column: BoardColumn, key: string): Record<string, number | string | null> {
  if (column === 'room') return { room: key };
  const id = key === '' ? null : Number(key);
  return { [`${column}Id`]: id };
}

/** 新建预约: customer, type, day and slot, length, people, room, remark; one batch id per opening. */
export function BookingForm({
  open,
  store,
  slots,
  start,
  onClose,
  onSaved,
}: {
  open: boolean;
  store: BookingSettings;
  slots: string[];
  start: NewBooking | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useVisitMessages();
  const names = useCodeNames();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const batch = useRef(newBatchId());
  useEffect(() => {
    if (!open || !start) return;
    batch.current = newBatchId();
    const placed = columnFields(start.column, start.columnKey);
    form.resetFields();
    form.setFieldsValue({
      kind: 1,
      day: dayjs(start.day),
      slot: start.slot,
      minutes: store.slotMinutes,
      doctorId: null,
      consultantId: null,
      technicianId: null,
      room: null,
      remark: '',
      ...(placed as Partial<Values>),
    });
  }, [open, start, store.slotMinutes, form]);

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await visitApi.create({
        customerId: v.customerId,
        storeId: store.storeId,
        kind: v.kind,
        startTime: `${v.day.format('YYYY-MM-DD')} ${v.slot}`,
        minutes: v.minutes,
        doctorId: v.doctorId ?? null,
        consultantId: v.consultantId ?? null,
        technicianId: v.technicianId ?? null,
        deptId: start?.column === 'dept' && start.columnKey ? Number(start.columnKey) : null,
        room: v.room ?? '',
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
      title={t('newBooking')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void save().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="booking">
        <Form.Item name="customerId" label={t('customer')} rules={[{ required: true, message: t('customerRequired') }]}>
          <CustomerSelect />
        </Form.Item>
        <Form.Item name="kind" label={t('kind')}>
          <Select options={Object.entries(names.appointmentKind).map(([k, label]) => ({ value: Number(k), label }))} />
        </Form.Item>
        <Form.Item label={t('startTime')} required style={{ marginBottom: 0 }}>
          <Form.Item name="day" style={{ display: 'inline-block', width: '55%' }}>
            <DatePicker allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="slot" style={{ display: 'inline-block', width: '40%', marginLeft: '5%' }}>
            <Select aria-label={t('time')} options={slots.map((s) => ({ value: s, label: s }))} />
          </Form.Item>
        </Form.Item>
        <Form.Item name="minutes" label={t('minutes')}>
          <InputNumber min={5} max={720} step={store.slotMinutes} />
        </Form.Item>
        <Form.Item name="doctorId" label={t('doctor')}>
          <UserSelect label={t('doctor')} />
        </Form.Item>
        <Form.Item name="consultantId" label={t('consultant')}>
          <UserSelect label={t('consultant')} />
        </Form.Item>
        <Form.Item name="technicianId" label={t('technician')}>
          <UserSelect label={t('technician')} />
        </Form.Item>
        <Form.Item name="room" label={t('room')}>
          <Select allowClear options={store.rooms.map((r) => ({ value: r, label: r }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { type BodyPartNode, photoAngles, photoTypes } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal, Radio, Select, TreeSelect, Upload, type UploadFile } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { newBatchId } from '@/booking/api';
import { companyToday } from '@/shell/time';
import { photoApi, photoKeys } from './api';
import { usePhotoMessages } from './messages';
import { usePhotoNames } from './names';

type PartOption = { value: number; title: string; children: PartOption[] };

/** The body-part tree as TreeSelect data. */
export const partOptions = (nodes: BodyPartNode[]): PartOption[] =>
  nodes.map((n) => ({ value: n.partId, title: n.name, children: partOptions(n.children) }));

export function useParts() {
  return useQuery({ queryKey: photoKeys.parts, queryFn: photoApi.parts, staleTime: 60_000 });
}

type Values = { type: number; partId: number; angle: number; day?: Dayjs | null; note?: string };

/**
 * When the photos were taken: today's are taken now (blank, the server's clock); an earlier day's
 * (photos brought along, or entered late) are dated at noon of that day, since a comparison
 * reads the day, not the hour.
 */
export function takenTimeOf(day: Dayjs | null | undefined, today: Dayjs): string | undefined {
  if (!day?.isBefore(today, 'day')) return undefined;
  return `${day.format('YYYY-MM-DD')} 12:00:00`;
}

/**
 * 上传照片: several images with one type, body part and angle, previewed before they are sent.
 * From the queue it names the visit (the photo moves it to 已拍照); one batch id per dialog, so
 * a double click stores the images once.
 */
export function UploadDialog({
  customerId,
  customerName,
  visitId,
  onClose,
  onDone,
}: {
  customerId: number;
  customerName: string;
  visitId?: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = usePhotoMessages();
  const names = usePhotoNames();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [saving, setSaving] = useState(false);
  const batch = useRef(newBatchId());
  const parts = useParts();

  const submit = async (v: Values) => {
    if (files.length === 0) {
      message.error(t('imagesRequired'));
      return;
    }
    setSaving(true);
    try {
      const images = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => Boolean(f));
      const stored = await photoApi.upload(
        {
          customerId,
          visitId: visitId ?? null,
          type: v.type,
          partId: v.partId,
          angle: v.angle,
          takenTime: takenTimeOf(v.day, companyToday()),
          note: v.note,
          batchId: batch.current,
        },
        images,
      );
      message.success(t('uploaded', { count: stored.length }));
      onDone();
    } catch {
      // The request layer showed the refusal; the dialog stays open to correct it.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`${t('upload')} · ${customerName}`}
      okText={t('upload')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={{ type: 1, angle: 1 }} onFinish={submit}>
        <Form.Item label={t('images')} required>
          <Upload
            listType="picture-card"
            accept="image/*"
            multiple
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => setFiles(fileList)}
          >
            {t('pickImages')}
          </Upload>
        </Form.Item>
        <Form.Item label={t('type')} name="type" rules={[{ required: true, message: t('typeRequired') }]}>
          <Radio.Group options={photoTypes.map((v) => ({ value: v, label: names.type[v] }))} />
        </Form.Item>
        <Form.Item label={t('part')} name="partId" rules={[{ required: true, message: t('partRequired') }]}>
          <TreeSelect
            aria-label={t('part')}
            treeData={partOptions(parts.data ?? [])}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
          />
        </Form.Item>
        <Form.Item label={t('angle')} name="angle" rules={[{ required: true, message: t('angleRequired') }]}>
          <Select aria-label={t('angle')} options={photoAngles.map((v) => ({ value: v, label: names.angle[v] }))} />
        </Form.Item>
        <Form.Item label={t('takenDay')} name="day" extra={t('takenDayHint')}>
          <DatePicker
            aria-label={t('takenDay')}
            disabledDate={(d) => d.isAfter(companyToday(), 'day')}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item label={t('note')} name="note">
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { CHECK_SCORE_MAX, type CheckItemDraft, checkText } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Space } from 'antd';
import { useState } from 'react';
import { checkApi, checkKeys } from './api';
import { useCheckMessages } from './messages';

type Values = { name: string; remark?: string; items: CheckItemDraft[] };

/** A checklist: its items in order, each with its section, full marks and whether a photo is required. */
export function TemplateForm({ templateId, onClose }: { templateId?: number; onClose: () => void }) {
  const t = useCheckMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const existing = useQuery({
    queryKey: checkKeys.template(templateId ?? 0),
    queryFn: () => checkApi.template(templateId!),
    enabled: templateId !== undefined,
  });
  const loaded = templateId === undefined || existing.data;

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await checkApi.saveTemplate({ templateId, name: v.name, remark: v.remark ?? '', items: v.items ?? [] });
      message.success(t('saved'));
      await queryClient.invalidateQueries({ queryKey: checkKeys.all });
      onClose();
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={templateId ? t('editTemplate') : t('newTemplate')}
      onCancel={onClose}
      onOk={submit}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: saving, disabled: !loaded }}
      width={760}
      destroyOnHidden
    >
      {loaded && (
        <Form<Values>
          form={form}
          layout="vertical"
          name="check-template"
          initialValues={
            existing.data
              ? { name: existing.data.name, remark: existing.data.remark, items: existing.data.items }
              : { items: [{ section: '', title: '', maxScore: 10, photoRequired: false }] }
          }
        >
          <Form.Item name="name" label={t('templateName')} rules={[{ required: true, message: t('templateName') }]}>
            <Input maxLength={checkText.templateName.max} />
          </Form.Item>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea rows={2} maxLength={checkText.remark.max} />
          </Form.Item>
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline" wrap data-testid="template-item">
                    <Form.Item name={[f.name, 'section']} rules={[{ required: true, message: t('section') }]}>
                      <Input
                        aria-label={`${t('section')} ${i + 1}`}
                        placeholder={t('section')}
                        maxLength={checkText.section.max}
                        style={{ width: 120 }}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'title']} rules={[{ required: true, message: t('itemTitle') }]}>
                      <Input
                        aria-label={`${t('itemTitle')} ${i + 1}`}
                        placeholder={t('itemTitle')}
                        maxLength={checkText.itemTitle.max}
                        style={{ width: 260 }}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'maxScore']} rules={[{ required: true, message: t('itemMax') }]}>
                      <InputNumber
                        aria-label={`${t('itemMax')} ${i + 1}`}
                        min={1}
                        max={CHECK_SCORE_MAX}
                        precision={0}
                        style={{ width: 80 }}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'photoRequired']} valuePropName="checked">
                      <Checkbox>{t('photoRequired')}</Checkbox>
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(f.name)} disabled={fields.length === 1}>
                      {t('removeItem')}
                    </Button>
                  </Space>
                ))}
                <Button
                  type="dashed"
                  block
                  onClick={() => add({ section: '', title: '', maxScore: 10, photoRequired: false })}
                >
                  {t('addItem')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      )}
    </Modal>
  );
}

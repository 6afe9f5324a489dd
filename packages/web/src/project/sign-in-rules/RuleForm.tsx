import type { SignRuleSaveInput } from '@crm/shared';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import { useState } from 'react';
import { DeptPicker } from '@/workbench/check/pickers';
import { type SignRuleRow, signApi } from '@/workbench/sign-query/api';
import { type SignRuleT, weekdayKeys } from './messages';

const blank: Partial<SignRuleSaveInput> = {
  workStart: '09:00',
  workEnd: '18:00',
  lateMinutes: 0,
  earlyMinutes: 0,
  places: [],
  fieldAllowed: false,
  workdays: [1, 2, 3, 4, 5],
};

/** A department's rule: hours, thresholds, places (typed coordinates), 外勤 and workdays; the server checks it all. */
export function RuleForm({
  t,
  rule,
  onClose,
  onSaved,
}: {
  t: SignRuleT;
  rule: SignRuleRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<SignRuleSaveInput>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await signApi.saveRule(values);
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={rule ? rule.deptName : t('add')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      width={720}
    >
      <Form form={form} layout="vertical" initialValues={rule ?? blank}>
        <Form.Item name="deptId" label={t('dept')} rules={[{ required: true }]}>
          <DeptPicker label={t('dept')} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="workStart" label={t('workStart')} rules={[{ required: true }]}>
            <Input placeholder="09:00" style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="workEnd" label={t('workEnd')} rules={[{ required: true }]}>
            <Input placeholder="18:00" style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="lateMinutes" label={t('lateMinutes')}>
            <InputNumber min={0} max={240} />
          </Form.Item>
          <Form.Item name="earlyMinutes" label={t('earlyMinutes')}>
            <InputNumber min={0} max={240} />
          </Form.Item>
        </Space>
        <Form.Item label={t('places')}>
          <Form.List name="places">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} wrap align="baseline">
                    <Form.Item name={[f.name, 'name']} rules={[{ required: true }]}>
                      <Input placeholder={t('placeName')} aria-label={t('placeName')} style={{ width: 140 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'lat']} rules={[{ required: true }]}>
                      <InputNumber placeholder={t('lat')} aria-label={t('lat')} step={0.0001} style={{ width: 130 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'lng']} rules={[{ required: true }]}>
                      <InputNumber placeholder={t('lng')} aria-label={t('lng')} step={0.0001} style={{ width: 130 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'radius']} rules={[{ required: true }]}>
                      <InputNumber placeholder={t('radius')} aria-label={t('radius')} min={10} max={5000} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      {t('remove')}
                    </Button>
                  </Space>
                ))}
                <Button onClick={() => add({ name: '', radius: 200 })}>{t('addPlace')}</Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="fieldAllowed" label={t('fieldAllowed')} extra={t('fieldHint')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="workdays" label={t('workdays')}>
          <Checkbox.Group options={weekdayKeys.map((k, i) => ({ value: i + 1, label: t(k) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { type CustomerSettingInput, type CustomerSettingRow, customerSettingSchema } from '@crm/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { validateWithSchema, zodRules } from '@/components/form/zod-rules';
import type { PickerValue } from '@/components/member-picker';
import { useCommonMessages } from '../messages';
import { customerSettingApi } from './api';
import { useSettingMessages } from './messages';
import { TargetsSelect } from './TargetsSelect';

type Values = {
  settingId?: number;
  settingName: string;
  type: 1 | 2;
  customerNum: number | null;
  customDeal: 0 | 1;
  targets: PickerValue;
};

/** The form's values as the shared schema (and the server) read them; an empty number stays empty so the schema names it. */
const toInput = (v: Record<string, unknown>) => {
  const targets = (v.targets ?? { users: [], depts: [] }) as PickerValue;
  return {
    settingId: v.settingId,
    settingName: v.settingName ?? '',
    type: v.type,
    customerNum: v.customerNum ?? '',
    customDeal: v.customDeal,
    userIds: targets.users.map((u) => u.userId),
    deptIds: targets.depts.map((d) => d.id),
  };
};
const rulesFor = zodRules(customerSettingSchema, toInput);
const fieldOf = { userIds: 'targets', deptIds: 'targets' };

type Props = {
  /** A rule to edit, or the type of a new one. */
  editing: CustomerSettingRow | null;
  type: 1 | 2;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
};

/** Create or edit one limit rule (customerSetting): name, type, limit, whether closed customers count, whom it covers. */
export function SettingDialog({ editing, type, open, onClose, onSaved }: Props) {
  const t = useSettingMessages();
  const c = useCommonMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            settingId: editing.settingId,
            settingName: editing.settingName,
            type: editing.type === 2 ? 2 : 1,
            customerNum: editing.customerNum,
            customDeal: editing.customDeal === 1 ? 1 : 0,
            targets: {
              users: editing.users.map((u) => ({ userId: u.userId, realname: u.realname, img: '' })),
              depts: editing.depts,
            },
          }
        : { type, customerNum: null, customDeal: 0, targets: { users: [], depts: [] } },
    );
  }, [open, editing, type, form]);

  const save = useMutation({
    mutationFn: (input: CustomerSettingInput) => customerSettingApi.save(input),
    onSuccess: () => {
      message.success(c(editing ? 'editSuccess' : 'addSuccess'));
      onSaved();
    },
  });
  const submit = async () => {
    const checked = await validateWithSchema(form, customerSettingSchema, toInput, fieldOf);
    if (checked) save.mutate(checked);
  };

  return (
    <Modal
      title={t(editing ? 'editRule' : 'addRule')}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      okText={c('save')}
      cancelText={c('cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="settingName" label={t('settingName')} required rules={rulesFor('settingName')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="type" label={t('type')} required>
          <Radio.Group
            options={[
              { value: 1, label: t('owned') },
              { value: 2, label: t('locked') },
            ]}
          />
        </Form.Item>
        <Form.Item name="customerNum" label={t('customerNum')} required rules={rulesFor('customerNum')}>
          <InputNumber precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="customDeal" label={t('customDeal')}>
          <Radio.Group
            options={[
              { value: 1, label: t('dealCounts') },
              { value: 0, label: t('dealFree') },
            ]}
          />
        </Form.Item>
        <Form.Item name="targets" label={t('targets')} required rules={rulesFor('userIds')}>
          <TargetsSelect placeholder={t('chooseTargets')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

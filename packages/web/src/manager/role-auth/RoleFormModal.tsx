import { type DataScope, dataScopeLabels, roleSaveSchema, type SystemRole } from '@crm/shared';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { zodRules } from '@/components/form/zod-rules';
import { useLang } from '@/i18n';
import { api, type RoleSaveBody } from '../api';
import { useOrgSave } from '../use-org-save';
import { useRoleMessages } from './messages';

export type RoleEditing = { mode: 'add'; roleType: number } | { mode: 'edit'; role: SystemRole } | null;

export function RoleFormModal({
  editing,
  roleTypes,
  onClose,
  onSaved,
}: {
  editing: RoleEditing;
  roleTypes: { roleType: number; label: string }[];
  onClose: () => void;
  onSaved: (roleId: number) => void;
}) {
  const t = useRoleMessages();
  const { lang } = useLang();
  const [form] = Form.useForm<RoleSaveBody>();
  const rules = zodRules(roleSaveSchema);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === 'add') form.setFieldsValue({ roleType: editing.roleType, dataType: 5, remark: '' });
    else {
      const r = editing.role;
      form.setFieldsValue({ roleName: r.roleName, roleType: r.roleType, dataType: r.dataType, remark: r.remark });
    }
  }, [editing, form]);

  const save = useOrgSave({
    form,
    schema: roleSaveSchema,
    isEdit: editing?.mode === 'edit',
    send: async (body: RoleSaveBody) => {
      if (editing?.mode !== 'edit') return (await api.addRole(body)).roleId;
      await api.updateRole({ ...body, roleId: editing.role.roleId });
      return editing.role.roleId;
    },
    onSaved,
    onClose,
  });

  return (
    <Modal {...save.modalProps} open={editing !== null} title={editing?.mode === 'edit' ? t('editRole') : t('addRole')}>
      <Form form={form} name="role" layout="vertical">
        <Form.Item name="roleName" label={t('roleName')} required rules={rules('roleName')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="roleType" label={t('roleType')} required rules={rules('roleType')}>
          <Select
            disabled={editing?.mode === 'edit'}
            options={roleTypes.map((rt) => ({ value: rt.roleType, label: rt.label }))}
          />
        </Form.Item>
        {/* Renaming keeps the data scope, which the permission tab edits. */}
        <Form.Item
          name="dataType"
          label={t('dataScope')}
          extra={t('dataScopeHint')}
          rules={rules('dataType')}
          hidden={editing?.mode === 'edit'}
        >
          <Radio.Group
            options={Object.entries(dataScopeLabels).map(([k, [zh, en]]) => ({
              value: Number(k) as DataScope,
              label: lang === 'en' ? en : zh,
            }))}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} rules={rules('remark')}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

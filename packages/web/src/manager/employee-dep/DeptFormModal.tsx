import { type DeptNode, deptSaveSchema } from '@crm/shared';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { type ToInput, zodRules } from '@/components/form/zod-rules';
import { MemberSelect, type PickedUser } from '@/components/member-picker';
import { api, type DeptSaveBody } from '../api';
import { useOrgSave } from '../use-org-save';
import { DeptTreeSelect } from './DeptTreeSelect';
import { useEmpMessages } from './messages';

/** What the modal edits: a new department (under `pid`) or an existing one. */
export type DeptEditing = { mode: 'add'; pid: number } | { mode: 'edit'; dept: DeptNode } | null;

type Values = { name: string; pid: number; owner: PickedUser[]; sort: number | null; remark: string };

const toInput: ToInput = ({ owner, ...v }) => ({
  ...v,
  ownerUserId: (owner as PickedUser[] | undefined)?.[0]?.userId ?? null,
});

export function DeptFormModal({ editing, onClose }: { editing: DeptEditing; onClose: () => void }) {
  const t = useEmpMessages();
  const [form] = Form.useForm<Values>();
  const rules = zodRules(deptSaveSchema, toInput);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === 'add') form.setFieldsValue({ pid: editing.pid, sort: 0, owner: [], remark: '' });
    else {
      const d = editing.dept;
      form.setFieldsValue({
        name: d.name,
        pid: d.pid,
        sort: d.sort,
        remark: d.remark ?? '',
        owner: d.ownerUserId ? [{ userId: d.ownerUserId, realname: d.ownerUserName, img: '' }] : [],
      });
    }
  }, [editing, form]);

  const save = useOrgSave({
    form,
    schema: deptSaveSchema,
    toInput,
    fieldOf: { ownerUserId: 'owner' },
    isEdit: editing?.mode === 'edit',
    send: (body: DeptSaveBody) =>
      editing?.mode === 'edit' ? api.setDept({ ...body, id: editing.dept.id }) : api.addDept(body),
    onClose,
  });

  return (
    <Modal {...save.modalProps} open={editing !== null} title={editing?.mode === 'edit' ? t('editDept') : t('addDept')}>
      <Form form={form} name="dept" layout="vertical">
        <Form.Item name="name" label={t('deptName')} required rules={rules('name')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="pid" label={t('parentDept')} rules={rules('pid')}>
          <DeptTreeSelect
            topLevelLabel={t('topLevel')}
            excludeId={editing?.mode === 'edit' ? editing.dept.id : undefined}
          />
        </Form.Item>
        <Form.Item name="owner" label={t('deptHead')} rules={rules('ownerUserId')}>
          <MemberSelect single title={t('deptHead')} />
        </Form.Item>
        <Form.Item name="sort" label={t('sort')} extra={t('sortHint')} rules={rules('sort')}>
          <InputNumber precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} rules={rules('remark')}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

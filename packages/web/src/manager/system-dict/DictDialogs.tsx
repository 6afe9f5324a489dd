import { dictItemSaveSchema, dictText, dictTypeSaveSchema } from '@crm/shared';
import { Form, Input, InputNumber, Radio } from 'antd';
import { useEffect } from 'react';
import { SubmitModal } from '@/components/form/SubmitModal';
import { type SchemaLike, zodRules } from '@/components/form/zod-rules';
import { useCommonMessages } from '../messages';
import type { DictItem, DictType, ItemBody, TypeBody } from './api';
import { useDictMessages } from './messages';

const typeSchema = dictTypeSaveSchema as SchemaLike<TypeBody>;
const itemSchema = dictItemSaveSchema as SchemaLike<ItemBody>;

/** New or edit a dictionary; a built-in one keeps its kind and code (the forms read it by them). */
export function TypeDialog({
  open,
  editing,
  onCancel,
  onSave,
}: {
  open: boolean;
  editing: DictType | null;
  onCancel: () => void;
  onSave: (body: TypeBody) => Promise<void>;
}) {
  const t = useDictMessages();
  const c = useCommonMessages();
  const [form] = Form.useForm<TypeBody>();
  const kind = Form.useWatch('kind', form) ?? 'dict';
  const rules = zodRules(typeSchema);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { kind: editing.kind, code: editing.code, name: editing.name } : { kind: 'dict' });
  }, [open, editing, form]);
  const ok = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    await onSave({ ...values, ...(editing ? { typeId: editing.typeId } : {}) });
  };
  return (
    <SubmitModal
      open={open}
      title={editing ? t('editType') : t('addType')}
      okText={c('save')}
      onSubmit={ok}
      onCancel={onCancel}
    >
      <Form form={form} layout="vertical" name="dict-type">
        <Form.Item name="kind" label={t('kind')}>
          <Radio.Group
            disabled={editing?.builtin}
            options={[
              { value: 'dict', label: t('kind_dict') },
              { value: 'code', label: t('kind_code') },
            ]}
          />
        </Form.Item>
        <Form.Item name="code" label={kind === 'code' ? t('codeType') : t('code')} required rules={rules('code')}>
          <Input maxLength={dictText.code.max} disabled={editing?.builtin} />
        </Form.Item>
        <Form.Item name="name" label={t('name')} required rules={rules('name')}>
          <Input maxLength={dictText.name.max} />
        </Form.Item>
      </Form>
    </SubmitModal>
  );
}

export function ItemDialog({
  open,
  type,
  editing,
  onCancel,
  onSave,
}: {
  open: boolean;
  type: DictType;
  editing: DictItem | null;
  onCancel: () => void;
  onSave: (body: ItemBody) => Promise<void>;
}) {
  const t = useDictMessages();
  const c = useCommonMessages();
  const [form] = Form.useForm<ItemBody>();
  const rules = zodRules(itemSchema, (v) => ({ ...v, typeId: type.typeId }));
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { value: editing.value, name: editing.name, sort: editing.sort } : { sort: 0 });
  }, [open, editing, form]);
  const ok = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    await onSave({ ...values, typeId: type.typeId, ...(editing ? { itemId: editing.itemId } : {}) });
  };
  return (
    <SubmitModal
      open={open}
      title={editing ? t('editItem') : t('addItem')}
      okText={c('save')}
      onSubmit={ok}
      onCancel={onCancel}
    >
      <Form form={form} layout="vertical" name="dict-item">
        <Form.Item name="value" label={type.kind === 'code' ? t('codeNo') : t('value')} required rules={rules('value')}>
          <Input maxLength={dictText.value.max} />
        </Form.Item>
        <Form.Item name="name" label={t('itemName')} required rules={rules('name')}>
          <Input maxLength={dictText.itemName.max} />
        </Form.Item>
        <Form.Item name="sort" label={t('sort')}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </SubmitModal>
  );
}

import { type DeclTaskDetail, declFormTypes, declTaskSaveSchema, declText, type FieldDefinition } from '@crm/shared';
import { Button, DatePicker, Form, Input, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { type DesignedFields, FieldDesigner } from '@/components/field-designer';
import { validateWithSchema } from '@/components/form/zod-rules';
import { parseTime, sendTime } from '@/shell/time';
import { AssigneeItems, type AssigneeValues, assigneeFields, assigneeIds, assigneeValues } from '../assignees';
import { FormDialog } from '../crud-list';
import { declApi } from './api';
import { useDeclMessages } from './messages';

type Values = AssigneeValues & {
  title: string;
  description: string;
  deadline: Dayjs | null;
  fields: FieldDefinition[];
};

const toInput = (v: Record<string, unknown>) => {
  const values = v as Partial<Values>;
  return {
    title: values.title ?? '',
    description: values.description ?? '',
    deadline: sendTime(values.deadline) ?? '',
    ...assigneeIds(values),
    fields: values.fields ?? [],
  };
};

/** The form's fields, designed in the shared field designer (the declaration types only). */
function FieldsField({
  value = [],
  onChange,
  title,
  locked,
}: {
  value?: FieldDefinition[];
  onChange?: (v: FieldDefinition[]) => void;
  title: string;
  locked: boolean;
}) {
  const t = useDeclMessages();
  const [designing, setDesigning] = useState<DesignedFields | null>(null);
  return (
    <div data-testid="decl-fields">
      <Typography.Text type={value.length ? undefined : 'secondary'}>
        {value.length
          ? `${value.map((f) => f.name).join('、')}（${t('fieldCount', { n: value.length })}）`
          : t('noFields')}
      </Typography.Text>{' '}
      {locked ? (
        <Typography.Text type="secondary">{t('fieldsFixed')}</Typography.Text>
      ) : (
        <Button
          size="small"
          onClick={() =>
            setDesigning({
              title: t('formTitle', { title }),
              isSystem: false,
              fields: value,
              target: { type: 'draft', types: declFormTypes },
            })
          }
          data-testid="decl-design"
        >
          {t('designForm')}
        </Button>
      )}
      <FieldDesigner category={designing} onClose={() => setDesigning(null)} onSaved={(f) => onChange?.(f)} />
    </div>
  );
}

/** 下发申报表 / 编辑申报任务: title, instructions, deadline, departments and people, and the form. */
export function TaskForm({ editing, onDone }: { editing: DeclTaskDetail | 'new'; onDone: (saved: boolean) => void }) {
  const t = useDeclMessages();
  const [form] = Form.useForm<Values>();
  const [batchId] = useState(newBatchId);
  const row = editing === 'new' ? null : editing;
  const title = Form.useWatch('title', form) ?? '';
  const initial: Partial<Values> = {
    title: row?.title ?? '',
    description: row?.description ?? '',
    deadline: row ? parseTime(row.deadline) : null,
    ...assigneeValues(row),
    fields: row?.fields ?? [],
  };
  const submit = async () => {
    const ok = await validateWithSchema(
      form,
      declTaskSaveSchema,
      (v) => ({ ...toInput(v), taskId: row?.taskId }),
      assigneeFields,
    );
    if (ok)
      await declApi.saveTask({
        ...toInput(form.getFieldsValue(true)),
        taskId: row?.taskId,
        batchId: row ? '' : batchId,
      });
    return ok !== null;
  };
  return (
    <FormDialog
      title={row ? t('editTask') : t('newTask')}
      texts={{ save: t('save'), cancel: t('cancel'), saved: t('saved') }}
      width={680}
      onSave={submit}
      onDone={onDone}
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="decl-task-form">
        <Form.Item name="title" label={t('taskTitle')} required>
          <Input maxLength={declText.title.max} />
        </Form.Item>
        <Form.Item name="description" label={t('description')}>
          <Input.TextArea maxLength={declText.description.max} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item name="deadline" label={t('deadline')} required>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <AssigneeItems
          testIdPrefix="decl"
          labels={{ depts: t('depts'), users: t('users'), chooseDepts: t('chooseDepts') }}
        />
        <Form.Item name="fields" label={t('form')} required>
          <FieldsField title={title} locked={row?.fieldsFixed ?? false} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

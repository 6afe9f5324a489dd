import { quizBankSaveSchema, quizText } from '@crm/shared';
import { Form, Input } from 'antd';
import { validateWithSchema } from '@/components/form/zod-rules';
import { FormDialog } from '../crud-list';
import { type QuizBankRow, quizApi } from './api';
import { useQuizMessages } from './messages';

type Values = { name: string; description: string };
const toInput = (v: Record<string, unknown>) => ({ name: v.name ?? '', description: v.description ?? '' });

/** 新建题库 / 编辑题库: a name (unique among live banks) and a short description. */
export function BankForm({ editing, onDone }: { editing: QuizBankRow | 'new'; onDone: (saved: boolean) => void }) {
  const t = useQuizMessages();
  const [form] = Form.useForm<Values>();
  const row = editing === 'new' ? null : editing;
  const save = async () => {
    const ok = await validateWithSchema(form, quizBankSaveSchema, toInput);
    if (ok) await quizApi.saveBank({ bankId: row?.bankId, ...(form.getFieldsValue(true) as Values) });
    return ok !== null;
  };
  return (
    <FormDialog
      title={row ? t('editBank') : t('newBank')}
      texts={{ save: t('save'), cancel: t('cancel'), saved: t('saved') }}
      onSave={save}
      onDone={onDone}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: row?.name ?? '', description: row?.description ?? '' }}
      >
        <Form.Item name="name" label={t('bankName')} required>
          <Input maxLength={quizText.bankName.max} data-testid="quiz-bank-name" />
        </Form.Item>
        <Form.Item name="description" label={t('bankDescription')}>
          <Input.TextArea maxLength={quizText.bankDescription.max} rows={3} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

import { quizBankSaveSchema, quizText } from '@crm/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { validateWithSchema } from '@/components/form/zod-rules';
import { type QuizBankRow, quizApi } from './api';
import { useQuizMessages } from './messages';

type Values = { name: string; description: string };
const toInput = (v: Record<string, unknown>) => ({ name: v.name ?? '', description: v.description ?? '' });

/** 新建题库 / 编辑题库: a name (unique among live banks) and a short description. */
export function BankForm({
  editing,
  onDone,
}: {
  editing: QuizBankRow | null | 'new';
  onDone: (saved: boolean) => void;
}) {
  const t = useQuizMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const row = editing === 'new' ? null : editing;
  const save = useMutation({
    mutationFn: (v: Values) => quizApi.saveBank({ bankId: row?.bankId, ...v }),
    onSuccess: () => {
      message.success(t('saved'));
      onDone(true);
    },
  });
  return (
    <Modal
      open={editing !== null}
      title={row ? t('editBank') : t('newBank')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onCancel={() => onDone(false)}
      onOk={async () => {
        if (await validateWithSchema(form, quizBankSaveSchema, toInput)) save.mutate(form.getFieldsValue(true));
      }}
      destroyOnHidden
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
    </Modal>
  );
}

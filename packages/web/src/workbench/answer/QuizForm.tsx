import { quizSaveSchema, quizText } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Radio, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { NumericInput } from '@/components/form/NumericInput';
import { validateWithSchema } from '@/components/form/zod-rules';
import { parseTime, sendTime } from '@/shell/time';
import { AssigneeItems, type AssigneeValues, assigneeFields, assigneeIds, assigneeValues } from '../assignees';
import { FormDialog } from '../crud-list';
import { type QuizDetail, quizApi, quizKeys } from './api';
import { useQuizMessages } from './messages';
import { wholeRule } from './QuestionForm';

type Values = AssigneeValues & {
  title: string;
  period: [Dayjs | null, Dayjs | null] | null;
  timeLimit: string;
  passScore: string;
  bankId?: number;
  mode: 'pick' | 'random';
  questionIds: number[];
  randomCount: string;
};

function toInput(v: Record<string, unknown>, editing: boolean) {
  const values = v as Partial<Values>;
  return {
    title: values.title ?? '',
    startTime: sendTime(values.period?.[0]) ?? '',
    endTime: sendTime(values.period?.[1]) ?? '',
    timeLimit: values.timeLimit ?? '',
    passScore: values.passScore ?? '',
    ...assigneeIds(values),
    ...(editing
      ? {}
      : {
          bankId: values.bankId,
          questionIds: values.mode === 'pick' ? (values.questionIds ?? []) : [],
          randomCount: values.mode === 'random' ? values.randomCount : undefined,
        }),
  };
}

/** The questions of the chosen bank to pick from (the first 1000, as a search list). */
function QuestionPicker({
  bankId,
  value,
  onChange,
}: {
  bankId?: number;
  value?: number[];
  onChange?: (v: number[]) => void;
}) {
  const p = { page: 1, limit: 1000, search: '' };
  const list = useQuery({
    queryKey: quizKeys.questions(bankId ?? 0, p),
    queryFn: () => quizApi.questions(bankId!, p),
    enabled: !!bankId,
  });
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      optionFilterProp="label"
      options={(list.data?.list ?? []).map((q) => ({ value: q.questionId, label: `${q.stem}（${q.score}）` }))}
    />
  );
}

/**
 * 新建考试 / 编辑考试: title, open period, limit, pass mark, takers, and on creation the questions
 * (picked or drawn from one bank), which are fixed from then on.
 */
export function QuizForm({ editing, onDone }: { editing: QuizDetail | 'new'; onDone: (saved: boolean) => void }) {
  const t = useQuizMessages();
  const [form] = Form.useForm<Values>();
  const [batchId] = useState(newBatchId);
  const row = editing === 'new' ? null : editing;
  const mode = Form.useWatch('mode', form) ?? 'pick';
  const bankId = Form.useWatch('bankId', form);
  const banks = useQuery({
    queryKey: quizKeys.banks({ all: true }),
    queryFn: () => quizApi.banks({ page: 1, limit: 1000, search: '' }),
    enabled: !row,
  });
  const initial: Partial<Values> = {
    title: row?.title ?? '',
    period: row ? [parseTime(row.startTime), parseTime(row.endTime)] : null,
    timeLimit: String(row?.timeLimit ?? 30),
    passScore: String(row?.passScore ?? 60),
    ...assigneeValues(row),
    mode: 'pick',
    questionIds: [],
    randomCount: '10',
  };
  const submit = async () => {
    const input = (v: Record<string, unknown>) => toInput(v, !!row);
    const ok = await validateWithSchema(form, quizSaveSchema, (v) => ({ ...input(v), quizId: row?.quizId }), {
      startTime: 'period',
      endTime: 'period',
      ...assigneeFields,
      randomCount: 'randomCount',
    });
    if (ok)
      await quizApi.saveQuiz({ ...input(form.getFieldsValue(true)), quizId: row?.quizId, batchId: row ? '' : batchId });
    return ok !== null;
  };
  return (
    <FormDialog
      title={row ? t('editQuiz') : t('newQuiz')}
      texts={{ save: t('save'), cancel: t('cancel'), saved: t('saved') }}
      width={680}
      onSave={submit}
      onDone={onDone}
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="quiz-form">
        <Form.Item name="title" label={t('quizTitle')} required>
          <Input maxLength={quizText.title.max} />
        </Form.Item>
        <Form.Item name="period" label={t('period')} required>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="timeLimit" label={`${t('timeLimit')}（${t('minutes', { n: '' }).trim()}）`} required>
          <NumericInput rule={wholeRule} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="passScore" label={t('passScore')} required>
          <NumericInput rule={{ ...wholeRule, integerDigits: 5 }} style={{ width: 120 }} />
        </Form.Item>
        <AssigneeItems
          testIdPrefix="quiz"
          labels={{ depts: t('depts'), users: t('users'), chooseDepts: t('chooseDepts') }}
        />
        {row ? (
          <Typography.Text type="secondary">{t('questionsFixed')}</Typography.Text>
        ) : (
          <>
            <Form.Item name="bankId" label={t('bank')} required>
              <Select
                options={(banks.data?.list ?? []).map((b) => ({
                  value: b.bankId,
                  label: `${b.name}（${t('bankQuestions', { n: b.questionCount })}）`,
                }))}
                onChange={() => form.setFieldValue('questionIds', [])}
              />
            </Form.Item>
            <Form.Item name="mode" label={t('pickMode')}>
              <Radio.Group
                options={[
                  { value: 'pick', label: t('modePick') },
                  { value: 'random', label: t('modeRandom') },
                ]}
              />
            </Form.Item>
            {mode === 'pick' ? (
              <Form.Item name="questionIds" label={t('pickQuestions')}>
                <QuestionPicker bankId={bankId} />
              </Form.Item>
            ) : (
              <Form.Item name="randomCount" label={t('randomCount')}>
                <NumericInput rule={wholeRule} style={{ width: 120 }} />
              </Form.Item>
            )}
          </>
        )}
      </Form>
    </FormDialog>
  );
}

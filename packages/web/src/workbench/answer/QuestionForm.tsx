import { JUDGEMENT_OPTIONS, type NumericRule, QUIZ_OPTIONS_MAX, quizQuestionSaveSchema, quizText } from '@crm/shared';
import { Button, Checkbox, Form, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { NumericInput } from '@/components/form/NumericInput';
import { validateWithSchema } from '@/components/form/zod-rules';
import { FormDialog } from '../crud-list';
import { type QuestionBody, type QuizQuestionRow, quizApi } from './api';
import { useQuizMessages } from './messages';

/** Whole points, as the schema's 1–100. */
export const wholeRule: NumericRule = { integerDigits: 3, fractionDigits: 0, signed: false, digitsOf: 'number' };

type Values = { type: number; stem: string; options: string[]; answer: number[]; score: string; explanation: string };

const toInput = (v: Record<string, unknown>) => {
  const values = v as Partial<Values>;
  return {
    type: values.type,
    stem: values.stem ?? '',
    options: values.type === 3 ? [] : (values.options ?? []),
    answer: values.answer ?? [],
    score: values.score ?? '',
    explanation: values.explanation ?? '',
  };
};

/** The right option(s) as the type asks: one (single, judgement) or several (multiple). */
function AnswerField({
  type,
  options,
  value = [],
  onChange,
}: {
  type: number;
  options: string[];
  value?: number[];
  onChange?: (v: number[]) => void;
}) {
  const choices = (type === 3 ? [...JUDGEMENT_OPTIONS] : options).map((o, i) => ({
    value: i,
    label: type === 3 ? o : String.fromCharCode(65 + i),
  }));
  return type === 2 ? (
    <Checkbox.Group value={value} onChange={(v) => onChange?.(v as number[])} options={choices} />
  ) : (
    <Radio.Group value={value[0]} onChange={(e) => onChange?.([e.target.value as number])} options={choices} />
  );
}

/** 新建题目 / 编辑题目 in one bank; the server checks the same schema. */
export function QuestionForm({
  bankId,
  editing,
  onDone,
}: {
  bankId: number;
  editing: QuizQuestionRow | 'new';
  onDone: (saved: boolean) => void;
}) {
  const t = useQuizMessages();
  const [form] = Form.useForm<Values>();
  const [batchId] = useState(newBatchId);
  const row = editing === 'new' ? null : editing;
  const type = Form.useWatch('type', form) ?? row?.type ?? 1;
  const options = Form.useWatch('options', form) ?? [];
  const initial: Values = {
    type: row?.type ?? 1,
    stem: row?.stem ?? '',
    options: row && row.type !== 3 ? row.options : ['', '', '', ''],
    answer: row?.answer ?? [],
    score: String(row?.score ?? 5),
    explanation: row?.explanation ?? '',
  };
  const submit = async () => {
    const ok = await validateWithSchema(form, quizQuestionSaveSchema, (v) => ({ ...toInput(v), bankId }), {
      '': 'answer',
    });
    if (ok)
      await quizApi.saveQuestion({
        ...toInput(form.getFieldsValue(true)),
        bankId,
        questionId: row?.questionId,
        batchId: row ? '' : batchId,
        // The form's values as they stand: the call's schema (the server's) checks them.
      } as QuestionBody);
    return ok !== null;
  };
  return (
    <FormDialog
      title={row ? t('editQuestion') : t('newQuestion')}
      texts={{ save: t('save'), cancel: t('cancel'), saved: t('saved') }}
      width={640}
      onSave={submit}
      onDone={onDone}
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="quiz-question-form">
        <Form.Item name="type" label={t('questionType')}>
          <Radio.Group
            onChange={() => form.setFieldValue('answer', [])}
            options={[1, 2, 3].map((n) => ({ value: n, label: t(`type${n}` as 'type1') }))}
          />
        </Form.Item>
        <Form.Item name="stem" label={t('stem')} required>
          <Input.TextArea rows={3} maxLength={quizText.stem.max} data-testid="quiz-question-stem" />
        </Form.Item>
        {type !== 3 && (
          <Form.Item label={t('options')} required>
            <Form.List name="options">
              {(fields, { add, remove }) => (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  {fields.map((f, i) => (
                    <Space key={f.key} align="baseline">
                      <span>{String.fromCharCode(65 + i)}.</span>
                      <Form.Item name={f.name} noStyle>
                        <Input maxLength={quizText.option.max} style={{ width: 420 }} />
                      </Form.Item>
                      {fields.length > 2 && (
                        <Button size="small" type="link" onClick={() => remove(f.name)}>
                          {t('delete')}
                        </Button>
                      )}
                    </Space>
                  ))}
                  {fields.length < QUIZ_OPTIONS_MAX && (
                    <Button size="small" onClick={() => add('')}>
                      {t('addOption')}
                    </Button>
                  )}
                </Space>
              )}
            </Form.List>
          </Form.Item>
        )}
        <Form.Item name="answer" label={t('rightOptions')} required>
          <AnswerField type={type} options={options} />
        </Form.Item>
        <Form.Item name="score" label={t('score')} required>
          <NumericInput rule={wholeRule} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="explanation" label={t('explanationLabel')}>
          <Input.TextArea rows={2} maxLength={quizText.explanation.max} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

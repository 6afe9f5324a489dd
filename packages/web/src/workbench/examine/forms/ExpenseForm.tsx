import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ExamineFormDefinition, ExpenseKind } from '@crm/shared';
import { App, Button, Form, Space } from 'antd';
import { useState } from 'react';
import { ExpenseTotal } from './ExpenseTotal';
import { emptyLine, expenseLines } from './expense-lines';
import { ContentItem, DateItem, TextItem } from './items';
import { useFormsMessages } from './messages';
import { type PayeeLabel, PayeeLabelsDialog } from './PayeeLabels';

/**
 * The expense family's one form (差旅报销, 备用金审批, 付款审批, 行政费用报销): the lines' layout
 * follows the type; lines are added and removed (删除明细成功, the first stays); the total is
 * their sum. Payee labels fill a payment line; they are managed from every expense form.
 */
export default function ExpenseForm({ def }: { def: ExamineFormDefinition }) {
  const t = useFormsMessages();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const kind = def.type as ExpenseKind;
  const fields = expenseLines[kind];
  const lines = (Form.useWatch('model', form) as { money?: unknown }[] | undefined) ?? [];
  // The line a label is being picked for; -1 when the dialog only manages labels.
  const [labelsFor, setLabelsFor] = useState<number | null>(null);

  const applyLabel = (label: PayeeLabel) => {
    if (labelsFor === null || labelsFor < 0) return;
    form.setFieldValue(['model', labelsFor, 'payee'], label.payee);
    form.setFieldValue(['model', labelsFor, 'bankAccount'], label.bankCard);
    form.setFieldValue(['model', labelsFor, 'bankDeposit'], label.bankOfDeposit);
    setLabelsFor(null);
  };

  return (
    <>
      <ContentItem def={def} />
      <Form.List name="model">
        {(items, { add, remove }) => (
          <div className="exm-lines" data-testid="expense-lines">
            {items.map((item, i) => (
              <div className="exm-line" key={item.key} data-testid="expense-line">
                <div className="exm-line__head">
                  <span>{t('line', { n: i + 1 })}</span>
                  <Space>
                    {kind === 'payment' && (
                      <Button size="small" type="link" onClick={() => setLabelsFor(i)}>
                        {t('useLabel')}
                      </Button>
                    )}
                    {i > 0 && (
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('removeLine')}
                        onClick={() => {
                          remove(item.name);
                          message.success(t('lineDeleted'));
                        }}
                      />
                    )}
                  </Space>
                </div>
                <div className="exm-line__grid">
                  {fields.map((f) =>
                    f.widget === 'day' ? (
                      <DateItem
                        key={f.key}
                        def={def}
                        path={[item.name, f.key]}
                        name={[item.name, f.key]}
                        label={t(f.label)}
                      />
                    ) : (
                      <TextItem
                        key={f.key}
                        def={def}
                        path={[item.name, f.key]}
                        name={[item.name, f.key]}
                        label={t(f.label)}
                        max={f.max ?? 13}
                        area={f.widget === 'area'}
                      />
                    ),
                  )}
                </div>
              </div>
            ))}
            <Space className="exm-lines__actions">
              <Button icon={<PlusOutlined />} onClick={() => add(emptyLine(kind))}>
                {t('addLine')}
              </Button>
              <Button onClick={() => setLabelsFor(-1)} data-testid="payee-labels">
                {t('labels')}
              </Button>
            </Space>
          </div>
        )}
      </Form.List>
      <ExpenseTotal lines={lines} />
      <PayeeLabelsDialog
        open={labelsFor !== null}
        onClose={() => setLabelsFor(null)}
        onUse={labelsFor !== null && labelsFor >= 0 ? applyLabel : undefined}
      />
    </>
  );
}
